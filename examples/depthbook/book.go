package depthbook

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strconv"
)

// Level is a price level of a book: a price and the quantity resting at
// it, as the feed sent it (a plain decimal string).
type Level struct {
	Price float64
	Qty   string
}

// Book is the order book of one symbol: bids in descending and asks in
// ascending order of price, with the last update ID applied.
type Book struct {
	Symbol       string
	LastUpdateID int64
	Bids         []Level
	Asks         []Level
}

// GapError is returned by Apply for an update that does not follow the
// last one applied: updates were lost, and the book must be reloaded from
// a snapshot.
type GapError struct {
	Symbol    string
	Want, Got int64 // the first update ID expected and the one received
}

func (e *GapError) Error() string {
	return fmt.Sprintf("depth update gap for %s: want first update ID %d, got %d", e.Symbol, e.Want, e.Got)
}

// ErrInvalidUpdate is wrapped by the errors of Apply for malformed updates.
var ErrInvalidUpdate = errors.New("invalid depth update")

// Snapshot is the full book of a symbol as a REST depth endpoint returns
// it.
type Snapshot struct {
	LastUpdateID int64       `json:"lastUpdateId"`
	Bids         [][2]string `json:"bids"`
	Asks         [][2]string `json:"asks"`
}

// Load replaces the book's levels with those of snap, whose prices it
// parses with strconv.ParseFloat. Levels with a zero quantity are left
// out.
func (b *Book) Load(snap *Snapshot) error {
	load := func(raw [][2]string) ([]Level, error) {
		levels := make([]Level, 0, len(raw))
		for _, l := range raw {
			if !plainDecimal(l[0]) || !plainDecimal(l[1]) {
				return nil, fmt.Errorf("%w: snapshot level %q", ErrInvalidUpdate, l)
			}
			p, err := strconv.ParseFloat(l[0], 64)
			if err != nil {
				return nil, err
			}
			if !zeroQty(l[1]) {
				levels = append(levels, Level{Price: p, Qty: l[1]})
			}
		}
		return levels, nil
	}
	bids, err := load(snap.Bids)
	if err != nil {
		return err
	}
	asks, err := load(snap.Asks)
	if err != nil {
		return err
	}
	sort.Slice(bids, func(i, j int) bool { return bids[i].Price > bids[j].Price })
	sort.Slice(asks, func(i, j int) bool { return asks[i].Price < asks[j].Price })
	b.Bids, b.Asks, b.LastUpdateID = bids, asks, snap.LastUpdateID
	return nil
}

// BestBid returns the highest bid; ok is false if there are no bids.
func (b *Book) BestBid() (l Level, ok bool) {
	if len(b.Bids) == 0 {
		return Level{}, false
	}
	return b.Bids[0], true
}

// BestAsk returns the lowest ask; ok is false if there are no asks.
func (b *Book) BestAsk() (l Level, ok bool) {
	if len(b.Asks) == 0 {
		return Level{}, false
	}
	return b.Asks[0], true
}

// check validates u against the book: applied is false, with a nil error,
// for an update older than the book; a *GapError reports an update that
// starts after the next expected ID. A book with LastUpdateID 0 accepts
// any update.
func (b *Book) check(u *DepthUpdate) (apply bool, err error) {
	if u.FirstID > u.LastID {
		return false, fmt.Errorf("%w: first update ID %d after last %d", ErrInvalidUpdate, u.FirstID, u.LastID)
	}
	for _, side := range [2][][2]string{u.Bids, u.Asks} {
		for _, l := range side {
			if !plainDecimal(l[0]) || !plainDecimal(l[1]) {
				return false, fmt.Errorf("%w: level %q", ErrInvalidUpdate, l)
			}
		}
	}
	if b.LastUpdateID == 0 {
		return true, nil
	}
	if u.LastID <= b.LastUpdateID {
		return false, nil
	}
	if u.FirstID > b.LastUpdateID+1 {
		return false, &GapError{Symbol: b.Symbol, Want: b.LastUpdateID + 1, Got: u.FirstID}
	}
	return true, nil
}

// Apply applies u to the book and reports whether it did: an update that
// the book already covers is skipped. It returns a *GapError if updates
// were lost, and an error wrapping ErrInvalidUpdate for a malformed
// update; the book is unchanged then.
//
// It is on the served path and deliberately slow: prices go through
// parsePrice, zero quantities are found with strconv.ParseFloat, and
// levels are found by walking the sorted sides. applyFast is the fixed
// form.
func (b *Book) Apply(u *DepthUpdate) (bool, error) {
	ok, err := b.check(u)
	if !ok {
		return false, err
	}
	for _, l := range u.Bids {
		b.Bids = setBid(b.Bids, parsePrice(l[0]), l[1])
	}
	for _, l := range u.Asks {
		b.Asks = setAsk(b.Asks, parsePrice(l[0]), l[1])
	}
	b.LastUpdateID = u.LastID
	return true, nil
}

// setBid sets the quantity at price among bids, in descending order: it
// walks from the best bid to the level or to the first lower price.
func setBid(bids []Level, price float64, qty string) []Level {
	for i, lvl := range bids {
		if lvl.Price == price {
			if isZeroQty(qty) {
				return slices.Delete(bids, i, i+1)
			}
			bids[i].Qty = qty
			return bids
		}
		if lvl.Price < price {
			if isZeroQty(qty) {
				return bids
			}
			return slices.Insert(bids, i, Level{price, qty})
		}
	}
	if isZeroQty(qty) {
		return bids
	}
	return append(bids, Level{price, qty})
}

// setAsk sets the quantity at price among asks, in ascending order.
func setAsk(asks []Level, price float64, qty string) []Level {
	for i, lvl := range asks {
		if lvl.Price == price {
			if isZeroQty(qty) {
				return slices.Delete(asks, i, i+1)
			}
			asks[i].Qty = qty
			return asks
		}
		if lvl.Price > price {
			if isZeroQty(qty) {
				return asks
			}
			return slices.Insert(asks, i, Level{price, qty})
		}
	}
	if isZeroQty(qty) {
		return asks
	}
	return append(asks, Level{price, qty})
}

// parsePrice parses a plain decimal price ("27000.10"). It was written to
// beat strconv.ParseFloat, and builds the value digit by digit: each
// fraction digit adds its rounding error, so a fifth of two-decimal
// prices come out an ulp away from the float64 that strconv.ParseFloat
// (or any JSON decoder) gives for the same text.
func parsePrice(s string) float64 {
	var v, place float64
	frac := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c == '.' {
			frac = true
			place = 0.1
			continue
		}
		d := float64(c - '0')
		if frac {
			v += d * place
			place *= 0.1
		} else {
			v = v*10 + d
		}
	}
	return v
}

// pow10 holds the powers of ten that a float64 represents exactly.
var pow10 = [...]float64{1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
	1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22}

// parsePriceExact parses a plain decimal price to the float64 that
// strconv.ParseFloat returns, as fast as parsePrice: it accumulates the
// digits in an integer and divides it once by an exact power of ten. With
// at most 15 significant digits the integer is below 2⁵³, so both
// operands are exact and the division rounds once, correctly (the fast
// path of strconv.ParseFloat, after W. D. Clinger, "How to read floating
// point numbers accurately", PLDI 1990). Longer inputs, and anything but
// a plain decimal, go to strconv.ParseFloat.
func parsePriceExact(s string) (float64, error) {
	var mant uint64
	digits, frac := 0, -1 // significant digits; digits after the point, -1 before it
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '.' && frac < 0 && i > 0:
			frac = 0
			continue
		case c < '0' || c > '9':
			return strconv.ParseFloat(s, 64)
		}
		if frac >= 0 {
			frac++
		}
		if mant == 0 && c == '0' {
			continue // a leading zero
		}
		mant = mant*10 + uint64(c-'0')
		if digits++; digits > 15 {
			return strconv.ParseFloat(s, 64)
		}
	}
	if len(s) == 0 || frac >= len(pow10) {
		return strconv.ParseFloat(s, 64)
	}
	return float64(mant) / pow10[max(frac, 0)], nil
}

// isZeroQty reports whether the plain decimal qty is zero, with a full
// float parse.
func isZeroQty(qty string) bool {
	f, err := strconv.ParseFloat(qty, 64)
	return err == nil && f == 0
}

// plainDecimal reports whether s is digits with at most one '.' among or
// after them: the form of prices and quantities on the feed.
func plainDecimal(s string) bool {
	digits, dots := 0, 0
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case '0' <= c && c <= '9':
			digits++
		case c == '.' && i > 0:
			dots++
		default:
			return false
		}
	}
	return digits > 0 && dots <= 1 && len(s) <= 32
}

// zeroQty reports whether the plain decimal qty is zero: all its digits
// are '0'.
func zeroQty(qty string) bool {
	for i := 0; i < len(qty); i++ {
		if qty[i] != '0' && qty[i] != '.' {
			return false
		}
	}
	return true
}

// applyFast is Apply with the fixed forms: prices parsed by
// parsePriceExact (as strconv.ParseFloat, exactly), zero quantities found
// by a byte scan, and
// levels found by binary search. On a book whose prices all came through
// Apply, the two agree to eight decimals; on a book loaded from a
// snapshot, Apply misses levels that applyFast finds.
func (b *Book) applyFast(u *DepthUpdate) (bool, error) {
	ok, err := b.check(u)
	if !ok {
		return false, err
	}
	for _, l := range u.Bids {
		p, err := parsePriceExact(l[0])
		if err != nil {
			return false, err // plainDecimal checked it: cannot happen
		}
		b.Bids = setLevel(b.Bids, p, l[1], true)
	}
	for _, l := range u.Asks {
		p, err := parsePriceExact(l[0])
		if err != nil {
			return false, err
		}
		b.Asks = setLevel(b.Asks, p, l[1], false)
	}
	b.LastUpdateID = u.LastID
	return true, nil
}

// setLevel sets the quantity at price on one side, found by binary search:
// bids (desc) in descending, asks in ascending order.
func setLevel(levels []Level, price float64, qty string, desc bool) []Level {
	i, found := slices.BinarySearchFunc(levels, price, func(l Level, p float64) int {
		if desc {
			return cmp.Compare(p, l.Price)
		}
		return cmp.Compare(l.Price, p)
	})
	switch {
	case zeroQty(qty) && found:
		return slices.Delete(levels, i, i+1)
	case zeroQty(qty):
		return levels
	case found:
		levels[i].Qty = qty
		return levels
	}
	return slices.Insert(levels, i, Level{price, qty})
}
