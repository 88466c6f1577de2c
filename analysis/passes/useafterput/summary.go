package useafterput

import (
	"fmt"
	"go/types"
	"strings"

	"golang.org/x/tools/go/ssa"

	"github.com/perfproof/perfproof/internal/astutil"
)

// maxSlots is the largest number of parameters (receiver first, then the
// free variables of a closure) a summary describes: slot sets are uint64
// bit sets.
const maxSlots = 64

// A summary describes what a function does with pooled values and with
// the memory of its parameters. It is exported as a fact on the
// function's *types.Func so that callers in other packages of the module
// see through helpers. Slots are numbered as ssa.Function.Params, receiver
// first; for a closure (never exported) its free variables follow.
type summary struct {
	// Returns[r] has bit i set if result r may refer to the memory of
	// slot i: it is the value itself, a slice, field address or unsafe
	// view of its buffer, or a local object holding one.
	Returns []uint64
	// Holds[r] has bit i set if result r is a new object that holds a
	// reference to slot i (a constructor storing its argument), but
	// does not point into its memory.
	Holds []uint64
	// Gets has bit r set if result r is a value taken from a sync.Pool
	// (directly or through another wrapper): the function is a Get
	// wrapper such as getBuffer.
	Gets uint64
	// GetPool names the pool of Gets, e.g. "bufPool".
	GetPool string
	// Puts has bit i set if the function may put slot i back into a
	// sync.Pool: it is a Put wrapper such as putBuffer(b) or a method
	// like (*Buffer).Free. For a closure's free variable (a captured
	// variable's cell) the bit means the variable's value is put.
	Puts uint64
	// PutPool names the pool of Puts.
	PutPool string
	// PutsWhenTrue has bit i set if the function, whose first result is
	// a bool, puts slot i back only on paths that return true there (a
	// recycleIfDone() bool, a handled(m) (bool, error)): a caller's
	// branch on that result tells.
	PutsWhenTrue uint64
	// PutsWhenNil has bit i set if the function, whose first result is
	// a pointer, interface, slice, map, channel or func, puts slot i
	// back only on paths that return nil there (prepare(req) (*X,
	// error) releasing req when it gives up): a caller's comparison of
	// that result with nil tells.
	PutsWhenNil uint64
	// PutApart has bit i set if the function puts slot i back only on
	// paths whose return gives no result that refers to it: a helper
	// that appends to a pooled buffer, returning it when it has room
	// and otherwise copying it into a new one and putting the old back
	// (Append(pbuf *[]byte, more ...byte) *[]byte). A caller's result
	// of the call is then never the put value.
	PutApart uint64
	// Detaches lists the fields of slots that the function overwrites
	// (x.buf = make(...), x.buf = dst): views loaded from them before
	// the call no longer belong to the object.
	Detaches []detach
	// Keeps lists the slots whose memory the function leaves stored
	// where it outlives the call, on some path to a return: in a
	// package variable, a channel or a goroutine, or in the memory of
	// another slot (c.last = b in a method of c). A caller that puts
	// the value back after the call leaves it in use there.
	Keeps []keep
}

// A keep is a slot (or a view of its memory) that a function stores
// where it outlives the call.
type keep struct {
	Slot int
	// Into is the slot whose memory holds it, or -1 for memory that
	// outlives any argument (a package variable, a channel, a
	// goroutine).
	Into int
	// Path holds the fields of Into's memory stored to, when the store
	// is directly through that slot (nil: not known).
	Path []int
	// How says what the function does ("sends it on a channel", "stores
	// it in c.last"), and Where where (file base name and line).
	How   string
	Where string
	// OnNilError is set if the function keeps it only on paths that
	// return a nil error (its last result): a caller that puts the
	// value back when the error is not nil does not leave it in use.
	OnNilError bool
	// OnTrue is set if the function's only result is a bool and it keeps
	// the value only on paths that return true: a caller that puts the
	// value back when it returned false does not leave it in use.
	OnTrue bool
	// Fields is set if what the function keeps is only buffers loaded
	// from the slot's fields (e.Chunks = m.Chunks), not the slot or an
	// address inside it: a caller that overwrites the whole object
	// before its Put (*m = T{}) lets go of them.
	Fields bool
}

// A detach is a field of a slot that a function overwrites with
// something other than the field's own buffer: a new allocation or nil,
// or, if Foreign is set, memory it does not own (a parameter).
type detach struct {
	Slot    int
	Path    []int
	Foreign bool
}

func (*summary) AFact() {}

// String returns a compact description used in tests, e.g.
// "returns r0<-p0; puts p0 into bufPool".
func (s *summary) String() string {
	var parts []string
	for r, bits := range s.Returns {
		if bits != 0 {
			parts = append(parts, fmt.Sprintf("returns r%d<-%s", r, slotList(bits)))
		}
	}
	for r, bits := range s.Holds {
		if bits != 0 {
			parts = append(parts, fmt.Sprintf("holds r%d<-%s", r, slotList(bits)))
		}
	}
	if s.Gets != 0 {
		parts = append(parts, fmt.Sprintf("gets %s from %s", resultList(s.Gets), s.GetPool))
	}
	if s.Puts != 0 {
		parts = append(parts, fmt.Sprintf("puts %s into %s", slotList(s.Puts), s.PutPool))
	}
	if s.PutsWhenTrue != 0 {
		parts = append(parts, fmt.Sprintf("only when returning true for %s", slotList(s.PutsWhenTrue)))
	}
	if s.PutsWhenNil != 0 {
		parts = append(parts, fmt.Sprintf("only when returning nil for %s", slotList(s.PutsWhenNil)))
	}
	if s.PutApart != 0 {
		parts = append(parts, fmt.Sprintf("only when not returning %s", slotList(s.PutApart)))
	}
	for _, d := range s.Detaches {
		kind := "drops"
		if d.Foreign {
			kind = "lends"
		}
		parts = append(parts, fmt.Sprintf("%s p%d%v", kind, d.Slot, d.Path))
	}
	for _, k := range s.Keeps {
		if k.Into < 0 {
			parts = append(parts, fmt.Sprintf("keeps p%d (%s)", k.Slot, k.How))
		} else {
			parts = append(parts, fmt.Sprintf("keeps p%d in p%d%v (%s)", k.Slot, k.Into, k.Path, k.How))
		}
	}
	if parts == nil {
		return "none"
	}
	return strings.Join(parts, "; ")
}

func (s *summary) empty() bool {
	if s.Gets != 0 || s.Puts != 0 || len(s.Detaches) > 0 || len(s.Keeps) > 0 {
		return false
	}
	for _, b := range s.Returns {
		if b != 0 {
			return false
		}
	}
	for _, b := range s.Holds {
		if b != 0 {
			return false
		}
	}
	return true
}

func (s *summary) equal(t *summary) bool {
	if s.Gets != t.Gets || s.Puts != t.Puts || s.GetPool != t.GetPool || s.PutPool != t.PutPool || s.PutsWhenTrue != t.PutsWhenTrue || s.PutsWhenNil != t.PutsWhenNil || s.PutApart != t.PutApart ||
		len(s.Returns) != len(t.Returns) || len(s.Holds) != len(t.Holds) || len(s.Detaches) != len(t.Detaches) ||
		len(s.Keeps) != len(t.Keeps) {
		return false
	}
	for i := range s.Returns {
		if s.Returns[i] != t.Returns[i] {
			return false
		}
	}
	for i := range s.Holds {
		if s.Holds[i] != t.Holds[i] {
			return false
		}
	}
	return true
}

func slotList(b uint64) string {
	var s []string
	for i := range maxSlots {
		if b&(1<<i) != 0 {
			s = append(s, fmt.Sprint("p", i))
		}
	}
	return strings.Join(s, ",")
}

func resultList(b uint64) string {
	var s []string
	for i := range maxSlots {
		if b&(1<<i) != 0 {
			s = append(s, fmt.Sprint("r", i))
		}
	}
	return strings.Join(s, ",")
}

// funcObject returns the declared function of an SSA function: the
// generic origin of an instance, nil for closures and synthetic wrappers.
func funcObject(fn *ssa.Function) *types.Func {
	if o := fn.Origin(); o != nil {
		fn = o
	}
	if fn.Synthetic != "" && !strings.HasPrefix(fn.Synthetic, "from type information") {
		return nil
	}
	obj, _ := fn.Object().(*types.Func)
	if obj != nil {
		obj = obj.Origin()
	}
	return obj
}

// isPoolMethod reports whether fn is (*sync.Pool).name.
func isPoolMethod(fn *ssa.Function, name string) bool {
	obj := funcObject(fn)
	return obj != nil && obj.Name() == name && astutil.FuncKey(obj) == "sync.Pool."+name
}
