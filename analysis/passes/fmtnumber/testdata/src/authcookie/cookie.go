// Package authcookie is shaped after real identity servers: the name of a
// CSRF cookie is the hex SHA-256 of the public URL, computed on every
// request through the CSRF middleware; a pairwise subject identifier is
// the hex SHA-256 of the sector and the subject, computed per token; an
// upload's ETag is the hex MD5 of its body.
package authcookie

import (
	"crypto/md5"
	"crypto/sha256"
	"errors"
	"fmt"
	"net/http"
)

type config struct{ publicURL string }

// cookieName runs for every request the CSRF middleware sees.
func (c *config) cookieName(r *http.Request) string {
	return "csrf_token_" + fmt.Sprintf("%x", sha256.Sum256([]byte(c.publicURL))) // want `fmt.Sprintf of a byte array with %x: use hex.EncodeToString, which needs no reflection`
}

// pairwise is called for every ID token issued to a pairwise client.
func pairwise(sector, subject string, salt []byte) string {
	sum := sha256.Sum256(append([]byte(sector+subject), salt...))
	return fmt.Sprintf("%x", sum) // want `fmt.Sprintf of a byte array with %x: use hex.EncodeToString, which needs no reflection`
}

// etag is called per uploaded part.
func etag(w http.ResponseWriter, body []byte) {
	h := md5.New()
	h.Write(body)
	w.Header().Set("ETag", fmt.Sprintf("%x", h.Sum(nil))) // want `fmt.Sprintf of a byte slice with %x: use hex.EncodeToString, which needs no reflection`
}

// A digest type with a String method: fmt calls it for %x, so the text
// is not the hex of the bytes.
type digest [16]byte

func (d digest) String() string { return "digest" }

func named(d digest) string {
	return fmt.Sprintf("%x", d) // String is called: not the bytes in hex
}

// %X prints upper-case hex: not what hex.EncodeToString gives.
func upper(b []byte) string {
	return fmt.Sprintf("%X", b)
}

// An error path: the text is built once per failure.
func check(sum []byte, ok bool) error {
	if !ok {
		return errors.New("checksum mismatch: " + fmt.Sprintf("%x", sum))
	}
	return nil
}

// Runs once per program.
var emptyDigest = fmt.Sprintf("%x", sha256.Sum256(nil))
