package report

import (
	"bytes"
	_ "embed"
	"fmt"
	"html/template"
	"image/color"
	"io"
	"strings"
	"time"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgsvg"

	"github.com/perfproof/perfproof/finding"
)

// HTMLMarker starts every HTML report HTML writes, after the doctype
// line; a caller can tell its own reports by it before overwriting one.
const HTMLMarker = "<!-- perfproof report -->"

//go:embed html.tmpl
var htmlSource string

var htmlTemplate = template.Must(template.New("report").Parse(htmlSource))

// HTML writes r to w as one self-contained HTML page — inline style and an
// inline SVG chart, no script and nothing fetched from the network — with
// the same content as Markdown: the summary table, a horizontal bar chart
// of each ranked finding's CPU share at its line in its benchmark with its
// 95 % confidence interval (drawn with gonum.org/v1/plot), a section per
// finding whose code excerpt shades each line by its share of the
// benchmark's CPU (r.Heat), the benchmark table, the environment and the
// commands to reproduce. It returns the error of drawing the chart or of
// writing to w.
func HTML(w io.Writer, r *Report) error {
	v, err := newHTMLView(r)
	if err != nil {
		return err
	}
	var buf bytes.Buffer
	if err := htmlTemplate.Execute(&buf, v); err != nil {
		return fmt.Errorf("rendering HTML report: %w", err)
	}
	if _, err := w.Write(buf.Bytes()); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	return nil
}

// htmlView is what the template reads.
type htmlView struct {
	Marker     template.HTML
	Title      string
	Incomplete string
	Intro      string
	Chart      template.HTML
	PerBench   bool
	Rows       []htmlRow
	Ties       string
	Notes      []string
	Findings   []htmlFinding
	Deps       []htmlRow // costs made inside dependencies: Check is the module
	Benchmarks []htmlBenchmark
	Profiled   bool
	BenchNotes []string
	Env        []string
	Commands   string
}

type htmlRow struct {
	N                                        int
	Check, Message, Location                 string
	Benchmark, CPUCum, CPULine, Alloc, PerOp string
	Bound                                    string
}

type htmlFinding struct {
	N                      int
	Check, Short, Location string
	Function, Message, Hot string
	Note                   string
	SourceErr              string
	Lines                  []htmlLine
	Measured               []string
	Others                 []htmlRow
	Why, Fix               string
}

type htmlLine struct {
	N      int
	Text   string
	Marked bool
	// Alpha is the shading, 0 to 0.6, from the line's CPU share; Share
	// the share as text for the tooltip, "" when the line has no sample.
	Alpha float64
	Share string
}

type htmlBenchmark struct {
	Package, Name, Time, Bytes, Allocs string
	N                                  int
	Samples                            string
}

func newHTMLView(r *Report) (*htmlView, error) {
	title := r.Title
	if title == "" {
		title = "perfproof report"
	}
	r, deps := splitDependencies(r)
	m := &markdown{r: r, sources: make(map[string]source)}
	v := &htmlView{Marker: template.HTML(HTMLMarker), Title: title, Incomplete: r.Incomplete, Notes: r.Notes, PerBench: m.perBenchmark()}
	v.Intro = plainIntro(m)
	for i := range r.Findings {
		f := &r.Findings[i]
		v.Rows = append(v.Rows, m.row(i+1, f))
		v.Findings = append(v.Findings, m.htmlFinding(i, f))
	}
	v.Ties = m.ties()
	for _, f := range deps {
		row := htmlRow{Check: f.Cost.Dependency, Location: m.location(&f), Message: f.Message, Benchmark: "—", Alloc: pct(f.Cost.AllocBytes)}
		if t := top(f.Cost); t != nil {
			row.Benchmark, row.Alloc = t.Name, pctCI(t.AllocBytes)
		}
		v.Deps = append(v.Deps, row)
	}
	chart, err := chartSVG(r)
	if err != nil {
		return nil, err
	}
	v.Chart = chart
	for _, bm := range r.Benchmarks {
		t, _ := spread(bm.Time, duration)
		b, _ := spread(bm.Bytes, byteSize)
		a, _ := spread(bm.Allocs, count)
		hb := htmlBenchmark{Package: bm.Package, Name: bm.Name, Time: t, Bytes: b, Allocs: a, N: max(bm.Time.N, bm.Bytes.N, bm.Allocs.N), Samples: "—"}
		if w := bm.Time.RelWidth(); w > NoisyWidth && w < 1e300 {
			hb.Time += " (noisy)"
			v.BenchNotes = appendUnique(v.BenchNotes, fmt.Sprintf("Noisy: a time per op marked so has a confidence interval wider than ±%.0f%% of its median; run on an idle machine, raise -count, or pin the benchmark to a CPU.", NoisyWidth*100))
		}
		if bm.Runs > 0 {
			v.Profiled = true
			hb.Samples = fmt.Sprint(bm.Samples)
			if bm.Capped {
				hb.Samples += " (cap)"
				v.BenchNotes = appendUnique(v.BenchNotes, "Sample target not reached: a count marked (cap) was stopped by -max-time before the CPU profiles held the -samples target; raise -max-time or select fewer benchmarks.")
			}
		}
		v.Benchmarks = append(v.Benchmarks, hb)
	}
	e := r.Env
	add := func(name, value string) {
		if value != "" {
			v.Env = append(v.Env, name+": "+value)
		}
	}
	add("Go", e.GoVersion)
	if e.GOOS != "" || e.GOARCH != "" {
		add("OS/arch", e.GOOS+"/"+e.GOARCH)
	}
	add("CPU", e.CPU)
	if e.GOMAXPROCS > 0 {
		add("GOMAXPROCS", fmt.Sprint(e.GOMAXPROCS))
	}
	add("Load average", e.LoadAvg)
	if !e.Date.IsZero() {
		add("Date", e.Date.UTC().Format(time.DateTime+" UTC"))
	}
	v.Commands = strings.Join(r.Commands, "\n")
	return v, nil
}

func appendUnique(list []string, s string) []string {
	for _, x := range list {
		if x == s {
			return list
		}
	}
	return append(list, s)
}

// plainIntro is the summary's first paragraph as plain text.
func plainIntro(m *markdown) string {
	n := len(m.r.Findings)
	switch {
	case n == 0:
		return "No findings."
	case !m.ranked():
		return fmt.Sprintf("%d %s, not ranked: %s.", n, plural(n, "finding", "findings"), UnrankedNote)
	case m.perBenchmark():
		return fmt.Sprintf("%d %s, ranked by what each costs in the benchmark where it costs most, each benchmark profiled on its own. "+
			"Shares are of that benchmark's profiles with 95%% confidence intervals (bootstrap over its runs); per op is the share times "+
			"the benchmark's median time per op; the bound is Amdahl's, 1/(1 − CPU line share).", n, plural(n, "finding", "findings"))
	}
	return fmt.Sprintf("%d %s, ranked by measured cost: CPU at the finding's line (cumulative), then allocated bytes; shares are of "+
		"the profiles' totals, and the bound is Amdahl's, 1/(1 − CPU line share).", n, plural(n, "finding", "findings"))
}

// row is a finding's row of the summary table, as plain text.
func (m *markdown) row(n int, f *finding.Finding) htmlRow {
	row := htmlRow{N: n, Check: checkName(f), Message: short(f.Message, summaryWidth), Location: m.location(f),
		Benchmark: "—", CPUCum: "—", CPULine: "—", Alloc: "—", PerOp: "—", Bound: "—"}
	c := f.Cost
	if c == nil {
		return row
	}
	if t := top(c); t != nil {
		row.Benchmark = t.Name
		if !m.r.NoCPUProfile {
			row.CPUCum, row.CPULine, row.Bound = pctCI(t.CPUCum), pctCI(t.CPULine), bound(t.CPULine.Value)
			if t.SecPerOp != nil {
				row.PerOp = estimate(*t.SecPerOp, duration)
			}
		}
		if !m.r.NoHeapProfile {
			row.Alloc = pctCI(t.AllocBytes)
		}
	} else if !c.Cold {
		if !m.r.NoCPUProfile {
			row.CPUCum, row.CPULine, row.Bound = pct(c.CPUCum), pct(c.CPULine), bound(c.CPULine)
		}
		if !m.r.NoHeapProfile {
			row.Alloc = pct(c.AllocBytes)
		}
	}
	if c.Cold {
		row.Bound = "not hot"
		if c.Uncovered {
			row.Bound = "not exercised"
		}
	}
	if c.Inherent != "" {
		row.Bound += "; inherent (" + c.Inherent + ")"
	}
	return row
}

// ties names the neighbours in the ranking whose CPU line intervals
// overlap, "" if none.
func (m *markdown) ties() string {
	fs := m.r.Findings
	var ties []string
	for i := 0; i+1 < len(fs); i++ {
		a, b := top(fs[i].Cost), top(fs[i+1].Cost)
		if a == nil || b == nil || !a.CPULine.HasCI() || !b.CPULine.HasCI() || a.CPULine.Value == 0 {
			continue
		}
		if a.CPULine.Lo <= b.CPULine.Hi {
			ties = append(ties, fmt.Sprintf("#%d and #%d", i+1, i+2))
		}
	}
	if len(ties) == 0 {
		return ""
	}
	return "Order not certain: " + strings.Join(ties, ", ") + " have overlapping CPU (line) intervals; their order may change from one run of the report to the next."
}

func (m *markdown) htmlFinding(i int, f *finding.Finding) htmlFinding {
	h := htmlFinding{N: i + 1, Check: checkName(f), Short: short(f.Message, summaryWidth), Location: m.location(f),
		Function: f.Function, Message: sentence(f.Message), Note: f.Note}
	if f.Hot != nil {
		h.Hot = fmt.Sprintf("Hot path: %s confidence, %s.", f.Hot.Confidence, f.Hot.Evidence)
	}
	if f.File != "" && f.Line > 0 {
		src := m.source(f.File)
		switch {
		case src.err != nil:
			h.SourceErr = "Source not available: " + src.err.Error() + "."
		case f.Line > len(src.lines):
			h.SourceErr = fmt.Sprintf("Source not available: line %d is past the end of the file (%d lines).", f.Line, len(src.lines))
		default:
			var heat map[int]float64
			if i < len(m.r.Heat) {
				heat = m.r.Heat[i]
			}
			lo, hi, last := excerptSpan(f, len(src.lines))
			for n := lo; n <= hi; n++ {
				l := htmlLine{N: n, Text: strings.ReplaceAll(src.lines[n-1], "\t", "    "), Marked: f.Line <= n && n <= last}
				if s, ok := heat[n]; ok {
					l.Alpha = min(0.6, 0.08+s*1.5)
					l.Share = pct(s) + " of the benchmark's CPU runs this line or its callees"
				}
				h.Lines = append(h.Lines, l)
			}
		}
	}
	ex, known := explanations[f.Analyzer]
	switch {
	case known:
		h.Why = ex.why
	default:
		h.Why = "The " + f.Analyzer + " check gives no explanation beyond its message above."
	}
	switch {
	case len(f.Fixes) > 0:
		var fixes []string
		for _, x := range f.Fixes {
			fixes = append(fixes, sentence(x.Message))
		}
		h.Fix = "Suggested fix, offered by the check as an automatic edit: " + strings.Join(fixes, " Or: ")
	case advice(f.Message) != "":
		h.Fix = sentence(capitalize(advice(f.Message)))
	case known:
		h.Fix = ex.fix
	default:
		h.Fix = "No fix is suggested; see the message above."
	}
	c := f.Cost
	switch {
	case c == nil:
		h.Measured = []string{"Not measured: no profile was joined with this finding."}
	case c.Uncovered:
		h.Measured = []string{"Not measured: the profiles hold no sample of this finding's package, so the profiled run did not exercise it."}
	case c.Cold:
		h.Measured = []string{"Not hot in this profile: the profiles hold samples, but none at this line or in its function."}
	case top(c) != nil:
		t := top(c)
		h.Measured = append(h.Measured, fmt.Sprintf("In %s (%s), profiled on its own over %d %s (%d CPU samples).", t.Name, t.Package, t.Runs, plural(t.Runs, "run", "runs"), t.Samples))
		if !m.r.NoCPUProfile {
			s := fmt.Sprintf("CPU at the line: %s (%s in the line itself); in the function %s.", pctCI(t.CPULine), pctCI(t.CPUFlat), pctCI(t.CPUCum))
			if t.SecPerOp != nil {
				s += " About " + estimate(*t.SecPerOp, duration) + " per op."
			}
			h.Measured = append(h.Measured, s, "Bound: at most "+strings.TrimPrefix(bound(t.CPULine.Value), "≤ ")+" faster from removing the line's CPU cost (Amdahl).")
		}
		if !m.r.NoHeapProfile {
			s := fmt.Sprintf("Allocations at the line or under its calls: %s of bytes, %s of objects.", pctCI(t.AllocBytes), pctCI(t.AllocObjects))
			if t.BytesPerOp != nil {
				s += " About " + estimate(*t.BytesPerOp, byteSize) + " per op."
			}
			h.Measured = append(h.Measured, s)
		}
		for _, o := range c.ByBenchmark {
			if o.BenchmarkID != t.BenchmarkID {
				perOp := "—"
				if o.SecPerOp != nil {
					perOp = duration(o.SecPerOp.Value)
				}
				h.Others = append(h.Others, htmlRow{Benchmark: o.Name, CPULine: pctCI(o.CPULine), Alloc: pctCI(o.AllocBytes), PerOp: perOp})
			}
		}
	default:
		if !m.r.NoCPUProfile {
			h.Measured = append(h.Measured, fmt.Sprintf("CPU at the line: %s (%s in the line itself); in the function %s. Bound: %s.", pct(c.CPULine), pct(c.CPUFlat), pct(c.CPUCum), bound(c.CPULine)))
		}
		if !m.r.NoHeapProfile {
			h.Measured = append(h.Measured, fmt.Sprintf("Allocations at the line or under its calls: %s of bytes, %s of objects.", pct(c.AllocBytes), pct(c.AllocObjects)))
		}
	}
	if c != nil && c.Inherent != "" {
		h.Measured = append(h.Measured, "Inherent: the source shows this cost is part of the function's job ("+c.Inherent+"), so it is ranked after the findings a local change can remove.")
	}
	return h
}

// chartSVG draws the ranked findings' CPU line shares, in percent, as a
// horizontal bar chart with their confidence intervals; "" when no
// finding has a CPU share to draw.
func chartSVG(r *Report) (template.HTML, error) {
	if r.NoCPUProfile {
		return "", nil
	}
	var names []string
	var vals plotter.Values
	var xy plotter.XYs
	var xe plotter.XErrors
	for i, f := range r.Findings {
		c := f.Cost
		if c == nil || c.Cold {
			continue
		}
		v, lo, hi := c.CPULine, c.CPULine, c.CPULine
		if t := top(c); t != nil && t.CPULine.HasCI() {
			lo, hi = t.CPULine.Lo, t.CPULine.Hi
		}
		names = append(names, fmt.Sprintf("#%d %s", i+1, checkName(&f)))
		vals = append(vals, v*100)
		xy = append(xy, plotter.XY{X: v * 100, Y: float64(len(vals) - 1)})
		xe = append(xe, struct{ Low, High float64 }{(lo - v) * 100, (hi - v) * 100})
	}
	if len(vals) == 0 {
		return "", nil
	}
	p := plot.New()
	p.X.Label.Text = "CPU at the line, % of its benchmark (95% CI)"
	p.X.Min = 0
	bars, err := plotter.NewBarChart(vals, vg.Points(12))
	if err != nil {
		return "", fmt.Errorf("drawing the chart: %w", err)
	}
	bars.Horizontal = true
	bars.Color = color.RGBA{R: 0x4a, G: 0x7e, B: 0xbb, A: 0xff}
	bars.LineStyle.Width = 0
	p.Add(bars)
	if len(xy) > 0 {
		eb, err := plotter.NewXErrorBars(struct {
			plotter.XYs
			plotter.XErrors
		}{xy, xe})
		if err != nil {
			return "", fmt.Errorf("drawing the chart: %w", err)
		}
		p.Add(eb)
	}
	p.NominalY(names...)
	p.Y.Scale = plot.InvertedScale{Normalizer: plot.LinearScale{}}
	c := vgsvg.New(7*vg.Inch, vg.Length(len(vals))*0.3*vg.Inch+0.9*vg.Inch)
	p.Draw(draw.New(c))
	var buf bytes.Buffer
	if _, err := c.WriteTo(&buf); err != nil {
		return "", fmt.Errorf("drawing the chart: %w", err)
	}
	svg := buf.String()
	if i := strings.Index(svg, "<svg"); i >= 0 {
		svg = svg[i:] // drop the XML declaration and comment for inline use
	}
	return template.HTML(svg), nil
}
