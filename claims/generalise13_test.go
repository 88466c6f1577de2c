package claims

import "testing"

// TestThirteenthRound checks the rules of the thirteenth round (testdata/
// labels/README.md, "Thirteenth round"), each on text written for the
// test: the figures each extraction rule reads, and for each rule that
// could pass an error a case it must still catch.
func TestThirteenthRound(t *testing.T) {
	// Aligned columns a tool prints are a table: old_s and new_s are its
	// before and after columns, a time unit written into the names.
	stages := func(claim string) string {
		return doc("# R", "", "## Stages", "",
			"```",
			"stage      old_s    new_s",
			"parse      31.50     8.20",
			"render     48.50    11.80",
			"total      80.00    20.00",
			"```",
			"", claim)
	}
	// A table of codecs that compares its rows by name.
	codecs := func(claim string) string {
		return doc("# R", "", "## Codecs", "",
			"| Codec | Output (GiB) | Pack (MB/s) | Unpack (MB/s) |",
			"|---|---:|---:|---:|",
			"| gz -6 | 8.00 | 40.0 | 300 |",
			"| zlite -3 | 7.00 | 280 | 1,050 |",
			"| zlite -9 | 6.40 | 60.0 | 1,100 |",
			"| zlite -19 | 5.60 | 4.0 | 1,000 |",
			"", claim)
	}
	// Two variants in long form: one row per operation under each.
	replay := func(claim string) string {
		return doc("# R", "", "## Replay", "",
			"```",
			"target     op       ops/s    p99(us)",
			"store-a    read     1,000      900",
			"store-a    write      500    1,200",
			"store-b    read     1,200      700",
			"store-b    write      550    1,000",
			"```",
			"", claim)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a row of aligned output columns is read", src: stages("The stages are listed above."), line: 9, fig: "80.00", verdict: Unverifiable},
		{name: "a change of an output table's total that it gives", src: stages("Rendering the whole page now takes 75 % less time in total."),
			line: 12, fig: "75", verdict: Consistent},
		{name: "a change of an output table's total that it does not give", src: stages("Rendering the whole page now takes 60 % less time in total."),
			line: 12, fig: "60", verdict: Unsupported},
		// The cells of a table's value columns are figures of their row.
		{name: "the cells a factor rests on are figures of their row", src: doc("# R", "", "## Encoders", "",
			"| Rung | Soft (fps) | Hard (fps) | Speed-up |", "|---|---:|---:|---:|",
			"| 720p | 50.0 | 200 | 4.40× |", "| 480p | 90.0 | 315 | 3.50× |"), line: 7, fig: "50.0", verdict: Unverifiable},
		{name: "a wrong factor of such a row is still its error", src: doc("# R", "", "## Encoders", "",
			"| Rung | Soft (fps) | Hard (fps) | Speed-up |", "|---|---:|---:|---:|",
			"| 720p | 50.0 | 200 | 4.40× |", "| 480p | 90.0 | 315 | 3.50× |"), line: 7, fig: "4.40", verdict: ArithmeticError},
		// A figure named a saving by the noun after it, beside a pair.
		{name: "a saving after its pair that the pair gives", src: doc("# R", "", "Median latency fell from 2.40 ms to 1.90 ms, 0.50 ms saved."),
			line: 3, fig: "0.50", verdict: Consistent},
		{name: "an improvement after its pair with a unit slipped", src: doc("# R", "", "Median latency fell from 2.40 ms to 1.90 ms, a 500 ms improvement."),
			line: 3, fig: "500", verdict: ArithmeticError},
		// Counted resources after a word that says which.
		{name: "a count of resources with a modifier", src: doc("# R", "", "We retired 9 storage nodes last month."), line: 3, fig: "9", verdict: Unverifiable},
		// Rows of a table compared by name.
		{name: "two named rows that give the factor", src: codecs("- zlite -3 against gz -6: 7.00× the pack speed, 3.50× the unpack speed."),
			line: 12, fig: "7.00", verdict: Consistent},
		{name: "a factor of a speed after a possessive", src: codecs("- zlite -9 reaches 3.67× gz's unpack speed."), line: 12, fig: "3.67", verdict: Consistent},
		{name: "a size compared with another row than the one named", src: codecs("- zlite -19 archives are 20.0 % smaller than gz's."),
			line: 12, fig: "20.0", verdict: MixesRows},
		{name: "a size the named rows give", src: codecs("- zlite -19 archives are 30.0 % smaller than gz's."),
			line: 12, fig: "30.0", verdict: Consistent},
		{name: "a size that no row gives is left alone", src: codecs("- zlite -19 archives are 45.0 % smaller than gz's."),
			line: 12, fig: "45.0", verdict: Unverifiable},
		// Long-form variants: rows of one operation are a pair.
		{name: "a rate of one operation under two variants", src: replay("store-b serves 20 % more reads per second than store-a."),
			line: 13, fig: "20", verdict: Consistent},
		{name: "a p99 change mixing two operations", src: replay("The write p99 fell by 41.7 % on store-b."),
			line: 13, fig: "41.7", verdict: MixesRows},
		// A clause that names money does not rest on a pair of times.
		{name: "a cost clause after a pair of times", src: doc("# R", "",
			"The build went from 40 min to 10 min, and the cost per hour of runners fell by 50 %."), line: 3, fig: "50", verdict: Unverifiable},
		{name: "a cut of the pair's own clause", src: doc("# R", "", "The build went from 40 min to 10 min, a 60 % cut."),
			line: 3, fig: "60", verdict: ArithmeticError},
		// Figures a line with a ratio lists beside it.
		{name: "a size beside a ratio", src: doc("# R", "", "The cache held 2.4 GB on Monday; lookups got 15 % faster."), line: 3, fig: "2.4", verdict: Unverifiable},
		{name: "a level in percent beside a factor", src: doc("# R", "", "Lookups are 2.1× faster and the hit ratio is 97.5 %."), line: 3, fig: "97.5", verdict: Unverifiable},
		{name: "a ratio written as a proportion", src: doc("# R", "", "The archive ratio is 7.25:1 now."), line: 3, fig: "7.25", verdict: Unverifiable},
		// Packets per second with their prefix in the unit.
		{name: "a packet rate pair that gives the factor", src: doc("# R", "", "One core forwards 2.40 Mpps instead of 0.80 Mpps (3.0×)."),
			line: 3, fig: "3.0", verdict: Consistent},
		{name: "a packet rate pair that does not give the factor", src: doc("# R", "", "One core forwards 2.40 Mpps instead of 0.80 Mpps (3.5×)."),
			line: 3, fig: "3.5", verdict: ArithmeticError},
		// Counters a tool prints by name.
		{name: "a counter after its name and an equals sign", src: doc("# R", "", "```", "  Buffers: shared hit=41200 read=310", "```"),
			line: 4, fig: "41200", verdict: Unverifiable},
		{name: "a counter that ends a labelled line", src: doc("# R", "", "```", "  Rows Removed by Filter: 884211", "```"),
			line: 4, fig: "884211", verdict: Unverifiable},
		// A count cell outside a table's before/after groups.
		{name: "a count cell beside groups of before and after columns", src: doc("# R", "", "## Queries", "",
			"| Query | Calls/min | Mean before | Mean after | Total before | Total after |", "|---|---|---|---|---|---|",
			"| Q1 | 300 | 10.0 ms | 5.0 ms | 3.0 | 1.5 |"), line: 7, fig: "300", verdict: Unverifiable},
	})
}

// TestRestatedRatioOfAnotherMeasure checks that a ratio is a restatement
// of another only for the same setting ("-3", "-9") and measure: a line
// that restates the other's value with one of its ratios states another
// measure with its other one, and a ratio that names no measure ("18 %
// smaller") restates none; the same ratio stated twice with different
// values for one setting is still contradicted.
func TestRestatedRatioOfAnotherMeasure(t *testing.T) {
	src := func(lead, item string) string {
		return doc("# R", "", "## Summary", "", lead, "", "## Details", "",
			"- brotli -5 against deflate -6: 4.0× the compression speed, 1.5× the decompression speed.",
			"- brotli -11 output is 18 % smaller than deflate's.", item)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a second measure on a line that restates the first", src: src("brotli -5 compresses 4.0× faster than deflate -6.", ""),
			line: 9, fig: "1.5", verdict: Unverifiable},
		{name: "a ratio of another setting", src: src("brotli -5 compresses 4.0× faster than deflate -6.", ""),
			line: 10, fig: "18", verdict: Unverifiable},
		{name: "one setting and measure stated with two values", src: src("brotli -5 compresses 4.0× faster than deflate -6.",
			"- brotli -5 compresses 5.0× faster than deflate -6 on the second corpus."), line: 11, fig: "5.0", verdict: Contradicted},
	})
}

// TestOutputTableFirstFieldNamesRow checks that aligned output whose
// rows start with a figure (a profile's "22.00%  38.00%  106.0s …") is
// not read as a table of named rows: its first figures stay figures.
func TestOutputTableFirstFieldNamesRow(t *testing.T) {
	src := doc("# R", "", "```",
		"  %Own   %Total  OwnTime  TotalTime  Function",
		" 22.00%  38.00%   106.0s    183.2s   parse_row",
		" 11.00%  14.00%    53.0s     67.5s   encode",
		"```")
	rep := extract(t, src)
	for _, fig := range []string{"22.00", "106.0"} {
		if c := findClaim(rep, 5, fig); c == nil {
			t.Errorf("line 5: no claim states %s; claims:\n%s", fig, formatClaims(rep.Claims))
		}
	}
}

// TestPairAroundAProduct checks a before → after pair whose figures are
// each followed by the product that computes them ("from 768 GiB (12 ×
// 64 GiB) to 256 GiB (8 × 32 GiB)"): the pair is the figures around the
// parenthesis, and a ratio beside it is checked against it.
func TestPairAroundAProduct(t *testing.T) {
	line := func(ratio string) string {
		return doc("# R", "", "Provisioned RAM went from 768 GiB (12 × 64 GiB) to 256 GiB (8 × 32 GiB), a "+ratio+" reduction.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a reduction the pair gives", src: line("66.7 %"), line: 3, fig: "66.7", verdict: Consistent},
		{name: "a reduction the pair does not give", src: line("60.0 %"), line: 3, fig: "60.0", verdict: ArithmeticError},
	})
}

// TestRestatedCellWithoutStatistic checks a figure of prose that names a
// table row by its own words and states, in a column's unit, another
// value than the row's cell ("we keep gz at 36.0 MB/s" for a row that
// packs at 40.0 MB/s), and the cases left alone: another setting, an
// approximation, two figures of the unit in one sentence, the cell's own
// value.
func TestRestatedCellWithoutStatistic(t *testing.T) {
	src := func(claim string) string {
		return doc("# R", "", "## Codecs", "",
			"| Codec | Output (GiB) | Pack (MB/s) | Unpack (MB/s) |",
			"|---|---:|---:|---:|",
			"| gz -6 | 8.00 | 40.0 | 300 |",
			"| zlite -3 | 7.00 | 280 | 1,050 |",
			"", "## Decision", "", claim)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a row's figure restated with another value", src: src("We keep gz at 36.0 MB/s as the fallback."), line: 12, fig: "36.0", verdict: Contradicted},
		{name: "the row's own figure", src: src("We keep gz at 40.0 MB/s as the fallback."), line: 12, fig: "40.0", verdict: Unverifiable},
		{name: "another setting than the row's", src: src("We keep gz at 36.0 MB/s on 8 threads as the fallback."), line: 12, fig: "36.0", verdict: Unverifiable},
		{name: "an approximation", src: src("We keep gz at about 36 MB/s as the fallback."), line: 12, fig: "36", verdict: Unverifiable},
		{name: "two figures of the unit compared", src: src("On the new disks gz went from 36.0 MB/s to 44.0 MB/s."), line: 12, fig: "36.0", verdict: Unverifiable},
	})
}

// TestNearestPairOfASentence checks that a ratio after two pairs of its
// sentence rests on the nearer one ("p99.9 went from 112 ms to 27 ms, and
// p99 from 31.5 ms to 12.9 ms, 2.4x lower"), and is still an error when
// the nearer pair does not give it.
func TestNearestPairOfASentence(t *testing.T) {
	line := func(ratio string) string {
		return doc("# R", "", "At the small heap p99.9 went from 112 ms to 27 ms, and at the large heap p99 went from 31.5 ms to 12.9 ms, "+ratio+" lower.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "the nearer pair gives the ratio", src: line("2.4x"), line: 3, fig: "2.4", verdict: Consistent},
		{name: "the nearer pair does not give the ratio", src: line("4.1x"), line: 3, fig: "4.1", verdict: ArithmeticError},
	})
}

// TestMisquoteBesideAnUnrelatedFigure checks that a sentence's pair that
// quotes a table row's figure as written and changes the other is a
// misquote although a figure of another subject rounds to the changed
// one ("21.3 ms" of a GC pause for the "21 ms" of a latency), and that a
// figure of the same subject that rounds to it still leaves it alone.
func TestMisquoteBesideAnUnrelatedFigure(t *testing.T) {
	src := func(pause string) string {
		return doc("# R", "", "## Latency", "",
			"| Percentile | Old collector | New collector |",
			"|---|---|---|",
			"| p99.9 | 112 ms | 26.8 ms |",
			"", "## Pauses", "",
			pause,
			"", "## Conclusion", "",
			"The new collector took p99.9 from 112 ms to 21 ms.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a changed figure that only a pause rounds to", src: src("Pauses came 14 times a minute, 21.3 ms each, under the old settings."),
			line: 15, fig: "21", verdict: Contradicted},
		{name: "a changed figure the same subject states", src: src("With tuning the new collector's p99.9 came to 21.3 ms."),
			line: 15, fig: "21", verdict: Unverifiable},
	})
}

// TestMeanOfAColumn checks a factor stated as a mean over rows against
// the column of factors its clause names: the arithmetic or geometric
// mean that gives it makes it consistent, one that neither gives is an
// error, and a bound ("up to") is no mean.
func TestMeanOfAColumn(t *testing.T) {
	src := func(claim string) string {
		return doc("# R", "", "## Summary", "", claim, "", "## Encoders", "",
			"| Rung | Soft (fps) | Hard (fps) | Speed-up |", "|---|---:|---:|---:|",
			"| 1080p | 40.0 | 180 | 4.50× |",
			"| 720p | 90.0 | 360 | 4.00× |",
			"| 480p | 150 | 450 | 3.00× |")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a mean the column gives", src: src("- The speed-up averages 3.83× per rung."), line: 5, fig: "3.83", verdict: Consistent},
		{name: "a mean the column does not give", src: src("- The speed-up averages 4.6× per rung."), line: 5, fig: "4.6", verdict: ArithmeticError},
	})
	rep := extract(t, src("- The speed-up is up to 4.6× on average per rung, on the best titles."))
	if c := findClaim(rep, 5, "4.6"); c != nil && c.Verdict.Failed() {
		t.Errorf("line 5: a bound %q %s (%s), want no alarm", c.Claimed, c.Verdict, c.Detail)
	}
}

// TestAlarmGuards checks two guards on alarms: a word inside a
// hyphenated compound ("Multi-get") does not name the row of the word
// alone ("get"), so a pair of the compound's own row is no mixing of
// rows; and a bound ("up to 19 % more") is not unsupported by the
// closest pair, which a plain figure still is.
func TestAlarmGuards(t *testing.T) {
	replay := func(claim string) string {
		return doc("# R", "", "## Replay", "",
			"```",
			"target     op       ops/s    p99(us)",
			"store-a    get      9,000    1,200",
			"store-a    mget     1,000    3,000",
			"store-b    get      9,900      800",
			"store-b    mget     1,100    1,500",
			"```",
			"", claim)
	}
	clips := func(claim string) string {
		return doc("# R", "", "## Grain", "", "Decoding of grainy clips went from 10.0 ms to 8.0 ms per frame.", "", claim)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a compound names its own row", src: replay("Multi-get of 20 keys saw p99 fall by 50 % on store-b."),
			line: 13, fig: "50", verdict: Consistent},
		{name: "a word alone still names its row", src: replay("The get p99 fell by 50 % on store-b."),
			line: 13, fig: "50", verdict: MixesRows},
		{name: "a bound is not unsupported", src: clips("Decoding of grainy clips took up to 35 % less time per frame."),
			line: 7, fig: "35", verdict: Unverifiable},
		{name: "a plain figure is unsupported", src: clips("Decoding of grainy clips took 35 % less time per frame."),
			line: 7, fig: "35", verdict: Unsupported},
	})
}

// TestTimeAndRateAreNoPair checks that a table's only two columns of
// figures, one of times and one of rates ("Comp (MB/s) | Wall (s)"),
// are not a before and after pair ("177.1 s → 291.0 MB/s"), and that a
// factor comparing two of its rows by name ("zstd -9 … faster than
// pigz") rests on the column of its quantity the two rows give it in.
func TestTimeAndRateAreNoPair(t *testing.T) {
	src := func(factor string) string {
		return doc("# R", "", "## Eight threads", "",
			"| Codec | Comp (MB/s) | Wall (s) |",
			"|---|---:|---:|",
			"| pigz -6 | 291.0 | 177.1 |",
			"| zstd -9 | 462.0 | 111.6 |",
			"", "On eight threads zstd -9 finishes the corpus "+factor+" faster than pigz.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor two named rows give", src: src("1.59×"), line: 10, fig: "1.59", verdict: Consistent},
		{name: "a factor no column gives is left alone", src: src("2.40×"), line: 10, fig: "2.40", verdict: Unverifiable},
	})
}
