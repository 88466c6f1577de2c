package loopencode

import (
	"fmt"
	"go/token"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"
)

// maxParams is the largest number of parameters (receiver included) a
// summarised function may have: parameter sets are uint64 bit sets and
// bit globalBit stands for package-level and other unknown memory.
const (
	maxParams = 63
	globalBit = uint64(1) << 63
	allBits   = ^uint64(0)
)

// globalGroup in summary.Groups marks a parameter that the function may
// make reachable from package-level or unknown memory.
const globalGroup = 255

// A summary describes what a function does to the memory its parameters
// reach, and which encodings it performs of values that depend only on its
// parameters. It is exported as a fact on the function's *types.Func.
// Parameters are numbered as in ssa.Function.Params: receiver first.
//
// A function without a summary may write any memory reachable from its
// arguments and from package-level variables, may link any of them, and
// may return any of them.
type summary struct {
	// Writes has bit i set if the function may write memory reachable
	// from parameter i, and globalBit if it may write package-level
	// or other unknown memory.
	Writes uint64
	// Returns has bit i set if a result may reach memory reachable from
	// parameter i, and globalBit if a result may reach package-level or
	// unknown memory. A result with no bit set is freshly allocated.
	Returns uint64
	// Groups[i] is 0 if the function does not make parameter i's memory
	// reachable from another parameter; parameters sharing a nonzero
	// group may be linked; globalGroup links the parameter to
	// package-level memory.
	Groups []uint8
	// Encodes lists the encodings whose value depends only on the
	// parameters in Encode.Params.
	Encodes []Encode
}

func (*summary) AFact() {}

// String returns a compact description used in tests, e.g.
// "writes p0 global; encodes json.Marshal(cfg.Site)@fpd.go:30 on p1".
func (s *summary) String() string {
	var parts []string
	if s.Writes != 0 {
		parts = append(parts, "writes"+bitList(s.Writes))
	}
	if s.Returns != 0 {
		parts = append(parts, "returns"+bitList(s.Returns))
	}
	linked := false
	for _, g := range s.Groups {
		linked = linked || g != 0
	}
	if linked {
		parts = append(parts, fmt.Sprint("groups ", s.Groups))
	}
	for _, e := range s.Encodes {
		parts = append(parts, "encodes "+e.String())
	}
	if parts == nil {
		return "pure"
	}
	return strings.Join(parts, "; ")
}

// An Encode is one encoding call reachable from a function whose encoded
// value depends only on some of the function's parameters.
type Encode struct {
	Params uint64 // parameters the value depends on
	Call   string // encoding function, e.g. "json.Marshal"
	Arg    string // source text of the encoded value, e.g. "cfg.Site"
	Where  string // file base name and line of the encoding call, e.g. "fpd.go:52"

	pos token.Pos // position of the encoding call; valid only in the package that computed it
}

func (e Encode) String() string {
	s := fmt.Sprintf("%s(%s)@%s", e.Call, e.Arg, e.Where)
	if e.Params != 0 {
		s += " on" + bitList(e.Params)
	}
	return s
}

// bitList formats a parameter set as " p0 p2 global".
func bitList(b uint64) string {
	s := ""
	for i := range maxParams {
		if b&(1<<i) != 0 {
			s += fmt.Sprint(" p", i)
		}
	}
	if b&globalBit != 0 {
		s += " global"
	}
	return s
}

func equalSummary(a, b *summary) bool {
	if a.Writes != b.Writes || a.Returns != b.Returns || len(a.Groups) != len(b.Groups) || len(a.Encodes) != len(b.Encodes) {
		return false
	}
	for i := range a.Groups {
		if a.Groups[i] != b.Groups[i] {
			return false
		}
	}
	for i := range a.Encodes {
		if a.Encodes[i] != b.Encodes[i] {
			return false
		}
	}
	return true
}

// hasPointers reports whether a value of type t may reach mutable memory.
// Strings are immutable and do not count.
func hasPointers(t types.Type, cache map[types.Type]bool) bool {
	if r, ok := cache[t]; ok {
		return r
	}
	cache[t] = true // provisional, for recursive types
	r := true
	switch u := t.Underlying().(type) {
	case *types.Basic:
		r = u.Kind() == types.UnsafePointer
	case *types.Struct:
		r = false
		for i := range u.NumFields() {
			if hasPointers(u.Field(i).Type(), cache) {
				r = true
				break
			}
		}
	case *types.Array:
		r = u.Len() > 0 && hasPointers(u.Elem(), cache)
	case *types.Tuple:
		r = false
		for i := range u.Len() {
			if hasPointers(u.At(i).Type(), cache) {
				r = true
				break
			}
		}
	}
	cache[t] = r
	return r
}

// encoderOf returns the encoder table entry of a static callee.
func encoderOf(fn *ssa.Function) (encoder, bool) {
	if fn.Origin() != nil {
		return encoder{}, false
	}
	obj, ok := fn.Object().(*types.Func)
	if !ok || fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "from type information") {
		return encoder{}, false
	}
	return encoderFor(obj)
}

// encoderSummary is the summary of every encoder: a stream encoder writes
// its receiver, and all return fresh memory.
func encoderSummary(fn *ssa.Function, e encoder) *summary {
	n := fn.Signature.Params().Len()
	if fn.Signature.Recv() != nil {
		n++
	}
	s := &summary{Groups: make([]uint8, n)}
	if e.stream {
		s.Writes = 1
	}
	return s
}
