package claims

import (
	"fmt"
	"regexp"
	"strings"
)

// k6Counters (forty-sixth round) reads the figures of k6's end-of-test
// summary that the reader left out: a counter with its rate
// ("http_reqs......................: 1079868 2999.6/s", the rate written
// with a bare "/s") and the passes and fails of a rate metric
// ("checks.........................: 99.99%  ✓ 2159520     ✗ 216"). Each
// is a claim of its own, a count or a rate of the metric the line names,
// unverifiable: k6 prints them, and the run's duration they rest on is
// not on the line. The line is read as before for its other figures (the
// percentage, "621 MB  1.7 MB/s"). Each output line is matched by two
// anchored regular expressions once. Seen in blind21 and blind45, k6's
// summaries (counters also in blind36's Google Benchmark output, written
// "337.041/s", read as before).
const k6Counters = true

var (
	// k6CounterRE is a counter and its rate: "name....: 1079868 2999.6/s".
	k6CounterRE = regexp.MustCompile(`^\s*([a-z_]+(?:\{[^}]*\})?)\.{2,}:\s+(\d+)\s+(\d+(?:\.\d+)?)/s\s*$`)
	// k6PassFailRE is a rate metric's passes and fails: "name....: 99.99%
	// ✓ 2159520 ✗ 216".
	k6PassFailRE = regexp.MustCompile(`^\s*([a-z_]+(?:\{[^}]*\})?)\.{2,}:\s+\d+(?:\.\d+)?%\s+✓\s+(\d+)\s+✗\s+(\d+)\s*$`)
)

// k6LineClaims adds the claims of k6's counter or pass/fail line i
// (0-based); the line is then read as before.
func (x *extractor) k6LineClaims(i int, scan string) {
	if !k6Counters {
		return
	}
	if m := k6CounterRE.FindStringSubmatch(scan); m != nil {
		n, ok := wrkNumber(m[2], "", Count, m[1])
		r, ok2 := wrkNumber(m[3], "", Throughput, m[1]+"/s")
		if !ok || !ok2 {
			return
		}
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{n, r}
		// The tool's figures, not a sentence's: not recomputed from the
		// times of the block (k6's durations are of requests, not of
		// the counted iterations).
		abs.listed = true
		x.addAbsolute(abs)
		x.k6RunPair(i, m[1], r)
		return
	}
	if m := k6PassFailRE.FindStringSubmatch(scan); m != nil {
		pass, ok := wrkNumber(m[2], "", Count, m[1]+" passed")
		fail, ok2 := wrkNumber(m[3], "", Count, m[1]+" failed")
		if !ok || !ok2 {
			return
		}
		abs := x.newClaim(i, Absolute)
		abs.Numbers = []Number{pass, fail}
		abs.listed = true
		x.addAbsolute(abs)
	}
}

// k6RunPairs (forty-seventh round): two k6 summaries pasted one after
// the other (a run before the change and one after, each in its own
// block of output) state each counter twice; the reader kept them as
// levels, and "the same two pods served 67 % more requests" found no
// pair for its subject (unsupported against a pair of pod counts). The
// rates of one counter in two blocks (http_reqs 714.6/s, then 1193.0/s)
// are now a pair of the report, earlier first, whose subject is the
// counter's name and the thing it counts ("http_reqs": requests), as a
// benchmark pasted before and after is. Cost: one map entry per counter
// and one pair per counter repeated. k6's summaries are in blind21,
// blind45 and blind46.
const k6RunPairs = true

// A k6Run is a counter's rate in a k6 summary: the rate, its 0-based
// line and block.
type k6Run struct {
	rate  Number
	line  int
	block int32
}

// k6Nouns are the things k6's counters count, by metric name.
var k6Nouns = map[string]string{"http_reqs": "requests", "iterations": "iterations", "data_received": "bytes received",
	"data_sent": "bytes sent", "grpc_reqs": "requests", "ws_msgs_received": "messages received", "ws_msgs_sent": "messages sent"}

// k6RunPair notes the pair of metric's rates when an earlier block
// stated it: see k6RunPairs.
func (x *extractor) k6RunPair(i int, metric string, r Number) {
	if !k6RunPairs {
		return
	}
	if x.k6Runs == nil {
		x.k6Runs = make(map[string]k6Run)
	}
	block := x.lines[i].block
	prev, ok := x.k6Runs[metric]
	x.k6Runs[metric] = k6Run{r, i, block}
	if !ok || prev.block == block {
		return
	}
	subject := strings.ReplaceAll(metric, "_", " ")
	if noun := k6Nouns[metric]; noun != "" {
		subject += " " + noun
	}
	p := &Pair{Old: prev.rate, New: r, OldLine: prev.line + 1, NewLine: i + 1, Ordered: true,
		From: fmt.Sprintf("k6's %s in two runs", metric), stated: true}
	x.notePair(p, subject, fmt.Sprintf("k6:%s", metric), 0, int(x.lines[i].section))
}
