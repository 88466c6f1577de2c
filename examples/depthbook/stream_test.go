package depthbook

import (
	"bytes"
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

var testSource = Source{Exchange: "binance", Stream: "btcusdt@depth"}

func TestStream(t *testing.T) {
	in := strings.Join([]string{
		`{"e":"depthUpdate","E":1695000000001,"s":"BTCUSDT","U":101,"u":104,"b":[["27000.10","1.50000"],["26999.90","2.00000"]],"a":[["27000.20","0.30000"]]}`,
		`{"e":"depthUpdate","E":1695000000002,"s":"BTCUSDT","U":103,"u":104,"b":[["1.00","1.00000"]],"a":[]}`,
		`{"e":"depthUpdate","E":1695000000003,"s":"BTCUSDT","U":105,"u":105,"b":[["27000.10","0.00000"]],"a":[["27000.20","0.00000"]]}`,
		`{"e":"depthUpdate","E":1695000000004,"s":"ETHUSDT","U":7,"u":9,"b":[],"a":[["1843.23","4.25000"]]}`,
		`{"e":"depthUpdate","E":1695000000005,"s":"BTCUSDT","U":107,"u":108,"b":[],"a":[]}`,
		`{"e":"depthUpdate","E":1695000000006,"s":"BTCUSDT","U":109,"u":110,"b":[],"a":[]}`,
	}, "\n")
	want := strings.Join([]string{
		`{"src":{"exchange":"binance","stream":"btcusdt@depth"},"s":"BTCUSDT","u":104,"b":["27000.10000000","1.50000"],"a":["27000.20000000","0.30000"]}`,
		// The second update is stale: no line.
		`{"src":{"exchange":"binance","stream":"btcusdt@depth"},"s":"BTCUSDT","u":105,"b":["26999.90000000","2.00000"]}`,
		`{"src":{"exchange":"binance","stream":"btcusdt@depth"},"s":"ETHUSDT","u":9,"a":["1843.23000000","4.25000"]}`,
		// The fifth update skips 106: a gap ends the stream.
		``,
	}, "\n")
	for _, form := range []struct {
		name   string
		stream func(r *strings.Reader, w *bytes.Buffer) error
	}{
		{"Stream", func(r *strings.Reader, w *bytes.Buffer) error { return Stream(r, w, testSource, map[string]*Book{}) }},
		{"streamFast", func(r *strings.Reader, w *bytes.Buffer) error {
			return streamFast(r, w, testSource, map[string]*Book{})
		}},
	} {
		var out bytes.Buffer
		err := form.stream(strings.NewReader(in), &out)
		var gap *GapError
		if !errors.As(err, &gap) || *gap != (GapError{Symbol: "BTCUSDT", Want: 106, Got: 107}) {
			t.Errorf("%s error = %v, want a gap at 106", form.name, err)
		}
		if out.String() != want {
			t.Errorf("%s wrote\n%s\nwant\n%s", form.name, out.String(), want)
		}
	}
}

// TestStreamFastMatches runs both forms on random streams, with gaps, and
// compares their output and errors byte for byte.
func TestStreamFastMatches(t *testing.T) {
	for seed := range uint64(20) {
		f := newFeed(100 + seed)
		f.walk, f.noise, f.gaps, f.stale = 1, true, true, true
		in := f.stream(2000)
		var slow, fast bytes.Buffer
		errSlow := Stream(bytes.NewReader(in), &slow, testSource, map[string]*Book{})
		errFast := streamFast(bytes.NewReader(in), &fast, testSource, map[string]*Book{})
		if slow.Len() == 0 {
			t.Fatalf("seed %d: no output before error %v", seed, errSlow)
		}
		if !bytes.Equal(slow.Bytes(), fast.Bytes()) {
			t.Fatalf("seed %d: outputs differ:\nStream     %d bytes\nstreamFast %d bytes", seed, slow.Len(), fast.Len())
		}
		var gs, gf *GapError
		if errors.As(errSlow, &gs) != errors.As(errFast, &gf) || (gs != nil && *gs != *gf) || (gs == nil && (errSlow != nil || errFast != nil)) {
			t.Fatalf("seed %d: Stream error = %v, streamFast error = %v", seed, errSlow, errFast)
		}
	}
}

// TestPriceTextGrows shows the unbounded cache of writeTop: priceText
// keeps an entry for every distinct price printed, and nothing removes
// any. A day of a liquid symbol prints hundreds of thousands of them.
func TestPriceTextGrows(t *testing.T) {
	f := newFeed(7)
	f.walk = 40  // a trending market
	f.spread = 2 // levels near the mid: the top moves with it
	in := f.stream(5000)
	var out bytes.Buffer
	if err := Stream(bytes.NewReader(in), &out, testSource, map[string]*Book{}); err != nil {
		t.Fatal(err)
	}
	printed := make(map[string]bool)
	for line := range strings.Lines(out.String()) {
		var top topLine
		if err := json.Unmarshal([]byte(line), &top); err != nil {
			t.Fatal(err)
		}
		for _, side := range [][]string{top.Bid, top.Ask} {
			if len(side) == 2 {
				printed[side[0]] = true
			}
		}
	}
	priceText.Lock()
	cached := make(map[string]bool, len(priceText.m))
	for _, s := range priceText.m {
		cached[s] = true
	}
	priceText.Unlock()
	for p := range printed {
		if !cached[p] {
			t.Fatalf("price %s was printed but is not in priceText", p)
		}
	}
	if len(printed) < 200 {
		t.Errorf("%d distinct prices printed over 5000 updates, want more than 200", len(printed))
	}
	t.Logf("priceText holds %d entries after 5000 updates", len(cached))
}
