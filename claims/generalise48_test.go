package claims

import "testing"

// The forty-eighth round's rules (testdata/labels/README.md,
// "Forty-eighth round"). Each test has, written for the test, a text of
// the shape its rule reads and a near miss that must keep its verdict;
// with the rule's const off, its cases fail.

// TestFortyEighthRoundFactorRestatesHeld checks that a summary listing
// the factors its table checks further down ("coastal frames 2.47x") is
// consistent with the table's pair, and that a summary factor no claim
// of the report states and holds ("peat frames 4.10x") keeps its alarm (const
// factorRestatesHeld).
func TestFortyEighthRoundFactorRestatesHeld(t *testing.T) {
	src := doc("# Wetland sensor decoder", "", "## Summary", "",
		"- JMH: a river frame decodes in 9.120 µs instead of",
		"  27.450 µs, 3.01x faster; coastal frames 2.47x; peat frames",
		"  4.10x.",
		"- Field trial: mean upload time from 40.10 ms to 15.20 ms, p95",
		"  from 96.4 ms to 33.0 ms.",
		"- Gateway: p99 120 ms → 50 ms on 6 cores instead of 16.",
		"",
		"## Method",
		"",
		"```",
		"Benchmark                 (site)  Mode  Cnt   Score   Error  Units",
		"SiteBench.scalarPath       river  avgt   10  27.450 ± 0.310  us/op",
		"SiteBench.scalarPath       marsh  avgt   10  51.300 ± 0.622  us/op",
		"SiteBench.vectorPath       river  avgt   10   9.120 ± 0.101  us/op",
		"SiteBench.vectorPath       marsh  avgt   10  20.770 ± 0.245  us/op",
		"```",
		"",
		"| Site | Scalar | Vector | Saved | Speed-up |",
		"|---|---|---|---|---|",
		"| river | 27.450 µs | 9.120 µs | 18.330 µs | 3.01x |",
		"| marsh | 51.300 µs | 20.770 µs | 30.530 µs | 2.47x |")
	rep := extract(t, src)
	if c := claimAt(t, rep, 6, "2.47"); c.Verdict != Consistent {
		t.Errorf("2.47x: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 7, "4.10"); c.Verdict != Unsupported {
		t.Errorf("4.10x: %s (%s), want unsupported", c.Verdict, c.Detail)
	}
}

// TestFortyEighthRoundPercentOwnSentence checks that a percentage whose
// two operands are the figures of its own sentence, compared across the
// rows of a derived table, is consistent, and that one those figures
// give only over the smaller of them ("lower" over the new figure)
// keeps its alarm (const percentOwnSentence).
func TestFortyEighthRoundPercentOwnSentence(t *testing.T) {
	src := doc("# Kiln controller firmware", "", "## Per-reading cost", "",
		"| Burst | Before per reading | After per reading | Speed-up |",
		"|---:|---:|---:|---:|",
		"| 1 | 5.820 µs | 2.410 µs | 2.41x |",
		"| 16 | 5.104 µs | 1.962 µs | 2.60x |",
		"",
		"Bursts barely helped the old firmware: in a 16-reading burst a reading cost",
		"5.104 µs, 12.3 % less than the 5.820 µs of a lone one. The new firmware",
		"gains more: a reading in a burst costs 1.962 µs, 18.6 % less than alone.",
		"Alone, a reading costs 2.410 µs, 22.8 % lower than the 1.962 µs of a burst.")
	rep := extract(t, src)
	if c := claimAt(t, rep, 11, "12.3"); c.Verdict != Consistent {
		t.Errorf("12.3 %%: %s (%s), want consistent", c.Verdict, c.Detail)
	}
	if c := claimAt(t, rep, 13, "22.8"); c.Verdict == Consistent {
		t.Errorf("22.8 %%: %s (%s), want an alarm (over the smaller figure)", c.Verdict, c.Detail)
	}
}

// TestFortyEighthRoundHeapSizeSetting checks that the heap size a run
// is configured with is not contradicted by the heap its results
// measure, and that a size written before "heap in use" (a measurement)
// keeps its contradiction (const heapSizeSetting).
func TestFortyEighthRoundHeapSizeSetting(t *testing.T) {
	src := func(method string) string {
		return doc("## Method", "", method, "",
			"| Metric | Scalar | Batched | Change |",
			"|---|---|---|---|",
			"| Heap in use per pod | 4.4 GiB | 2.9 GiB | −34.1 % |")
	}
	if c := claimAt(t, extract(t, src("Runs used Temurin 21 with a 6 GiB heap on an eight-core runner.")), 3, "6"); c.Verdict.Failed() {
		t.Errorf("6 GiB heap: %s (%s), want no alarm", c.Verdict, c.Detail)
	}
	if c := claimAt(t, extract(t, src("Each pod kept a 6 GiB heap in use during the runs.")), 3, "6"); c.Verdict != Contradicted {
		t.Errorf("6 GiB heap in use: %s (%s), want contradicted", c.Verdict, c.Detail)
	}
}
