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
package trimloop
