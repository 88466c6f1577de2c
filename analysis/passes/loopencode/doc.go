// Package loopencode defines an Analyzer that reports the encoding of a
// loop-invariant value inside a loop.
//
// # Analyzer loopencode
//
// loopencode: report encoding of a loop-invariant value inside a loop
//
// json.Marshal, xml.Marshal, proto.Marshal and the Encode methods of
// stream encoders walk the value with reflection (or generated code),
// escape strings and allocate the output on every call. When the value
// does not depend on anything a loop changes, each iteration pays that cost
// again to produce the same bytes: a request that fans out to ten bidders
// marshals the same site configuration ten times.
//
// The analyzer works on SSA form. A value is loop-invariant if it is
// computed outside the loop, or inside it by pure operations (field and
// index selection, conversions, arithmetic) from invariant values, and if
// no instruction in the loop may write the memory it reaches: no store,
// map update or call that may modify it. The memory model is a
// flow-insensitive partition of the function's values into classes that
// may reach the same memory; it assumes that distinct parameters do not
// alias. Calls are described by per-function summaries, exported as facts
// so that they work across packages: which parameters' memory a function
// writes, and which encodings it performs whose value depends only on its
// parameters. A loop that calls such a function with loop-invariant
// arguments is reported too, at the encoding if it is in the same package
// and at the call otherwise.
//
// The analyzer does not report benchmark loops (for b.Loop() and
// i < b.N), loops in test functions other than benchmarks, loops that
// cache the encoding in a variable that lives across iterations, encodings
// of constants, or gob encoders, whose output differs between the first
// and later values of a stream.
//
// For example:
//
//	for _, bidder := range bidders {
//		site, err := json.Marshal(req.Site) // req.Site is the same for every bidder
//		if err != nil {
//			return err
//		}
//		send(bidder, site)
//	}
//
// Encode once before the loop and reuse the bytes:
//
//	site, err := json.Marshal(req.Site)
//	if err != nil {
//		return err
//	}
//	for _, bidder := range bidders {
//		send(bidder, site)
//	}
package loopencode
