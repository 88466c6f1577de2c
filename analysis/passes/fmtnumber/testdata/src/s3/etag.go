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

// QuotedETag is the ETag header value of a single-part object: its digest
// in quotes, a format of strings only.
func QuotedETag(digest []byte) string {
	return fmt.Sprintf(`"%s"`, hex.EncodeToString(digest)) // want `fmt.Sprintf parses its fixed format and boxes its argument in an interface on every call; concatenate the strings instead`
}

// SetETag runs for each PUT.
func SetETag(h http.Header, digest []byte) {
	h.Set("ETag", QuotedETag(digest))
}

// LockKey names an object's lock; the only sign of heat would be a loop
// of its caller, which is no evidence.
func LockKey(b Bucket, key string) string {
	return fmt.Sprintf("%s:%s", b, key) // fine: strings only, and no evidence that the text is made for a protocol
}
