package progress

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// clock is a fake clock that tests move by hand.
type clock struct{ t time.Time }

func (c *clock) now() time.Time          { return c.t }
func (c *clock) advance(d time.Duration) { c.t = c.t.Add(d) }
func newClock() *clock                   { return &clock{t: time.Date(2026, 11, 26, 12, 0, 0, 0, time.UTC)} }
func lines(b *bytes.Buffer) []string {
	return strings.Split(strings.TrimSuffix(b.String(), "\n"), "\n")
}
func testMeter(mode Mode) (*Meter, *clock, *bytes.Buffer) {
	c := newClock()
	var b bytes.Buffer
	return newMeter(&b, mode, "perfproof: scan: ", Delay, c.now), c, &b
}

func TestSilentWithinDelay(t *testing.T) {
	for _, mode := range []Mode{Plain, Live} {
		m, c, b := testMeter(mode)
		m.Set("loading packages")
		for range 9 {
			c.advance(100 * time.Millisecond)
			m.Count("loaded 10 packages; analysed", 5, 10)
			m.tick()
		}
		m.Count("loaded 10 packages; analysed", 10, 10)
		m.Stop()
		if b.Len() != 0 {
			t.Errorf("%v: a run of 0.9 s wrote %q, want nothing", mode, b.String())
		}
	}
}

func TestPlain(t *testing.T) {
	m, c, b := testMeter(Plain)
	m.Set("loading packages")
	c.advance(1500 * time.Millisecond)
	m.tick() // past the delay: the first line
	const text = "loaded 200 packages; analysed"
	// 200 packages, one every 100 ms, for 20 s.
	for i := 1; i <= 200; i++ {
		c.advance(100 * time.Millisecond)
		m.Count(text, i, 200)
		m.tick()
	}
	m.Stop()
	got := lines(b)
	// 21.5 s: a line at 1.5 s, one as the text changes at 1.6 s, then
	// one at most every 5 s (6.6, 11.6, 16.6 s), then the final one.
	if len(got) != 6 {
		t.Fatalf("plain lines over 21.5 s = %d, want 6:\n%s", len(got), b)
	}
	if got[0] != "perfproof: scan: loading packages" {
		t.Errorf("first line = %q, want the status after the delay", got[0])
	}
	if want := "perfproof: scan: loaded 200 packages; analysed 1/200 (0 %)"; got[1] != want {
		t.Errorf("second line = %q, want %q: a new text shows at once, without ETA under 10 %%", got[1], want)
	}
	// At 6.6 s, 51 of 200 took 5 s since the count began at 1.6 s:
	// 5 s × 149/51 = 14.6 s left.
	if want := "perfproof: scan: loaded 200 packages; analysed 51/200 (25 %), ETA 15 s"; got[2] != want {
		t.Errorf("third line = %q, want %q", got[2], want)
	}
	if want := "perfproof: scan: loaded 200 packages; analysed 200/200 (100 %), took 22 s"; got[5] != want {
		t.Errorf("final line = %q, want %q", got[5], want)
	}
	if strings.Contains(b.String(), "\r") {
		t.Errorf("plain output has a carriage return:\n%q", b)
	}
}

func TestPlainUnchangedStatus(t *testing.T) {
	m, c, b := testMeter(Plain)
	m.Set("running benchmarks")
	for range 100 {
		c.advance(time.Second)
		m.tick()
	}
	if got := lines(b); len(got) != 1 {
		t.Errorf("a status unchanged for 100 s wrote %d lines, want 1:\n%s", len(got), b)
	}
}

func TestLive(t *testing.T) {
	m, c, b := testMeter(Live)
	c.advance(Delay)
	// 1000 updates in 5 s (one each 5 ms): at most 10 redraws a second.
	for i := 1; i <= 1000; i++ {
		c.advance(5 * time.Millisecond)
		m.Count("loaded 1000 packages; analysed", i, 1000)
	}
	draws := strings.Count(b.String(), "\r")
	if draws < 40 || draws > 51 {
		t.Errorf("live redraws over 5 s = %d, want 40 to 51 (at most one every %v)", draws, LiveInterval)
	}
	if strings.Contains(b.String(), "\n") {
		t.Errorf("live output has a newline:\n%q", b)
	}
	last := b.String()[strings.LastIndex(b.String(), "\r")+1:]
	if !strings.HasPrefix(last, "perfproof: scan: loaded 1000 packages; analysed 9") {
		t.Errorf("last live line = %q, want the count near the end", last)
	}
	b.Reset()
	m.Stop()
	if got := b.String(); strings.Trim(got, "\r ") != "" || !strings.HasPrefix(got, "\r") || !strings.HasSuffix(got, "\r") {
		t.Errorf("stop wrote %q, want the live line blanked", got)
	}
}

func TestLiveWriterClears(t *testing.T) {
	m, c, b := testMeter(Live)
	c.advance(2 * Delay)
	m.Set("running benchmarks")
	if !strings.HasPrefix(b.String(), "\rperfproof: scan: running benchmarks") {
		t.Fatalf("live line = %q", b)
	}
	b.Reset()
	m.Writer().Write([]byte("bench 1/1 example.com/m/hot\n"))
	want := "\r" + strings.Repeat(" ", len("perfproof: scan: running benchmarks")) + "\rbench 1/1 example.com/m/hot\n"
	if b.String() != want {
		t.Errorf("write through the meter = %q, want %q", b, want)
	}
	b.Reset()
	m.tick() // redrawn at once, below the line written
	if !strings.HasPrefix(b.String(), "\rperfproof: scan: running benchmarks") {
		t.Errorf("after a write, tick wrote %q, want the live line again", b)
	}
}

func TestLiveTruncates(t *testing.T) {
	m, c, b := testMeter(Live)
	c.advance(Delay)
	m.Set(strings.Repeat("x", 200))
	if n := len([]rune(strings.TrimPrefix(b.String(), "\r"))); n != liveWidth {
		t.Errorf("live line of 217 runes drawn as %d, want %d", n, liveWidth)
	}
}

func TestOffWritesNothing(t *testing.T) {
	var b bytes.Buffer
	m := New(&b, Off, "perfproof: scan: ", 0)
	m.Count("analysed", 1, 2)
	m.Stop()
	if b.Len() != 0 {
		t.Errorf("an Off meter wrote %q", b.String())
	}
	if w := m.Writer(); w != &b {
		t.Errorf("Off meter's Writer = %v, want the writer itself", w)
	}
}

func TestStopWithTicker(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if mode := ModeFor(f); mode != Plain {
		t.Fatalf("ModeFor(a file) = %v, want plain", mode)
	}
	if mode := ModeFor(&bytes.Buffer{}); mode != Off {
		t.Errorf("ModeFor(a buffer) = %v, want off", mode)
	}
	m := New(f, Plain, "p: ", 0)
	m.Count("analysed", 3, 4)
	time.Sleep(3 * LiveInterval)
	m.Stop()
	m.Stop() // a second Stop is allowed and writes nothing
	data, err := os.ReadFile(f.Name())
	if err != nil {
		t.Fatal(err)
	}
	got := lines(bytes.NewBuffer(data))
	if len(got) != 2 || !strings.HasPrefix(got[0], "p: analysed 3/4 (75 %)") || !strings.HasPrefix(got[1], "p: analysed 3/4 (75 %), took ") {
		t.Errorf("ticking meter wrote %q, want the status and a final line", got)
	}
}

func TestETA(t *testing.T) {
	for _, tt := range []struct {
		done, total int
		elapsed     time.Duration
		eta         time.Duration
		ok          bool
	}{
		{0, 100, time.Second, 0, false},
		{9, 100, time.Second, 0, false}, // under 10 %
		{10, 100, time.Second, 9 * time.Second, true},
		{120, 213, 18 * time.Second, 13950 * time.Millisecond, true},
		{100, 100, time.Minute, 0, false},
		{5, 0, time.Second, 0, false},
	} {
		eta, ok := ETA(tt.done, tt.total, tt.elapsed)
		if eta != tt.eta || ok != tt.ok {
			t.Errorf("ETA(%d, %d, %v) = %v, %v, want %v, %v", tt.done, tt.total, tt.elapsed, eta, ok, tt.eta, tt.ok)
		}
	}
}

func TestSeconds(t *testing.T) {
	for d, want := range map[time.Duration]string{
		0:                        "0 s",
		13950 * time.Millisecond: "14 s",
		125 * time.Second:        "2 min 05 s",
	} {
		if got := seconds(d); got != want {
			t.Errorf("seconds(%v) = %q, want %q", d, got, want)
		}
	}
}
