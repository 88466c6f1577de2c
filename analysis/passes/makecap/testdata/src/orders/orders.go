// Package orders serves the order book of a marketplace: it loads rows
// from the database and turns them into API responses.
package orders

import (
	"errors"
	"sort"
	"strings"
	"sync"
)

// OrderRow is one row of the orders table.
type OrderRow struct {
	ID       int64
	Customer string
	Cents    int64
	Status   string
	Lines    []LineRow
}

// LineRow is one row of the order_lines table.
type LineRow struct {
	SKU string
	Qty int
}

// Order is the API form of an order.
type Order struct {
	ID       int64   `json:"id"`
	Customer string  `json:"customer"`
	Total    float64 `json:"total"`
}

// toAPI converts one row.
func toAPI(r OrderRow) Order {
	return Order{ID: r.ID, Customer: r.Customer, Total: float64(r.Cents) / 100}
}

// ListOrders converts the rows of a page of orders.
func ListOrders(rows []OrderRow) []Order {
	out := []Order{} // want `out grows by append to len\(rows\) elements: make it with make\(\[\]Order, 0, len\(rows\)\)`
	for _, r := range rows {
		out = append(out, toAPI(r))
	}
	return out
}

// ListOrderIDs returns the IDs of the rows.
func ListOrderIDs(rows []OrderRow) []int64 {
	ids := make([]int64, 0) // want `ids grows by append to len\(rows\) elements: make it with make\(\[\]int64, 0, len\(rows\)\)`
	for i := range rows {
		ids = append(ids, rows[i].ID)
	}
	return ids
}

// IndexByID builds the lookup table of the rows by ID.
func IndexByID(rows []OrderRow) map[int64]*OrderRow {
	byID := make(map[int64]*OrderRow) // want `byID grows to up to len\(rows\) entries without a size hint: make it with make\(map\[int64\]\*OrderRow, len\(rows\)\)`
	for i := range rows {
		r := &rows[i]
		byID[r.ID] = r
	}
	return byID
}

// Customers returns the customer of each order ID, sorted by ID.
func Customers(names map[int64]string) []string {
	keys := []int64{} // want `keys grows by append to len\(names\) elements: make it with make\(\[\]int64, 0, len\(names\)\)`
	for id := range names {
		keys = append(keys, id)
	}
	sort.Slice(keys, func(i, j int) bool { return keys[i] < keys[j] })
	out := make([]string, 0, len(keys)) // has its capacity
	for _, id := range keys {
		out = append(out, names[id])
	}
	return out
}

// Statuses copies a status table, keyed by status, into a new map.
func Statuses(counts map[string]int) map[string]int {
	copied := map[string]int{} // want `copied grows to len\(counts\) entries without a size hint: make it with make\(map\[string\]int, len\(counts\)\)`
	for status, n := range counts {
		copied[status] = n
	}
	byPos := make(map[int]string) // want `byPos grows to len\(keysOf\) entries without a size hint: make it with make\(map\[int\]string, len\(keysOf\)\)`
	keysOf := []string{"new", "paid", "shipped"}
	for i, k := range keysOf {
		byPos[i] = k
	}
	_ = byPos
	return copied
}

// Book caches the orders of one customer.
type Book struct {
	mu     sync.Mutex
	rows   []OrderRow
	byID   map[int64]int
	totals []int64
}

// Reindex rebuilds the position of each order in b.rows.
func (b *Book) Reindex() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.byID = make(map[int64]int) // want `b\.byID grows to up to len\(b\.rows\) entries without a size hint: make it with make\(map\[int64\]int, len\(b\.rows\)\)`
	for i, r := range b.rows {
		b.byID[r.ID] = i
	}
}

// Totals returns the total of each order, in cents.
func (b *Book) Totals() []int64 {
	var totals []int64 // want `totals grows by append to len\(b\.rows\) elements: make it with make\(\[\]int64, 0, len\(b\.rows\)\)`
	for _, r := range b.rows {
		totals = append(totals, r.Cents)
	}
	return totals
}

// Pages splits n orders into page numbers.
func Pages(n int) []int {
	pages := []int{} // want `pages grows by append to n elements: make it with make\(\[\]int, 0, n\)`
	for i := 0; i < n; i++ {
		pages = append(pages, i+1)
	}
	slots := make(map[int]bool) // want `slots grows to n entries without a size hint: make it with make\(map\[int\]bool, n\)`
	for i := range n {
		slots[i] = false
	}
	_ = slots
	return pages
}

// Lines flattens the lines of the orders; the lines are counted after the
// make, so the fix cannot move the count above it.
func Lines(rows []OrderRow) []string {
	skus := make([]string, 0) // want `skus grows by append to len\(flat\) elements: make it with make\(\[\]string, 0, len\(flat\)\)`
	flat := rows[0].Lines
	for _, l := range flat {
		skus = append(skus, l.SKU)
	}
	return skus
}

// Guarded returns the totals of a book that may be nil: len(b.rows) must
// not move above the nil check, so the report has no fix.
func Guarded(b *Book) []int64 {
	totals := []int64{} // want `totals grows by append to len\(b\.rows\) elements: make it with make\(\[\]int64, 0, len\(b\.rows\)\)`
	if b == nil {
		return nil
	}
	for _, r := range b.rows {
		totals = append(totals, r.Cents)
	}
	return totals
}

// Batch converts several pages; each page's slice is filled in a loop
// that is itself in a loop.
func Batch(pages [][]OrderRow) [][]Order {
	res := make([][]Order, 0, len(pages)) // has its capacity
	for _, page := range pages {
		conv := []Order{} // want `conv grows by append to len\(page\) elements: make it with make\(\[\]Order, 0, len\(page\)\)`
		for _, r := range page {
			conv = append(conv, toAPI(r))
		}
		res = append(res, conv)
	}
	return res
}

// ---- near misses ----

// Paid keeps the paid orders: the append is conditional, so len(rows) is
// only an upper bound.
func Paid(rows []OrderRow) []Order {
	var out []Order
	for _, r := range rows {
		if r.Status == "paid" {
			out = append(out, toAPI(r))
		}
	}
	return out
}

// Unfiltered skips the cancelled rows with continue: fine, a filtered
// slice is not reported (a filtered map copy is, see package filtered).
func Unfiltered(rows []OrderRow) []Order {
	out := []Order{}
	for _, r := range rows {
		if r.Status == "cancelled" {
			continue
		}
		out = append(out, toAPI(r))
	}
	return out
}

// FirstTen stops early: the loop may end before len(rows).
func FirstTen(rows []OrderRow) []int64 {
	ids := make([]int64, 0)
	for _, r := range rows {
		ids = append(ids, r.ID)
		if len(rows) > 10 {
			break
		}
	}
	return ids
}

// Validate returns an error at the first bad row: the loop then drops
// the slice, so on the way to a result it appends once per row.
func Validate(rows []OrderRow) ([]int64, error) {
	ids := []int64{} // want `ids grows by append to len\(rows\) elements: make it with make\(\[\]int64, 0, len\(rows\)\)`
	for _, r := range rows {
		if r.ID <= 0 {
			return nil, errors.New("orders: row without id")
		}
		ids = append(ids, r.ID)
	}
	return ids, nil
}

// A Page is one page of a listing reply.
type Page struct {
	Cursor    int64
	IDs       []int64
	ByCust    map[string]int64
	Customers []string
}

// ListPage makes the reply and fills two of its fields, one per row: the
// IDs field the literal leaves out is a nil slice, ByCust an empty map;
// Customers is filled conditionally.
func ListPage(cursor int64, rows []OrderRow) *Page {
	p := &Page{Cursor: cursor, ByCust: map[string]int64{}} // want `p\.IDs grows by append to len\(rows\) elements: make it with make\(\[\]int64, 0, len\(rows\)\)` `p\.ByCust grows to up to len\(rows\) entries without a size hint: make it with make\(map\[string\]int64, len\(rows\)\)`
	for _, r := range rows {
		p.IDs = append(p.IDs, r.ID)
	}
	for _, r := range rows {
		p.ByCust[r.Customer] = r.ID
	}
	for _, r := range rows {
		if r.Status == "open" {
			p.Customers = append(p.Customers, r.Customer)
		}
	}
	return p
}

// Positional lists every field: none is left empty to fill.
func Positional(rows []OrderRow) Page {
	p := Page{0, nil, nil, nil}
	for _, r := range rows {
		p.IDs = append(p.IDs, r.ID)
	}
	return p
}

// JoinNonNull returns nil, with no error, at the first null column, as
// SQL's CONCAT does: the loop then drops the slice, so on the way to a
// result it appends once per column.
func JoinNonNull(cols []*string) (*string, error) {
	var parts []string // want `parts grows by append to len\(cols\) elements: make it with make\(\[\]string, 0, len\(cols\)\)`
	for _, c := range cols {
		if c == nil {
			return nil, nil
		}
		parts = append(parts, *c)
	}
	s := strings.Join(parts, "")
	return &s, nil
}

// FirstEmpty returns the index of the first empty name, a result other
// than zero values: the loop may end early on the way to it.
func FirstEmpty(names []string) (int, []string) {
	var seen []string
	for i, n := range names {
		if n == "" {
			return i, seen
		}
		seen = append(seen, n)
	}
	return -1, seen
}

// UpToBad returns what it has at the first bad row, with no error: the
// loop may end early on the way to a result.
func UpToBad(rows []OrderRow) ([]int64, error) {
	ids := []int64{}
	for _, r := range rows {
		if r.ID <= 0 {
			return ids, nil
		}
		ids = append(ids, r.ID)
	}
	return ids, nil
}

// SKUs appends all lines of each order: several elements per iteration.
func SKUs(rows []OrderRow) []LineRow {
	var lines []LineRow
	for _, r := range rows {
		lines = append(lines, r.Lines...)
	}
	return lines
}

// Pairs appends two elements per iteration.
func Pairs(rows []OrderRow) []int64 {
	var v []int64
	for _, r := range rows {
		v = append(v, r.ID, r.Cents)
	}
	return v
}

// Running reads the slice in the loop: it is used other than by append.
func Running(rows []OrderRow) []int64 {
	sums := []int64{}
	for _, r := range rows {
		prev := int64(0)
		if len(sums) > 0 {
			prev = sums[len(sums)-1]
		}
		sums = append(sums, prev+r.Cents)
	}
	return sums
}

// Sized already has its capacity and size hint.
func Sized(rows []OrderRow) ([]int64, map[int64]bool) {
	ids := make([]int64, 0, len(rows))
	seen := make(map[int64]bool, len(rows))
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	for _, r := range rows {
		seen[r.ID] = true
	}
	return ids, seen
}

// Prefixed has a first element before the loop: the append and the loop
// add 1+len(rows) elements.
func Prefixed(rows []OrderRow) []string {
	cols := []string{} // want `cols grows by append to 1\+len\(rows\) elements: make it with make\(\[\]string, 0, 1\+len\(rows\)\)`
	cols = append(cols, "id")
	for _, r := range rows {
		cols = append(cols, r.Customer)
	}
	return cols
}

// Runes ranges over a string, which goes by rune, not by byte.
func Runes(s string) []rune {
	var rs []rune
	for _, r := range s {
		rs = append(rs, r)
	}
	return rs
}

// Drain ranges over a channel, whose length is not known before.
func Drain(ch <-chan Order) []Order {
	var got []Order
	for o := range ch {
		got = append(got, o)
	}
	return got
}

// Reloaded changes rows between the make and the loop: len(rows) at the
// make would be the old length.
func Reloaded(rows []OrderRow, load func() []OrderRow) []int64 {
	ids := make([]int64, 0)
	rows = load()
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids
}

// ByStatus groups orders: the key repeats, and the store reads the map.
func ByStatus(rows []OrderRow) map[string][]int64 {
	groups := make(map[string][]int64)
	for _, r := range rows {
		groups[r.Status] = append(groups[r.Status], r.ID)
	}
	return groups
}

// Flag stores the same key in every iteration: one entry, not len(rows).
func Flag(rows []OrderRow) map[string]bool {
	flags := map[string]bool{}
	for _, r := range rows {
		flags["seen"] = r.ID > 0
	}
	return flags
}

// Grow changes n in the loop, so the count is not known before.
func Grow(n int) []int {
	var v []int
	for i := 0; i < n; i++ {
		v = append(v, i)
		if i == 3 {
			n--
		}
	}
	return v
}

// FromOne starts at 1: not the counted loop the check knows.
func FromOne(n int) []int {
	var v []int
	for i := 1; i < n; i++ {
		v = append(v, i)
	}
	return v
}

// Fetched ranges over a call: len(fetch()) would call it twice, so the
// fix stores its result first (the range calls it once, too).
func Fetched(fetch func() []OrderRow) []int64 {
	ids := []int64{} // want `ids grows by append to len\(fetch\(\)\) elements: store fetch\(\) in src before it and make it with make\(\[\]int64, 0, len\(src\)\)`
	for _, r := range fetch() {
		ids = append(ids, r.ID)
	}
	return ids
}

// Sum adds into the map: m[k] += v reads the map.
func Sum(rows []OrderRow) map[string]int64 {
	sum := map[string]int64{}
	for _, r := range rows {
		sum[r.Customer] += r.Cents
	}
	return sum
}

// Redone reassigns the slice in the loop.
func Redone(rows []OrderRow) []int64 {
	ids := []int64{}
	for _, r := range rows {
		ids = append(ids, r.ID)
		if len(rows) > 100 {
			ids = nil
		}
	}
	return ids
}

// Nested appends inside a nested loop: once per line, not per row.
func Nested(rows []OrderRow) []string {
	var skus []string
	for _, r := range rows {
		for _, l := range r.Lines {
			skus = append(skus, l.SKU)
		}
	}
	return skus
}

// Tables are built once, when the package is initialised.
var statusNames = func() map[int]string {
	m := make(map[int]string)
	for i, s := range []string{"new", "paid", "shipped"} {
		m[i] = s
	}
	return m
}()

var (
	codesOnce sync.Once
	codes     map[string]int
)

// Code returns the code of a status; the table is built once.
func Code(status string) int {
	codesOnce.Do(func() {
		codes = make(map[string]int)
		for i, s := range statusNames {
			codes[s] = i
		}
	})
	return codes[status]
}

func init() {
	seen := make(map[string]bool)
	for _, s := range statusNames {
		seen[s] = true
	}
	_ = seen
}

// NewBook is a constructor, called when the service starts.
func NewBook(rows []OrderRow) *Book {
	b := &Book{rows: rows}
	b.byID = make(map[int64]int)
	for i, r := range rows {
		b.byID[r.ID] = i
	}
	return b
}

// Debug is dead code behind a constant.
const debug = false

// Dump lists the IDs when debugging.
func Dump(rows []OrderRow) []int64 {
	if debug {
		var ids []int64
		for _, r := range rows {
			ids = append(ids, r.ID)
		}
		return ids
	}
	return nil
}

// Small fills a map with a constant number of entries that fits in one
// group: a map of up to 8 entries never grows.
func Small(names [4]string) map[string]int {
	pos := make(map[string]int)
	for i, n := range names {
		pos[n] = i
	}
	for i := range 8 {
		pos[names[i%4]] = i
	}
	return pos
}

// Buckets fills a map with a constant number of entries beyond one group.
func Buckets() map[int][]int64 {
	b := map[int][]int64{} // want `b grows to 64 entries without a size hint: make it with make\(map\[int\]\[\]int64, 64\)`
	for i := 0; i < 64; i++ {
		b[i] = nil
	}
	return b
}

// Tail converts the rows after the first: a slice of the rows is a fine
// length too.
func Tail(rows []OrderRow, from int) []Order {
	out := make([]Order, 0) // want `out grows by append to len\(rows\[from:\]\) elements: make it with make\(\[\]Order, 0, len\(rows\[from:\]\)\)`
	for _, r := range rows[from:] {
		out = append(out, toAPI(r))
	}
	return out
}

// Snapshot copies the rows under the book's lock: len(b.rows) must not move
// above the Lock, so the report has no fix.
func (b *Book) Snapshot() []int64 {
	ids := []int64{} // want `ids grows by append to len\(b\.rows\) elements: make it with make\(\[\]int64, 0, len\(b\.rows\)\)`
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, r := range b.rows {
		ids = append(ids, r.ID)
	}
	return ids
}

// Lowered folds the keys to lower case: two keys may become one, so the
// count is an upper bound.
func Lowered(counts map[string]int) map[string]int {
	out := make(map[string]int) // want `out grows to up to len\(counts\) entries without a size hint: make it with make\(map\[string\]int, len\(counts\)\)`
	for k, n := range counts {
		k = strings.ToLower(k)
		out[k] = n
	}
	return out
}
