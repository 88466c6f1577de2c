package useafterput

// An api describes a function of another module, or of the standard
// library, whose effect on pooled memory the analyzer must know without
// its body: a dependency's bodies are not always loaded, and some bodies
// say more than the contract (strings.Builder.String).
type api struct {
	// returns[r] has bit i set if result r refers to the memory of
	// parameter i (receiver first).
	returns []uint64
	// fresh marks a function whose results never refer to its
	// arguments' memory, whatever its body does.
	fresh bool
	// gets marks a Get wrapper: result 0 is a pooled value.
	gets bool
	// puts has bit i set if the function puts parameter i back into its
	// pool.
	puts uint64
	// pool names the pool in diagnostics.
	pool string
}

// Bit sets of parameters, receiver first.
const (
	p0 = 1 << iota
	p1
	p2
)

var (
	recvView = api{returns: []uint64{p0}}
	// recvView2 is a method with two results whose first refers to the
	// receiver's buffer (the second is an error or a bool).
	recvView2 = api{returns: []uint64{p0, 0}}
	arg0View  = api{returns: []uint64{p0}}
	copies    = api{fresh: true}
)

const (
	fastjson       = "github.com/valyala/fastjson."
	bytebufferpool = "github.com/valyala/bytebufferpool."
	fasthttp       = "github.com/valyala/fasthttp."
	zapbuffer      = "go.uber.org/zap/buffer."
)

// apis maps astutil.FuncKey names to what the function does. The views are
// documented by each package: bytes.Buffer.Bytes "is valid for use only
// until the next buffer modification"; bufio.Reader.Peek and ReadSlice
// "stop being valid at the next read"; bufio.Scanner.Bytes "may be
// overwritten by a subsequent call to Scan"; fastjson's values "are valid
// until the next call to Parse" of their Parser; fasthttp's byte slices
// are valid until the request or response is released.
//
// strings.Builder.String shares the builder's buffer, but a Builder never
// writes over bytes it has handed out: Reset drops the buffer and later
// writes go to a new one. A string from a pooled Builder stays intact, so
// the table lists String as a copy. bytes.Buffer.String copies.
var apis = map[string]api{
	"bytes.Buffer.Bytes":           recvView,
	"bytes.Buffer.Next":            recvView,
	"bytes.Buffer.AvailableBuffer": recvView,
	"bytes.Buffer.String":          copies,
	"strings.Builder.String":       copies,
	"bufio.Reader.Peek":            recvView2,
	"bufio.Reader.ReadSlice":       recvView2,
	"bufio.Reader.ReadLine":        {returns: []uint64{p0, 0, 0}},
	"bufio.Scanner.Bytes":          recvView,
	"bufio.Writer.AvailableBuffer": recvView,

	"bytes.TrimSpace":         arg0View,
	"bytes.Trim":              arg0View,
	"bytes.TrimLeft":          arg0View,
	"bytes.TrimRight":         arg0View,
	"bytes.TrimPrefix":        arg0View,
	"bytes.TrimSuffix":        arg0View,
	"bytes.TrimFunc":          arg0View,
	"bytes.Fields":            arg0View,
	"bytes.Split":             arg0View,
	"bytes.SplitN":            arg0View,
	"bytes.Cut":               {returns: []uint64{p0, p0, 0}},
	"bytes.CutPrefix":         {returns: []uint64{p0, 0}},
	"bytes.CutSuffix":         {returns: []uint64{p0, 0}},
	"bytes.Clone":             copies,
	"strings.TrimSpace":       arg0View,
	"strings.Trim":            arg0View,
	"strings.TrimLeft":        arg0View,
	"strings.TrimRight":       arg0View,
	"strings.TrimPrefix":      arg0View,
	"strings.TrimSuffix":      arg0View,
	"strings.Fields":          arg0View,
	"strings.Split":           arg0View,
	"strings.SplitN":          arg0View,
	"strings.Cut":             {returns: []uint64{p0, p0, 0}},
	"strings.CutPrefix":       {returns: []uint64{p0, 0}},
	"strings.CutSuffix":       {returns: []uint64{p0, 0}},
	"strings.Clone":           copies,
	"slices.Clone":            copies,
	"encoding/json.Valid":     copies,
	"strconv.AppendInt":       arg0View,
	"strconv.AppendUint":      arg0View,
	"strconv.AppendFloat":     arg0View,
	"strconv.AppendQuote":     arg0View,
	"strconv.AppendBool":      arg0View,
	"unicode/utf8.AppendRune": arg0View,

	fastjson + "Parser.Parse":         recvView2,
	fastjson + "Parser.ParseBytes":    recvView2,
	fastjson + "Scanner.Value":        recvView,
	fastjson + "Value.Get":            recvView,
	fastjson + "Value.GetObject":      recvView,
	fastjson + "Value.GetArray":       recvView,
	fastjson + "Value.GetStringBytes": recvView,
	fastjson + "Value.Object":         recvView2,
	fastjson + "Value.Array":          recvView2,
	fastjson + "Value.StringBytes":    recvView2,
	fastjson + "Value.MarshalTo":      {returns: []uint64{p1}},
	fastjson + "Value.String":         copies,
	fastjson + "Object.Get":           recvView,
	fastjson + "Object.MarshalTo":     {returns: []uint64{p1}},
	fastjson + "Object.String":        copies,
	fastjson + "Arena.NewObject":      recvView,
	fastjson + "Arena.NewArray":       recvView,
	fastjson + "Arena.NewString":      recvView,
	fastjson + "Arena.NewStringBytes": recvView,
	fastjson + "ParserPool.Get":       {gets: true, pool: "fastjson.ParserPool"},
	fastjson + "ParserPool.Put":       {puts: p1, pool: "fastjson.ParserPool"},
	fastjson + "ArenaPool.Get":        {gets: true, pool: "fastjson.ArenaPool"},
	fastjson + "ArenaPool.Put":        {puts: p1, pool: "fastjson.ArenaPool"},

	bytebufferpool + "Get":               {gets: true, pool: "bytebufferpool"},
	bytebufferpool + "Put":               {puts: p0, pool: "bytebufferpool"},
	bytebufferpool + "Pool.Get":          {gets: true, pool: "bytebufferpool.Pool"},
	bytebufferpool + "Pool.Put":          {puts: p1, pool: "bytebufferpool.Pool"},
	bytebufferpool + "ByteBuffer.Bytes":  recvView,
	bytebufferpool + "ByteBuffer.String": copies,

	fasthttp + "AcquireRequest":             {gets: true, pool: "fasthttp's request pool"},
	fasthttp + "ReleaseRequest":             {puts: p0, pool: "fasthttp's request pool"},
	fasthttp + "AcquireResponse":            {gets: true, pool: "fasthttp's response pool"},
	fasthttp + "ReleaseResponse":            {puts: p0, pool: "fasthttp's response pool"},
	fasthttp + "AcquireArgs":                {gets: true, pool: "fasthttp's args pool"},
	fasthttp + "ReleaseArgs":                {puts: p0, pool: "fasthttp's args pool"},
	fasthttp + "AcquireURI":                 {gets: true, pool: "fasthttp's URI pool"},
	fasthttp + "ReleaseURI":                 {puts: p0, pool: "fasthttp's URI pool"},
	fasthttp + "AcquireCookie":              {gets: true, pool: "fasthttp's cookie pool"},
	fasthttp + "ReleaseCookie":              {puts: p0, pool: "fasthttp's cookie pool"},
	fasthttp + "Request.Body":               recvView,
	fasthttp + "Request.Host":               recvView,
	fasthttp + "Request.RequestURI":         recvView,
	fasthttp + "Request.URI":                recvView,
	fasthttp + "Request.PostArgs":           recvView,
	fasthttp + "Request.BodyUncompressed":   recvView2,
	fasthttp + "Response.Body":              recvView,
	fasthttp + "Response.BodyUncompressed":  recvView2,
	fasthttp + "RequestHeader.Peek":         recvView,
	fasthttp + "RequestHeader.PeekBytes":    recvView,
	fasthttp + "RequestHeader.Method":       recvView,
	fasthttp + "RequestHeader.Host":         recvView,
	fasthttp + "RequestHeader.RequestURI":   recvView,
	fasthttp + "RequestHeader.ContentType":  recvView,
	fasthttp + "RequestHeader.UserAgent":    recvView,
	fasthttp + "RequestHeader.Referer":      recvView,
	fasthttp + "ResponseHeader.Peek":        recvView,
	fasthttp + "ResponseHeader.PeekBytes":   recvView,
	fasthttp + "ResponseHeader.ContentType": recvView,
	fasthttp + "ResponseHeader.Server":      recvView,
	fasthttp + "ResponseHeader.PeekCookie":  recvView,
	fasthttp + "Args.Peek":                  recvView,
	fasthttp + "Args.PeekBytes":             recvView,
	fasthttp + "Args.QueryString":           recvView,
	fasthttp + "URI.Path":                   recvView,
	fasthttp + "URI.PathOriginal":           recvView,
	fasthttp + "URI.QueryString":            recvView,
	fasthttp + "URI.Host":                   recvView,
	fasthttp + "URI.Scheme":                 recvView,
	fasthttp + "URI.Hash":                   recvView,
	fasthttp + "URI.FullURI":                recvView,
	fasthttp + "URI.QueryArgs":              recvView,
	fasthttp + "Cookie.Value":               recvView,
	fasthttp + "Cookie.Key":                 recvView,

	zapbuffer + "Pool.Get":      {gets: true, pool: "buffer.Pool"},
	zapbuffer + "Buffer.Free":   {puts: p0, pool: "its buffer.Pool"},
	zapbuffer + "Buffer.Bytes":  recvView,
	zapbuffer + "Buffer.String": copies,
}
