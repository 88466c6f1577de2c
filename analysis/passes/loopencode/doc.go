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
// map update or call that may modify it. The key and value of a range
// over a map, and the rune of a range over a string, are another on
// every iteration (the iterator's next entry), never invariant — as the
// element of a range over a slice is. The memory model is a
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
//
// # Fix
//
// Where moving the encoding before the loop is exactly equivalent, the
// diagnostic carries a fix that does so, "encodes once before the loop
// (also when the loop runs zero times)":
//
//	for _, w := range peers {
//		data, _ := json.Marshal(st)
//		w.Write(data)
//	}
//
// becomes
//
//	data, _ := json.Marshal(st)
//	for _, w := range peers {
//		w.Write(data)
//	}
//
// Hoisted, the encoding runs once before the loop: also when the loop runs
// zero times, and before the statements that precede it in the first
// iteration. It is therefore fixed only when nothing but its cost can tell
// the difference:
//
//   - The encoder is json.Marshal, json.MarshalIndent, xml.Marshal or
//     xml.MarshalIndent, and the statement is `v, _ := enc(...)` or
//     `v, err := enc(...)`, directly in the loop's body: not in an if, a
//     switch, an inner loop or a function literal, where it may run in no
//     iteration. Stream encoders (Encode) write on every call and are not
//     fixed; nor are proto, YAML, jsoniter and goccy/go-json, which run
//     generated or registered code this check does not look at.
//   - The encoding runs only standard-library code: the static type of
//     the value holds no interface or type parameter (whose dynamic type
//     is unknown) and no MarshalJSON, MarshalText, MarshalXML or
//     MarshalXMLAttr method outside time, encoding/json, encoding/xml,
//     math/big, net, net/netip and log/slog. A method of the program's
//     own may count, log or modify, and would run fewer times.
//   - The arguments cannot panic: variables, constants, fields of struct
//     values and their addresses, conversions, len and cap. req.Site
//     through a pointer req would panic, for a nil req, also when the loop
//     runs zero times; an index may be out of range.
//   - `v, err :=` is fixed only when the next statement is
//     `if err != nil { ... }`, without init, else, break, continue, goto,
//     fallthrough or label, and the json encoding cannot fail: the value
//     holds only booleans, integers, strings and pointers, slices,
//     arrays, structs and string- or integer-keyed maps of them, and no
//     recursive type (a cyclic value fails), no float (NaN fails), no
//     Marshal method (time.Time fails beyond year 9999) and no
//     json.Number. The check then never runs, so moving it with the
//     encoding changes nothing; a check that could run would, hoisted,
//     return an error also when the loop runs zero times, and without the
//     side effects of the iteration's earlier statements. xml encodings
//     with an error check are not fixed.
//   - Every name the moved statements read is declared outside the loop
//     and is not assigned, incremented or address-taken in it; the value
//     is loop-invariant by the analysis above. What runs between the new
//     position and the first iteration — the range expression, the for
//     statement's init — calls nothing (but conversions, len and cap) and
//     receives from no channel, and the loop is not a range over a
//     function or a channel.
//   - The loop does not synchronise with other goroutines: no channel
//     operation, select, go statement or call into sync or sync/atomic.
//     Otherwise another goroutine could publish a change to the value
//     during the loop that a later iteration would encode. Like the
//     analysis, the fix assumes that no other goroutine changes the value
//     while the loop runs without such synchronisation, which would be a
//     data race.
//   - Every iteration shares the hoisted bytes where each had its own, so
//     the loop may only read them: len, cap, string(v), v[i], append(x,
//     v...), copy(x, v), v == nil, bytes.Equal, bytes.Compare,
//     bytes.NewReader, and Write([]byte) (int, error) methods, which
//     io.Writer's contract forbids to modify or retain the slice. Passing
//     the bytes to any other function, storing them, returning them or
//     assigning v is not fixed: the callee or a later reader could modify
//     the slice, and all iterations would see it. err is used only by the
//     moved check.
//   - The names the statement declares are new in the block that holds
//     the loop, and no later use in that block refers to an outer object
//     of the same name, which the hoisted declaration would hide. The
//     function has no goto, which could jump over the declaration.
//   - The encoding and its check start their lines and hold no multi-line
//     raw string; a comment ending the last line moves with them.
//
// An encoding reported at a call, inside a function of another package,
// has no fix: hoisting it means changing the callee's signature. Nor has
// one reported inside a function of this package on behalf of a loop in
// its caller.
package loopencode
