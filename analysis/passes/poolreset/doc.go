// Package poolreset defines an Analyzer that reports resets of pooled
// values that change a copy, and Puts that allocate.
//
// # Analyzer poolreset
//
// poolreset: report pooled values reset through a copy, and sync.Pool.Put of non-pointer values
//
// A pooled object is reset before Put so that the next user gets it
// empty and the pool does not keep what the last user stored in it. A
// reset applied to a copy of the object's slice header or struct changes
// the copy only: the pool gets the object back with its old length, its
// old contents and the references it held. The next user that appends to
// it appends after stale data, and the garbage collector cannot free
// what the stale references keep alive:
//
//	bp := bufPool.Get().(*[]byte)
//	b := *bp
//	b = append(b, msg...)
//	w.Write(b)
//	b = b[:0] // resets the copy; *bp keeps its length
//	bufPool.Put(bp)
//
// Reset through the pointer:
//
//	*bp = b[:0]
//	bufPool.Put(bp)
//
// The analyzer reports, before a Put of p (direct, deferred, or through
// a Put wrapper such as putState(p)):
//
//   - x = x[:0] or x = nil on a local copy x := *p or x := p.f of a slice
//     or map, when x is not used afterwards (with a fix: *p = x[:0]);
//   - zero-value assignments to fields of a struct copy s := *p, and
//     reset methods called on it, when s is not used otherwise (with a
//     fix: p.f = ...);
//   - zero-value assignments to fields of the range variable in
//     for _, e := range p.items, whose elements are structs (with a fix
//     that indexes the slice when the loop does nothing else);
//   - p.Reset() where Reset has a value receiver and assigns to it.
//
// The message says what the pooled object keeps in each case: a
// truncation of a copied slice leaves the pooled slice with its old
// length and contents; a copied map or slice set to nil leaves the pooled
// object still holding the old map or array; a field reset on a copy of
// the pooled struct, or on the range variable that copies each element
// of a pooled slice (for _, it := range st.items { it.ref = nil }),
// leaves the pooled struct or elements with their old lengths and
// references; and a Reset method with a value receiver assigns to its own
// copy, so the pooled value goes back unreset.
//
// It also reports Put of a value whose conversion to an interface
// allocates: a slice, string, struct or array that is not pointer-shaped
// (24 bytes for a slice header, on every Put). Pool a pointer to it. This
// is staticcheck's SA6002, with differences: a struct or array of one
// pointer, which an interface holds without allocating, is not reported,
// nor are numbers and booleans (small values come from a static table,
// and pooling a number is not buffer reuse); a typed wrapper such as
// Pool[T].Put is reported where it is instantiated with a non-pointer
// type; and Put(&b) of a header copied out of a pooled pointer (b :=
// *bp, or *pool.Get().(*[]byte)), of a slice returned by a call given the
// same pool (a Get wrapper: prometheus' b, err :=
// resp.PooledMarshal(marshalPool) before marshalPool.Put(&b)) or of a
// parameter is reported, whether b is only grown by append, resliced,
// made anew when the pooled one is too small (go-mysql-server's weight
// buffers: if cap(buf) < n { buf = make([]byte, n) }) or taken back from
// a call it is passed to in the append style (b, err = decode(b, src)),
// and whether
// the Put is in the function or in a literal it defers: b moves to the
// heap and every call allocates it, as putting b would, although SA6002
// is satisfied. The
// fix stores b back through bp and puts bp. Put(&b) of a slice made in
// the function is the pool's New pattern and is not reported.
//
// A pool is a *sync.Pool, or a value of an interface with exactly a
// pool's two methods, Get() any and Put(any), which callers fill with a
// *sync.Pool (gorilla/websocket's and centrifuge's BufferPool, whose
// writer puts a struct wrapping its buffer back after every message: an
// allocation per message).
//
// It reports a *strings.Builder taken from a pool (category builder): a
// Builder keeps no buffer for its next user, since Reset drops it (the
// string that String returns shares the buffer), so every use grows a new
// one and the pool saves only the Builder's own 32 bytes. A pooled
// *bytes.Buffer keeps its array across Reset; its String copies. Measured
// on a metric key of three parts built per sampled span, as jaeger's
// collector does (BenchmarkBuilderKey, go run ./cmd/perfproof compare
// -variants before,after -bench BuilderKey -count 20
// ./analysis/passes/poolreset, 20 interleaved rounds, 2 shared cores under
// load): 277 ns → 110 ns (−58 % [−74 %, −42 %]), 72 → 48 B, 2 → 1 allocs.
//
// clear(x) on a copy of a slice header is not reported: it clears the
// shared array, which is the pooled memory.
//
// It also reports a pooled pointer to a slice whose slice is copied out,
// grown and never stored back before the Put:
//
//	bp := framePool.Get().(*[]byte)
//	buf := (*bp)[:0]
//	buf = append(buf, frame...) // may move buf to a larger array
//	dispatch(buf)
//	framePool.Put(bp) // puts back the old array
//
// Every frame that outgrows the pooled array allocates a new one, which
// is dropped: the pool keeps handing out the small array, and a reset of
// *p before the Put (a loop clearing (*p)[i], clear(*p)) ranges over the
// old length and misses what was appended. The copy and the Put may be
// in different functions: the Get and the Put in helpers (getBuf,
// putBuf(p), known by the putFact of the wrapper, which also says
// whether it truncates or clears *p), a deferred Put or a Put in a
// deferred func, and the growth in a callee that takes p (readFrame(p,
// r), known by a growFact: it copies *p, grows the copy and never stores
// it back). It is reported at the first growth (append, an Append-style
// function such as strconv.AppendInt, slices.Grow), or at the call of
// such a callee. It is not reported where *p is assigned anywhere in the
// function, p is passed to another function (which may store through
// it) or reassigned after the copy, or the copy is returned, stored
// elsewhere, captured by a closure or passed to the Put wrapper itself
// (release(p, buf), which may store it).
//
// The message names the growing call, the copy and the Put, and gives the
// store that fixes it, with the line of the wrapper's reset that misses
// the appended elements when there is one and the line fits. For a
// deferred Put the store must run when the deferred call does, after the
// last append, and can only be deferred once the copy is declared.
//
// The fix stores the copy back before each Put of p that follows it, *p
// = buf[:0] (or *p = buf when the Put wrapper truncates *p itself),
// turning defer pool.Put(p) into defer func() { *p = buf[:0];
// pool.Put(p) }() when buf is declared before the defer. It is offered
// only where it changes nothing else: the length the pool holds stays 0
// (the wrapper truncates, or the pool's New returns an empty slice), no
// read of *p can run after the store, and the deferred call's operands
// are the same at the return as at the defer.
package poolreset
