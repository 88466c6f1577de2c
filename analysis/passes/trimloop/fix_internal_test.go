package trimloop

import (
	"go/ast"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"testing"
)

// TestJSONExact type-checks a file of declarations and asks jsonExact
// about each type named in it: want is true for the types whose JSON
// encoding can neither fail nor run the program's code.
func TestJSONExact(t *testing.T) {
	const src = `package p

import (
	"encoding/json"
	"net/netip"
	"time"
)

type text struct{ S string }

func (text) MarshalText() ([]byte, error) { return nil, nil }

type ptrHook struct{ S string }

func (*ptrHook) MarshalJSON() ([]byte, error) { return nil, nil }

type embedsHook struct {
	*ptrHook
	N int
}

type list struct {
	Next *list
}

type hidden struct {
	f float64
	c chan int
	N uint8
}

type generic[T any] struct{ V T }

type named []string

type (
	Bools      []bool
	Bytes      []byte
	Array      [3]int16
	StrMap     map[string]int
	IntMap     map[int8][]string
	Hidden     hidden
	Nested     struct{ A []struct{ B map[uint]named } }
	Floats     []float64
	Complex    complex64
	Chan       struct{ C chan int }
	Func       struct{ F func() }
	Any        []any
	Time       struct{ T time.Time }
	Raw        struct{ R json.RawMessage }
	Number     struct{ N json.Number }
	RawDef     json.RawMessage // a defined type: no MarshalJSON, plain bytes
	NumberDef  json.Number     // a defined type: a plain string
	Addr       struct{ A netip.Addr }
	Text       []text
	TextKey    map[text]int
	FloatKey   map[float64]int
	Hook       struct{ H ptrHook }
	HookDef    ptrHook // a defined type: no method
	EmbedsHook embedsHook
	List       list
	GenericInt generic[int]
	GenericAny generic[any]
)
`
	want := map[string]bool{
		"Bools": true, "Bytes": true, "Array": true, "StrMap": true, "IntMap": true, "Hidden": true, "Nested": true,
		"Floats": false, "Complex": false, "Chan": false, "Func": false, "Any": false, "Time": false, "Raw": false,
		"Number": false, "Addr": false, "Text": false, "TextKey": false, "FloatKey": false, "Hook": false,
		"EmbedsHook": false, "List": false, "GenericAny": false, "generic": false,
		"RawDef": true, "NumberDef": true, "HookDef": true, "GenericInt": true,
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, "p.go", src, 0)
	if err != nil {
		t.Fatal(err)
	}
	conf := types.Config{Importer: importer.ForCompiler(fset, "source", nil)}
	pkg, err := conf.Check("p", fset, []*ast.File{f}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for name, w := range want {
		obj := pkg.Scope().Lookup(name)
		if obj == nil {
			t.Fatalf("no type %s in the source", name)
		}
		if got := jsonExact(obj.Type()); got != w {
			t.Errorf("jsonExact(%s) = %v, want %v", name, got, w)
		}
	}
}
