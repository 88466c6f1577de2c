// Package useafterput defines an Analyzer that reports values used after
// they are put back into a sync.Pool.
//
// # Analyzer useafterput
//
// useafterput: report values used after they are put back into a sync.Pool
//
// A pooled object is reused to save its allocation: after Put, the next
// Get, in any goroutine, hands the same memory to another user, who
// resets and overwrites it. Anything that still refers to that memory (a
// slice of the object's buffer, an unsafe string over its bytes, a value
// that a pooled parser returned) changes under its holder, and the
// "zero-copy" result silently turns into another request's data. The
// usual form is a deferred Put in a function that returns a view:
//
//	func ParseSymbol(data []byte) (string, error) {
//		p := parserPool.Get().(*fastjson.Parser)
//		defer parserPool.Put(p)
//		v, err := p.ParseBytes(data)
//		if err != nil {
//			return "", err
//		}
//		return unsafeString(v.GetStringBytes("s")), nil // points into p
//	}
//
// The deferred Put runs before the caller reads the string. Copy what
// outlives the Put, once:
//
//	return string(v.GetStringBytes("s")), nil
//
// The analyzer works on SSA form. It follows each pooled value (the result
// of (*sync.Pool).Get, of a Get wrapper such as getBuffer, or of
// fastjson's, bytebufferpool's, fasthttp's and zap's pool functions) and
// everything derived from it: conversions, field addresses, slices,
// slice and map fields loaded from it, unsafe.String, unsafe.Slice and
// unsafe.SliceData over it, results of functions known to return views
// of their arguments, and local variables or composite literals that hold
// such values. A forward dataflow over the control-flow graph decides
// which of those refer to the object after a Put of it (a direct Put, a
// Put wrapper such as putBuffer(b) or b.Free(), or a deferred Put, also
// inside a deferred func literal), and reports their uses; a value that
// is returned, sent on a channel, handed to a goroutine or stored in
// memory that outlives the function (a parameter's, a package
// variable's) is reported when the Put follows, or when a deferred Put
// runs at the return. A goroutine the function joins is not memory that
// outlives it: one handed a *sync.WaitGroup (an argument or a captured
// variable) on which every path from the go statement to a return calls
// Wait, as a fan-out of a pooled batch to one goroutine per shard does.
//
// Calls are described by summaries, exported as facts for the functions
// of the module so that helpers in other packages are seen through:
// which results refer to which parameters' memory, which results are
// fresh from a pool (Get wrappers), which parameters a function puts
// back (Put wrappers, and whether only on paths that return true, as in
// recycleIfDone() bool, or true as the first of several results, as in
// a handled(m) (bool, error) that releases what it handled), which fields it overwrites (x.buf = nil), and
// which parameters it keeps where they outlive the call (c.last = b,
// h.ch <- b, a package variable; in the memory of another parameter
// only if that memory outlives the caller too, and not when the callee
// lets go of it before returning). A pooled value, or a view of it,
// passed to a callee that keeps it is reported when the caller then puts
// the value back, or defers the Put:
//
//	buf := bufPool.Get().(*bytes.Buffer)
//	defer bufPool.Put(buf)
//	json.NewEncoder(buf).Encode(v)
//	s.cache.Remember(buf.Bytes()) // c.last = b: read after the Put
//
// A keep is not reported where the paths exclude each other: the callee
// keeps the value only when it returns a nil error and the caller puts
// it back only when the error is not nil (if err := q.Push(m); err !=
// nil { put(m) }), or the callee, of one bool result, keeps it only
// when it returns true and the caller puts it back only when it returned
// false (if !w.tryDeliver(c) { put(c) }), or the keep and the Put sit on opposite branches of
// one condition. A callee that may put the value back itself owns it
// from the call on. A goroutine that a callee starts, and a value that
// an append-style call may have moved to a new array before the callee
// stores it, are not taken as keeps. The
// standard library and a few pooling libraries are described by a table
// instead: bytes.Buffer.Bytes, bufio.Reader.Peek and ReadSlice,
// bufio.Scanner.Bytes and bytes.TrimSpace return views;
// bytes.Buffer.String, bytes.Clone and strings.Clone copy;
// strings.Builder.String is listed as a copy because a Builder never
// writes over bytes it has handed out (Reset drops its buffer), so a
// string from a pooled Builder stays intact. string(b), append to a nil
// or fresh slice, and copy end the alias.
//
// The analyzer stays silent, rather than guess, where ownership moves:
// a buffer that the object lets go of before the Put (b := p.buf;
// p.buf = nil), or all of them at once (*p = T{}, as a generated
// protobuf message's Reset does; what a callee kept of the fields'
// buffers is let go of too), a field that holds memory lent by the caller
// (w.reset(dst) at each Get), an object handed to a goroutine that puts
// it back itself, and a variable reassigned after its Put. It assumes
// that pointer, string and interface fields of a pooled object were set
// by its user and do not point into the object, and that error values do
// not either. A return that also returns a non-nil error is not
// reported: by convention the caller ignores the other results. Test,
// example and fuzz functions are not reported (they inspect released
// objects on purpose); benchmarks are.
package useafterput
