package loopencode

import (
	"go/types"

	"github.com/perfproof/perfproof/analysis/internal/encoders"
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

// encoderFor returns the loopencode view of the shared table's entry for
// fn: document encoders only (formatting with fmt or base64 is other
// checks' business), and neither size functions nor stateful encoders. A
// gob.Encoder sends each type's description once per stream, so its output
// for the same value differs between the first and later calls and cannot
// be computed once and reused. Every argument shapes the output, and so
// does the receiver of a value method such as proto.MarshalOptions.Marshal;
// a stream encoder's receiver is where the output goes, not an input.
func encoderFor(fn *types.Func) (encoder, bool) {
	e, ok := encoders.Lookup(fn)
	if !ok || e.Kind != encoders.Document || e.Size || e.Stateful {
		return encoder{}, false
	}
	sig := fn.Signature()
	n := sig.Params().Len()
	var args []int
	if sig.Recv() != nil && !e.Stream {
		args = append(args, 0)
	}
	first := 0
	if sig.Recv() != nil {
		first = 1
	}
	for i := range n {
		args = append(args, first+i)
	}
	return encoder{name: e.Name, args: args, show: e.Value, stream: e.Stream}, true
}
