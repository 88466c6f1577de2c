package loopencode

import (
	"go/types"
)

// An encoder describes a function that serialises a value: its result
// depends only on the arguments listed in args, it writes no memory
// reachable from them, and it returns fresh memory.
type encoder struct {
	name string // as shown in diagnostics, e.g. "json.Marshal"
	// args are the SSA argument indices (receiver first for methods)
	// that must be loop-invariant for the encoding to be.
	args []int
	// show is the index among the call's syntactic arguments of the
	// value to name in diagnostics.
	show int
	// stream is set for the Encode methods of stream encoders: they
	// write to the encoder (argument 0) and return only an error.
	stream bool
}

// encoders is keyed by funcKey. The gob encoder is deliberately absent:
// a gob.Encoder sends each type's description once per stream, so its
// output for the same value differs between the first and later calls and
// cannot be computed once and reused.
var encoders = map[string]encoder{
	"encoding/json.Marshal":                                     {name: "json.Marshal", args: []int{0}},
	"encoding/json.MarshalIndent":                               {name: "json.MarshalIndent", args: []int{0, 1, 2}},
	"encoding/json.(*Encoder).Encode":                           {name: "(*json.Encoder).Encode", args: []int{1}, stream: true},
	"encoding/xml.Marshal":                                      {name: "xml.Marshal", args: []int{0}},
	"encoding/xml.MarshalIndent":                                {name: "xml.MarshalIndent", args: []int{0, 1, 2}},
	"encoding/xml.(*Encoder).Encode":                            {name: "(*xml.Encoder).Encode", args: []int{1}, stream: true},
	"encoding/xml.(*Encoder).EncodeElement":                     {name: "(*xml.Encoder).EncodeElement", args: []int{1, 2}, stream: true},
	"encoding/asn1.Marshal":                                     {name: "asn1.Marshal", args: []int{0}},
	"encoding/asn1.MarshalWithParams":                           {name: "asn1.MarshalWithParams", args: []int{0, 1}},
	"google.golang.org/protobuf/proto.Marshal":                  {name: "proto.Marshal", args: []int{0}},
	"github.com/golang/protobuf/proto.Marshal":                  {name: "proto.Marshal", args: []int{0}},
	"github.com/json-iterator/go.Marshal":                       {name: "jsoniter.Marshal", args: []int{0}},
	"github.com/json-iterator/go.MarshalIndent":                 {name: "jsoniter.MarshalIndent", args: []int{0, 1, 2}},
	"github.com/goccy/go-json.Marshal":                          {name: "json.Marshal", args: []int{0}},
	"gopkg.in/yaml.v2.Marshal":                                  {name: "yaml.Marshal", args: []int{0}},
	"gopkg.in/yaml.v3.Marshal":                                  {name: "yaml.Marshal", args: []int{0}},
	"sigs.k8s.io/yaml.Marshal":                                  {name: "yaml.Marshal", args: []int{0}},
	"google.golang.org/protobuf/proto.(MarshalOptions).Marshal": {name: "proto.MarshalOptions.Marshal", args: []int{0, 1}},
}

// funcKey returns "path.Name" for a function and "path.(*T).Name" or
// "path.(T).Name" for a method.
func funcKey(fn *types.Func) string {
	if fn.Pkg() == nil {
		return ""
	}
	recv := fn.Signature().Recv()
	if recv == nil {
		return fn.Pkg().Path() + "." + fn.Name()
	}
	t := recv.Type()
	ptr := ""
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = p.Elem(), "*"
	}
	n, ok := types.Unalias(t).(*types.Named)
	if !ok {
		return ""
	}
	return fn.Pkg().Path() + ".(" + ptr + n.Obj().Name() + ")." + fn.Name()
}
