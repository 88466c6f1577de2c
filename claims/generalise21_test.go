package claims

import "testing"

// TestTwentyFirstRoundFromTo checks that a ratio whose own sentence
// writes "from A to B" with figures that give it is consistent with them,
// even when they carry no unit and the report's closest pair of its
// subject gives another figure (const sentenceFromTo); a ratio its
// sentence's figures do not give is still unsupported by the closest pair.
func TestTwentyFirstRoundFromTo(t *testing.T) {
	// A table pair of the subject that gives neither figure, and the
	// sentence's "from A to B" wrapped over two lines. The base of a
	// percentage is the figure it went from: "less time" of the larger
	// over the smaller is no support.
	src := func(row, sentence, ratio string) string {
		return oneSection("Stages", "| Stage | Before | After |", "|---|---:|---:|", row, "", sentence, ratio)
	}
	factor := func(f string) string {
		return src("| Parse | 120 ms | 60 ms |", "Parse cost per record went from 0.042 to", "0.014: parsing is "+f+" times faster per core.")
	}
	pct := func(p string) string {
		return src("| Encode | 500 µs | 400 µs |", "Batch encoding cost drops from 0.30 to", "0.20 per batch, i.e. "+p+" less time.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a factor its sentence's bare figures give", src: factor("3.0"), line: 10, fig: "3.0", verdict: Consistent},
		{name: "a factor neither its sentence nor a pair gives", src: factor("2.6"), line: 10, fig: "2.6", verdict: Unsupported},
		{name: "a percentage of the figure it went from", src: pct("33 %"), line: 10, fig: "33", verdict: Consistent},
		{name: "a percentage of the figure it went to", src: pct("50 %"), line: 10, fig: "50", verdict: Unsupported},
	})
}

// TestTwentyFirstRoundBlockedColumns checks that a table whose before and
// after columns come in blocks ("p50 before | p95 before | p50 after |
// p95 after") pairs each measure's two columns (const
// blockedSideColumns): the p95's change is checked against the p95 pair,
// not against the p50's.
func TestTwentyFirstRoundBlockedColumns(t *testing.T) {
	src := func(pct string) string {
		return oneSection("Jobs",
			"| Job | Size before | Runtime before | Size after | Runtime after |", "|---|---:|---:|---:|---:|",
			"| nightly export | 800 MB | 90 min | 600 MB | 45 min |", "",
			"The nightly export's runtime fell "+pct+".")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a runtime of a blocked table", src: src("50.0 %"), line: 9, fig: "50.0", verdict: Consistent},
		{name: "a runtime of a blocked table, no pair gives it", src: src("60.0 %"), line: 9, fig: "60.0", verdict: Unsupported},
	})
}

// TestTwentyFirstRoundChangeWords checks that a verb of change ("fell")
// is not a subject word (const changeWordsNoSubject): a pair of another
// section that shares only "fell" with a ratio is no evidence against it,
// while a pair of the ratio's subject still is.
func TestTwentyFirstRoundChangeWords(t *testing.T) {
	src := func(pairLine string) string {
		return doc("# R", "", "## Build", "", pairLine, "", "## Startup", "", "Cold start fell 25 % after the change.")
	}
	runVerdictCases(t, []verdictCase{
		// The build pair is no evidence; that no line measures cold
		// starts is, with headNounMeasured (twenty-second round).
		{name: "a pair that shares only the verb", src: src("Build minutes fell from 120 min to 80 min."), line: 9, fig: "25", verdict: unmeasuredVerdict},
		{name: "a pair of the ratio's subject", src: src("Cold start fell from 120 ms to 80 ms."), line: 9, fig: "25", verdict: Unsupported},
	})
}

// TestTwentyFirstRoundCountedByClause checks that a ratio checked against
// the report's plain counts takes its subject from its own clause (const
// countedByClause, left off): another sentence of its line that names
// the count's subject does not make the count its pair, while a clause
// that names it still does.
func TestTwentyFirstRoundCountedByClause(t *testing.T) {
	skipOff(t, countedByClause, "countedByClause")
	src := func(line string) string {
		return doc("# R", "", "## Fleet", "", "The fleet's node count went from 48 to 30 in March.", "", "## Quarter", "", line)
	}
	runVerdictCases(t, []verdictCase{
		{name: "a count named by another sentence", src: src("Ticket volume grew 12 % over the quarter. The fleet had 40 nodes at peak."),
			line: 9, fig: "12", verdict: Unverifiable},
		{name: "a count named by the clause", src: src("The fleet's node count fell 20 % over the quarter."), line: 9, fig: "20", verdict: Unsupported},
	})
}

// TestTwentyFirstRoundAnyPairOfSubject checks that a ratio the reader
// found unsupported by its closest pair is consistent when a pair whose
// own words name its clause's subject gives it, whatever quantity the
// reader took the ratio for (const anyPairOfSubject); a ratio no pair of
// its subject gives is still unsupported.
func TestTwentyFirstRoundAnyPairOfSubject(t *testing.T) {
	src := func(pct string) string {
		return doc("# R", "", "## Fleet", "", "GPU-hours fell from 5,000 to 3,000 over the quarter.", "",
			"## Latency", "", "| Clip | Share | p50 before | p95 before | p50 after | p95 after |", "|---|---:|---:|---:|---:|---:|",
			"| short | 70 % | 400 ms | 900 ms | 300 ms | 450 ms |", "| long | 30 % | 4.1 s | 9.9 s | 2.0 s | 6.0 s |", "",
			"- Short clips: p50 fell "+pct+".")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a percentile's change its row gives", src: src("25.0 %"), line: 14, fig: "25.0", verdict: Consistent},
		{name: "a percentile's change no pair gives", src: src("35.0 %"), line: 14, fig: "35.0", verdict: Unsupported},
	})
}

// TestTwentyFirstRoundFarPairOtherMeasure checks that a ratio whose pair
// was taken from another line is not an arithmetic error of that pair
// when its clause names another measure (const farPairOtherMeasure, left
// off), while one whose clause names the pair's measure still is.
func TestTwentyFirstRoundFarPairOtherMeasure(t *testing.T) {
	skipOff(t, farPairOtherMeasure, "farPairOtherMeasure")
	src := func(clause string) string {
		return oneSection("Builds", "Median build time fell from 12.0 min to 6.0 min; put",
			"differently, builds are 50 % faster. Peak memory during builds went from 8 GiB to 6 GiB",
			"(−25 %), and "+clause+" because the new packer streams layers", "instead of buffering them.")
	}
	runVerdictCases(t, []verdictCase{
		{name: "a bandwidth against a pair of times", src: src("upload bandwidth rose 30.0 %"), line: 7, fig: "30.0", verdict: Unverifiable},
		{name: "a runtime against a pair of times", src: src("the runtime fell 30.0 %"), line: 7, fig: "30.0", verdict: ArithmeticError},
	})
}

// skipOff skips a test of a rule left off by the twenty-first round while
// its const (named name) is off.
func skipOff(t *testing.T, on bool, name string) {
	t.Helper()
	if !on {
		t.Skipf("%s is off (testdata/labels/README.md, \"Twenty-first round\")", name)
	}
}
