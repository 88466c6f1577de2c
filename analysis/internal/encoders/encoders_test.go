package encoders_test

import (
	"go/importer"
	"go/token"
	"go/types"
	"slices"
	"testing"

	"github.com/perfproof/perfproof/analysis/internal/encoders"
)

func stdFunc(t *testing.T, path, name string) *types.Func {
	t.Helper()
	pkg, err := importer.Default().Import(path)
	if err != nil {
		t.Fatalf("importing %s: %v", path, err)
	}
	fn, ok := pkg.Scope().Lookup(name).(*types.Func)
	if !ok {
		t.Fatalf("%s.%s is not a function", path, name)
	}
	return fn
}

func stdMethod(t *testing.T, path, typ, name string) *types.Func {
	t.Helper()
	pkg, err := importer.Default().Import(path)
	if err != nil {
		t.Fatalf("importing %s: %v", path, err)
	}
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(pkg.Scope().Lookup(typ).Type()), false, pkg, name)
	fn, ok := obj.(*types.Func)
	if !ok {
		t.Fatalf("(*%s.%s).%s is not a method", path, typ, name)
	}
	return fn
}

// fakeFunc declares func Name() in a new package at path, for module paths
// the test cannot import.
func fakeFunc(path, name string) *types.Func {
	pkg := types.NewPackage(path, "x")
	fn := types.NewFunc(token.NoPos, pkg, name, types.NewSignatureType(nil, nil, nil, nil, nil, false))
	pkg.Scope().Insert(fn)
	return fn
}

func TestLookup(t *testing.T) {
	for _, tc := range []struct {
		fn   *types.Func
		want encoders.Encoder
		ok   bool
	}{
		{stdFunc(t, "encoding/json", "Marshal"), encoders.Encoder{Name: "json.Marshal", Kind: encoders.Document}, true},
		{stdMethod(t, "encoding/json", "Encoder", "Encode"), encoders.Encoder{Name: "(*json.Encoder).Encode", Kind: encoders.Document, Stream: true}, true},
		{stdMethod(t, "encoding/gob", "Encoder", "Encode"), encoders.Encoder{Name: "(*gob.Encoder).Encode", Kind: encoders.Document, Stream: true, Stateful: true}, true},
		{stdFunc(t, "fmt", "Fprintf"), encoders.Encoder{Name: "fmt.Fprintf", Kind: encoders.Text, Value: 2, Variadic: true}, true},
		{stdMethod(t, "encoding/base64", "Encoding", "EncodeToString"), encoders.Encoder{Name: "(*base64.Encoding).EncodeToString", Kind: encoders.Text}, true},
		{fakeFunc("gopkg.in/yaml.v3", "Marshal"), encoders.Encoder{Name: "yaml.Marshal", Kind: encoders.Document}, true},
		{fakeFunc("google.golang.org/protobuf/proto", "Size"), encoders.Encoder{Name: "proto.Size", Kind: encoders.Document, Size: true}, true},
		{stdFunc(t, "encoding/json", "Unmarshal"), encoders.Encoder{}, false},
		{stdMethod(t, "encoding/json", "Decoder", "Decode"), encoders.Encoder{}, false},
		{fakeFunc("example.com/encoding/json", "Marshal"), encoders.Encoder{}, false},
	} {
		got, ok := encoders.Lookup(tc.fn)
		if got != tc.want || ok != tc.ok {
			t.Errorf("Lookup(%v) = %+v, %v, want %+v, %v", tc.fn, got, ok, tc.want, tc.ok)
		}
	}
}

func TestPackages(t *testing.T) {
	paths := encoders.Packages()
	if !slices.IsSorted(paths) {
		t.Errorf("Packages() = %v, want ascending order", paths)
	}
	for _, want := range []string{"encoding/json", "encoding/gob", "fmt", "gopkg.in/yaml.v2", "github.com/json-iterator/go"} {
		if !slices.Contains(paths, want) {
			t.Errorf("Packages() = %v, want it to contain %q", paths, want)
		}
	}
	if slices.Contains(paths, "gopkg.in/yaml") {
		t.Errorf("Packages() contains gopkg.in/yaml, a path cut at the version's dot")
	}
}

func TestKindString(t *testing.T) {
	for k, want := range map[encoders.Kind]string{encoders.Document: "document", encoders.Text: "text", 0: "unknown"} {
		if got := k.String(); got != want {
			t.Errorf("Kind(%d).String() = %q, want %q", k, got, want)
		}
	}
}
