package s3

import (
	"errors"
	"fmt"
	"log"
	"net/http"
	"strconv"
	"sync"
)

// Package-level initialisers run once.
var maxKeysDefault = fmt.Sprintf("%d", 1000) // fine: runs once

var regionOnce sync.Once
var regionHeader string

func init() {
	regionHeader = fmt.Sprintf("%d", 7) // fine: init runs once
}

func regionID() string {
	regionOnce.Do(func() {
		regionHeader = fmt.Sprintf("%d", 7) // fine: sync.Once body
	})
	return regionHeader
}

// Hex is a digest that formats itself.
type Hex uint64

func (h Hex) Format(f fmt.State, verb rune) { f.Write([]byte(strconv.FormatUint(uint64(h), 16))) }

// AssignReply answers an assignment; its Error and ErrMsg carry the
// failure's text.
type AssignReply struct {
	Fid, Error, ErrMsg string
}

// Error is an S3 error response.
type Error struct {
	Code    string
	Message string
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s: %s (%d)", e.Code, e.Message, len(e.Message)) // fine: Error methods build messages
}

func nearMisses(h http.Header, o *Object, n int, sizes []int64, f float64, x Hex, args []any) error {
	h.Set("X-Class", fmt.Sprintf("%v", o.Class))                                             // fine: %v calls StorageClass.String
	h.Set("X-Class-Hex", fmt.Sprintf("%x", o.Class))                                         // fine: %x calls String too, then hex-encodes the text
	h.Set("X-Digest", fmt.Sprintf("%d", x))                                                  // fine: Hex has a Format method
	h.Set("X-Padded", fmt.Sprintf("%08d", n))                                                // want `fmt.Sprintf with a zero-padded number: format it with strconv, pad with zeros to the width`
	h.Set("X-Spaced", fmt.Sprintf("%8d", n))                                                 // fine: padded with spaces, not zeros
	h.Set("X-Signed", fmt.Sprintf("%+d", n))                                                 // fine: flags
	h.Set("X-Upper", fmt.Sprintf("%X", n))                                                   // want `fmt.Sprintf with %X of a number`
	h.Set("X-Quoted", fmt.Sprintf("%q", o.Key))                                              // fine: %q
	h.Set("X-Key", fmt.Sprintf("%s", o.Key))                                                 // fine: no number (a different waste)
	h.Set("X-Key-Hex", fmt.Sprintf("%x", o.Key))                                             // fine: hex of a string, not of a number
	h.Set("X-Sizes", fmt.Sprintf("%v", sizes))                                               // fine: not a basic type
	h.Set("X-Two", fmt.Sprint(n, f))                                                         // fine: Sprint of several operands adds spaces by its own rules
	h.Set("X-Many", fmt.Sprintf("%d %d %d %d %d", n, n, n, n, n))                            // fine: more than four verbs
	h.Set("X-Long", fmt.Sprintf("this literal text is long enough to be a template: %d", n)) // fine: long literal text
	h.Set("X-Args", fmt.Sprintf("%d", args...))                                              // fine: arguments unknown
	h.Set("X-Arity", fmt.Sprintf("%d-%d", n))                                                // fine: wrong argument count is vet's business
	h.Set("X-Index", fmt.Sprintf("%[1]d", n))                                                // fine: explicit argument index
	h.Set("X-Complex", fmt.Sprintf("%v", complex(f, 1)))                                     // fine: complex numbers
	h.Set("X-Int-F", fmt.Sprintf("%f", n))                                                   // fine: bad verb for the type, vet's business
	format := "%d"
	h.Set("X-Var", fmt.Sprintf(format, n)) // fine: format not constant

	if n < 0 {
		msg := fmt.Sprintf("%d", n) // fine: this block returns a new error
		return errors.New("negative size " + msg)
	}
	if n > 1<<40 {
		panic(fmt.Sprintf("%d", n)) // fine: panic argument
	}
	log.Printf("size %s", fmt.Sprintf("%d", n))                      // fine: log argument
	err := errors.New(fmt.Sprintf("part %d", n))                     // fine: error constructor
	err = &Error{Code: "InvalidPart", Message: fmt.Sprintf("%d", n)} // fine: error value
	reply := AssignReply{Error: fmt.Sprintf("%d", n)}                // fine: a reply's error message
	reply.ErrMsg = fmt.Sprintf("%d", n)                              // fine: a reply's error message
	_ = reply
	if n == 3 {
		s := fmt.Sprintf("%d", n) // fine: this block ends in panic
		panic(s)
	}
	return err
}
