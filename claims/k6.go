package claims

import "regexp"

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
