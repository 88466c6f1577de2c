// Package trimloop defines an Analyzer that reports loops which shrink a
// value one element at a time until its serialized form fits a size bound.
//
// # Analyzer trimloop
//
// trimloop: report serialize-measure-shrink loops that re-encode the whole value per removed element
//
// A loop that serializes a value (json.Marshal, a base64 or hex encoding,
// gob or xml encoding, fmt.Sprint and friends, strings.Join, a proto-like
// Marshal method), compares the length of the result with a limit and then
// removes a single element before trying again does O(n) work per
// iteration for up to n iterations: O(n²) encoding in the number of
// elements, with a fresh output buffer every time. Trimming 20 of 50
// entries this way encodes the value 21 times. The same result can be had
// by encoding each element once, subtracting the sizes of the elements
// removed, and encoding the value one final time; or, when the encoded
// size of an element cannot be known in isolation, by a binary search on
// the number of elements to drop, which encodes O(log n) times.
//
// The check requires, in the repeated part of one loop, a serializing call
// on a value (or a same-package helper whose body makes one), a comparison
// of the length of its result with a bound, and the removal of one element
// of that value: s = s[1:], s = s[:len(s)-1], s = slices.Delete(s, i, i+1),
// s = append(s[:i], s[i+1:]...) or one delete(m, k). Loops that remove many
// elements at once, that encode each element separately, or that retry
// without removing anything are not reported.
//
// For example:
//
//	for len(c.UIDs) > 0 {
//		data, _ := json.Marshal(c)
//		if len(base64.URLEncoding.EncodeToString(data)) <= maxCookieSize {
//			break
//		}
//		c.UIDs = c.UIDs[1:] // re-encodes the whole cookie per removed UID
//	}
//
// Better, when each element's share of the encoding is known:
//
//	data, _ := json.Marshal(c)
//	size := len(data)
//	n := 0
//	for base64.URLEncoding.EncodedLen(size) > maxCookieSize && n < len(c.UIDs) {
//		size -= uidJSONSize(c.UIDs[n]) // each element's share, computed once
//		n++
//	}
//	c.UIDs = c.UIDs[n:]
//
// or a binary search (sort.Search) on the number of elements to drop.
//
// # Fix
//
// Where it is exact, the finding carries a fix that replaces the loop by
// a search over the number of elements dropped. The loop
//
//	for len(c.UIDs) > 0 {
//		data, _ := json.Marshal(c)
//		if len(data) <= max {
//			break
//		}
//		c.UIDs = c.UIDs[1:]
//	}
//
// becomes
//
//	{
//		full := c.UIDs
//		fits := func(k int) bool {
//			c.UIDs = full[k:]
//			data, _ := json.Marshal(c)
//			return len(data) <= max
//		}
//		lo, hi := -1, 0
//		for hi < len(full) && !fits(hi) {
//			lo, hi = hi, 2*hi+1
//		}
//		if hi > len(full) {
//			hi = len(full)
//		}
//		drop := lo + 1 + sort.Search(hi-lo-1, func(i int) bool { return fits(lo + 1 + i) })
//		c.UIDs = full[drop:]
//	}
//
// (with a comment, and fresh names where these are taken). It encodes
// once when nothing needs dropping, as the loop does, and about
// 2·log2(d+1)+1 times to drop d elements, where the loop encodes d+1
// times: 15 encodings instead of 201 when all of 200 elements go, 4
// instead of 3 for d = 2. Drops of one or two elements cost the same or
// one encoding more.
//
// Why it is exact. Let s0 be the slice before the loop, n its length, and
// fits(k) the test of the loop run with s = s0[k:] (for s = s[1:]) or
// s = s0[:n-k] (for s = s[:len(s)-1]): the k-th iteration sees exactly
// that slice, with the same length, capacity and array. The loop leaves
// s0 with k* elements dropped, where k* is the first k < n with fits(k),
// or n if there is none; it never tests the empty slice. The fix tests
// fits(0), fits(1), fits(3), fits(7), ... until one holds or the index
// reaches n, then searches the last gap with sort.Search, which returns
// the first index at which its function holds provided the function is
// false up to some index and true from there on. That proviso is the
// whole argument: if fits is monotone in k — once the value fits with k
// elements dropped, it fits with more dropped — the first true index is
// k*, and the fix leaves s0[k*:] (or s0[:n-k*]), the loop's result to the
// capacity. fits is monotone when the measured length can only grow with
// one more element kept, the bound is the same in every test, and "fits"
// means "small" (size <= bound or size < bound). The fix also requires
// that a test have no effect and fail in no way the loop would not
// (below), since the fix runs tests the loop never runs (beyond k*) and
// skips some it runs. Its first test is fits(0), the loop's first, on the
// same slice and state: a deterministic panic (a nil pointer on the way
// to the bound) happens in both at the same point. That first test also
// encodes the largest value either ever encodes, so the fix needs no more
// memory at once than the loop (and its 2*hi+1 cannot overflow: the value
// would not fit in memory).
//
// The fix is offered only when every one of these holds; otherwise the
// finding stands without a fix:
//
//   - The loop is `for len(s) > 0 { defs; if fit { break }; removal }` or
//     `for len(s) > 0 && !fit { removal }`, with len(s) != 0 or
//     len(s) >= 1 as the guard, no init or post statement, no label, and
//     nothing else in the body. Guard first: `size > bound && len(s) > 0`
//     also encodes the empty slice. A loop with any other statement (a log
//     line, a counter) is not fixed, since the fix runs the body a
//     different number of times.
//
//   - The removal is `s = s[1:]` or `s = s[:len(s)-1]`, one per
//     iteration, s a slice named by variables and field selections (c.UIDs,
//     *p) written alike in the guard and the removal. A string is not a
//     slice here: dropping one byte can split a UTF-8 sequence, which
//     JSON then writes as a six-byte \ufffd. slices.Delete and
//     append(s[:i], s[i+1:]...) shift the array's elements and are not
//     fixed; two removals per iteration stop only at even counts.
//
//   - The defs define, with :=, the encoding and values derived from it
//     by the grammar
//
//     bytes = json.Marshal(v) | json.MarshalIndent(v, prefix, indent)
//     | strings.Join(s, sep) | string(bytes) | []byte(bytes)
//     | enc.EncodeToString(bytes) | hex.EncodeToString(bytes)
//     size  = len(bytes) | enc.EncodedLen(size) | hex.EncodedLen(size)
//
//     (enc a *base64.Encoding or *base32.Encoding; each can also be
//     inline or a variable defined earlier), with exactly one encoding.
//     Each form's length is a non-decreasing function of its operand's
//     (base64 is 4·ceil(m/3) bytes padded, ceil(8m/6) not; hex 2m), and
//     the encoding's length grows with the elements kept: strings.Join's
//     is their lengths plus one separator fewer than there are; the JSON
//     of a value holding s is fixed text around "[" + the elements'
//     encodings joined by "," + "]", each element's encoding independent
//     of its position (strings escaped one by one, maps by sorted keys).
//     For json.Marshal, v must hold s (c, *c, c.Inner, or a struct, array
//     or slice literal with s among its elements), and reading v calls
//     nothing.
//
//   - The JSON encoding runs only encoding/json's code and cannot fail:
//     the static type of v holds no interface or type parameter (the
//     dynamic type could have its own method), no MarshalJSON or
//     MarshalText method (the program's code would run a different number
//     of times; time.Time's fails beyond year 9999), no float (NaN and
//     infinities fail), complex number, channel, function or
//     unsafe.Pointer (unsupported), no json.Number (validated when
//     encoded), no map keyed by other than strings and integers, and no
//     recursive type (a cyclic value fails). A failed encoding is empty,
//     so with the error ignored a failure "fits" and fits is not
//     monotone; with the error checked the check would run in other
//     iterations. `data, err := json.Marshal(v)` is fixed only when the
//     next statement is `if err != nil { ... }` without init or else, and
//     err is used nowhere else: it can never run, and the fix drops it.
//
//   - The bound is the same in every test: an integer expression of
//     constants, variables declared outside the loop, their fields and
//     what pointers point to, with + - * / %, and integer conversions; no
//     call, no index, no len, and nothing derived from the encoding or
//     s. sep, prefix and indent and base64's encoding are read the same
//     way.
//
//   - The names the fix uses (int, bool, len, sort) mean what they mean
//     in the universe and package sort at the loop, sort can be imported
//     there, and the statements to copy start their lines and hold no
//     multi-line raw string. Comments inside the loop other than in the
//     copied statements are dropped.
//
// Not fixed, and why:
//
//   - The map form, delete(m, k) of a key chosen by a scan: the n-th
//     deletion depends on which keys the scan found in the map as the
//     earlier deletions left it, so "the value after k deletions" is not
//     a slice of the original that a search can build in one step, and a
//     `for k := range m` scan picks keys in an unspecified order that
//     differs between runs, so the loop's own result is not a function of
//     its input that a rewrite could be proven to match.
//   - xml, gob, asn1, fmt and proto-like Marshal methods: encoding/xml
//     fails on some values of a type it accepts (a ",comment" field
//     holding "--"), gob's encoder output depends on what it sent before,
//     fmt calls String and Error methods, and the others run code this
//     check does not look at.
//   - Helpers that encode (c.encodedLen() > max): their bodies are not
//     checked for the conditions above.
//   - Loops that return the encoding from inside (if len(b) <= max
//     { return b }), or carry it in a variable across iterations.
package trimloop
