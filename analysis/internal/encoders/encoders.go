// Package encoders is the one table of functions that serialise a value —
// json.Marshal, (*xml.Encoder).Encode, proto.Marshal, fmt.Sprintf,
// base64's EncodeToString — shared by the checks that reason about them:
// loopencode (an encoding of a loop-invariant value, redone per iteration)
// and trimloop (a value re-encoded whole to measure it while it shrinks).
// Each check selects the entries it needs by Kind and by the flags of
// Encoder, so that adding an encoder here teaches every check at once.
package encoders

import (
	"go/types"
	"maps"
	"slices"
	"strings"

	"github.com/perfproof/perfproof/internal/astutil"
)

// Kind says what an encoder does with its value.
type Kind uint8

const (
	// Document encoders serialise a structured value into a wire format by
	// reflection or a schema: JSON, XML, ASN.1, gob, protocol buffers, YAML.
	Document Kind = iota + 1
	// Text encoders format values as text or transcode bytes: fmt's Sprint
	// family, strings.Join, hex, base64 and base32.
	Text
)

// String returns "document" or "text".
func (k Kind) String() string {
	switch k {
	case Document:
		return "document"
	case Text:
		return "text"
	}
	return "unknown"
}

// An Encoder describes one function or method of the table. Its output
// depends only on its arguments (and, for a method, its receiver), it
// writes no memory reachable from them, and it returns fresh memory —
// except where Stream or Stateful say otherwise.
type Encoder struct {
	// Name is the callee as diagnostics show it: "json.Marshal",
	// "(*json.Encoder).Encode", "proto.MarshalOptions.Marshal".
	Name string
	Kind Kind
	// Value is the 0-based index, among the call's syntactic arguments
	// (receiver not counted), of the value encoded as a whole; for
	// MarshalIndent it is 0, the prefix and indent only shape the output.
	Value int
	// Variadic is set when every argument from Value on is encoded
	// (fmt.Sprintf's operands).
	Variadic bool
	// Stream is set for a method of a stream encoder: it writes the
	// encoding to the encoder's writer and returns only an error.
	Stream bool
	// Stateful is set when the output depends on what the same receiver
	// encoded before: a gob.Encoder sends each type's description once
	// per stream, so encoding one value twice gives different bytes.
	Stateful bool
	// Size is set when the function returns the encoding's length in
	// bytes, not the encoding (proto.Size).
	Size bool
}

// table maps an import path, then "Func" or "Type.Method" (T and *T
// receivers alike), to the entry.
var table = map[string]map[string]Encoder{
	"encoding/json": {
		"Marshal":        {Name: "json.Marshal", Kind: Document},
		"MarshalIndent":  {Name: "json.MarshalIndent", Kind: Document},
		"Encoder.Encode": {Name: "(*json.Encoder).Encode", Kind: Document, Stream: true},
	},
	"encoding/xml": {
		"Marshal":               {Name: "xml.Marshal", Kind: Document},
		"MarshalIndent":         {Name: "xml.MarshalIndent", Kind: Document},
		"Encoder.Encode":        {Name: "(*xml.Encoder).Encode", Kind: Document, Stream: true},
		"Encoder.EncodeElement": {Name: "(*xml.Encoder).EncodeElement", Kind: Document, Stream: true},
	},
	"encoding/asn1": {
		"Marshal":           {Name: "asn1.Marshal", Kind: Document},
		"MarshalWithParams": {Name: "asn1.MarshalWithParams", Kind: Document},
	},
	"encoding/gob": {
		"Encoder.Encode":      {Name: "(*gob.Encoder).Encode", Kind: Document, Stream: true, Stateful: true},
		"Encoder.EncodeValue": {Name: "(*gob.Encoder).EncodeValue", Kind: Document, Stream: true, Stateful: true},
	},
	"google.golang.org/protobuf/proto": {
		"Marshal":                {Name: "proto.Marshal", Kind: Document},
		"Size":                   {Name: "proto.Size", Kind: Document, Size: true},
		"MarshalOptions.Marshal": {Name: "proto.MarshalOptions.Marshal", Kind: Document},
		"MarshalOptions.Size":    {Name: "proto.MarshalOptions.Size", Kind: Document, Size: true},
	},
	"github.com/golang/protobuf/proto": {
		"Marshal": {Name: "proto.Marshal", Kind: Document},
		"Size":    {Name: "proto.Size", Kind: Document, Size: true},
	},
	"github.com/json-iterator/go": {
		"Marshal":         {Name: "jsoniter.Marshal", Kind: Document},
		"MarshalIndent":   {Name: "jsoniter.MarshalIndent", Kind: Document},
		"MarshalToString": {Name: "jsoniter.MarshalToString", Kind: Document},
	},
	"github.com/goccy/go-json": {
		"Marshal": {Name: "json.Marshal", Kind: Document},
	},
	"gopkg.in/yaml.v2": {
		"Marshal": {Name: "yaml.Marshal", Kind: Document},
	},
	"gopkg.in/yaml.v3": {
		"Marshal": {Name: "yaml.Marshal", Kind: Document},
	},
	"sigs.k8s.io/yaml": {
		"Marshal": {Name: "yaml.Marshal", Kind: Document},
	},
	"encoding/hex": {
		"EncodeToString": {Name: "hex.EncodeToString", Kind: Text},
		"Encode":         {Name: "hex.Encode", Kind: Text, Value: 1},
		"AppendEncode":   {Name: "hex.AppendEncode", Kind: Text, Value: 1},
		"Dump":           {Name: "hex.Dump", Kind: Text},
	},
	"encoding/base64": {
		"Encoding.EncodeToString": {Name: "(*base64.Encoding).EncodeToString", Kind: Text},
		"Encoding.Encode":         {Name: "(*base64.Encoding).Encode", Kind: Text, Value: 1},
		"Encoding.AppendEncode":   {Name: "(*base64.Encoding).AppendEncode", Kind: Text, Value: 1},
	},
	"encoding/base32": {
		"Encoding.EncodeToString": {Name: "(*base32.Encoding).EncodeToString", Kind: Text},
		"Encoding.Encode":         {Name: "(*base32.Encoding).Encode", Kind: Text, Value: 1},
		"Encoding.AppendEncode":   {Name: "(*base32.Encoding).AppendEncode", Kind: Text, Value: 1},
	},
	"fmt": {
		"Sprint":   {Name: "fmt.Sprint", Kind: Text, Variadic: true},
		"Sprintln": {Name: "fmt.Sprintln", Kind: Text, Variadic: true},
		"Sprintf":  {Name: "fmt.Sprintf", Kind: Text, Value: 1, Variadic: true},
		"Fprint":   {Name: "fmt.Fprint", Kind: Text, Value: 1, Variadic: true},
		"Fprintln": {Name: "fmt.Fprintln", Kind: Text, Value: 1, Variadic: true},
		"Fprintf":  {Name: "fmt.Fprintf", Kind: Text, Value: 2, Variadic: true},
		"Append":   {Name: "fmt.Append", Kind: Text, Value: 1, Variadic: true},
		"Appendln": {Name: "fmt.Appendln", Kind: Text, Value: 1, Variadic: true},
		"Appendf":  {Name: "fmt.Appendf", Kind: Text, Value: 2, Variadic: true},
	},
	"strings": {
		"Join": {Name: "strings.Join", Kind: Text},
	},
	"bytes": {
		"Join": {Name: "bytes.Join", Kind: Text},
	},
}

// Lookup returns the table's entry for fn, matched by package path,
// receiver type name (T and *T alike) and name, and whether there is one.
// A generic function's instantiation must be passed as its origin.
func Lookup(fn *types.Func) (Encoder, bool) {
	if fn.Pkg() == nil {
		return Encoder{}, false
	}
	path := fn.Pkg().Path()
	members, ok := table[path]
	if !ok {
		return Encoder{}, false
	}
	key, ok := strings.CutPrefix(astutil.FuncKey(fn), path+".")
	if !ok {
		return Encoder{}, false
	}
	e, ok := members[key]
	return e, ok
}

// Packages returns the import paths that declare an entry of the table,
// in ascending order; a check can return early for a package that imports
// none of them. The caller may modify the slice.
func Packages() []string {
	return slices.Sorted(maps.Keys(table))
}
