package claims

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// labelSets are the labelled sets scored by TestLabels, by name: the
// directory of the reports and the file of the labels ("" for the seed
// reports, which live beside the repository).
var labelSets = []struct{ name, dir, labels string }{
	{"seeds", "", "testdata/labels/seeds.tsv"},
	{"heldout", "testdata/heldout", "testdata/labels/heldout.tsv"},
	{"blind1", "testdata/blind1", "testdata/labels/blind1.tsv"},
	{"blind2", "testdata/blind", "testdata/labels/blind.tsv"},
	{"blind3", "testdata/blind3", "testdata/labels/blind3.tsv"},
	{"blind4", "testdata/blind4", "testdata/labels/blind4.tsv"},
	{"blind5", "testdata/blind5", "testdata/labels/blind5.tsv"},
	{"blind6", "testdata/blind6", "testdata/labels/blind6.tsv"},
	{"blind7", "testdata/blind7", "testdata/labels/blind7.tsv"},
	{"blind8", "testdata/blind8", "testdata/labels/blind8.tsv"},
	{"blind9", "testdata/blind9", "testdata/labels/blind9.tsv"},
	{"blind10", "testdata/blind10", "testdata/labels/blind10.tsv"},
	{"blind11", "testdata/blind11", "testdata/labels/blind11.tsv"},
	{"blind12", "testdata/blind12", "testdata/labels/blind12.tsv"},
}

// TestRestatementScore sums, over every labelled set, the recall of the
// labels whose verdict is contradicted or unsupported and the false
// alarms, the measure of the twelfth round (testdata/labels/README.md,
// "Twelfth round"). Run with -v to see the sums and each miss; it fails
// when a sum falls below the score measured after that round.
func TestRestatementScore(t *testing.T) {
	if testing.Short() {
		t.Skip("scores every labelled set again; TestLabels* score each")
	}
	var caught, total [2]int
	var alarms, fine, scored int
	classes := []string{"contradicted", "unsupported"}
	for _, set := range labelSets {
		reports := make(map[string][]byte)
		if set.dir == "" {
			dir, ok := os.LookupEnv("PERFPROOF_SEEDS")
			if !ok {
				dir = seedDir
			}
			paths, _ := filepath.Glob(filepath.Join(dir, "0*.txt"))
			for _, p := range paths {
				src, err := os.ReadFile(p)
				if err != nil {
					t.Fatal(err)
				}
				reports[filepath.Base(p)[:3]] = src
			}
			if len(reports) == 0 {
				t.Logf("%s: absent, not scored", set.name)
				continue
			}
		} else {
			reports = readReports(t, set.dir)
		}
		scored++
		labels := readLabels(t, set.labels)
		s := scoreLabels(t, labels, reports)
		alarms += s.falseAlarms
		fine += s.fine
		for _, m := range s.falseNamed {
			t.Logf("%s: false alarm: %s", set.name, m)
		}
		for _, l := range labels {
			k := slices.Index(classes, l.verdicts[0])
			if k < 0 {
				continue
			}
			total[k]++
			key := strings.TrimSuffix(l.report, filepath.Ext(l.report))
			miss := func(m string) bool {
				return strings.HasPrefix(m, fmt.Sprintf("%s:%d %s labelled", l.report, l.line, l.figure)) ||
					strings.HasPrefix(m, fmt.Sprintf("%s:%d %s labelled", key, l.line, l.figure))
			}
			if slices.ContainsFunc(s.uncaught, miss) {
				t.Logf("%s: %s not caught: %s:%d %s", set.name, classes[k], key, l.line, l.figure)
				continue
			}
			caught[k]++
		}
	}
	t.Logf("all sets: contradicted caught %d of %d, unsupported caught %d of %d, false alarms %d of %d",
		caught[0], total[0], caught[1], total[1], alarms, fine)
	if scored < len(labelSets) {
		return // the sums below are of every set
	}
	// Measured after the twelfth round (before it: 42 of 65, 34 of 53,
	// 48 of 2520).
	if caught[0] < 45 || caught[1] < 38 || alarms > 48 {
		t.Errorf("all sets: contradicted caught %d, unsupported caught %d, false alarms %d; want at least 45, at least 38, at most 48",
			caught[0], caught[1], alarms)
	}
}

// TestTwelfthRound checks the rules of the twelfth round (testdata/
// labels/README.md, "Twelfth round"), each on text written for the test:
// for each rule that could pass an error a case it must still catch, and
// for each that could raise a false alarm a case that must stay clear.
func TestTwelfthRound(t *testing.T) {
	jobs := func(lines ...string) string {
		return doc(append([]string{"# R", "", "## Summary", "",
			"| Metric (reindex, nightly) | Before | After |",
			"|---|---|---|",
			"| median run | 410 ms | 31 ms |",
			"| p95 run | 980 ms | 88 ms |",
			"",
			"## Per job", "",
			"| Job | Mean before | Mean after |",
			"|---|---|---|",
			"| Reindex job | 450.0 ms | 22.5 ms |",
			"| Export job | 6.2 ms | 5.1 ms |",
			"| Rollup job | 95.0 ms | 14.8 ms |",
			"", "## Notes", ""}, lines...)...)
	}
	hosts := func(claim string) string {
		return doc("# R", "", "## Host", "",
			"| Metric | Before | After |",
			"|---|---|---|",
			"| Worker CPU, peak-hour mean | 62 % | 38 % |",
			"", "## Wrap-up", "", claim)
	}
	percentiles := func(lines ...string) string {
		return doc(append([]string{"# R", "", "## Percentiles", "",
			"| Percentile | Old stack | New stack |",
			"|---|---|---|",
			"| p50 | 40.2 µs | 22.0 µs |",
			"| p90 | 72.0 µs | 35.5 µs |",
			"| p99 | 130 µs | 70 µs |",
			"", "## Outcome", ""}, lines...)...)
	}
	scans := func(conclusion string) string {
		return doc("# R", "", "## Summary", "",
			"- Data read by the batch fell from 81.4 TB to 55.0 TB a night after partition pruning.",
			"", "## Details", "", "Pruning skips cold partitions.", "", "## Conclusion", "", conclusion)
	}
	allocs := func(claim string) string {
		return doc("# R", "", "## Summary", "",
			"| Fix | Before | After |",
			"|---|---|---|",
			"| Session cache | 24,000 B/op | 8,000 B/op |",
			"", claim)
	}
	runVerdictCases(t, []verdictCase{
		// The noun right after a percentage names its measure, whatever
		// the clause's subject: a count of allocations is not checked
		// against bytes per op ("data" in the subject names no measure
		// of the claim).
		{
			name: "fewer allocations is no claim about B/op",
			src:  allocs("Session cache data now makes 10% fewer allocations."),
			line: 9, fig: "10", verdict: Unverifiable,
		},
		{
			name: "less memory per op is checked against B/op",
			src:  allocs("Session cache data now takes 10% less memory per op."),
			line: 9, fig: "10", verdict: Unsupported,
		},
		// A figure of a statistic in a sentence that names one table row
		// restates that row's cell of the statistic.
		{
			name: "a mean restated with another value than its row's",
			src:  jobs("- Reindex now averages 27.0 ms per run."),
			line: 20, fig: "27.0", verdict: Contradicted,
		},
		{
			name: "a mean restated as its row gives it",
			src:  jobs("- Reindex now averages 22.5 ms per run."),
			line: 20, fig: "22.5", verdict: Unverifiable,
		},
		{
			// "Rollup" names another row, whose mean this is.
			name: "a mean of another row, named",
			src:  jobs("- Rollup now averages 14.8 ms per run."),
			line: 20, fig: "14.8", verdict: Unverifiable,
		},
		{
			// A sentence that names two rows names neither.
			name: "a sentence that names two rows",
			src:  jobs("- Reindex and rollup now average 27.0 ms per run together."),
			line: 20, fig: "27.0", verdict: Unverifiable,
		},
		{
			// The statistic after the figure is the figure's: "at p95".
			name: "a percentile named after its figure, restated wrongly",
			src:  jobs("The nightly job is back to 31 ms at the median and 95 ms at p95."),
			line: 20, fig: "95", verdict: Contradicted,
		},
		{
			name: "a percentile named after its figure, restated rightly",
			src:  jobs("The nightly job is back to 31 ms at the median and 95 ms at p95."),
			line: 20, fig: "31", verdict: Unverifiable,
		},
		{
			// A change of the statistic is no restatement of its value.
			name: "a change of a percentile",
			src:  jobs("The p95 run grew by 95 ms during the backfill."),
			line: 20, fig: "95", verdict: Unverifiable,
		},
		{
			// Far from every cell: another measurement, not a misquote.
			name: "a figure far from the cells it could restate",
			src:  jobs("Under the backfill, reindex averaged 60.0 ms per run."),
			line: 20, fig: "60.0", verdict: Unverifiable,
		},
		// A ratio against the before and after cells of the row its
		// clause names.
		{
			name: "a cut the named row's pair does not give",
			src:  hosts("Worker CPU fell 45 % over the peak hour."),
			line: 11, fig: "45", verdict: Unsupported,
		},
		{
			name: "a cut the named row's pair gives",
			src:  hosts("Worker CPU fell 38.7 % over the peak hour."),
			line: 11, fig: "38.7", verdict: Consistent,
		},
		{
			name: "a cut in points the named row's pair gives",
			src:  hosts("Worker CPU fell 24 % over the peak hour."),
			line: 11, fig: "24", verdict: Consistent,
		},
		{
			// The clause names no row: no pair is evidence either way;
			// but no line of the report measures disk queue depth at
			// all, so with headNounMeasured (twenty-second round) the
			// change is unsupported.
			name: "a cut of a measure no row names",
			src:  hosts("Disk queue depth fell 45 % over the peak hour."),
			line: 11, fig: "45", verdict: unmeasuredVerdict,
		},
		{
			// The percentile names the row, across a wrapped line; the
			// columns have no before and after headers, so either order.
			name: "a percentile cut its row does not give, wrapped",
			src:  percentiles("The new stack halves the median round trip. p90 is", "down 30 %, at the same offered load."),
			line: 14, fig: "30", verdict: Unsupported,
		},
		{
			name: "a percentile cut its row gives, wrapped",
			src:  percentiles("The new stack halves the median round trip. p90 is", "down 50 %, at the same offered load."),
			line: 14, fig: "50", verdict: Consistent,
		},
		{
			// A line with a pair of its own: the row is not the only
			// evidence, so no alarm from it.
			name: "a line with its own pair is left to it",
			src: percentiles("Moving to the big heap, the old stack's p99 improves 12 % (130 → 114 µs); the new",
				"stack's improves 20 % (70 → 56 µs)."),
			line: 13, fig: "12", verdict: Unverifiable,
		},
		{
			// A row of a percentile is not what a clause that names no
			// statistic is about.
			name: "a clause without a statistic and rows of percentiles",
			src: doc("# R", "", "## Queues", "", "| Metric | Old | New |", "|---|---|---|",
				"| p50 queue share | 40 % | 22 % |", "| p99 queue share | 70 % | 41 % |", "", "Queue share fell by 12 % overall."),
			line: 10, fig: "12", verdict: Unverifiable,
		},
		{
			// A table of percentiles names no subject in its rows: a
			// paragraph about another subject does not restate it.
			name: "a percentile of another subject than the table's",
			src: doc("# R", "", "## Read path", "", "| Percentile | Before | After |", "|---|---|---|",
				"| p50 | 9.0 ms | 6.0 ms |", "| p99 | 40 ms | 20 ms |", "", "## Write path", "", "Writes now reach 22 ms at p99."),
			line: 12, fig: "22", verdict: Unverifiable,
		},
		{
			name: "a percentile of the table's subject, restated wrongly",
			src: doc("# R", "", "## Read path", "", "| Percentile | Before | After |", "|---|---|---|",
				"| p50 | 9.0 ms | 6.0 ms |", "| p99 | 40 ms | 20 ms |", "", "## Summary", "", "Reads now reach 22 ms at p99 on the read path."),
			line: 12, fig: "22", verdict: Contradicted,
		},
		// A pair quoting one figure of another with three significant
		// digits and a unit, the other changed.
		{
			name: "a pair quoting an exact figure, the other changed",
			src:  scans("Overall we now scan 57.3 TB instead of 81.4 TB."),
			line: 13, fig: "57.3", verdict: Contradicted,
		},
		{
			name: "a pair quoting an exact figure, the other as stated",
			src:  scans("Overall we now scan 55.0 TB instead of 81.4 TB."),
			line: 13, fig: "55.0", verdict: Unverifiable,
		},
		{
			// Plain counts name no measure: "11.4" is not exact enough
			// to tie two sentences about different things.
			name: "a pair of plain counts quoting one figure",
			src: doc("# R", "", "## Summary", "", "- Write amplification falls from 11.4 to 7.9 with the new layout.",
				"", "## Wide values", "", "At 64 KiB: from 11.4 to 7.6."),
			line: 9, fig: "7.6", verdict: Unverifiable,
		},
		// A ratio of a measure named by a noun that no other line of the
		// report states a figure of.
		{
			name: "a cut of allocations in a report without allocation figures",
			src: doc("# R", "", "## Results", "", "| Case | Before | After |", "|---|---|---|", "| decode | 910 ns | 640 ns |", "",
				"Heap allocations per message are down 60 % as well."),
			line: 9, fig: "60", verdict: Unsupported,
		},
		{
			name: "a cut of allocations in a report that counts them elsewhere",
			src: doc("# R", "", "## Results", "", "| Case | Before | After |", "|---|---|---|", "| decode | 910 ns | 640 ns |", "",
				"Heap allocations per message are down 60 % as well.", "", "## Profile", "",
				"The old decoder made 25 allocations per message, most of them small."),
			line: 9, fig: "60", verdict: Unverifiable,
		},
		{
			// vCPUs measure CPU: a figure of them is one of the measure.
			name: "a cut of CPU in a report that counts vCPUs",
			src: doc("# R", "", "## Results", "", "| Case | Before | After |", "|---|---|---|", "| decode | 910 ns | 640 ns |", "",
				"CPU is down 30 % as well.", "", "## Fleet", "", "The fleet ran 48 vCPUs at peak."),
			line: 9, fig: "30", verdict: Unverifiable,
		},
	})
}

// TestRatioBesideTwoColumnsOfOneUnit checks a table whose factor column
// compares the only two columns of one unit among more columns of
// figures ("| Rung | Bitrate | Encoder A (fps) | Encoder B (fps) |
// Speed-up |"): each row's factor is checked against its pair, in either
// order.
func TestRatioBesideTwoColumnsOfOneUnit(t *testing.T) {
	table := func(factor string) string {
		return doc("# R", "", "## Encoders", "",
			"| Rung | Target bitrate | Software (fps) | Hardware (fps) | Speed-up |",
			"|---|---:|---:|---:|---:|",
			"| 1080p | 6.0 Mbit/s | 50.0 | 210 | 4.20× |",
			"| 720p | 3.5 Mbit/s | 90.0 | 360 | "+factor+" |",
			"", "The hardware encoder wins on every rung.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor its row's pair gives raises no alarm", src: table("4.00×"), line: 8, fig: "4.00", verdict: Unverifiable},
		{name: "a factor its row's pair does not give", src: table("4.40×"), line: 8, fig: "4.40", verdict: ArithmeticError},
	})
}

// TestFactorAgainstSpreads checks that a factor in prose is not judged
// against a row's two spreads in percent ("9.65µ ± 16.8 %" and "9.90µ ±
// 20.6 %"): a pair of rates is no evidence against a factor of times.
func TestFactorAgainstSpreads(t *testing.T) {
	src := doc("# R", "", "## Measurements", "",
		"| change | benchmark | old | new | delta |",
		"|---|---|---|---|---|",
		"| fix five, time | `Notice` | 9.650µ ± 16.8% | 9.896µ ± 20.6% | -1.4% |",
		"", "## Notes", "",
		"- fix five: Notice: runs in a new process are up to 1.33 times slower per op than the warmed-up run.")
	runVerdictCases(t, []verdictCase{
		{name: "a warm-up factor beside a row of spreads", src: src, line: 11, fig: "1.33", verdict: Unverifiable},
	})
}

// TestRowsOfOneTableAreNoRestatement checks that two rows of one table
// whose labels read alike once their side words are dropped ("Auction
// before", "Auction after": two sub-benchmarks) are not restatements of
// each other with different changes.
func TestRowsOfOneTableAreNoRestatement(t *testing.T) {
	src := doc("# R", "", "## Measurements", "",
		"| comparison | benchmark | without | with | change (95% CI) | verdict |",
		"|---|---|---:|---:|---:|---|",
		"| all kept fixes, time, Auction before | `Auction/before` | 9.358µ ± 4.3% | 9.254µ ± 4.7% | -0.9% [-5.6, +4.3] | inconclusive |",
		"| all kept fixes, time, Auction after | `Auction/after` | 3.979µ ± 2.5% | 3.915µ ± 2.6% | -1.4% [-4.2, +1.6] | inconclusive |")
	rep, err := Extract("r.md", []byte(src), Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := claimAt(t, rep, 8, "1.4")
	if c.Verdict == Contradicted {
		t.Errorf("line 8's change is contradicted by line 7's, another row of the table: %s", c.Detail)
	}
}
