// Package progress shows the progress of a long command on stderr: a live
// line rewritten in place on a terminal, plain lines now and then in a log,
// and nothing at all for a run that ends within a second.
//
// A Meter holds the current status, a text and optionally a count of work
// done out of a total, which the command updates as often as it likes (Set,
// Count); the meter decides when to show it. Other lines the command writes
// while the meter runs go through Meter.Writer, which clears the live line
// before them.
package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"
	"unicode/utf8"
)

// Timing of a Meter.
const (
	// Delay is the time a Meter stays silent after it starts: a command
	// that ends within it shows no progress at all.
	Delay = time.Second
	// LiveInterval is the least time between two redraws of the live
	// line: at most ten a second, as fast as a reader can follow.
	LiveInterval = 100 * time.Millisecond
	// PlainInterval is the least time between two plain lines, so that a
	// log of a long run gets a line every few seconds, not thousands.
	PlainInterval = 5 * time.Second
	// liveWidth is the most runes of a live line: a longer one would wrap
	// on an 80-column terminal, and "\r" returns only to the start of the
	// last row.
	liveWidth = 79
)

// A Mode says how a Meter shows progress.
type Mode int

// The modes of a Meter.
const (
	// Off shows nothing; Writer passes lines through as they are.
	Off Mode = iota
	// Plain writes a line as the status text changes (a new stage) and,
	// while only its count changes, at most every PlainInterval; and a
	// final line with the time taken when the meter stops.
	Plain
	// Live rewrites one line in place ("\r") at most every LiveInterval
	// and clears it when the meter stops.
	Live
)

func (m Mode) String() string {
	switch m {
	case Off:
		return "off"
	case Plain:
		return "plain"
	case Live:
		return "live"
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ModeFor returns the mode for progress written to w: Live when w is an
// *os.File on a character device (a terminal), Plain when it is another
// *os.File (a file or a pipe, such as a CI log), and Off for any other
// writer (a buffer of a program that runs the command in-process gets its
// output without progress).
func ModeFor(w io.Writer) Mode {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return Off
	}
	fi, err := f.Stat()
	if err != nil {
		return Off
	}
	if fi.Mode()&os.ModeCharDevice != 0 {
		return Live
	}
	return Plain
}

// A Meter shows the progress of one run. Its methods may be called
// concurrently.
type Meter struct {
	w      io.Writer
	mode   Mode
	prefix string
	delay  time.Duration
	now    func() time.Time

	mu         sync.Mutex
	start      time.Time
	text       string
	done       int
	total      int
	countStart time.Time // when the current count (text and total) began
	shown      string    // the last line shown, "" if none
	shownText  string    // the text of the status it showed
	shownAt    time.Time
	drawn      int  // runes of the live line on screen; 0 if none
	stopped    bool // Stop was called
	quit       chan struct{}
	ticker     sync.WaitGroup
}

// New returns a meter that shows progress on w in the given mode, each line
// after prefix (e.g. "perfproof: scan: "), and starts it: nothing shows
// before delay (normally Delay) has passed. The caller must call Stop.
func New(w io.Writer, mode Mode, prefix string, delay time.Duration) *Meter {
	m := newMeter(w, mode, prefix, delay, time.Now)
	if mode != Off {
		m.quit = make(chan struct{})
		m.ticker.Go(func() {
			t := time.NewTicker(LiveInterval)
			defer t.Stop()
			for {
				select {
				case <-m.quit:
					return
				case <-t.C:
					m.tick()
				}
			}
		})
	}
	return m
}

// newMeter returns a meter with the clock now and no ticker: the caller
// calls tick.
func newMeter(w io.Writer, mode Mode, prefix string, delay time.Duration, now func() time.Time) *Meter {
	m := &Meter{w: w, mode: mode, prefix: prefix, delay: delay, now: now}
	m.start = now()
	m.countStart = m.start
	return m
}

// Set makes text the status, with no count (e.g. "loading packages").
func (m *Meter) Set(text string) { m.Count(text, 0, 0) }

// Count makes the status text followed by done out of total, with the
// percentage and, from 10 % on, the time left (see ETA), e.g. "analysed"
// with 120 and 213 shows "analysed 120/213 (56 %), ETA 14 s". A total of
// 0 shows the text alone. The rate behind the ETA is measured from the
// first call with this text and total.
func (m *Meter) Count(text string, done, total int) {
	if m.mode == Off {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	if text != m.text || total != m.total {
		m.countStart = m.now()
	}
	m.text, m.done, m.total = text, done, total
	m.show(false)
}

// tick shows the status if it is due.
func (m *Meter) tick() {
	m.mu.Lock()
	defer m.mu.Unlock()
	m.show(false)
}

// show writes the status if it is due, or, with final, the last plain
// line or the clearing of the live line. The caller holds m.mu.
func (m *Meter) show(final bool) {
	if m.stopped {
		return
	}
	now := m.now()
	elapsed := now.Sub(m.start)
	if elapsed < m.delay {
		return
	}
	line := m.line(now)
	switch m.mode {
	case Plain:
		if final {
			fmt.Fprintf(m.w, "%s%s, took %s\n", m.prefix, m.line(time.Time{}), seconds(elapsed))
			return
		}
		if line == m.shown || (m.text == m.shownText && now.Sub(m.shownAt) < PlainInterval) {
			return
		}
		fmt.Fprintf(m.w, "%s%s\n", m.prefix, line)
	case Live:
		if final {
			m.clear()
			return
		}
		full := truncate(m.prefix+line, liveWidth)
		if m.drawn > 0 && (m.prefix+line == m.shown || now.Sub(m.shownAt) < LiveInterval) {
			return
		}
		n := utf8.RuneCountInString(full)
		fmt.Fprintf(m.w, "\r%s%s", full, strings.Repeat(" ", max(m.drawn-n, 0)))
		m.drawn = n
		line = m.prefix + line
	}
	m.shown, m.shownText, m.shownAt = line, m.text, now
}

// line returns the status as shown at now; the zero now leaves out the
// ETA.
func (m *Meter) line(now time.Time) string {
	if m.total <= 0 {
		return m.text
	}
	s := fmt.Sprintf("%s %d/%d (%d %%)", m.text, m.done, m.total, 100*m.done/m.total)
	if now.IsZero() {
		return s
	}
	if eta, ok := ETA(m.done, m.total, now.Sub(m.countStart)); ok {
		s += ", ETA " + seconds(eta)
	}
	return s
}

// clear erases the live line, if one is drawn. The caller holds m.mu.
func (m *Meter) clear() {
	if m.drawn > 0 {
		fmt.Fprintf(m.w, "\r%s\r", strings.Repeat(" ", m.drawn))
		m.drawn = 0
	}
}

// Stop ends the meter: a live line is cleared; in Plain mode a final line
// with the time taken is written, unless the meter stopped within its
// delay. Call Set or Count with the final state first. Stop may be called
// more than once; the meter then stays silent, and Writer passes lines
// through.
func (m *Meter) Stop() {
	if m.mode == Off {
		return
	}
	m.mu.Lock()
	if !m.stopped {
		m.show(true)
		m.stopped = true
		if m.quit != nil {
			close(m.quit)
		}
	}
	m.mu.Unlock()
	m.ticker.Wait()
}

// Writer returns a writer for the other lines of the command (warnings,
// the lines of a library's progress) while the meter runs: on a terminal,
// each write first clears the live line, which is redrawn at the next
// update. Writes should be whole lines.
func (m *Meter) Writer() io.Writer {
	if m.mode != Live {
		return m.w
	}
	return lineWriter{m}
}

type lineWriter struct{ m *Meter }

func (w lineWriter) Write(p []byte) (int, error) {
	m := w.m
	m.mu.Lock()
	defer m.mu.Unlock()
	m.clear()
	m.shown = "" // redraw at the next update
	return m.w.Write(p)
}

// ETA returns the time left to finish total units when done of them took
// elapsed: the rate so far, done/elapsed, held for the total-done units
// left, that is elapsed*(total-done)/done. ok is false before 10 % of the
// total is done, when the rate says too little (the first packages of a
// scan are the small leaves of the import graph), and when everything is
// done.
func ETA(done, total int, elapsed time.Duration) (eta time.Duration, ok bool) {
	if total <= 0 || done <= 0 || done >= total || 10*done < total {
		return 0, false
	}
	return time.Duration(float64(elapsed) * float64(total-done) / float64(done)), true
}

// seconds formats d in whole seconds, rounded up: "14 s", "2 min 05 s".
func seconds(d time.Duration) string {
	s := int((d + time.Second - 1) / time.Second)
	if s < 60 {
		return fmt.Sprintf("%d s", s)
	}
	return fmt.Sprintf("%d min %02d s", s/60, s%60)
}

// truncate returns s cut to at most n runes, the last one "…" when cut.
func truncate(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	r := []rune(s)
	return string(r[:n-1]) + "…"
}
