package depthbook

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// Source names the stream the updates come from; every output line
// carries it.
type Source struct {
	Exchange string `json:"exchange"`
	Stream   string `json:"stream"`
}

// MaxMessage is the largest depth-update message Stream reads, in bytes.
const MaxMessage = 1 << 20

// topLine is the output line for the top of one book:
//
//	{"src":{"exchange":"binance","stream":"btcusdt@depth"},"s":"BTCUSDT","u":104,
//	 "b":["27000.10000000","1.50000"],"a":["27000.20000000","0.30000"]}
//
// Prices have eight decimals; quantities are as the feed sent them. A side
// without levels is left out.
type topLine struct {
	Src      json.RawMessage `json:"src"`
	Symbol   string          `json:"s"`
	UpdateID int64           `json:"u"`
	Bid      []string        `json:"b,omitempty"`
	Ask      []string        `json:"a,omitempty"`
}

// Stream reads depth-update messages from r, one per line, applies each to
// the book of its symbol in books (making new books as symbols appear)
// and writes the top of that book to w as a topLine after every update
// that changes it. It stops at the first error, having written the lines
// before it: a message that does not parse, an invalid symbol, or a gap in
// update IDs (a *GapError), after which the book must be reloaded.
//
// It is the served path, and deliberately slow: it parses with
// encoding/json, applies with Book.Apply and writes with writeTop.
// streamFast is the fixed form.
func Stream(r io.Reader, w io.Writer, src Source, books map[string]*Book) error {
	bw := bufio.NewWriter(w)
	err := stream(r, bw, src, books)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// stream is the loop of Stream, writing to bw.
func stream(r io.Reader, bw *bufio.Writer, src Source, books map[string]*Book) error {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxMessage)
	for sc.Scan() {
		u, err := ParseUpdate(sc.Bytes())
		if err != nil {
			return err
		}
		b, err := bookOf(books, u.Symbol)
		if err != nil {
			return err
		}
		applied, err := b.Apply(u)
		if err != nil {
			return err
		}
		if !applied {
			continue
		}
		if err := writeTop(bw, src, b); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading depth updates: %w", err)
	}
	return nil
}

// bookOf returns the book of symbol in books, adding an empty one if there
// is none. Symbols are 1 to 20 upper-case letters and digits.
func bookOf(books map[string]*Book, symbol string) (*Book, error) {
	if b := books[symbol]; b != nil {
		return b, nil
	}
	if len(symbol) == 0 || len(symbol) > 20 {
		return nil, fmt.Errorf("%w: symbol %q", ErrInvalidUpdate, symbol)
	}
	for i := 0; i < len(symbol); i++ {
		if c := symbol[i]; !('A' <= c && c <= 'Z' || '0' <= c && c <= '9') {
			return nil, fmt.Errorf("%w: symbol %q", ErrInvalidUpdate, symbol)
		}
	}
	b := &Book{Symbol: symbol}
	books[symbol] = b
	return b, nil
}

// writeTop writes the top of b as a topLine and a newline. It encodes src
// and formats the prices anew for every line.
func writeTop(w io.Writer, src Source, b *Book) error {
	head, err := json.Marshal(src)
	if err != nil {
		return err
	}
	line := topLine{Src: head, Symbol: b.Symbol, UpdateID: b.LastUpdateID}
	if l, ok := b.BestBid(); ok {
		line.Bid = []string{formatPrice(l.Price), l.Qty}
	}
	if l, ok := b.BestAsk(); ok {
		line.Ask = []string{formatPrice(l.Price), l.Qty}
	}
	data, err := json.Marshal(line)
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s\n", string(data))
	return err
}

// priceText caches the formatted text of every price printed, so that a
// price is formatted once.
var priceText = struct {
	sync.Mutex
	m map[float64]string
}{m: make(map[float64]string, 1024)}

// formatPrice formats price with eight decimals, through priceText.
func formatPrice(price float64) string {
	priceText.Lock()
	defer priceText.Unlock()
	if s, ok := priceText.m[price]; ok {
		return s
	}
	s := fmt.Sprintf("%.8f", price)
	priceText.m[price] = s
	return s
}

// streamFast is Stream with the fixed forms: ParseUpdatePooled, applyFast,
// and appendTop into one reused line buffer, with src encoded once. Its
// output and errors are Stream's.
func streamFast(r io.Reader, w io.Writer, src Source, books map[string]*Book) error {
	bw := bufio.NewWriter(w)
	err := streamFastTo(r, bw, src, books)
	if ferr := bw.Flush(); err == nil {
		err = ferr
	}
	return err
}

// streamFastTo is the loop of streamFast, writing to bw.
func streamFastTo(r io.Reader, bw *bufio.Writer, src Source, books map[string]*Book) error {
	head, err := json.Marshal(src)
	if err != nil {
		return err
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 4096), MaxMessage)
	var line []byte
	for sc.Scan() {
		u, err := ParseUpdatePooled(sc.Bytes())
		if err != nil {
			return err
		}
		b, err := bookOf(books, u.Symbol)
		if err != nil {
			return err
		}
		applied, err := b.applyFast(u)
		if err != nil {
			return err
		}
		if !applied {
			continue
		}
		line = appendTop(line[:0], head, b)
		if _, err := bw.Write(line); err != nil {
			return err
		}
	}
	if err := sc.Err(); err != nil {
		return fmt.Errorf("reading depth updates: %w", err)
	}
	return nil
}

// appendTop appends the topLine of b and a newline to dst, as writeTop
// writes it, with head the JSON encoding of the source. Symbols, prices
// and quantities are checked to need no JSON escaping (bookOf and
// Book.check).
func appendTop(dst, head []byte, b *Book) []byte {
	dst = append(dst, `{"src":`...)
	dst = append(dst, head...)
	dst = append(dst, `,"s":"`...)
	dst = append(dst, b.Symbol...)
	dst = append(dst, `","u":`...)
	dst = strconv.AppendInt(dst, b.LastUpdateID, 10)
	level := func(key string, l Level) {
		dst = append(dst, key...)
		dst = strconv.AppendFloat(dst, l.Price, 'f', 8, 64)
		dst = append(dst, `","`...)
		dst = append(dst, l.Qty...)
		dst = append(dst, `"]`...)
	}
	if l, ok := b.BestBid(); ok {
		level(`,"b":["`, l)
	}
	if l, ok := b.BestAsk(); ok {
		level(`,"a":["`, l)
	}
	return append(dst, "}\n"...)
}
