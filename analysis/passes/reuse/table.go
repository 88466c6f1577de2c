package reuse

// A reusable describes a type whose values hold buffers or state worth
// keeping between uses, and how to reuse one.
type reusable struct {
	// name is how diagnostics refer to the constructor or type.
	name string
	// cost says what a new value allocates, as in "allocates <cost>".
	cost string
	// reset says how to make an old value fit for a new use.
	reset string
	// perCall says when a value made once per call of a function (rather
	// than once per loop iteration) is reported.
	perCall callPolicy
	// written is set for types that cost nothing until written to
	// (bytes.Buffer): they are reported only if the function writes to them.
	written bool
	// aliases is set when values obtained from this one share its memory,
	// as with the values a fastjson.Parser returns.
	aliases bool
	// kind tells scratch buffers apart, whose reports per call and
	// messages differ.
	kind scratchKind
}

// scratchKind names the scratch buffers reported once per call (policy
// scratch).
type scratchKind int

const (
	notScratch  scratchKind = iota
	buffer                  // bytes.Buffer
	builder                 // strings.Builder: String shares its memory, Reset frees it
	bufioWriter             // bufio.Writer
	byteSlice               // make([]byte, 0, n)
	readBuf                 // make([]byte, n) read into
)

const (
	fastjson  = "github.com/valyala/fastjson"
	kgzip     = "github.com/klauspost/compress/gzip"
	kflate    = "github.com/klauspost/compress/flate"
	kzlib     = "github.com/klauspost/compress/zlib"
	kzstd     = "github.com/klauspost/compress/zstd"
	stdWriter = "about 800 KiB of compressor state"
	stdReader = "about 40 KiB of decompressor state"
	kWriter   = "about 1 MiB of compressor state"
)

// Sizes were measured with Go 1.26 on linux/amd64 (runtime.MemStats over
// New, one small Write and Close): compress/gzip.NewWriter 814 KB, its
// NewReader 41 KB, bufio.NewReader 4 KB, klauspost gzip.NewWriter 1.08 MB,
// klauspost zstd.NewWriter 2.3 MB.

// callPolicy says when a value made once per call is reported.
type callPolicy int

const (
	// never: only values made in a loop are reported. A bufio buffer or
	// a 40 KiB decompressor per call is small next to the I/O it serves
	// (net/http makes a gzip.Reader per response).
	never callPolicy = iota
	// whenHot: reported when the function shows that it runs often: it
	// serves HTTP requests, or the package calls it in a loop.
	whenHot
	// always: reported in any function not known to run rarely. A
	// fastjson parser exists to be reused; one per message is the misuse
	// its documentation warns about.
	always
	// scratch: a scratch buffer, reported per call in any function not
	// known to run rarely when it is written (bytes.Buffer,
	// strings.Builder, bufio.Writer) or appended to (make([]byte, 0, n)),
	// with more than a few constant bytes, and dropped when the call returns;
	// reported with Category "percall". Whether the function is hot is
	// for the caller of the check (perfproof scan) to weigh.
	scratch
)

// constructors maps "package path.Func" to the value that function makes.
var constructors = map[string]reusable{
	"compress/gzip.NewWriter":      {name: "gzip.NewWriter", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/gzip.NewWriterLevel": {name: "gzip.NewWriterLevel", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/gzip.NewReader":      {name: "gzip.NewReader", cost: stdReader, reset: "Reset(r)"},
	"compress/flate.NewWriter":     {name: "flate.NewWriter", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/flate.NewWriterDict": {name: "flate.NewWriterDict", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/flate.NewReader":     {name: "flate.NewReader", cost: stdReader, reset: "Reset through flate.Resetter"},
	"compress/zlib.NewWriter":      {name: "zlib.NewWriter", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/zlib.NewWriterLevel": {name: "zlib.NewWriterLevel", cost: stdWriter, reset: "Reset(w)", perCall: whenHot},
	"compress/zlib.NewReader":      {name: "zlib.NewReader", cost: stdReader, reset: "Reset through zlib.Resetter"},
	kgzip + ".NewWriter":           {name: "gzip.NewWriter", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kgzip + ".NewWriterLevel":      {name: "gzip.NewWriterLevel", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kgzip + ".NewReader":           {name: "gzip.NewReader", cost: stdReader, reset: "Reset(r)"},
	kflate + ".NewWriter":          {name: "flate.NewWriter", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kflate + ".NewWriterDict":      {name: "flate.NewWriterDict", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kflate + ".NewReader":          {name: "flate.NewReader", cost: stdReader, reset: "Reset through flate.Resetter"},
	kzlib + ".NewWriter":           {name: "zlib.NewWriter", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kzlib + ".NewWriterLevel":      {name: "zlib.NewWriterLevel", cost: kWriter, reset: "Reset(w)", perCall: whenHot},
	kzlib + ".NewReader":           {name: "zlib.NewReader", cost: stdReader, reset: "Reset through zlib.Resetter"},
	kzstd + ".NewWriter":           {name: "zstd.NewWriter", cost: "about 2 MiB of encoder state", reset: "Reset(w), or EncodeAll on a shared Encoder", perCall: whenHot},
	kzstd + ".NewReader":           {name: "zstd.NewReader", cost: "decoder state and starts decoder goroutines", reset: "Reset(r), or DecodeAll on a shared Decoder", perCall: whenHot},
	"bufio.NewReader":              {name: "bufio.NewReader", cost: "a 4 KiB buffer", reset: "Reset(r)"},
	"bufio.NewReaderSize":          {name: "bufio.NewReaderSize", cost: "its buffer", reset: "Reset(r)"},
	"bufio.NewWriter":              {name: "bufio.NewWriter", cost: "a 4 KiB buffer", reset: "Reset(w)", perCall: scratch, kind: bufioWriter},
	"bufio.NewWriterSize":          {name: "bufio.NewWriterSize", cost: "its buffer", reset: "Reset(w)", perCall: scratch, kind: bufioWriter},
	"bytes.NewBuffer":              {name: "bytes.NewBuffer", cost: "a new byte slice as it grows", reset: "Reset", perCall: scratch, written: true, kind: buffer},
}

// zeroValues maps "package path.Type" to types whose zero value is ready to
// use, made with var, T{}, &T{} or new(T).
var zeroValues = map[string]reusable{
	"bytes.Buffer":       {name: "bytes.Buffer", cost: "a new byte slice as it grows", reset: "Reset", perCall: scratch, written: true, kind: buffer},
	"strings.Builder":    {name: "strings.Builder", cost: "a new byte slice as it grows", perCall: scratch, written: true, kind: builder},
	fastjson + ".Parser": {name: "fastjson.Parser", reset: "Parse", perCall: always, aliases: true},
	fastjson + ".Arena":  {name: "fastjson.Arena", reset: "Reset", perCall: always, aliases: true},
}

// tablePkgs are the packages outside the standard library whose values are
// in the tables above: the methods of their values keep nothing.
var tablePkgs = map[string]bool{fastjson: true, kgzip: true, kflate: true, kzlib: true, kzstd: true}

// scratchSlice describes make([]byte, 0, n), a scratch slice.
var scratchSlice = reusable{name: "make([]byte, 0, n)", cost: "a new byte slice", reset: "[:0]", perCall: scratch, written: true, kind: byteSlice}

// readSlice describes make([]byte, n) filled by a Read: a read buffer.
var readSlice = reusable{name: "make([]byte, n)", cost: "a new byte slice", reset: "a read into it", perCall: scratch, kind: readBuf}

// maxStackMake is the largest make with a constant size that the compiler
// places on the stack when the slice does not escape (ir.MaxImplicitStackVarSize).
const maxStackMake = 64 << 10
