// Package sortedsearch defines an Analyzer that reports linear searches
// over slices that the package keeps sorted.
//
// # Analyzer sortedsearch
//
// sortedsearch: report linear searches with an early exit over slices kept sorted by the same key
//
// A slice that is sorted (sort.Slice, sort.Sort, slices.SortFunc, ...) or
// filled by in-order insertion (slices.Insert at a position found by a
// search) can be searched in O(log n) comparisons with
// slices.BinarySearchFunc or sort.Search. Walking it element by element
// until an element's key reaches the wanted one costs O(n) per lookup; in
// an order book with 500 price levels updated on every market-data message
// that is hundreds of comparisons, and as many cache lines, per update
// instead of about nine.
//
// The check reports a range loop (or a forward index loop) over such a
// slice whose body only searches: every statement is an if whose condition
// compares an element's sort key with a loop-invariant value using <, <=,
// >, >= or == and whose branch leaves the loop (return, break, goto). The
// compared field must be the field the slice is sorted by, as read from the
// less or compare function or from the comparison that placed inserted
// elements. Loops that do work on every visited element (sum, expire,
// copy), loops over maps, arrays and slices the package never sorts,
// searches by another field, and loops that compare with a value that
// changes in the loop (a merge) are not reported. Nor is a field or
// package-level variable that a function appends to without sorting it or
// inserting into it in order in that function: it is sorted at times (a
// label builder sorts its list when it builds the set) but not kept
// sorted, and a binary search between would miss elements.
//
// For example:
//
//	sort.Slice(ob.bids, func(i, j int) bool { return ob.bids[i].Price > ob.bids[j].Price })
//	...
//	for i, lvl := range ob.bids {
//		if lvl.Price == price {
//			ob.bids[i].Qty = qty
//			return
//		}
//		if lvl.Price < price {
//			ob.bids = slices.Insert(ob.bids, i, Level{price, qty})
//			return
//		}
//	}
//	ob.bids = append(ob.bids, Level{price, qty})
//
// Better:
//
//	i, found := slices.BinarySearchFunc(ob.bids, price, func(l Level, p float64) int {
//		return cmp.Compare(p, l.Price) // bids are in descending order
//	})
//	if found {
//		ob.bids[i].Qty = qty
//		return
//	}
//	ob.bids = slices.Insert(ob.bids, i, Level{price, qty})
package sortedsearch
