package s3

import "fmt"

// ObjectLockKey names the lock of one object version. Its file imports no
// strconv: the fix of a format of strings only must not add the import.
func ObjectLockKey(bucket, key string) string {
	return fmt.Sprintf("lock/%s/%s", bucket, key) // want `fmt\.Sprintf with a fixed format of strings only: concatenate the strings`
}
