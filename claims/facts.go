package claims

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// A Side says which side of a change a figure is on.
type Side int

const (
	// SideNone: the report does not say (an absolute figure, a rate).
	SideNone Side = iota
	// SideBefore: the baseline, old or unoptimised figure.
	SideBefore
	// SideAfter: the optimised, new figure.
	SideAfter
)

var sideNames = [...]string{SideNone: "none", SideBefore: "before", SideAfter: "after"}

// String returns "none", "before" or "after".
func (s Side) String() string {
	if s >= 0 && int(s) < len(sideNames) {
		return sideNames[s]
	}
	return fmt.Sprintf("Side(%d)", int(s))
}

// MarshalText returns the side's name.
func (s Side) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// A Source is the part of a report a figure was read from.
type Source int

const (
	// FromProse is a sentence of a paragraph.
	FromProse Source = iota + 1
	// FromList is an item of a list, or a line of a tree or a block of
	// program output that is not a benchmark line.
	FromList
	// FromTable is a cell of a Markdown table.
	FromTable
	// FromBenchmark is a pasted go test -bench line or a row of a
	// benchmark table in a code block.
	FromBenchmark
)

var sourceNames = [...]string{FromProse: "prose", FromList: "list", FromTable: "table", FromBenchmark: "benchmark-output"}

// String returns "prose", "list", "table" or "benchmark-output".
func (s Source) String() string {
	if s > 0 && int(s) < len(sourceNames) {
		return sourceNames[s]
	}
	return fmt.Sprintf("Source(%d)", int(s))
}

// MarshalText returns the source's name.
func (s Source) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// A Fact is one figure of a report with what it is about: the fact table
// of Report.Facts holds every figure with a unit that is not itself a
// factor or a percentage.
type Fact struct {
	// Line is the 1-based line of the figure.
	Line int `json:"line"`
	// Subject is what the figure is about: the benchmark name, the
	// table row's or list item's label, else the nearest heading.
	Subject string `json:"subject"`
	// Metric is what the figure measures (time per operation, bytes,
	// allocations, throughput).
	Metric Quantity `json:"metric"`
	// Value is the figure as written, with its unit.
	Value Number `json:"value"`
	// Side is the side of the change the report puts it on.
	Side Side `json:"side"`
	// Source is the kind of text it was read from.
	Source Source `json:"source"`
	// Restated lists the 1-based lines of other facts with the same
	// subject, metric and side and a value equal within rounding: the
	// same figure stated again; Differs those whose value differs.
	// Both are in ascending order.
	Restated []int `json:"restated,omitempty"`
	Differs  []int `json:"differs,omitempty"`

	section int
	group   string   // the table or block the figure is in
	key     string   // subject key: the sorted subject words
	words   []string // subject words, sorted and distinct
}

// A docPair is a pair of figures the report gives, kept for checking
// claims that state none beside them.
type docPair struct {
	p       *Pair
	subject string   // what the pair is about: row label, benchmark names
	words   []string // subject words, with those of the section path
	own     []string // subject words of the pair itself
	group   string   // the table, benchmark block or block the pair is in
	row     int      // the row within the group; pairs of different rows mix
	section int
}

// notePair records a pair of figures the report states.
func (x *extractor) notePair(p *Pair, subject, group string, row, sec int) {
	if p == nil || p.countOnly {
		return
	}
	for _, d := range x.pairs {
		if d.p.OldLine == p.OldLine && d.p.NewLine == p.NewLine && d.p.Old.Text == p.Old.Text && d.p.New.Text == p.New.Text &&
			d.p.Old.Unit == p.Old.Unit && d.p.New.Unit == p.New.Unit {
			return
		}
	}
	cp := *p
	own := dedupe(subjectWords(subject))
	words := append(slices.Clone(own), x.pathWords(sec)...)
	x.pairs = append(x.pairs, &docPair{p: &cp, subject: subject, words: dedupe(words), own: own, group: group, row: row, section: sec})
}

// pathWords returns the subject words of the titles of section sec and
// its ancestors below the document title.
func (x *extractor) pathWords(sec int) []string {
	var w []string
	for s := sec; s > 0; s = x.sections[s].parent {
		if x.sections[s].level == 1 && x.sections[s].parent == 0 {
			break
		}
		w = append(w, subjectWords(x.sections[s].title)...)
	}
	return w
}

// stopWords are words that do not tell one subject from another in a
// performance report: units, directions, quantities, variants.
var stopWords = func() map[string]bool {
	m := make(map[string]bool)
	for _, w := range strings.Fields(`a an the of in on for to with by and or vs versus per op ops ns us ms sec
		b kb mb gb kib mib byte bytes faster slower less more fewer lower higher reduction reduce reduced
		improvement improved improve speedup speed time latency memory throughput before after baseline base old new
		optimized optimised optimization optimisation optimizations optimisations unoptimized naive original result results
		benchmark benchmarks performance avg average total x latest final summary impact overview comparison analysis
		is are was were be it this that these those from than we our its at as up down all each per
		saved save saves saving savings eliminated eliminates eliminate gain gains over under reductions improvements allocations allocation alloc allocs faster quicker
		nanoseconds microseconds milliseconds seconds second s op/s ns/op b/op allocs/op value values`) {
		m[w] = true
	}
	return m
}()

// synonyms are words reports use for one setting of a benchmark,
// spelled one way: "under contention" is the parallel run, "serial" the
// single-goroutine one.
var synonyms = map[string]string{
	"contention": "parallel", "contended": "parallel", "concurrent": "parallel", "concurrently": "parallel",
	"concurrency": "parallel", "parallelism": "parallel", "multithreaded": "parallel",
	"sequential": "serial", "sequentially": "serial", "uncontended": "serial", "singlethreaded": "serial",
	// A latency statistic named two ways: the median is the p50, the
	// worst request the maximum.
	"median": "p50", "worst": "max", "maximum": "max", "slowest": "max",
}

// sideWords are words that name a side rather than a subject.
var sideWords = map[string]bool{"before": true, "after": true, "baseline": true, "old": true, "new": true,
	"optimized": true, "optimised": true, "original": true, "naive": true, "current": true, "previous": true}

var hashNumRE = regexp.MustCompile(`#\s?(\d{1,3})\b`)

var splitCamelRE = regexp.MustCompile(`[A-Z]+[a-z]*[0-9]*|[a-z]+[0-9]*|[0-9]+`)

// stem reduces a lowercase word to a crude stem: plural and verb endings
// removed ("allocations" → "allocation", "pooled" → "pool", "parser" →
// "pars", "parsing" → "pars").
func stem(w string) string {
	for _, suf := range []string{"ations", "ation", "ings", "ing", "ers", "er", "ed", "es", "s", "e"} {
		if len(w) > len(suf)+2 && strings.HasSuffix(w, suf) {
			w = w[:len(w)-len(suf)]
			break
		}
	}
	return w
}

// subjectWords returns the stemmed words of s that name a subject: camel
// case split, lowercased, without stop words and numbers of three digits
// or more (sizes and counts).
// hashTag spells "#12" as " #bc ": a number that names a thing ("Fix
// #1") stays a word.
func hashTag(s string) string {
	if !strings.Contains(s, "#") {
		return s
	}
	return hashNumRE.ReplaceAllStringFunc(s, func(m string) string {
		return " no" + strings.Map(func(r rune) rune {
			if r >= '0' && r <= '9' {
				return 'a' + (r - '0')
			}
			return -1
		}, m) + " "
	})
}

// threadCountRE finds a count of goroutines, threads or cores: "32
// goroutines" names the parallel setting of a benchmark, "1 goroutine"
// the serial one, as "contended" and "single-threaded" do.
var threadCountRE = regexp.MustCompile(`(?i)\b(\d+)[\s-]*(?:threads?|cores?|goroutines?|workers?|readers?|writers?|clients?|cpus?)\b`)

// dottedPercentileRE finds a latency percentile written with a decimal
// point: "p99.9", "P99.99".
var dottedPercentileRE = regexp.MustCompile(`\b([pP]\d{2})\.(\d{1,2})\b`)

func subjectWords(s string) []string {
	s = hashTag(s)
	if strings.ContainsAny(s, "0123456789") {
		// "p99.9" is one word, the same as "p999", and not "p99".
		s = dottedPercentileRE.ReplaceAllString(s, "${1}${2}")
		s = threadCountRE.ReplaceAllStringFunc(s, func(m string) string {
			if n := threadCountRE.FindStringSubmatch(m); n != nil && n[1] == "1" {
				return " serial "
			}
			return " parallel "
		})
	}
	var out []string
	for _, f := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
		for _, p := range splitCamelRE.FindAllString(f, -1) {
			w := strings.ToLower(p)
			if w[0] >= '0' && w[0] <= '9' {
				continue
			}
			if stopWords[w] {
				continue
			}
			if syn, ok := synonyms[w]; ok {
				w = syn
			}
			w = stem(w)
			if w == "" {
				continue
			}
			out = append(out, w)
		}
	}
	return out
}

func dedupe(w []string) []string {
	slices.Sort(w)
	return slices.Compact(w)
}

// overlap counts the words of a (sorted, distinct) also in b.
func overlap(a, b []string) int {
	n := 0
	for _, w := range a {
		if _, ok := slices.BinarySearch(b, w); ok {
			n++
		}
	}
	return n
}

// subjectKey returns the words of a label that name a subject, sorted
// and joined, without the words that name a side; "" if none.
func subjectKey(label string) string {
	var w []string
	for _, s := range subjectWords(label) {
		if !sideWords[s] {
			w = append(w, s)
		}
	}
	return strings.Join(dedupe(w), " ")
}

// leadCutRE finds where a label ends: a dash between words, a colon, a
// parenthesis, an approximation mark, or a number that starts a word.
var leadCutRE = regexp.MustCompile(`\s(?:-|–|—)\s|:|\(|~|≈|(?:^|[^\p{L}\d_])\d`)

// lineLabel returns the label of a list item or labelled line: the text
// before its first figure, colon or dash ("Bid Slice Allocations" of "1.
// Bid Slice Allocations - 11x faster"), "" for a sentence.
func lineLabel(raw string) string {
	t := hashTag(plain(raw))
	t = strings.TrimLeft(t, " \t│├└─|>")
	isList := listRE.MatchString(t)
	t = listRE.ReplaceAllString(t, "")
	if loc := leadCutRE.FindStringIndex(t); loc != nil {
		t = t[:loc[0]]
	} else if !isList {
		return ""
	}
	t = strings.TrimSpace(strings.Trim(t, " *_`"))
	if len(strings.Fields(t)) > 8 {
		return ""
	}
	return t
}

// rowLabel returns the label of a table row: its first cell with words
// that is not a figure.
func rowLabel(r *mdRow) string {
	for _, c := range r.cells {
		c = strings.Trim(c, " *_`")
		if c == "" {
			continue
		}
		if figs := scanFigures(c); len(figs) > 0 && figs[0].start == 0 && len(strings.Fields(c)) <= 2 {
			continue
		}
		if !strings.ContainsFunc(c, unicode.IsLetter) {
			continue
		}
		return c
	}
	return ""
}

// sideOfWords returns the side a label names: "Before", "Old",
// "Baseline" …, "After", "New", "Optimised" ….
func sideOfWords(s string) Side {
	switch variantOf(s) {
	case -1:
		return SideBefore
	case 1:
		return SideAfter
	}
	return SideNone
}

// addFact records a figure of the report.
func (x *extractor) addFact(i int, n Number, subject string, side Side, src Source) {
	if n.Unit == "" || n.Unit == "%" || n.Unit == "x" || n.Quantity == Unknown {
		return
	}
	sec := int(x.lines[i].section)
	if subject == "" {
		subject = x.sections[sec].title
	}
	group := fmt.Sprintf("k%d", x.lines[i].block)
	if t := x.lines[i].table; t >= 0 {
		group = fmt.Sprintf("t%d", x.tables[t].first)
	}
	x.rep.Facts = append(x.rep.Facts, Fact{Line: i + 1, Subject: subject, Metric: n.Quantity, Value: n, Side: side,
		Source: src, section: sec, group: group, key: subjectKey(subject), words: dedupe(subjectWords(subject))})
}

// collectFacts builds the fact table from the benchmark lines, the tables
// and the prose of the report.
func (x *extractor) collectFacts() {
	for r := range x.rows {
		row := &x.rows[r]
		side := sideOfWords(row.name)
		if row.baseline {
			side = SideBefore
		}
		if side == SideNone {
			if text, _ := x.runLabel(row.line); text != "" {
				side = sideOfWords(text)
			}
		}
		for _, v := range row.values {
			x.addFact(row.line, v, row.name, side, FromBenchmark)
		}
		for _, p := range x.rowPairs(r) {
			x.notePair(p, row.name+" "+x.baselineName(r), fmt.Sprintf("b%d", row.block), r, int(x.lines[row.line].section))
		}
	}
	x.pairRuns()
	for _, t := range x.tables {
		hdr := func(k int) string {
			if k < len(t.header) {
				return t.header[k]
			}
			return ""
		}
		for ri := range t.rows {
			r := &t.rows[ri]
			label := rowLabel(r)
			labelUnit, _ := colUnit(label)
			for k := 1; k < len(r.cells); k++ {
				h := hdr(k)
				if textColRE.MatchString(h) {
					continue
				}
				u, _ := colUnit(h)
				n, ok := cellNumber(r.cells[k], u, labelUnit)
				if !ok {
					continue
				}
				side := t.colSide(k)
				switch {
				case side != SideNone:
				case isBaselineRow(r):
					side = SideBefore
				default:
					side = sideOfWords(label)
				}
				x.addFact(r.line, n, label, side, FromTable)
			}
		}
	}
	for i := range x.lines {
		dl := &x.lines[i]
		if dl.kind != lkProse && dl.kind != lkOutput || dl.row >= 0 || dl.joined || dl.cont >= 0 {
			continue
		}
		scan := blankCode(plain(dl.raw))
		label := lineLabel(dl.raw)
		side := sideOfWords(label)
		src := FromProse
		if label != "" || dl.kind == lkOutput {
			src = FromList
		}
		subject := label
		if subjectKey(label) == "" {
			subject = x.sections[dl.section].title
		}
		for _, f := range scanFigures(scan) {
			if f.plusMinus {
				continue
			}
			x.addFact(i, f.Number, subject, side, src)
		}
	}
	slices.SortStableFunc(x.rep.Facts, func(a, b Fact) int { return a.Line - b.Line })
	x.linkFacts()
}

// linkFacts links facts with the same subject, metric and side.
func (x *extractor) linkFacts() {
	byKey := make(map[string][]int)
	for k := range x.rep.Facts {
		f := &x.rep.Facts[k]
		if f.key == "" {
			continue
		}
		key := fmt.Sprintf("%s|%d|%d|%s", f.key, canonical(f.Metric), f.Side, f.Value.Unit)
		byKey[key] = append(byKey[key], k)
	}
	for _, ks := range byKey {
		if len(ks) < 2 || len(ks) > 50 {
			continue
		}
		for _, a := range ks {
			fa := &x.rep.Facts[a]
			for _, b := range ks {
				fb := &x.rep.Facts[b]
				if a == b || fa.Line == fb.Line {
					continue
				}
				if sameFigure(fa.Value, fb.Value) {
					fa.Restated = append(fa.Restated, fb.Line)
				} else {
					fa.Differs = append(fa.Differs, fb.Line)
				}
			}
			fa.Restated = slices.Compact(fa.Restated)
			fa.Differs = slices.Compact(fa.Differs)
		}
	}
}

// sameFigure reports whether two figures of one quantity are equal within
// the rounding of the less precise one.
func sameFigure(a, b Number) bool {
	alo, ahi := a.base()
	blo, bhi := b.base()
	// A figure rounds to its digits from half a step below up to, not
	// including, half a step above: 1.1 and 1.2 touch at 1.15 and are
	// still two figures.
	eps := 1e-9 * math.Max(math.Abs(ahi), math.Abs(bhi))
	return alo < bhi-eps && blo < ahi-eps || math.Abs(alo-blo) <= eps && math.Abs(ahi-bhi) <= eps
}
