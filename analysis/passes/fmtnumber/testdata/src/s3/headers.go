// Package s3 sets the response headers of an S3-style object gateway.
package s3

import (
	"fmt"
	"net/http"
	"time"
)

// StorageClass is an object's storage tier.
type StorageClass int

func (c StorageClass) String() string {
	switch c {
	case 1:
		return "STANDARD_IA"
	case 2:
		return "GLACIER"
	case 0:
		return "STANDARD"
	}
	return fmt.Sprintf("StorageClass(%d)", int(c)) // fine: String methods format for people
}

// Object is the metadata of a stored object.
type Object struct {
	Key     string
	Size    int64
	Sum     uint64
	Parts   int
	Version uint32
	Class   StorageClass
	ModTime time.Time
}

// SetObjectHeaders runs once per GET and HEAD request.
func SetObjectHeaders(h http.Header, o *Object) {
	h.Set("Content-Length", fmt.Sprintf("%d", o.Size))          // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
	h.Set("ETag", fmt.Sprintf("\"%x\"", o.Sum))                 // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
	h.Set("X-Amz-Mp-Parts-Count", fmt.Sprint(o.Parts))          // want `fmt\.Sprint of one integer: use strconv\.Itoa`
	h.Set("X-Amz-Version-Id", fmt.Sprintf("%v", o.Version))     // want `fmt\.Sprintf of one integer: use strconv\.FormatUint`
	h.Set("X-Amz-Storage-Class-Id", fmt.Sprintf("%d", o.Class)) // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
	h.Set("Last-Modified", o.ModTime.UTC().Format(http.TimeFormat))
}

// SetRangeHeaders runs for each ranged GET.
func SetRangeHeaders(h http.Header, start, end int64, o *Object) {
	h.Set("Content-Range", fmt.Sprintf("bytes %d-%d/%d", start, end, o.Size)) // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
	h.Set("Content-Length", fmt.Sprintf("%d", end-start+1))                   // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
}

// PartKey names the stored object of one part of a multipart upload.
func PartKey(o *Object, part int) string {
	return fmt.Sprintf("%s.part.%d", o.Key, part) // fine: not reported, as the only sign of heat is a loop of its caller
}

// ShortSum is the first hex digits of the sum, for listings.
func ShortSum(sum uint64, n int) string {
	return fmt.Sprintf("%x-%d", sum, n)[:n] // fine: nothing shows that this short format is hot
}

// CompleteMultipart lists the stored parts of an upload.
func CompleteMultipart(o *Object) []string {
	keys := make([]string, 0, o.Parts)
	for part := 1; part <= o.Parts; part++ {
		keys = append(keys, PartKey(o, part))
	}
	return keys
}

// ListObjects writes one line per object.
func ListObjects(w http.ResponseWriter, objs []Object) {
	for i := range objs {
		w.Header().Add("X-Object-Tag", fmt.Sprintf("%x-%d", objs[i].Sum, i)[:8]) // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
		w.Header().Add("X-Object-Size", fmt.Sprintf("%d", objs[i].Size))         // want `fmt\.Sprintf of one integer: use strconv\.FormatInt`
	}
}

// CheckRange is an error path: its formatting is fine.
func CheckRange(start, end int64, o *Object) error {
	if start > end {
		return fmt.Errorf("invalid range %d-%d", start, end)
	}
	return nil
}
