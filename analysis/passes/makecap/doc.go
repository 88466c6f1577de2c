// Package makecap defines an Analyzer that reports slices and maps filled
// in a loop to a length known before the loop but made without that
// capacity.
//
// # Analyzer makecap
//
// makecap: report slices and maps filled in a loop to a known length but made without that capacity
//
// A slice made empty and filled by append grows by reallocation: each time
// its capacity runs out, append allocates a larger array (about twice as
// large for small slices, 1.25 times for large ones) and copies every
// element into it, so filling n elements allocates about log n arrays and
// copies each element one to four times, where make([]T, 0, n) allocates
// once and copies nothing. A map made without a size hint grows the same way, and each
// growth rehashes every entry into the new table. Measured in this
// project, filling a 1,000-entry map made without a hint costs 51 % more
// time and bytes than filling one made with make(map[K]V, n).
//
// The check reports a variable (or a field, such as r.byID) set to an
// empty slice or map without a capacity — var out []T, out := []T{},
// out := make([]T, 0), m := make(map[K]V), m := map[K]V{} — when the next
// statement that mentions it is a loop that adds exactly one element per
// iteration, unconditionally: out = append(out, x) with a single element,
// or the store m[k] = v, as a top-level statement of the loop body. The
// loop is a range over a slice, an array, a pointer to an array, a map or
// an integer n, or a counted loop for i := 0; i < n; i++ whose body
// changes neither i nor n; the known length is len(src) or n. A counted
// loop may step by a constant k from 2 to 16 (i += 2 over a flat list of
// keys and values, as a protocol reply gives a map): it runs (n+k-1)/k
// times, the length the report gives. A range
// over the result of a call (for k, v := range c.GetReqHeaders()) counts
// too: the range calls it once, and its length is that of the result,
// known once the call has run, so the report says to store the result in
// a variable before the make. The
// statements between the make and the loop must not mention the variable
// nor change what the length reads.
//
// Appends before or after the loop and further fill loops add to the
// size: the statements that follow the make and add to the variable, in
// order — fill loops, appends of listed elements (out = append(out, a,
// b): 2) and appends of a slice (out = append(out, xs...): len(xs)),
// and a final return append(out, xs...) — sum up to the size reported,
// 1+len(rows) or len(r.DNSNames)+len(r.Emails)+len(r.IPs), up to the
// first statement that uses the variable otherwise. Such a sequence is
// reported when something in it would grow the slice or map: a fill
// loop, or two appends of which one adds a slice; not a single append
// to an empty slice (one allocation of the right size) nor appends of
// listed elements only (whether they outgrow the first array depends on
// the allocator's size classes). A slice made with a small constant
// length (make([]byte, 2): a frame's length prefix, up to 16 elements)
// whose elements are then written (binary.BigEndian.PutUint16(l, n),
// l[0] = tag) and which is then extended by appends is reported too:
// its make allocates once and the append again; the fix gives the make
// the capacity, make([]byte, 2, 2+len(payload)). A fill loop after such
// a make is not: make([]T, n) followed by appends is most often a bug
// (n zero elements first), not a missing capacity.
//
// A function's named slice result starts as a nil slice too, and is a
// target when the function's first statements fill it (func words(b
// []byte) (out []uint16) with a counted loop appending to out): the report
// goes to the result's name, without a fix, as for var out []T.
//
// The fields of a struct value made by a keyed literal and assigned to a
// variable are targets too (r := &Reply{ID: id}, then r.Names = append(
// r.Names, n) per entry): a slice field the literal leaves out is a nil
// slice, reported as var out []T is (no fix: the literal would then set
// a non-nil slice where an empty source left it nil), and a slice or map
// field the literal sets empty (Query: map[string]string{}) is reported
// at that field, with the fix on its value. A positional literal sets
// every field and makes no target.
//
// A map may be read in its fill loop: a set of the keys seen so far that
// rejects a duplicate (if _, ok := seen[k]; ok { return err }) or skips
// it (if seen[k] { continue }) before the store is reported, with the
// count an upper bound. An error return may have any type that
// implements error (return &BatchError{...}).
//
// A filtered map copy, a store preceded by an unlabelled continue of the
// loop (if reserved[k] { continue }), is reported too: len(src) is then an
// upper bound, the report says "up to", and the fix sizes the map for it,
// the usual fix of a filtered copy. The hint exceeds the size by the
// entries skipped, memory of the order of the source itself, while a map
// grown from no hint rehashes every entry at each doubling. A filtered
// slice is not reported: on 8 modules of the corpus (bench/corpus, scan
// -all, 2026-11-26) the 23 filtered appends it would have added were all
// in cold code (configuration parsing, cluster management, /proc
// readers), against 1 hot filtered map copy of 7 (2 of 16 on the whole
// corpus: a storage gateway's metadata copy, an S3 client's request
// signing).
//
// A map store that is the body of an if without else (if len(v) > 0 {
// m[k] = v[0] }, the condition at most looking the map up) is such a
// filter too, reported "up to" in the same way.
//
// It stays silent when the append is conditional (inside an if, a
// switch or a nested loop, or after a continue), when a map store is
// inside an else, a switch or a nested loop, when the
// body may return, break, goto or continue an outer loop (the loop may
// stop early) — a return of a
// non-nil error is allowed: it drops what the loop built, so the capacity
// matters only on the way to a result; so is a return of zero values
// only (return nil, nil, as SQL's CONCAT gives NULL at the first NULL
// argument) — when the body appends
// several elements or a slice (append(out, xs...)), when the loop uses or
// reassigns the variable in any other way (but for a map's lookups,
// above), when the make already has a capacity or a length (but for the
// small constant length above), for ranges over strings (by rune, so len(s) bytes
// overstates the count), channels and iterator functions (no length known
// before), for length expressions with a call or a side effect other
// than the ranged call itself (len(s.Items()) would call Items twice)
// or a container's Len method (for i := 0; i < list.Len(); i++, read
// once more before the loop, reported as an upper bound: the loop may
// change it by calls the check does not follow),
// and for constant lengths too
// small to grow: up to 8 map entries fit in the group a map allocates on
// its first store, and one element in the first array append allocates.
//
// A map store whose key may repeat still gets a report, worded "up to",
// when the key reads a variable of the loop: building an index by ID
// (m[u.ID] = u) is the common case and IDs are distinct. When keys do
// repeat, the hint over-allocates: the table is sized for len(src) entries
// instead of the distinct ones. That waste is bounded by the size the map
// would have with distinct keys, an amount of the order of the source
// itself, and the growth saved is at least one rehash of the final map.
// A store whose key does not depend on the iteration (the same key every
// time) is not reported. The key of a range over a map, the index of a
// range over a slice or array, and the counter of a counted loop are
// distinct in each iteration: those reports are exact.
//
// It stays silent in code that runs once (init functions, package-level
// variables, sync.Once bodies, main outside its loops and helpers called
// only from those), dead code, test code outside the measured loop of a
// benchmark, and rarely called code (constructors, factories, commands)
// outside a loop. Whether the fill loop is itself in a loop does not
// matter: the function may be hot.
//
// The suggested fix adds the capacity to the make (make([]T, 0, len(src)),
// make(map[K]V, len(src))) or replaces []T{} or map[K]V{} with that make.
// It is exactly equivalent but for cap. For a range over a call, the fix
// also stores the call's result in a new variable (src, or another name
// free there) just before the make and ranges over it: the call then runs
// before the make rather than after it, which changes nothing as long as
// no statement stands between the two; otherwise there is no fix. There
// is no fix, only the report,
// when the length reads a variable declared after the make, or when it
// goes through a pointer or an index (len(b.rows), len(rows[i:])) and
// statements stand between the make and the loop: one of them may be the
// nil or bounds check that guards it, or the Lock that makes reading it
// safe.
//
// There is no fix for var out []T, and its report has category nilslice.
// After a loop over an empty source, out is still nil; made with
// make([]T, 0, len(src)) it is an empty non-nil slice. The two differ in
// out == nil, in reflect.DeepEqual, and in encoding/json, which encodes a
// nil slice as null and an empty one as []. Deciding that no caller sees
// the difference needs the whole program. To keep nil for an empty source,
// write out = slices.Grow(out, len(src)) before the loop: it allocates
// only when len(src) > 0.
//
// Bad:
//
//	var bids []Bid
//	for _, row := range rows {
//		bids = append(bids, Bid{ID: row.ID, Price: row.Price})
//	}
//
//	byID := make(map[int64]*User)
//	for _, u := range users {
//		byID[u.ID] = u
//	}
//
// Good:
//
//	bids := make([]Bid, 0, len(rows))
//	for _, row := range rows {
//		bids = append(bids, Bid{ID: row.ID, Price: row.Price})
//	}
//
//	byID := make(map[int64]*User, len(users))
//	for _, u := range users {
//		byID[u.ID] = u
//	}
package makecap
