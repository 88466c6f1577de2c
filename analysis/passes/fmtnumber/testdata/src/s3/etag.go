package s3

import (
	"encoding/hex"
	"fmt"
	"net/http"
	"strconv"
)

// Bucket is a bucket name.
type Bucket string

// MultipartETag is the ETag of an object uploaded in parts: the hex digest
// of the part digests and the number of parts.
func MultipartETag(digest []byte, parts int) string {
	return hex.EncodeToString(digest) + "-" + strconv.Itoa(parts)
}

// VersionKey keys a version of an object in the metadata store.
func VersionKey(b Bucket, key string, version uint32) string {
	return fmt.Sprintf("%s/%s@%d", b, key, version) // want `boxes each of its 3 arguments`
}

// SetVersionHeader runs for each versioned GET.
func SetVersionHeader(h http.Header, b Bucket, key string, version uint32) {
	h.Set("X-Amz-Version-Key", VersionKey(b, key, version))
}
