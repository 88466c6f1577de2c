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
	return fmt.Sprintf("%s/%s@%d", b, key, version) // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
}

// SetVersionHeader runs for each versioned GET.
func SetVersionHeader(h http.Header, b Bucket, key string, version uint32) {
	h.Set("X-Amz-Version-Key", VersionKey(b, key, version))
}

// QuotedETag is the ETag header value of a single-part object: its digest
// in quotes, a format of strings only.
func QuotedETag(digest []byte) string {
	return fmt.Sprintf(`"%s"`, hex.EncodeToString(digest)) // want `fmt\.Sprintf with a fixed format of strings only: concatenate the strings`
}

// SetETag runs for each PUT.
func SetETag(h http.Header, digest []byte) {
	h.Set("ETag", QuotedETag(digest))
}

// LockKey names an object's lock. It is exported and its callers are in
// other packages: the scan's call graph decides whether they run often.
func LockKey(b Bucket, key string) string {
	return fmt.Sprintf("%s:%s", b, key) // want `fmt\.Sprintf with a fixed format of strings only: concatenate the strings`
}

// lockKey is unexported and its package never calls it where the text
// leaves or is kept: no evidence, and the scan would find no caller.
func lockKey(b Bucket, key string) string {
	return fmt.Sprintf("%s:%s", b, key) // fine: strings only, and no evidence that the text is made for a protocol
}

// Part is a stored part of a multipart upload.
type Part struct {
	Number int
	ETag   string
}

// UploadPart stores a part and its quoted digest (gofakes3's uploader):
// the text is kept in a field of the part.
func UploadPart(parts []*Part, n int, sum []byte) (etag string) {
	etag = fmt.Sprintf(`"%s"`, hex.EncodeToString(sum)) // want `fmt\.Sprintf with a fixed format of strings only: concatenate the strings`
	parts[n] = &Part{Number: n, ETag: etag}
	return etag
}

// tagPart sets the ETag field directly: kept, so reported.
func tagPart(p *Part, sum []byte) {
	p.ETag = fmt.Sprintf("\"%s\"", hex.EncodeToString(sum)) // want `fmt\.Sprintf with a fixed format of strings only: concatenate the strings`
}

// partName makes a name that is printed, never kept in a field: fine.
func partName(p *Part, key string) string {
	name := fmt.Sprintf("%s/%s", key, p.ETag) // fine: neither kept in a field nor returned by an exported function
	return name
}
