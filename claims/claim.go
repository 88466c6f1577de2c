package claims

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"
)

// A Kind is the form of a numeric performance claim.
type Kind int

const (
	// Speedup is a factor: "11x faster", "3.4x", "2.9-3.8x faster".
	Speedup Kind = iota + 1
	// Percent is a relative change: "57% faster", "43% less memory",
	// "80% fewer allocations", "(-11%)".
	Percent
	// BeforeAfter is a pair of figures in prose: "785ns → 71ns",
	// "from 9569 to 2775 ns/op", "518ns (vs 716ns)".
	BeforeAfter
	// Absolute is a figure with a unit and no comparison: "518ns
	// average", "1.93M allocations/second", "~0.017% of total request
	// time".
	Absolute
	// ZeroAlloc states that code does not allocate: "0 allocs/op",
	// "zero allocations".
	ZeroAlloc
	// BenchmarkLine is a line of go test -bench output pasted into the
	// report, or a row of a benchmark table in a code block.
	BenchmarkLine
	// TableRow is a row of a Markdown table with before and after
	// columns (Before/After, Old/New, Baseline/Optimized) and no stated
	// improvement: its figures are the claim.
	TableRow
)

var kindNames = [...]string{
	Speedup:       "speedup",
	Percent:       "percent",
	BeforeAfter:   "before-after",
	Absolute:      "absolute",
	ZeroAlloc:     "zero-alloc",
	BenchmarkLine: "benchmark-line",
	TableRow:      "table-row",
}

// String returns the kind's name as the JSON output spells it:
// "speedup", "percent", "before-after", "absolute", "zero-alloc",
// "benchmark-line" or "table-row".
func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return fmt.Sprintf("Kind(%d)", int(k))
}

// MarshalText returns the kind's name.
func (k Kind) MarshalText() ([]byte, error) { return []byte(k.String()), nil }

// A Verdict is the outcome of checking one claim.
type Verdict int

const (
	// Unverifiable: the report gives nothing to check the claim against
	// and no benchmark could be re-measured; Claim.Detail says what
	// would make it verifiable.
	Unverifiable Verdict = iota
	// Consistent: the claim follows from the figures the report states
	// beside it, within rounding; it was not re-measured.
	Consistent
	// ArithmeticError: the claim does not follow from the report's own
	// figures; Claim.Detail says what they give.
	ArithmeticError
	// Reproduced: the re-measured ratio's confidence interval meets the
	// claimed ratio within the tolerance.
	Reproduced
	// NotReproduced: the re-measured ratio's confidence interval lies on
	// the worse side of the claimed ratio beyond the tolerance.
	NotReproduced
	// BetterThanClaimed: the re-measured ratio's confidence interval lies
	// on the better side of the claimed ratio beyond the tolerance.
	BetterThanClaimed
	// Ambiguous: the claim follows from its figures only under the less
	// usual reading ("38% faster" from times that give 27.7% less time,
	// 38% more throughput); not an error. Claim.Cross says which.
	Ambiguous
	// Unsupported: a ratio or percentage with no figures beside it that
	// no pair of the report's own figures for its subject and quantity
	// gives within rounding; Claim.Cross names the closest pair.
	Unsupported
	// MixesRows: the claim follows only from figures of different rows
	// (tables, sizes, suites) of the report; Claim.Cross names them.
	MixesRows
	// Contradicted: the report states the same figure or ratio for the
	// same subject elsewhere with a different value; Claim.Cross names
	// both lines.
	Contradicted
)

var verdictNames = [...]string{
	Unverifiable:      "unverifiable",
	Consistent:        "consistent",
	ArithmeticError:   "arithmetic-error",
	Reproduced:        "reproduced",
	NotReproduced:     "not-reproduced",
	BetterThanClaimed: "better-than-claimed",
	Ambiguous:         "ambiguous",
	Unsupported:       "unsupported",
	MixesRows:         "mixes-rows",
	Contradicted:      "contradicted",
}

// String returns the verdict as the JSON output spells it, e.g.
// "arithmetic-error" or "not-reproduced".
func (v Verdict) String() string {
	if v >= 0 && int(v) < len(verdictNames) {
		return verdictNames[v]
	}
	return fmt.Sprintf("Verdict(%d)", int(v))
}

// MarshalText returns the verdict's name.
func (v Verdict) MarshalText() ([]byte, error) { return []byte(v.String()), nil }

// Failed reports whether v makes perfproof verify exit 1: an arithmetic
// error, a claim the report's own figures do not support, mix rows for, or
// contradict, or a claim that did not reproduce. Ambiguous does not fail.
func (v Verdict) Failed() bool {
	switch v {
	case ArithmeticError, NotReproduced, Unsupported, MixesRows, Contradicted:
		return true
	}
	return false
}

// fromReport reports whether v is a verdict on the report's own figures
// that a measurement must not replace: an error found in the text.
func (v Verdict) fromReport() bool {
	switch v {
	case ArithmeticError, Unsupported, MixesRows, Contradicted:
		return true
	}
	return false
}

// A Quantity is what a figure or a claim measures.
type Quantity int

const (
	// Unknown: the claim does not say and its figures do not tell.
	Unknown Quantity = iota
	// Time per operation (ns, µs, ms, s, ns/op); lower is better.
	Time
	// Memory in bytes (B, KB, MB, B/op); lower is better.
	Memory
	// Allocs is a count of heap allocations (allocs/op); lower is better.
	Allocs
	// Throughput is work per time (ops/s, allocations/second, MB/s);
	// higher is better.
	Throughput
	// Count is a plain number of things (operations, marshals); lower is
	// better.
	Count
	// Other is a quantity perfproof cannot compare or measure: variance,
	// GC pressure, a share of request time.
	Other
	// Cost is an amount of money: "$1,176".
	Cost
	// PerPeriod is an amount (bytes, money, a count of things) per
	// period longer than a second: "56.6 TB/day", "$294 per month",
	// "1.6 million scans per hour".
	PerPeriod
	// Current is an electric current, base amperes: "8.2 µA", "44 mA";
	// lower is better.
	Current
	// Charge is an electric charge, base coulombs: "23.43 mC"; a
	// battery's capacity in mAh is one too (3.6 C a mAh).
	Charge
	// Voltage is a potential, base volts: "21 mV".
	Voltage
	// Power is base watts: "21.5 W", "120 mW"; lower is better.
	Power
	// Energy is base joules: "40 Wh", "0.5 J", "12 mWh"; lower is
	// better.
	Energy
	// FrameRate is frames per second: "86 fps"; a rate of its own, not
	// compared with times per operation.
	FrameRate
	// Length is a distance, base metres: "393.0 m", "335.7 km".
	Length
)

var quantityNames = [...]string{
	Unknown:    "unknown",
	Time:       "time",
	Memory:     "memory",
	Allocs:     "allocs",
	Throughput: "throughput",
	Count:      "count",
	Other:      "other",
	Cost:       "cost",
	PerPeriod:  "per-period",
	Current:    "current",
	Charge:     "charge",
	Voltage:    "voltage",
	Power:      "power",
	Energy:     "energy",
	FrameRate:  "frame-rate",
	Length:     "length",
}

// String returns the quantity's name, e.g. "time" or "allocs".
func (q Quantity) String() string {
	if q >= 0 && int(q) < len(quantityNames) {
		return quantityNames[q]
	}
	return fmt.Sprintf("Quantity(%d)", int(q))
}

// MarshalText returns the quantity's name.
func (q Quantity) MarshalText() ([]byte, error) { return []byte(q.String()), nil }

// benchUnit returns the go test unit a quantity is measured in, "" if
// none: sec/op for Time and Throughput (a throughput gain is the inverse
// of the sec/op ratio), B/op, allocs/op.
func (q Quantity) benchUnit() string {
	switch q {
	case Time, Throughput:
		return "sec/op"
	case Memory:
		return "B/op"
	case Allocs:
		return "allocs/op"
	}
	return ""
}

// MarshalJSON encodes n with its exported fields; a value or high end
// that JSON cannot hold (NaN, ±Inf) is null, never a number that reads as
// a figure.
func (n Number) MarshalJSON() ([]byte, error) {
	finite := func(x float64) *float64 {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil
		}
		return &x
	}
	return json.Marshal(struct {
		Text     string   `json:"text"`
		Value    *float64 `json:"value"`
		High     *float64 `json:"high"`
		Unit     string   `json:"unit,omitempty"`
		Quantity Quantity `json:"quantity"`
		Approx   bool     `json:"approx,omitempty"`
	}{n.Text, finite(n.Value), finite(n.High), n.Unit, n.Quantity, n.Approx})
}

// A Number is one figure as the report states it.
type Number struct {
	// Text is the figure as written, e.g. "1,577,102", "~75-100",
	// "1.93M".
	Text string `json:"text"`
	// Value is the figure in Unit (the low end of a range "75-100").
	Value float64 `json:"value"`
	// High is the high end of a range; equal to Value otherwise.
	High float64 `json:"high"`
	// Unit is the unit as written after the figure, normalised in
	// spelling ("µs" for "μs" and "us", "x" for "×"); "" when none is
	// written.
	Unit string `json:"unit,omitempty"`
	// Quantity is what Unit measures.
	Quantity Quantity `json:"quantity"`
	// Approx is set when the report marks the figure as approximate
	// ("~75ns", "≈ 6").
	Approx bool `json:"approx,omitempty"`

	// step is the place value of the last digit written (1 for "785",
	// 0.01 for "71.42"), from which the rounding tolerance is derived.
	step float64
	// scale converts Value to the quantity's base unit (ns, B, 1/s);
	// for a PerPeriod figure, to the base unit of the amount (B, $, 1).
	scale float64
	// perLo and perHi bound, in seconds, the period a PerPeriod figure
	// is stated over (a month is 30 to 30.44 days); 0 otherwise.
	perLo, perHi float64
	// dim names what a PerPeriod or Cost figure counts: "B", "$", or
	// the counted noun ("scans"); "" for a bare count.
	dim string
}

// base returns the figure's low and high ends in its quantity's base
// unit (nanoseconds, bytes, per second, or the count itself), widened by
// half the place value of its last digit either way: the rounding a
// figure written with those digits may have had.
func (n Number) base() (lo, hi float64) {
	s := n.scale
	if s == 0 {
		s = 1
	}
	return math.Max(0, n.Value-n.step/2) * s, (n.High + n.step/2) * s
}

// mid returns the figure's value in its base unit (the middle of a range).
func (n Number) mid() float64 {
	s := n.scale
	if s == 0 {
		s = 1
	}
	return (n.Value + n.High) / 2 * s
}

func (n Number) isRange() bool { return n.High != n.Value }

// String returns the figure as written with its unit, e.g. "785.3 ns/op".
func (n Number) String() string {
	switch {
	case n.Unit == "":
		return n.Text
	case n.Unit == "%" || n.Unit == "x":
		return n.Text + n.Unit
	}
	return n.Text + " " + n.Unit
}

// A Pair is the before and after figures a claim rests on.
type Pair struct {
	// Old and New are the figures before and after the change.
	Old, New Number
	// OldLine and NewLine are the 1-based lines the figures are on.
	OldLine, NewLine int
	// Ordered is false when the report did not say which figure is the
	// baseline (two columns or figures without Before/After, an arrow or
	// "from … to"); Old is then the one the claim's direction implies.
	Ordered bool
	// From says where the figures come from, e.g. "the same line",
	// "the row's Before and After columns", "lines 63-64".
	From string

	// stated is set for a pair written as one on its line ("785ns →
	// 71ns"), which is a before-after claim of its own when no other
	// claim rests on it.
	stated bool
	// used is set when a claim on the pair's own line rests on it.
	used bool
	// sentence is set for a pair that holds for its own sentence only:
	// a figure with its earlier value in parentheses ("3.02 µs (was 11.5
	// µs)"), never a later sentence's figures.
	sentence bool
	// countOnly is set for a pair of counts read by countInsteadOf ("3.9
	// cores instead of 5.8"): a figure of its line, not a pair other
	// lines' ratios are checked against.
	countOnly bool
	// wrapped is set for a comparison that runs across a line break
	// ("… 1.82" / "against 2.83 …"): it belongs to a ratio at the end
	// of the line before, never to a later line's.
	wrapped bool
	// sweep is set for a pair of one benchmark at two parameter values
	// (jmhParamRows): not a comparison of variants, so no sentence
	// comparing the variants misquotes it.
	sweep bool
	// span is the pair's byte range on its line (from the first figure's
	// start to the second's end), {0, 0} when not read from one line.
	span [2]int
}

// A Claim is one numeric performance statement of a report.
type Claim struct {
	// Line is the 1-based line of the report the claim is on.
	Line int
	// Text is the claim as written: the phrase ("11x faster"), or the
	// whole line or table row for benchmark lines, rows and absolute
	// figures, with Markdown emphasis removed.
	Text string
	// Kind is the claim's form.
	Kind Kind
	// Subject is what the claim is about: the benchmark name(s) when
	// the report gives them (a pasted benchmark line, "go test
	// -bench=…", a name in a table), else the nearest heading.
	Subject string
	// Benchmark is the benchmark the claim is about, without the
	// "Benchmark" prefix and the GOMAXPROCS suffix ("CookieTrim/after"),
	// and Baseline its before side when the claim compares two; either
	// may be "".
	Benchmark, Baseline string
	// Numbers are the claim's figures in the order written: the stated
	// factor or percentage first, then what it rests on.
	Numbers []Number
	// Quantity is what the claim compares: time, memory, allocations or
	// throughput.
	Quantity Quantity
	// Claimed is the stated claim, e.g. "11x faster", "43% less
	// memory", "785 ns → 71 ns", "0 allocs/op".
	Claimed string
	// Ratio is the claimed ratio new/old in Quantity's benchmark unit
	// (sec/op for time and throughput, B/op, allocs/op): 11x faster is
	// 0.0909. It is NaN when the claim states no ratio. For "X%
	// faster" read as a time reduction (1 − new/old) it is 1 − X/100;
	// AltRatio is then the throughput-gain reading (old/new − 1),
	// 1/(1 + X/100), and NaN for claims with one reading. RatioHigh and
	// AltRatioHigh are the other ends for ranges ("2.9-3.8x").
	Ratio, RatioHigh, AltRatio, AltRatioHigh float64
	// Pair holds the before and after figures the claim rests on, nil if
	// the report states none near it.
	Pair *Pair
	// Arithmetic is the outcome of checking the claim against Pair:
	// Consistent, ArithmeticError, or Unverifiable when there is nothing
	// to check.
	Arithmetic Verdict
	// Reading says which reading of "X% faster" the figures support:
	// "time" (1 − new/old), "throughput" (old/new − 1), "both", or "".
	Reading string
	// Verdict is the final outcome: Arithmetic until Verify re-measures
	// the claim.
	Verdict Verdict
	// Detail explains the verdict: what the figures give, what was
	// measured, what would make the claim verifiable.
	Detail string
	// Measured is what Verify measured for the claim, nil if nothing.
	Measured *Measured
	// Cross is the outcome of checking the claim against the whole
	// report (figures elsewhere, restatements, derived figures), nil when
	// no such check applied. Detail is its rendering when it set the
	// verdict.
	Cross *Cross

	heading  string // the nearest heading
	section  int    // index of the innermost section
	blockEnd int    // 0-based last line of the enclosing block (paragraph, list, table, fence)
	pattern  string // -bench pattern in scope
	expected bool   // a projection ("expected", "estimated"), not a measurement

	sense  sense    // the direction a factor or percentage states
	stated Number   // the stated factor or percentage
	label  string   // what the claim's line or row names: a row label, a list item's lead
	path   []string // subject words of the section path
	words  []string // subject words of the line and section path, once computed
	clause string   // for one figure of a line checked alone, the clause that names its subject
	listed bool     // figures a line with a ratio states beside it, not derived: not recomputed
	loose  bool     // a factor read by looseFactorThe ("1.82x the old release") or looseFactorWord
	// looseWord: a factor read by looseFactorWord ("2.49× or +148.7 %")
	looseWord bool

	fewerNoun string // under fewerCounts, the noun a factor of "fewer" counts, while checkElsewhere runs

	pairElsewhere bool // Pair is another line's (pairFits): a stated range is read at both its ends
}

// ratioString formats a ratio new/old as "0.091×".
func ratioString(r float64) string {
	switch {
	case math.IsNaN(r):
		return "-"
	case math.IsInf(r, 1):
		return "∞"
	}
	return trimFloat(r, 3) + "×"
}

// trimFloat formats v with prec significant digits, without exponent
// for ordinary magnitudes and without trailing zeros.
func trimFloat(v float64, prec int) string {
	if v == 0 {
		return "0"
	}
	if math.IsInf(v, 0) || math.IsNaN(v) {
		return fmt.Sprint(v)
	}
	mag := int(math.Floor(math.Log10(math.Abs(v))))
	dec := max(prec-1-mag, 0)
	s := fmt.Sprintf("%.*f", dec, v)
	if strings.Contains(s, ".") {
		s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	}
	return s
}

// Sort orders claims by line, then by their position in the line (the
// order Extract found them).
func Sort(cs []Claim) {
	slices.SortStableFunc(cs, func(a, b Claim) int { return a.Line - b.Line })
}
