// Package wrap holds pool wrappers and views that package pooled uses
// through facts.
package wrap

import (
	"sync"
	"unsafe"
)

// Record is a pooled decoding buffer.
type Record struct {
	raw  []byte
	name string
	n    int
}

var recordPool = sync.Pool{New: func() any { return new(Record) }}

func GetRecord() *Record { // want GetRecord:"gets r0 from recordPool"
	r := recordPool.Get().(*Record)
	r.raw = r.raw[:0]
	return r
}

func PutRecord(r *Record) { // want PutRecord:"puts p0 into recordPool"
	if cap(r.raw) > 1<<16 {
		return // do not keep huge buffers
	}
	recordPool.Put(r)
}

// Fill copies data into the record's buffer.
func (r *Record) Fill(data []byte) { r.raw = append(r.raw[:0], data...) }

// Name returns the record's bytes as a string without copying.
func (r *Record) Name() string { // want Name:"returns r0<-p0"
	return unsafeString(r.raw)
}

// Count is a plain value.
func (r *Record) Count() int { return r.n }

// Label returns a string field, which the record does not own.
func (r *Record) Label() string { return r.name }

func unsafeString(b []byte) string {
	return unsafe.String(unsafe.SliceData(b), len(b))
}

// Release puts the record back, as a method.
func (r *Record) Release() { // want Release:"puts p0 into recordPool"
	r.n = 0
	PutRecord(r)
}

var slabs = sync.Pool{New: func() any { b := make([]byte, 0, 64); return &b }}

// AppendSlab appends more to a pooled slab, or copies the slab into a
// larger one and puts the old one back: the result is pbuf only on the
// path that did not put it.
func AppendSlab(pbuf *[]byte, more ...byte) *[]byte { // want AppendSlab:"returns r0<-p0; puts p0 into slabs; only when not returning p0"
	if cap(*pbuf)-len(*pbuf) >= len(more) {
		*pbuf = append(*pbuf, more...)
		return pbuf
	}
	nb := make([]byte, len(*pbuf), 2*cap(*pbuf)+len(more))
	copy(nb, *pbuf)
	nb = append(nb, more...)
	slabs.Put(pbuf)
	return &nb
}

// TrimSlab puts a slab that grew too large back and returns it all the
// same: the result may be the put value.
func TrimSlab(pbuf *[]byte) *[]byte { // want TrimSlab:"returns r0<-p0; puts p0 into slabs"
	if cap(*pbuf) > 1<<16 {
		slabs.Put(pbuf)
	}
	return pbuf // want `pbuf returned after it is put back into slabs \(Put at wrap.go:\d+\)`
}
