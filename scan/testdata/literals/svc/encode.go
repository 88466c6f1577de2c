package svc

import (
	"encoding/xml"
	"fmt"
	"net/http"
)

// Stamp is encoded by its MarshalXML, which encoding/xml calls through
// reflection: no call in the source leads to it.
type Stamp struct{ Unix int64 }

func (s Stamp) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	text := fmt.Sprintf("%d", s.Unix)
	return e.EncodeElement(text, start)
}

// Object is one listed object.
type Object struct {
	Key      string
	Modified Stamp
}

// Listing is the response of List.
type Listing struct {
	Objects []Object
}

// List encodes a listing: encoding/xml calls each object's Stamp.MarshalXML.
func List(w http.ResponseWriter, r *http.Request) {
	out := Listing{Objects: []Object{{Key: r.URL.Path}}}
	_ = xml.NewEncoder(w).Encode(out)
}

// Hidden's MarshalXML is never called: its only value sits in an
// unexported field, which encoders skip.
type Hidden struct{ N int }

func (h Hidden) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	text := fmt.Sprintf("%d", h.N)
	return e.EncodeElement(text, start)
}

type wrapper struct {
	Name   string
	hidden Hidden
}

// Show encodes a wrapper, whose Hidden field is unexported.
func Show(w http.ResponseWriter, r *http.Request) {
	_ = xml.NewEncoder(w).Encode(wrapper{Name: r.URL.Path})
}

// Unused's MarshalXML runs only if some value of it becomes an interface:
// none does.
type Unused struct{ N int }

func (u Unused) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	text := fmt.Sprintf("%d", u.N)
	return e.EncodeElement(text, start)
}

// Skew is an error response's field: its MarshalXML runs only when the
// error is reported.
type Skew int64

func (k Skew) MarshalXML(e *xml.Encoder, start xml.StartElement) error {
	text := fmt.Sprintf("%d", int64(k))
	return e.EncodeElement(text, start)
}

// SkewError is the error response.
type SkewError struct{ Allowed Skew }

func (e *SkewError) Error() string { return "request time too skewed" }

// Check returns an error for a request out of time: the SkewError becomes
// an error, which is no edge to Skew.MarshalXML.
func Check(w http.ResponseWriter, r *http.Request) {
	if err := skewed(r); err != nil {
		http.Error(w, err.Error(), http.StatusForbidden)
	}
}

func skewed(r *http.Request) error {
	if r.ContentLength < 0 {
		return &SkewError{Allowed: 900}
	}
	return nil
}
