package claims

import (
	"strings"
	"testing"
)

// TestTenthRound checks the rules of the tenth round (testdata/labels/
// README.md, "Tenth round"), each with a case it must still catch where
// the rule can pass an error.
func TestTenthRound(t *testing.T) {
	versions := func(row string) string {
		return doc("# R", "", "## Per device", "",
			"| Device | 2.0 avg rps | 2.1 avg rps | Δ avg | 2.0 p99 ms | 2.1 p99 ms | Δ p99 |",
			"|---|---:|---:|---:|---:|---:|---:|",
			"| Box A | 400 | 500 | +25.0 % | 80 | 60 | −25.0 % |",
			row)
	}
	runVerdictCases(t, []verdictCase{
		{
			// Two measures, each for two versions: the first group's change
			// rests on the first group's columns only.
			name: "a column group headed by versions",
			src:  versions("| Box B | 200 | 230 | +15.0 % | 90 | 81 | −10.0 % |"),
			line: 8, fig: "15.0", verdict: Consistent,
		},
		{
			name: "the second column group headed by versions",
			src:  versions("| Box B | 200 | 230 | +15.0 % | 90 | 81 | −10.0 % |"),
			line: 8, fig: "10.0", verdict: Consistent,
		},
		{
			// 230 / 200 is +15 %, not +18 %; no other column of the row
			// gives 18 % either.
			name: "a column group headed by versions, wrong",
			src:  versions("| Box B | 200 | 230 | +18.0 % | 90 | 81 | −10.0 % |"),
			line: 8, fig: "18.0", verdict: ArithmeticError,
		},
		{
			name: "a saving after its sentence's own pair",
			src:  doc("# R", "", "## Heap", "", "Peak heap went from 5,120 MiB to 4,096 MiB, 1.07 GB less, after the cache change."),
			line: 5, fig: "1.07", verdict: Consistent,
		},
		{
			// 1,024 MiB is 1.07 GB (1.00 GiB); "1.02" divides MiB by 1,000
			// as if they were MB.
			name: "a saving after its sentence's own pair, a binary unit read as decimal",
			src:  doc("# R", "", "## Heap", "", "Peak heap went from 5,120 MiB to 4,096 MiB, 1.02 GB less, after the cache change."),
			line: 5, fig: "1.02", verdict: ArithmeticError,
		},
		{
			name: "a saving after its sentence's own pair, off",
			src:  doc("# R", "", "## Parse", "", "Parse time went from 9.6 ms to 7.1 ms, 3.1 ms less per request."),
			line: 5, fig: "3.1", verdict: ArithmeticError,
		},
		{
			// The sentence names a row of the table: the pair of the
			// sentence before (the reference box's) is not its figures.
			name: "a ratio whose sentence names a table row, after another sentence's pair",
			src: doc("# R", "", "## Boxes", "",
				"| Box | old fps | new fps |", "|---|---:|---:|",
				"| Alpha | 100 | 150 |", "| Gamma | 80 | 124 |", "",
				"The reference box goes from 100 to 150 fps overall.",
				"Gamma's rate, at +55 %, gains the most."),
			line: 11, fig: "55", verdict: Consistent,
		},
		{
			// No row gives +65 % (Alpha +50 %, Gamma +55 %).
			name: "a ratio whose sentence names a table row, wrong",
			src: doc("# R", "", "## Boxes", "",
				"| Box | old fps | new fps |", "|---|---:|---:|",
				"| Alpha | 100 | 150 |", "| Gamma | 80 | 124 |", "",
				"The reference box goes from 100 to 150 fps overall.",
				"Gamma's rate, at +65 %, gains the most."),
			line: 11, fig: "65", verdict: Unsupported,
		},
		{
			// A ceiling is a rate: more of it rests on times that fell.
			name: "a higher ceiling resting on times",
			src:  doc("# R", "", "## CPU", "", "CPU per request fell from 6.0 ms to 4.0 ms, in line with the 1.5× higher ceiling under load."),
			line: 5, fig: "1.5", verdict: Consistent,
		},
		{
			name: "a higher ceiling resting on times, wrong",
			src:  doc("# R", "", "## CPU", "", "CPU per request fell from 6.0 ms to 4.0 ms, in line with the 2.5× higher ceiling under load."),
			line: 5, fig: "2.5", verdict: ArithmeticError,
		},
		{
			// Electric current is a quantity of its own: "cut 2.5×" of a
			// current rests on the currents, not on the charge pair of
			// its sentence.
			name: "a factor of a current after a pair of charges",
			src: doc("# R", "", "## Sleep", "",
				"The idle current fell from 9.0 µA to 3.6 µA.",
				"Idle charge falls from 2.70 mC to 1.08 mC, and the idle current is cut 2.5×."),
			line: 6, fig: "2.5", verdict: Consistent,
		},
		{
			// 9.0 / 3.6 is 2.5; no pair of currents gives 3.5 (the
			// charges give 2.5 too, but they are not currents).
			name: "a factor of a current after a pair of charges, wrong",
			src: doc("# R", "", "## Sleep", "",
				"The idle current fell from 9.0 µA to 3.6 µA.",
				"Idle charge falls from 2.70 mC to 0.77 mC, and the idle current is cut 3.5×."),
			line: 6, fig: "3.5", verdict: Unsupported,
		},
		{
			name: "a ratio of charges in mAh",
			src:  doc("# R", "", "## Battery", "", "Daily drain went from 4.8 mAh to 2.4 mAh, 50 % less."),
			line: 5, fig: "50", verdict: Consistent,
		},
		{
			name: "a ratio of charges in mAh, wrong",
			src:  doc("# R", "", "## Battery", "", "Daily drain went from 4.8 mAh to 2.4 mAh, 60 % less."),
			line: 5, fig: "60", verdict: ArithmeticError,
		},
		{
			name: "a time restated in hours in parentheses",
			src:  doc("# R", "", "## Air", "", "The radio stays on 5,400 s a day (1.5 h) on the old build."),
			line: 5, fig: "1.5", verdict: Consistent,
		},
		{
			// 90 s is 1.5 min, not 1.5 h: divided by 60 once.
			name: "a time restated in hours in parentheses, divided by 60 once",
			src:  doc("# R", "", "## Air", "", "The radio stays on 90 s a day (1.5 h) on the old build."),
			line: 5, fig: "1.5", verdict: ArithmeticError,
		},
		{
			name: "a time per call from a total over a count",
			src:  doc("# R", "", "## Profile", "", "The parser spends 2.400 s of own time over 60,000 calls, 40 µs per call."),
			line: 5, fig: "40", verdict: Consistent,
		},
		{
			// 2.400 s / 60,000 is 40 µs, not 40 ns.
			name: "a time per call from a total over a count, a prefix slipped",
			src:  doc("# R", "", "## Profile", "", "The parser spends 2.400 s of own time over 60,000 calls, 40 ns per call."),
			line: 5, fig: "40", verdict: ArithmeticError,
		},
		{
			name: "a saving stated with its percentage before the comparative",
			src:  doc("# R", "", "## Parse", "", "Parse time went from 8.0 ms to 6.0 ms, 2.0 ms or 25 % less."),
			line: 5, fig: "2.0", verdict: Consistent,
		},
		{
			name: "a saving stated with its percentage before the comparative, off",
			src:  doc("# R", "", "## Parse", "", "Parse time went from 8.0 ms to 6.0 ms, 2.6 ms or 25 % less."),
			line: 5, fig: "2.6", verdict: ArithmeticError,
		},
		{
			// 0.420 % − 0.210 % is 0.21 points (relative, the cut is
			// 50 %), stated by the pair of the sentence before.
			name: "a change of a rate in percent stated in points",
			src: doc("# R", "", "## Duty", "",
				"Awake time halves from 950 ms to 475 ms, so the duty cycle goes from 0.420 % to 0.210 %.",
				"In all the duty cycle is cut by 0.21 %."),
			line: 6, fig: "0.21", verdict: Consistent,
		},
		{
			// 960 / 80 is 12: the parts of the two "A of B" are compared.
			name: "a factor of the parts of two wholes",
			src: doc("# R", "", "## Misses", "",
				"960 of 7,200 frames ran late; after the change 80 of 9,100, 12× fewer late frames."),
			line: 5, fig: "12", verdict: Consistent,
		},
		{
			name: "a factor of the parts of two wholes, wrong",
			src: doc("# R", "", "## Misses", "",
				"960 of 7,200 frames ran late; after the change 80 of 9,100, 16× fewer late frames."),
			line: 5, fig: "16", verdict: ArithmeticError,
		},
	})
}

// TestTenthRoundPointsNotRelative checks that a percentage that is
// neither the points nor the relative change of the rates before it is
// not passed as a reading in points.
func TestTenthRoundPointsNotRelative(t *testing.T) {
	rep := extract(t, doc("# R", "", "## Duty", "",
		"Awake time halves from 950 ms to 475 ms, so the duty cycle goes from 0.420 % to 0.210 %.",
		"In all the duty cycle is cut by 0.35 %."))
	c := claimAt(t, rep, 6, "0.35")
	if c.Verdict == Ambiguous || c.Verdict == Consistent {
		t.Errorf("line 6: %s (%s), want no reading that passes it", c.Verdict, c.Detail)
	}
}

// TestTenthRoundExtraction checks the figures the tenth round extracts:
// round counts of counted things in prose, a Python profile's own and
// cumulative times, a time "down" by a figure, and the figures of a
// version-headed row whose change is wrong (stated by a claim of their
// own, the change still an error).
func TestTenthRoundExtraction(t *testing.T) {
	src := doc("# R", "", "## Profile", "",
		"We replayed 40,000 requests, hence 240,000 calls to the validator.",
		"",
		"```",
		"   ncalls  tottime  percall  cumtime  percall filename:lineno(function)",
		"    40000    0.512    0.000   30.204    0.001 svc/views.py:12(handle)",
		"```",
		"",
		"Decode time per frame down 1.25 ms after the change.",
		"",
		"| Metric | 3.1 | 3.2 | Change |",
		"|---|---:|---:|---:|",
		"| Idle draw | 90.0 mA | 60.0 mA | −40.0 % |",
		"",
		"Each test ran 10,000 iterations.")
	rep := extract(t, src)
	for _, w := range []struct {
		line int
		fig  string
	}{{5, "40,000"}, {5, "240,000"}, {9, "0.512"}, {9, "30.204"}, {12, "1.25"}, {16, "90.0"}, {16, "60.0"}} {
		c := findClaim(rep, w.line, w.fig)
		if c == nil {
			t.Errorf("line %d: %s not extracted\n%s", w.line, w.fig, formatClaims(rep.Claims))
			continue
		}
		if c.Verdict.Failed() {
			t.Errorf("line %d: %s is in a claim that fails (%s: %s)", w.line, w.fig, c.Verdict, c.Detail)
		}
	}
	// 60 / 90 is 33.3 % less, not 40 %: the change is still caught.
	if c := claimAt(t, rep, 16, "40.0"); c.Verdict != ArithmeticError {
		t.Errorf("line 16: %q %s (%s), want arithmetic-error", c.Claimed, c.Verdict, c.Detail)
	}
	// A round count of a setting is not a figure.
	if c := findClaim(rep, 18, "10,000"); c != nil {
		t.Errorf("line 18: setting 10,000 extracted as %q", c.Claimed)
	}
}

// TestTenthRoundHoursWindow checks that "h" is read as hours only where it
// restates a time: "(24 h)" after a rate names a window, not a figure.
func TestTenthRoundHoursWindow(t *testing.T) {
	for _, f := range scanFigures("Mean produce rate (24 h) is 640 k/s") {
		if f.Unit == "h" {
			t.Errorf("scanFigures read %q as hours", f.Text)
		}
	}
	figs := scanFigures("on for 106.6 s a day (1.78 h)")
	if len(figs) != 2 || figs[1].Unit != "h" {
		t.Errorf("scanFigures(restated hours) = %+v, want 1.78 h", figs)
	}
}

// TestTenthRoundPhysicalUnits checks that figures in units of current,
// charge, voltage, power, energy and frame rate are extracted with their
// quantity, and that "current" names the electric current only where a
// verb or preposition follows it.
func TestTenthRoundPhysicalUnits(t *testing.T) {
	for _, tc := range []struct {
		text string
		q    Quantity
	}{
		{"12.5 mA", Current}, {"3.1 µA", Current}, {"78.09 uA", Current}, {"23.43 mC", Charge},
		{"2,600 mAh", Charge}, {"21 mV", Voltage}, {"19.8 W", Power}, {"40 Wh", Energy}, {"86 fps", FrameRate},
	} {
		figs := scanFigures("the device draws " + tc.text + " here")
		if len(figs) != 1 || figs[0].Quantity != tc.q {
			t.Errorf("scanFigures(%q) = %+v, want one figure of %s", tc.text, figs, tc.q)
		}
	}
	for _, tc := range []struct {
		words string
		want  Quantity
	}{
		{"the sleep current is", Current},
		{"the current build is", Unknown},
		{"our current", Unknown},
	} {
		if got := quantityOf(strings.Fields(tc.words)); got != tc.want {
			t.Errorf("quantityOf(%q) = %s, want %s", tc.words, got, tc.want)
		}
	}
}

// TestTenthRoundGroupCells checks that a row of figures only, in a table
// of version-headed column groups beside a column that a side word heads
// ("Current"), states each group's pair and its other cells' figures.
func TestTenthRoundGroupCells(t *testing.T) {
	rep := extract(t, doc("# R", "", "## States", "",
		"| State | Current | 1.1 time | 1.2 time | 1.1 charge | 1.2 charge |",
		"|---|---:|---:|---:|---:|---:|",
		"| Sense | 5.0 mA | 300 ms | 120 ms | 1.500 mC | 0.600 mC |"))
	want := map[string]bool{"5.0": false, "300": false, "120": false, "1.500": false, "0.600": false}
	for _, c := range rep.Claims {
		if c.Line != 7 {
			continue
		}
		if c.Verdict.Failed() {
			t.Errorf("line 7 %q: %s (%s), want no alarm", c.Claimed, c.Verdict, c.Detail)
		}
		for _, n := range c.Numbers {
			if _, ok := want[n.Text]; ok {
				want[n.Text] = true
			}
		}
	}
	for fig, found := range want {
		if !found {
			t.Errorf("line 7: %s not extracted\n%s", fig, formatClaims(rep.Claims))
		}
	}
}

// TestTenthRoundOwnDifferenceScale checks that a figure of another scale
// after a pair ("…, 40 ms less than the budget") is not taken for the
// pair's difference: no alarm the pair cannot back.
func TestTenthRoundOwnDifferenceScale(t *testing.T) {
	rep := extract(t, doc("# R", "", "## Parse", "", "Parse time went from 9.6 ms to 7.1 ms, 40 ms less than the budget allows."))
	for _, c := range rep.Claims {
		if c.Verdict.Failed() {
			t.Errorf("line %d %q: %s (%s), want no alarm", c.Line, c.Claimed, c.Verdict, c.Detail)
		}
	}
}

// TestTenthRoundVersionHeadersUnpaired checks that headers naming
// versions that do not pair up (three versions, a measure stated for one
// version only, the newer version first) make no before/after group.
func TestTenthRoundVersionHeadersUnpaired(t *testing.T) {
	for _, h := range [][]string{
		{"1.2 rps", "1.3 rps", "1.4 rps"},
		{"1.2 rps", "1.3 p99", "1.2 p50", "1.3 p50"},
		{"1.3 rps", "1.2 rps"},
	} {
		header := append([]string{"Device"}, h...)
		if olds, news := versionGroups(header); olds != nil || news != nil {
			t.Errorf("versionGroups(%q) = %v, %v; want none", header, olds, news)
		}
	}
	olds, news := versionGroups([]string{"GPU", "1.3 avg fps", "1.4 avg fps", "Δ avg", "1.3 1 % low", "1.4 1 % low", "Δ 1 % low"})
	if len(olds) != 2 || olds[0] != 1 || news[0] != 2 || olds[1] != 4 || news[1] != 5 {
		t.Errorf("versionGroups of two measures = %v, %v; want [1 4], [2 5]", olds, news)
	}
}

// TestTenthRoundGoogleBenchmarkNames checks that Google Benchmark names in
// prose ("BM_Lock_before/real_time/threads:2") name the pair a claim is
// about, as the C++ driver lists them.
func TestTenthRoundGoogleBenchmarkNames(t *testing.T) {
	const pkg = "bench_lock"
	f := &fakeMeasurer{
		list: []Benchmark{
			{pkg, "BM_Lock_before/real_time/threads:2"}, {pkg, "BM_Lock_after/real_time/threads:2"},
			{pkg, "BM_Queue_before"}, {pkg, "BM_Queue_after"},
		},
		units: map[[2]string][]UnitRatio{
			{"BM_Lock_before/real_time/threads:2", "BM_Lock_after/real_time/threads:2"}: pair(0.24, 0.25, 0.26, 1, 1),
		},
	}
	src := doc("# R", "", "## Locking", "",
		"BM_Lock_after/real_time/threads:2 is 4x faster than BM_Lock_before/real_time/threads:2.")
	rep := verify(t, src, f)
	c := claimAt(t, rep, 5, "4")
	if c.Verdict != Reproduced || !strings.Contains(c.Detail, "BM_Lock_before/real_time/threads:2") {
		t.Fatalf("line 5: %s (%s), want reproduced against BM_Lock_before/real_time/threads:2\n%s", c.Verdict, c.Detail, formatClaims(rep.Claims))
	}
	if len(f.calls) != 1 || !strings.HasPrefix(f.calls[0], "BM_Lock_before/real_time/threads:2 vs BM_Lock_after/real_time/threads:2") {
		t.Errorf("measured %v, want the threaded pair once", f.calls)
	}
}

// TestTenthRoundGoogleBenchmarkFamilyName checks that a Google Benchmark
// name written without its variant word ("BM_Lock/real_time/threads:2")
// names the pair whose names have one, as the text's words did before
// such names were collected.
func TestTenthRoundGoogleBenchmarkFamilyName(t *testing.T) {
	const pkg = "bench_lock"
	f := &fakeMeasurer{
		list: []Benchmark{
			{pkg, "BM_Lock_before/real_time/threads:2"}, {pkg, "BM_Lock_after/real_time/threads:2"},
			{pkg, "BM_Lock_before/real_time/threads:1"}, {pkg, "BM_Lock_after/real_time/threads:1"},
		},
		units: map[[2]string][]UnitRatio{
			{"BM_Lock_before/real_time/threads:2", "BM_Lock_after/real_time/threads:2"}: pair(0.24, 0.25, 0.26, 1, 1),
		},
	}
	rep := verify(t, doc("# R", "", "## Locking", "", "`BM_Lock/real_time/threads:2` is 4x faster with the caches."), f)
	if c := claimAt(t, rep, 5, "4"); c.Verdict != Reproduced {
		t.Fatalf("line 5: %s (%s), want reproduced against the threads:2 pair", c.Verdict, c.Detail)
	}
	// A name no family has stays unmeasured, saying so.
	rep = verify(t, doc("# R", "", "## Locking", "", "`BM_Lock/real_time/threads:8` is 4x faster with the caches."), f)
	if c := claimAt(t, rep, 5, "4"); c.Verdict != Unverifiable || !strings.Contains(c.Detail, "BM_Lock/real_time/threads:8") {
		t.Fatalf("line 5 (threads:8): %s (%s), want unverifiable naming the missing benchmark", c.Verdict, c.Detail)
	}
}

// TestTenthRoundFamilyByBothNames checks matchFamily's rule for names
// whose variant word sits inside them: the text names both whole.
func TestTenthRoundFamilyByBothNames(t *testing.T) {
	idx := newBenchIndex([]Benchmark{
		{"p", "BM_Lock_before/real_time/threads:2"}, {"p", "BM_Lock_after/real_time/threads:2"},
		{"p", "BM_Lock_before/real_time/threads:8"}, {"p", "BM_Lock_after/real_time/threads:8"},
	})
	c := &Claim{Text: "BM_Lock_before/real_time/threads:8 vs BM_Lock_after/real_time/threads:8: 3x faster"}
	fam, why := idx.matchFamily(c)
	if fam == nil || fam.new.Name != "BM_Lock_after/real_time/threads:8" {
		t.Fatalf("matchFamily = %v (%q), want the threads:8 pair", fam, why)
	}
	// One name alone is not the pair.
	c = &Claim{Text: "BM_Lock_after/real_time/threads:8 is 3x faster"}
	if fam, _ := idx.matchFamily(c); fam != nil {
		t.Errorf("matchFamily of one name = %v, want none", fam)
	}
}

// TestTenthRoundNoisyInterval checks that a measured interval far wider
// than the tolerance does not read as reproduced.
func TestTenthRoundNoisyInterval(t *testing.T) {
	f := newFake()
	f.units[[2]string{"CookieTrim/before", "CookieTrim/after"}] = pair(0.04, 0.08, 0.2, 3360, 293)
	rep := verify(t, doc("# R", "", "## Cookie trim", "", "- 12x faster"), f)
	c := claimAt(t, rep, 5, "12")
	if c.Verdict != Unverifiable || !strings.Contains(c.Detail, "too noisy") {
		t.Fatalf("line 5: %s (%s), want unverifiable, too noisy to judge", c.Verdict, c.Detail)
	}
	// Within the tolerance it is judged as before.
	f = newFake()
	rep = verify(t, doc("# R", "", "## Cookie trim", "", "- 12x faster"), f)
	if c := claimAt(t, rep, 5, "12"); c.Verdict != Reproduced {
		t.Fatalf("line 5 with a narrow interval: %s (%s), want reproduced", c.Verdict, c.Detail)
	}
}
