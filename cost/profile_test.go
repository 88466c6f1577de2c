package cost

import (
	"fmt"
	"strings"

	"github.com/google/pprof/profile"
)

// This file builds synthetic profiles for the tests.

// fr is one frame: a function at a file:line.
type fr struct {
	fn   string
	file string
	line int64
}

// loc is one profile Location: its frames, innermost (inlined) first.
type loc []fr

// builder assembles a profile, sharing Functions and Locations between
// samples as the Go runtime does.
type builder struct {
	p     *profile.Profile
	funcs map[string]*profile.Function
	locs  map[string]*profile.Location
}

func newCPUBuilder() *builder {
	return newBuilder(&profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     10_000_000,
	})
}

func newHeapBuilder() *builder {
	return newBuilder(&profile.Profile{
		SampleType: []*profile.ValueType{
			{Type: "alloc_objects", Unit: "count"}, {Type: "alloc_space", Unit: "bytes"},
			{Type: "inuse_objects", Unit: "count"}, {Type: "inuse_space", Unit: "bytes"},
		},
		PeriodType: &profile.ValueType{Type: "space", Unit: "bytes"},
		Period:     512 * 1024,
	})
}

func newBuilder(p *profile.Profile) *builder {
	return &builder{p: p, funcs: make(map[string]*profile.Function), locs: make(map[string]*profile.Location)}
}

func (b *builder) function(name, file string) *profile.Function {
	k := name + "\x00" + file
	f := b.funcs[k]
	if f == nil {
		f = &profile.Function{ID: uint64(len(b.p.Function) + 1), Name: name, SystemName: name, Filename: file}
		b.funcs[k] = f
		b.p.Function = append(b.p.Function, f)
	}
	return f
}

func (b *builder) location(l loc) *profile.Location {
	k := fmt.Sprint(l)
	pl := b.locs[k]
	if pl == nil {
		pl = &profile.Location{ID: uint64(len(b.p.Location) + 1)}
		for _, f := range l {
			pl.Line = append(pl.Line, profile.Line{Function: b.function(f.fn, f.file), Line: f.line})
		}
		b.locs[k] = pl
		b.p.Location = append(b.p.Location, pl)
	}
	return pl
}

// cpu adds a CPU sample of the given nanoseconds; the stack is leaf first.
func (b *builder) cpu(nanos int64, stack ...loc) *builder {
	return b.sample([]int64{nanos / b.p.Period, nanos}, stack)
}

// alloc adds a heap sample of the given allocated objects and bytes.
func (b *builder) alloc(objects, bytes int64, stack ...loc) *builder {
	return b.sample([]int64{objects, bytes, 0, 0}, stack)
}

func (b *builder) sample(values []int64, stack []loc) *builder {
	s := &profile.Sample{Value: values}
	for _, l := range stack {
		s.Location = append(s.Location, b.location(l))
	}
	b.p.Sample = append(b.p.Sample, s)
	return b
}

// Names and files of the synthetic module example.com/shop, built with
// -trimpath, and its checkout on the developer's machine.
const (
	shopCart  = "example.com/shop/cart/cart.go"
	localCart = "/home/dev/shop/cart/cart.go"
	shopOther = "example.com/shop/other/run.go"
	mainFile  = "example.com/shop/cmd/shop/main.go"
	jsonFile  = "/usr/local/go/src/encoding/json/encode.go"
	fmtFile   = "/usr/local/go/src/fmt/print.go"

	cartPkg = "example.com/shop/cart."
)

var (
	mainFrame = loc{{"main.main", mainFile, 5}}
	jsonFrame = loc{{"encoding/json.Marshal", jsonFile, 100}}
)

// f is a frame in the cart package.
func f(name string, line int64) fr {
	if !strings.Contains(name, "/") {
		name = cartPkg + name
	}
	return fr{name, shopCart, line}
}
