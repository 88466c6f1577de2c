// Package pooled holds positives and near-misses for useafterput.
package pooled

import (
	"sync"
	"unsafe"

	"github.com/valyala/fastjson"
)

// DepthUpdate is a parsed exchange depth update.
type DepthUpdate struct {
	Symbol string
	First  int64
	Bids   [][2]string
}

var parserPool = sync.Pool{New: func() any { return new(fastjson.Parser) }}

func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// ParseUnsafe is the zero-copy parser of the seed report: the symbol
// points into the parser's buffer, which the deferred Put hands to the
// next caller before this one reads the update.
func ParseUnsafe(data []byte) (*DepthUpdate, error) {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p)

	v, err := p.ParseBytes(data)
	if err != nil {
		return nil, err
	}
	u := &DepthUpdate{}
	u.Symbol = unsafeString(v.GetStringBytes("s"))
	u.First = v.GetInt64("U")
	return u, nil // want `u returned after p is put back into parserPool \(deferred Put at depth\.go:\d+\): copy it before the Put`
}

// SymbolBytes returns a view of the parser's memory directly.
func SymbolBytes(data []byte) []byte {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p)
	v, err := p.ParseBytes(data)
	if err != nil {
		return nil
	}
	return v.GetStringBytes("s") // want `\[\]byte v\.GetStringBytes\("s"\) into p returned after p is put back into parserPool: copy it before the Put`
}

// ParseInto writes a view into the caller's struct.
func ParseInto(dst *DepthUpdate, data []byte) error {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p)
	v, err := p.ParseBytes(data)
	if err != nil {
		return err
	}
	dst.Symbol = unsafeString(v.GetStringBytes("s")) // want `a value into p outlives the function, but p is put back into parserPool: copy it before storing it`
	dst.First = v.GetInt64("U")
	return nil
}

// SumFirst reads a value after the parser went back into the pool.
func SumFirst(msgs [][]byte) int64 {
	var sum int64
	for _, m := range msgs {
		p := parserPool.Get().(*fastjson.Parser)
		v, err := p.ParseBytes(m)
		parserPool.Put(p)
		if err != nil {
			continue
		}
		sum += v.GetInt64("U") // want `pointer v into p used after p is put back into parserPool \(Put at depth.go:\d+\)`
	}
	return sum
}

var pp fastjson.ParserPool

// ParseWithParserPool uses fastjson's own pool, whose Get and Put the
// table knows.
func ParseWithParserPool(data []byte) string {
	p := pp.Get()
	defer pp.Put(p)
	v, err := p.ParseBytes(data)
	if err != nil {
		return ""
	}
	return unsafeString(v.GetStringBytes("s")) // want `string unsafeString\(v\.GetStringBytes\("s"\)\) into p returned after p is put back into pp: copy it before the Put`
}

// --- near-misses ---

// ParseCopy copies the symbol before the deferred Put runs: string(...)
// allocates a new string.
func ParseCopy(data []byte) (*DepthUpdate, error) {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p) // fine: nothing returned refers to p

	v, err := p.ParseBytes(data)
	if err != nil {
		return nil, err
	}
	u := &DepthUpdate{}
	u.Symbol = string(v.GetStringBytes("s"))
	u.First = v.GetInt64("U")
	return u, nil
}

// FirstID returns a number read from the parsed value: an int64 does
// not refer to the parser.
func FirstID(data []byte) int64 {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p)
	v, err := p.ParseBytes(data)
	if err != nil {
		return 0
	}
	return v.GetInt64("U") // fine: a number
}

// Marshal appends the value to a new slice: MarshalTo's result refers to
// dst, not to the parser.
func Marshal(data []byte) []byte {
	p := parserPool.Get().(*fastjson.Parser)
	defer parserPool.Put(p)
	v, err := p.ParseBytes(data)
	if err != nil {
		return nil
	}
	return v.MarshalTo(nil) // fine: fresh memory
}

// Stringify uses Value.String, which copies.
func Stringify(data []byte) string {
	p := parserPool.Get().(*fastjson.Parser)
	defer func() { parserPool.Put(p) }() // fine: the deferred func runs after String copied
	v, err := p.ParseBytes(data)
	if err != nil {
		return ""
	}
	return v.String()
}

// SumFirstInLoop reads every value before its parser goes back.
func SumFirstInLoop(msgs [][]byte) int64 {
	var sum int64
	for _, m := range msgs {
		p := parserPool.Get().(*fastjson.Parser)
		v, err := p.ParseBytes(m)
		if err == nil {
			sum += v.GetInt64("U")
		}
		parserPool.Put(p) // fine: the next iteration gets a parser again
	}
	return sum
}

// ParseOrGiveUp puts the parser back on the error path only, and returns
// on that path.
func ParseOrGiveUp(data []byte) (string, error) {
	p := parserPool.Get().(*fastjson.Parser)
	v, err := p.ParseBytes(data)
	if err != nil {
		parserPool.Put(p)
		return "", err
	}
	s := string(v.GetStringBytes("s"))
	parserPool.Put(p) // fine: s is a copy
	return s, nil
}
