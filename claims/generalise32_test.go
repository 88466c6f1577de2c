package claims

import (
	"strings"
	"testing"
)

// The thirty-second round's rules (testdata/labels/README.md, "Thirty-
// second round"). Each test has, written for the test, an error of the
// shape its rule must catch (or the alarm it must not raise) and a
// consistent text of the same shape; with the rule's const off, its case
// fails.

// imageResizeStages is an image resizer's stages, a legacy column and a
// new one. FACTOR is replaced by each case.
const imageResizeStages = `# Resizer

## Stages

| stage      | legacy   | new     |
|------------|---------:|--------:|
| decode     | 2,400 µs | 600 µs  |
| filter     | 900 µs   | 450 µs  |
| encode     | 1,500 µs | 1,200 µs|

Decode is FACTOR faster than before.
`

// thumbnailPercentiles is a thumbnail service's latency, one legacy and
// one new column per percentile. SAVED is replaced by each case.
const thumbnailPercentiles = `# Thumbnails

## Latency

| bucket   | images | legacy p50 | async p50 | legacy p99 | async p99 |
|----------|-------:|-----------:|----------:|-----------:|----------:|
| small    | 9,100  | 12 ms      | 4 ms      | 40 ms      | 10 ms     |
| large    | 2,300  | 60 ms      | 15 ms     | 180 ms     | 45 ms     |

The large bucket's p50 falls by SAVED %.
`

// TestThirtySecondRoundLegacyColumns checks that a column headed
// "legacy" is the before column of the next one naming the same measure
// (const legacyColumns): "legacy | new" and "legacy p50 | async p50 |
// legacy p99 | async p99" are before and after pairs a factor or a
// percentage in prose is checked against.
func TestThirtySecondRoundLegacyColumns(t *testing.T) {
	stages := func(f string) string { return strings.Replace(imageResizeStages, "FACTOR", f, 1) }
	// 2,400 / 600 = 4.
	consistentAt(t, stages("4.0x"), 11, "4.0")
	alarmAt(t, stages("3.0x"), 11, "3.0")
	pct := func(s string) string { return strings.Replace(thumbnailPercentiles, "SAVED", s, 1) }
	// 1 − 15 / 60 = 75 %.
	consistentAt(t, pct("75"), 10, "75")
	alarmAt(t, pct("65"), 10, "65")
}

// searchWrk is a search endpoint's wrk run.
const searchWrk = `# Search

## Load test

` + "```" + `
Running 30s test @ http://search-01:9200/q
  4 threads and 64 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     9.85ms    2.10ms  40.12ms   71.00%
    Req/Sec     1.62k   120.33     1.90k    68.00%
  194436 requests in 30.00s, 88.10MB read
Requests/sec:   6481.20
Transfer/sec:      2.94MB
` + "```" + `
`

// TestThirtySecondRoundWrkSummary checks that wrk's "Requests/sec:"
// line is read as a rate of requests (const wrkSummary), and that a line
// of output that only resembles it is not.
func TestThirtySecondRoundWrkSummary(t *testing.T) {
	rep := extract(t, searchWrk)
	c := claimAt(t, rep, 12, "6481.20")
	if len(c.Numbers) == 0 || c.Numbers[0].Quantity != Throughput {
		t.Fatalf("line 12: %q read as %v, want a rate of requests\n%s", c.Claimed, c.Numbers, formatClaims(rep.Claims))
	}
	other := strings.Replace(searchWrk, "Requests/sec:   6481.20", "Requests/sec:   6481.20 (peak 7,000)", 1)
	if c := findClaim(extract(t, other), 12, "6481.20"); c != nil && len(c.Numbers) > 0 && c.Numbers[0].Quantity == Throughput {
		t.Fatalf("line 12: %q read as a rate, want wrk's own line only", c.Claimed)
	}
}

// transcoderRealTime is a video transcoder's real-time factors. FACTOR is
// replaced by each case.
const transcoderRealTime = `# Transcoder

## Summary

- Throughput: 3x → 12x real time per core (FACTOR).
- Encode time of a 60 s clip: 20 s → 5 s.

## Results

| preset | old (s per 60 s clip) | new (s per 60 s clip) |
|--------|----------------------:|----------------------:|
| fast   | 20 s                  | 5 s                   |
| slow   | 90 s                  | 30 s                  |
`

// TestThirtySecondRoundRealTimeLevels checks that factors of real time
// ("3x → 12x real time") are levels of a real-time factor, not claimed
// changes (const realTimeLevels): no alarm on them (as changes they were
// called unsupported).
func TestThirtySecondRoundRealTimeLevels(t *testing.T) {
	src := func(f string) string { return strings.Replace(transcoderRealTime, "FACTOR", f, 1) }
	noAlarmAt(t, src("4x"), 5, "3")
	noAlarmAt(t, src("4x"), 5, "12")
}
