// Package orderbook holds real positives: linear searches over slices the
// package keeps sorted.
package orderbook

import (
	"cmp"
	"slices"
	"sort"
	"strings"
	"time"
)

type Level struct {
	Price float64
	Qty   float64
}

type OrderBook struct {
	bids []Level // descending by Price, maintained by in-order insertion
	asks []Level // ascending by Price, sorted after snapshots
}

// update keeps *levels sorted by inserting at the first lower price.
func (ob *OrderBook) update(levels *[]Level, price, qty float64) {
	for i, lvl := range *levels { // want `linear search with early exit on Price over sorted slice levels: use slices\.BinarySearchFunc`
		if lvl.Price == price {
			if qty == 0 {
				*levels = slices.Delete(*levels, i, i+1)
			} else {
				(*levels)[i].Qty = qty
			}
			return
		}
		if lvl.Price < price {
			if qty != 0 {
				*levels = slices.Insert(*levels, i, Level{price, qty})
			}
			return
		}
	}
	if qty != 0 {
		*levels = append(*levels, Level{price, qty})
	}
}

func (ob *OrderBook) ApplyBid(price, qty float64) { ob.update(&ob.bids, price, qty) }

func (ob *OrderBook) Snapshot(asks []Level) {
	ob.asks = append(ob.asks[:0], asks...)
	sort.Slice(ob.asks, func(i, j int) bool { return ob.asks[i].Price < ob.asks[j].Price })
}

// askQty looks up the quantity at a price on the sorted ask side.
func (ob *OrderBook) askQty(price float64) float64 {
	for _, lvl := range ob.asks { // want `linear search with early exit on Price over sorted slice ob\.asks: use slices\.BinarySearchFunc`
		if lvl.Price == price {
			return lvl.Qty
		}
		if lvl.Price > price {
			return 0
		}
	}
	return 0
}

// depthBelow counts levels cheaper than limit: a position, found linearly.
func (ob *OrderBook) depthBelow(limit float64) int {
	i := 0
	for i = 0; i < len(ob.asks) && ob.asks[i].Price < limit; { // want `linear search with early exit on Price over sorted slice ob\.asks: use slices\.BinarySearchFunc`
		i++
	}
	return i
}

// bestBidBelow has a bids loop reached through the parameter link: the
// field is passed for levels above.
func (ob *OrderBook) bestBidBelow(price float64) (Level, bool) {
	for i := 0; i < len(ob.bids); i++ { // want `linear search with early exit on Price over sorted slice ob\.bids: use slices\.BinarySearchFunc`
		if ob.bids[i].Price <= price {
			return ob.bids[i], true
		}
	}
	return Level{}, false
}

type Event struct {
	At   time.Time
	Name string
}

type byTime []Event

func (s byTime) Len() int           { return len(s) }
func (s byTime) Less(i, j int) bool { return s[i].At.Before(s[j].At) }
func (s byTime) Swap(i, j int)      { s[i], s[j] = s[j], s[i] }

type Schedule struct {
	events []Event
	names  []string
	ids    []int
}

func (s *Schedule) Load(evs []Event) {
	s.events = evs
	sort.Sort(byTime(s.events))
	s.names = make([]string, 0, len(evs))
	for _, e := range evs {
		s.names = append(s.names, e.Name)
	}
	sort.Strings(s.names)
	slices.SortFunc(evs, func(a, b Event) int { return strings.Compare(a.Name, b.Name) })
}

// hasName scans the sorted names for an exact match.
func (s *Schedule) hasName(name string) bool {
	for _, n := range s.names { // want `linear search with early exit over sorted slice s\.names: use slices\.BinarySearch`
		if n == name {
			return true
		}
	}
	return false
}

// firstAfter uses an integer-index loop; the slice is sorted by At
// through sort.Sort and the package's Less method.
func (s *Schedule) firstAfter(t time.Time) int {
	deadline := t.Unix()
	for i := 0; i < len(s.events); i++ {
		if s.events[i].At.Unix() > deadline { // a method call on the key is not a plain field comparison: not recognised
			return i
		}
	}
	return len(s.events)
}

// byName is sorted by Name through slices.SortFunc with strings.Compare.
func byName(evs []Event, name string) int {
	slices.SortFunc(evs, func(a, b Event) int { return strings.Compare(a.Name, b.Name) })
	for i, e := range evs { // want `linear search with early exit on Name over sorted slice evs: use slices\.BinarySearchFunc`
		if e.Name >= name {
			return i
		}
	}
	return -1
}

// idxOf: a local sorted with slices.Sort and a cmp-ordered loop.
func idxOf(ids []int, id int) int {
	slices.Sort(ids)
	for i, v := range ids { // want `linear search with early exit over sorted slice ids: use slices\.BinarySearch`
		if v >= id {
			return i
		}
	}
	return len(ids)
}

var _ = cmp.Compare[int]

// rankOf is only ever called with the sorted names.
func rankOf(sorted []string, name string) int {
	for i, s := range sorted { // want `linear search with early exit over sorted slice sorted: use slices\.BinarySearch`
		if s >= name {
			return i
		}
	}
	return len(sorted)
}

func (s *Schedule) rank(name string) int { return rankOf(s.names, name) }

type Tag struct{ Key, Value string }

// Tags appends and sorts again in the same function: the slice is kept
// sorted, and Find's linear search is reported.
type Tags struct {
	list []Tag
}

func (t *Tags) Add(k, v string) {
	t.list = append(t.list, Tag{k, v})
	sort.Slice(t.list, func(i, j int) bool { return t.list[i].Key < t.list[j].Key })
}

func (t *Tags) Find(k string) string {
	for _, e := range t.list { // want `linear search with early exit on Key over sorted slice t\.list`
		if e.Key == k {
			return e.Value
		}
	}
	return ""
}
