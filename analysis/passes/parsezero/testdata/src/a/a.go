package a

import (
	"fmt"
	"strconv"
)

type Level struct {
	Price, Qty string
}

type Book struct {
	bids map[string]float64
}

// The quantity is parsed only to find deleted levels.
func isZeroQuantity(qty string) bool {
	f, _ := strconv.ParseFloat(qty, 64) // want `strconv\.ParseFloat parses a float only to compare f with 0: scan the bytes for '0' and '\.' if the input is plain decimal`
	return f == 0
}

func (b *Book) apply(levels []Level) error {
	for _, l := range levels {
		q, err := strconv.ParseFloat(l.Qty, 64) // want `strconv\.ParseFloat parses a float only to compare q with 0: scan the bytes for '0' and '\.' if the input is plain decimal`
		if err != nil {
			return fmt.Errorf("level %s: %w", l.Price, err)
		}
		if q == 0 {
			delete(b.bids, l.Price)
			continue
		}
		b.bids[l.Price] = 1
	}
	return nil
}

func nonZero(levels []Level) int {
	n := 0
	for _, l := range levels {
		if v, err := strconv.ParseFloat(l.Qty, 32); err == nil && (0.0 != v) { // want `only to compare v with 0`
			n++
		}
	}
	return n
}

func countEmpty(qs []string) (n int) {
	for _, q := range qs {
		var f, _ = strconv.ParseFloat(q, 64) // want `only to compare f with 0`
		if f != 0 {
			continue
		}
		n++
	}
	return n
}

// Near-misses.

// The value is stored: the parse is needed.
func (b *Book) set(l Level) error {
	q, err := strconv.ParseFloat(l.Qty, 64)
	if err != nil {
		return err
	}
	if q == 0 {
		delete(b.bids, l.Price)
		return nil
	}
	b.bids[l.Price] = q
	return nil
}

// Compared with a non-zero constant.
func isOne(s string) bool {
	f, _ := strconv.ParseFloat(s, 64)
	return f == 1
}

// An ordered comparison: "-1" and "0.5" differ, so a byte scan is no
// substitute.
func positive(s string) bool {
	f, err := strconv.ParseFloat(s, 64)
	return err == nil && f > 0
}

// The result is passed on.
func total(qs []string) float64 {
	var sum float64
	for _, q := range qs {
		f, _ := strconv.ParseFloat(q, 64)
		if f == 0 {
			continue
		}
		sum += f
	}
	return sum
}

// Only the error is used: a validity check, not a zero test.
func valid(s string) bool {
	_, err := strconv.ParseFloat(s, 64)
	return err == nil
}

// Assigned to an existing variable that has other uses.
func reuse(s string) (f float64, ok bool) {
	var err error
	f, err = strconv.ParseFloat(s, 64)
	return f, err == nil && f != 0
}

// Run once at start-up.
var zeroDefault = func() bool {
	f, _ := strconv.ParseFloat("0.0", 64)
	return f == 0
}()

func init() {
	f, _ := strconv.ParseFloat("1e-9", 64)
	if f == 0 {
		panic("bad epsilon")
	}
}

// A function literal declared in a local var declaration runs per call.
func handlers() []func(string) bool {
	var isZero = func(s string) bool {
		f, _ := strconv.ParseFloat(s, 64) // want `only to compare f with 0`
		return f == 0
	}
	return []func(string) bool{isZero}
}
