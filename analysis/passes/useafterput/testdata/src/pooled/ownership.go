package pooled

import (
	"bytes"
	"sync"
)

// These functions hand a buffer over, or use memory that the pooled
// object does not own: none of them is reported.

type record struct {
	buf []byte
	out []byte // the caller's buffer while a call runs; never the record's own
	n   int
}

var recordPool = sync.Pool{New: func() any { return &record{buf: make([]byte, 0, 256)} }}

func (r *record) fill(s string) { r.buf = append(r.buf[:0], s...) }

// TakeBuffer detaches the buffer from the record before the Put: the pool
// gets a record without it.
func TakeBuffer(s string) []byte {
	r := recordPool.Get().(*record)
	r.fill(s)
	b := r.buf
	r.buf = nil // fine: the record lets go of the buffer
	recordPool.Put(r)
	return b
}

// reset lends the caller's buffer to the record.
func (r *record) reset(dst []byte) { r.out = dst }

func (r *record) write(s string) { r.out = append(r.out, s...) }

// AppendTo writes into the caller's buffer through a pooled record. The
// record's out field only ever holds a caller's buffer, set by reset at
// each Get; the pool never writes into it.
func AppendTo(dst []byte, s string) []byte {
	r := recordPool.Get().(*record)
	defer recordPool.Put(r)
	r.reset(dst)
	r.write(s)
	return r.out // fine: memory lent by the caller
}

var encPool = sync.Pool{New: func() any { return &record{buf: make([]byte, 0, 512)} }}

func (r *record) release() { encPool.Put(r) }

// MarshalRecord gives the buffer to the caller and a new one to the record in
// the deferred func that puts the record back.
func MarshalRecord(s string) []byte {
	r := encPool.Get().(*record)
	r.fill(s)
	defer func() {
		r.buf = make([]byte, 0, 512) // fine: the record gets a new buffer
		r.release()
	}()
	return r.buf
}

var connPool = sync.Pool{New: func() any { return new(bytes.Buffer) }}

func serve(b *bytes.Buffer) {
	b.Reset()
	connPool.Put(b)
}

// Hijack hands the buffer to a goroutine that puts it back itself, and
// puts it back here only when it was not handed over.
func Hijack(hijack bool) {
	b := connPool.Get().(*bytes.Buffer)
	if hijack {
		go serve(b) // fine: the goroutine owns b from here on
	}
	if !hijack {
		connPool.Put(b)
	}
}

// Errors copies the errors a pooled value collected: the error values are
// not the value's memory.
type agent struct{ errs []error }

var agentPool = sync.Pool{New: func() any { return new(agent) }}

func (a *agent) release() {
	a.errs = a.errs[:0]
	agentPool.Put(a)
}

func Errors() []error {
	a := agentPool.Get().(*agent)
	defer a.release()
	var errs []error
	errs = append(errs, a.errs...) // fine: copies the interface values
	return errs
}

// Compressed returns the buffer together with a non-nil error after
// putting it back: by convention the caller ignores the buffer then.
func Compressed(fail bool) (b *bytes.Buffer, err error) { // want Compressed:"gets r0 from connPool"
	b = connPool.Get().(*bytes.Buffer)
	if fail {
		connPool.Put(b)
		err = errFail
		return // fine: err is not nil
	}
	return b, nil
}

type failure struct{}

func (failure) Error() string { return "fail" }

var errFail error = failure{}

var slicePool = sync.Pool{New: func() any { s := make([]byte, 0, 64); return &s }}

// Escape swaps the escaped bytes into the caller's buffer and gives the
// old buffer to the pooled slice before putting it back.
func Escape(buf *[]byte) {
	dst := slicePool.Get().(*[]byte)
	*buf, *dst = append((*dst)[:0], *buf...), *buf
	slicePool.Put(dst) // fine: *buf no longer shares memory with *dst
}

// nat and scratch imitate math/big: a result is built in its receiver,
// with scratch words taken from a pooled stack and swapped in and out.
type nat []uint

type scratch struct{ w []uint }

var scratchPool = sync.Pool{New: func() any { return new(scratch) }}

func (s *scratch) alloc(n int) nat {
	off := len(s.w)
	s.w = append(s.w, make([]uint, n)...)
	return s.w[off : off+n : off+n]
}

func (z nat) square(s *scratch, rounds int) nat {
	t := s.alloc(len(z))
	for r := 0; r < 2*rounds; r++ {
		for i := range z {
			t[i] = z[i] * z[i]
		}
		z, t = t, z // an even number of swaps: z ends where it started
	}
	return z
}

// Square returns a nat built in z; the pooled scratch words swapped
// through it end where they started.
func Square(z nat) nat { // want Square:"returns r0<-p0"
	s := scratchPool.Get().(*scratch)
	defer scratchPool.Put(s)
	return z.square(s, 2) // fine: the result is z's memory
}

// A batch is split among goroutines per shard.
type batch struct{ shards map[int][]string }

var batchPool = sync.Pool{New: func() any { return &batch{shards: make(map[int][]string)} }}

func (b *batch) send(shard int, wg *sync.WaitGroup) {
	_ = b.shards[shard]
	wg.Done()
}

// FanOut hands the pooled batch to one goroutine per shard and waits for
// all of them before the deferred Put runs: nothing uses the batch after
// it is back in the pool.
func FanOut(shards []int) {
	b := batchPool.Get().(*batch)
	defer batchPool.Put(b)
	var wg sync.WaitGroup
	for _, s := range shards {
		wg.Add(1)
		go b.send(s, &wg) // fine: joined by wg.Wait below
	}
	wg.Wait()
}

// FanOutEarly may return before its goroutines are done.
func FanOutEarly(shards []int, quick bool) {
	b := batchPool.Get().(*batch)
	defer batchPool.Put(b)
	var wg sync.WaitGroup
	for _, s := range shards {
		wg.Add(1)
		go b.send(s, &wg) // want `b outlives the function, but it is put back into batchPool`
	}
	if quick {
		return
	}
	wg.Wait()
}

// A decoded message whose slices its caller keeps: zeroing the whole
// message (a struct assignment, as generated protobuf code's Reset does)
// before the Put lets go of every buffer it held.
type message struct {
	chunks []byte
	extra  map[string][]byte
	name   string
}

type entry struct {
	chunks []byte
	extra  map[string][]byte
}

var messagePool = sync.Pool{New: func() any { return new(message) }}

func (m *message) decode(b []byte) {
	m.chunks = append(m.chunks[:0], b...)
	m.name = string(b)
}

func clearMessage(m *message) { *m = message{} }

// DecodeInto keeps the message's slices in the caller's entry and zeroes
// the message in the deferred func that puts it back.
func DecodeInto(e *entry, b []byte) { // want DecodeInto:`lends p0\[0\]; lends p0\[1\]`
	m := messagePool.Get().(*message)
	defer func() {
		clearMessage(m)
		messagePool.Put(m)
	}()
	m.decode(b)
	e.chunks = m.chunks // fine: the message is zeroed before its Put
	e.extra = m.extra
}

// DecodeZeroed zeroes the message in place before the Put.
func DecodeZeroed(e *entry, b []byte) { // want DecodeZeroed:`lends p0\[0\]`
	m := messagePool.Get().(*message)
	m.decode(b)
	e.chunks = m.chunks // fine: the message is zeroed before its Put
	*m = message{}
	messagePool.Put(m)
}

func (m *message) copyTo(e *entry) {
	e.chunks = m.chunks
	e.extra = m.extra
}

// DecodeThrough has a method copy the message's slices into the caller's
// entry, and zeroes the message in the deferred func that puts it back.
func DecodeThrough(e *entry, b []byte) { // want DecodeThrough:`lends p0\[0\]; lends p0\[1\]`
	m := messagePool.Get().(*message)
	defer func() {
		clearMessage(m)
		messagePool.Put(m)
	}()
	m.decode(b)
	m.copyTo(e) // fine: the message is zeroed before its Put
}

// A waiter takes a record only when it has none yet, and says so.
type waiter struct {
	mu   sync.Mutex
	conn *record
}

// deliver keeps r only on the path that returns true.
func (w *waiter) deliver(r *record) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.conn != nil {
		return false
	}
	w.conn = r
	return true
}

// Dial hands a pooled record to the waiter and puts it back only when the
// waiter did not take it.
func Dial(w *waiter) {
	r := recordPool.Get().(*record)
	if !w.deliver(r) {
		recordPool.Put(r) // fine: the waiter did not keep it
	}
}
