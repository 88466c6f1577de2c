package report

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/perfproof/perfproof/finding"
)

// UnrankedNote is the note Markdown prints when no finding carries a
// measured Cost.
const UnrankedNote = "no benchmarks or profiles: findings are unranked; add a benchmark or pass -profile"

// excerptContext is the number of source lines shown before and after the
// reported lines of a finding.
const excerptContext = 3

// maxMarked caps the number of reported lines marked in an excerpt, for
// findings whose range spans a whole loop or function.
const maxMarked = 8

// summaryWidth is the length, in runes, at which a message is cut in the
// summary table and in section headings.
const summaryWidth = 72

// Markdown writes r to w as GitHub-flavoured Markdown: the title, a summary
// table of the findings in their given order, notes, one section per
// finding (location, code excerpt with 1-based line numbers, why it costs,
// the fix, the measured share and its Amdahl bound), the benchmark table,
// the environment and the commands to reproduce. When no finding has a
// Cost, the summary says that the findings are unranked (UnrankedNote).
//
// The output depends only on r and on the source files r.ReadFile returns;
// a source file that cannot be read is noted in its excerpt, not returned
// as an error. Markdown returns only the error of writing to w.
func Markdown(w io.Writer, r *Report) error {
	own, deps := splitDependencies(r)
	m := &markdown{r: own, sources: make(map[string]source)}
	m.render()
	m.dependencies(deps)
	if _, err := io.WriteString(w, m.b.String()); err != nil {
		return fmt.Errorf("writing report: %w", err)
	}
	return nil
}

// markdown holds the state of one rendering.
type markdown struct {
	r       *Report
	b       strings.Builder
	sources map[string]source // by file name, read once
}

// source is the result of reading one source file.
type source struct {
	lines []string
	err   error
}

func (m *markdown) printf(format string, args ...any) {
	fmt.Fprintf(&m.b, format, args...)
}

func (m *markdown) render() {
	title := m.r.Title
	if title == "" {
		title = "perfproof report"
	}
	m.printf("# %s\n", text(title))
	if m.r.Incomplete != "" {
		m.printf("\n> **Incomplete:** %s. What their errors hide was not checked: findings there may be missing, not absent.\n", text(m.r.Incomplete))
	}
	m.summary()
	m.notes()
	for i := range m.r.Findings {
		m.finding(i+1, &m.r.Findings[i])
	}
	m.benchmarks()
	m.env()
	m.commands()
}

// ranked reports whether any finding carries a measured Cost.
func (m *markdown) ranked() bool {
	for _, f := range m.r.Findings {
		if f.Cost != nil {
			return true
		}
	}
	return false
}

// summary writes the summary table first, then what its figures mean.
func (m *markdown) summary() {
	m.printf("\n## Summary\n\n")
	fs := m.r.Findings
	if len(fs) == 0 {
		m.printf("No findings.\n")
		return
	}
	if m.perBenchmark() {
		m.benchmarkSummary()
	} else {
		m.profileSummary()
	}
	n, what := len(fs), plural(len(fs), "finding", "findings")
	switch {
	case m.ranked() && m.r.NoCPUProfile:
		m.printf("\n%d %s, ranked by measured cost: allocated bytes (no CPU profile was given, so there are no CPU shares "+
			"and no bounds). Shares are fractions of the heap profile's total.\n", n, what)
	case m.ranked() && m.perBenchmark():
		m.printf("\n%d %s, ranked by what each costs in the benchmark where it costs most, each benchmark profiled on its own: "+
			"CPU at the finding's line (cumulative), then allocated bytes. Shares are fractions of that benchmark's profiles, "+
			"with 95 %% confidence intervals (bootstrap over its runs); per op is the share times the benchmark's median "+
			"time per op; the bound is the largest speed-up of that benchmark that removing the line's CPU cost could give "+
			"(Amdahl: 1/(1 − CPU line share)).\n", n, what)
	case m.ranked():
		m.printf("\n%d %s, ranked by measured cost: CPU at the finding's line (cumulative), then allocated bytes. "+
			"Shares are fractions of the profiles' totals; the bound is the largest speed-up of the profiled run "+
			"that removing the line's CPU cost could give (Amdahl: 1/(1 − CPU line share)).\n", n, what)
	default:
		m.printf("\n%d %s, not ranked.\n\n> **Note:** %s.\n", n, what, text(UnrankedNote))
	}
	if t := m.ties(); t != "" {
		m.printf("\n%s\n", text(t))
	}
}

// profileSummary writes the summary table of shares of all profiles
// together.
func (m *markdown) profileSummary() {
	m.printf("| # | Finding | Location | CPU (function) | CPU (line) | Alloc bytes | Bound |\n")
	m.printf("|--:|---|---|--:|--:|--:|---|\n")
	for i, f := range m.r.Findings {
		cpuCum, cpuLine, alloc, bnd := "—", "—", "—", "—"
		if c := f.Cost; c != nil {
			if !m.r.NoCPUProfile {
				cpuCum, cpuLine, bnd = pct(c.CPUCum), pct(c.CPULine), bound(c.CPULine)
			}
			if !m.r.NoHeapProfile {
				alloc = pct(c.AllocBytes)
			}
			if c.Cold {
				bnd = "not hot in this profile"
				if c.Uncovered {
					bnd = "not exercised by the profiled run"
				}
			}
			if c.Inherent != "" {
				bnd += "; inherent (" + c.Inherent + ")"
			}
		}
		m.printf("| %d | %s: %s | %s | %s | %s | %s | %s |\n",
			i+1, codeCell(checkName(&f)), text(short(f.Message, summaryWidth)), codeCell(m.location(&f)),
			cpuCum, cpuLine, alloc, bnd)
	}
}

func (m *markdown) notes() {
	if len(m.r.Notes) == 0 {
		return
	}
	m.printf("\n## Notes\n\n")
	for _, n := range m.r.Notes {
		m.printf("- %s\n", text(n))
	}
}

// checkName is the check that reported f, with its category if any.
func checkName(f *finding.Finding) string {
	if f.Category != "" {
		return f.Analyzer + "/" + f.Category
	}
	return f.Analyzer
}

// location is f's position as file:line, relative to the base directory
// when the file is inside it, with forward slashes.
func (m *markdown) location(f *finding.Finding) string {
	file := f.File
	if m.r.BaseDir != "" && filepath.IsAbs(file) == filepath.IsAbs(m.r.BaseDir) {
		if rel, err := filepath.Rel(m.r.BaseDir, file); err == nil && rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			file = rel
		}
	}
	file = filepath.ToSlash(file)
	if f.Line > 0 {
		return fmt.Sprintf("%s:%d", file, f.Line)
	}
	return file
}

// finding writes one finding: a heading, one paragraph (where, what, how
// much, the fix), and the details folded: the code, why it costs and the
// measurements.
func (m *markdown) finding(rank int, f *finding.Finding) {
	m.printf("\n## %d. %s: %s\n\n", rank, checkName(f), text(short(f.Message, summaryWidth)))
	m.printf("%s", code(m.location(f)))
	if f.Function != "" {
		m.printf(" in %s", code(f.Function))
	}
	m.printf(": %s", text(sentence(f.Message)))
	if s := m.headline(f); s != "" {
		m.printf(" %s", text(s))
	}
	ex, known := explanations[f.Analyzer]
	switch {
	case len(f.Fixes) == 1:
		m.printf(" **Fix** (automatic edit): %s", text(sentence(f.Fixes[0].Message)))
	case len(f.Fixes) > 1:
		var alts []string
		for _, x := range f.Fixes {
			alts = append(alts, text(sentence(x.Message)))
		}
		m.printf(" **Fix** (%d alternative automatic edits): %s", len(f.Fixes), strings.Join(alts, " Or: "))
	case advice(f.Message) != "":
		// The message already ends with its advice.
	case known:
		m.printf(" **Fix:** %s", text(ex.fix))
	}
	m.printf("\n")
	if f.Note != "" {
		m.printf("\n> **Note:** %s.\n", text(f.Note))
	}

	m.printf("\n<details><summary>Code, why it costs, measurements</summary>\n")
	if f.Hot != nil {
		m.printf("\nHot path: %s confidence, %s.\n", f.Hot.Confidence, text(f.Hot.Evidence))
	}
	m.excerpt(f)
	m.printf("\n### Why it costs\n\n")
	if known {
		m.printf("%s\n", text(ex.why))
	} else {
		m.printf("The %s check gives no explanation beyond its message above.\n", code(f.Analyzer))
	}
	m.printf("\n### Measured share\n\n")
	c := f.Cost
	switch {
	case c == nil:
		m.printf("Not measured: no profile was joined with this finding.\n")
	case c.Uncovered:
		m.printf("Not measured: the profiles hold no sample of this finding's package, so the profiled run did not " +
			"exercise it; its hotness is the static evidence above.\n")
	case c.Cold:
		m.printf("Not hot in this profile: the profiles hold samples, but none at this line or in its function " +
			"(or its allocations stay on the stack). It is ranked after the measured findings; whether it matters " +
			"under another workload is for you to judge.\n")
	case c.Benchmark != nil:
		m.benchmarkShares(c)
	default:
		if m.r.NoCPUProfile {
			m.printf("- CPU: not measured (no CPU profile), so no bound on the speed-up.\n")
		} else {
			m.printf("- CPU at the line: %s of samples run this line or what it calls (%s in the line itself).\n", pct(c.CPULine), pct(c.CPUFlat))
			m.printf("- CPU in the enclosing function: %s.\n", pct(c.CPUCum))
		}
		if m.r.NoHeapProfile {
			m.printf("- Allocations: not measured (no heap profile).\n")
		} else {
			m.printf("- Allocations at the line or under its calls: %s of bytes, %s of objects.\n", pct(c.AllocBytes), pct(c.AllocObjects))
		}
		if !m.r.NoCPUProfile {
			m.printf("- Bound: removing the line's CPU cost can speed the profiled run up by at most %s; "+
				"any change to the whole function by at most %s (Amdahl, 1/(1 − share)).\n",
				strings.TrimPrefix(bound(c.CPULine), "≤ "), strings.TrimPrefix(bound(c.CPUCum), "≤ "))
		}
		if c.Inherent != "" {
			m.printf("- Inherent: the source shows this cost is part of the function's job (%s), so it is ranked after the findings a local change can remove.\n", c.Inherent)
		}
	}
	m.printf("\n</details>\n")
}

// headline is the one sentence of a finding's paragraph that says what it
// costs, "" when it was not measured.
func (m *markdown) headline(f *finding.Finding) string {
	c := f.Cost
	switch {
	case c == nil:
		return ""
	case c.Uncovered:
		return "Not exercised by the profiled run."
	case c.Cold:
		return "Not hot in the profiles."
	}
	if t := top(c); t != nil {
		var parts []string
		if !m.r.NoCPUProfile {
			s := fmt.Sprintf("%s of %s's CPU", pctCI(t.CPULine), t.Name)
			if t.SecPerOp != nil {
				s += fmt.Sprintf(" (about %s per op)", duration(t.SecPerOp.Value))
			}
			parts = append(parts, s)
		}
		if !m.r.NoHeapProfile {
			parts = append(parts, fmt.Sprintf("%s of its allocated bytes", pct(t.AllocBytes.Value)))
		}
		s := "Measured: " + strings.Join(parts, ", ")
		if !m.r.NoCPUProfile {
			s += fmt.Sprintf("; fixing it can make %s at most %s faster", t.Name, strings.TrimPrefix(bound(t.CPULine.Value), "≤ "))
		}
		return s + "."
	}
	var parts []string
	if !m.r.NoCPUProfile {
		parts = append(parts, pct(c.CPULine)+" of the profiled CPU at the line")
	}
	if !m.r.NoHeapProfile {
		parts = append(parts, pct(c.AllocBytes)+" of allocated bytes")
	}
	return "Measured: " + strings.Join(parts, ", ") + "."
}

// advice returns the part of a message after its first "; ", where
// profile-only findings put their hint, or "".
func advice(msg string) string {
	if i := strings.Index(msg, "; "); i >= 0 {
		return strings.TrimSpace(msg[i+2:])
	}
	return ""
}

// sentence returns s with a final period unless it ends in punctuation.
func sentence(s string) string {
	s = strings.TrimSpace(s)
	if s == "" || strings.ContainsAny(s[len(s)-1:], ".!?") {
		return s
	}
	return s + "."
}

// capitalize upper-cases the first letter of s if it is an ASCII letter.
func capitalize(s string) string {
	if s != "" && 'a' <= s[0] && s[0] <= 'z' {
		return string(s[0]-'a'+'A') + s[1:]
	}
	return s
}

func plural(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// excerpt writes the source lines around f in a go code block, numbered
// from 1, with the reported lines marked by "→".
func (m *markdown) excerpt(f *finding.Finding) {
	if f.File == "" || f.Line <= 0 {
		return
	}
	src := m.source(f.File)
	if src.err != nil {
		m.printf("\n_Source not available: %s._\n", text(src.err.Error()))
		return
	}
	if f.Line > len(src.lines) {
		m.printf("\n_Source not available: line %d is past the end of the file (%d lines)._\n", f.Line, len(src.lines))
		return
	}
	lo, hi, last := excerptSpan(f, len(src.lines))
	width := len(fmt.Sprint(hi))
	var b strings.Builder
	for n := lo; n <= hi; n++ {
		mark := " "
		if f.Line <= n && n <= last {
			mark = "→"
		}
		line := strings.ReplaceAll(src.lines[n-1], "\t", "    ")
		b.WriteString(strings.TrimRight(fmt.Sprintf("%s %*d  %s", mark, width, n, line), " "))
		b.WriteString("\n")
	}
	body := b.String()
	fence := "```"
	for strings.Contains(body, fence) {
		fence += "`"
	}
	m.printf("\n%s%s\n%s%s\n", fence, fenceLang(f.File), body, fence)
}

// fenceLang returns the info string of a Markdown code block holding an
// excerpt of file: its language by the file name's extension, "go" for Go
// and unknown ones, "cpp" for C and C++ sources and headers.
func fenceLang(file string) string {
	switch strings.ToLower(filepath.Ext(file)) {
	case ".cc", ".cpp", ".cxx", ".c++", ".hh", ".hpp", ".hxx", ".h", ".ipp", ".inl":
		return "cpp"
	case ".c":
		return "c"
	}
	return "go"
}

// ExcerptSpan returns the lines from..to (1-based) that the reports show
// of f's source, before clipping to the file's end: the lines to compute
// Report.Heat for.
func ExcerptSpan(f *finding.Finding) (from, to int) {
	lo, hi, _ := excerptSpan(f, math.MaxInt)
	return lo, hi
}

// excerptSpan returns the lines lo..hi (1-based) an excerpt of f shows
// in a file of n lines, and the last of the reported lines, which run from
// f.Line: the finding's range, at most maxMarked lines, with
// excerptContext lines around it.
func excerptSpan(f *finding.Finding, n int) (lo, hi, last int) {
	last = max(f.Line, min(f.EndLine, f.Line+maxMarked-1))
	lo = max(1, f.Line-excerptContext)
	hi = min(n, last+excerptContext)
	return lo, hi, last
}

// source returns the lines of file, reading it on first use.
func (m *markdown) source(file string) source {
	return readSource(m.sources, m.r.ReadFile, file)
}

// readSource returns the lines of file from cache, reading it with read
// (nil: os.ReadFile) on first use.
func readSource(cache map[string]source, read func(string) ([]byte, error), file string) source {
	if s, ok := cache[file]; ok {
		return s
	}
	if read == nil {
		read = os.ReadFile
	}
	var s source
	data, err := read(file)
	if err != nil {
		s.err = err
	} else {
		s.lines = strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
		for i, l := range s.lines {
			s.lines[i] = strings.TrimRight(l, " \t\r")
		}
	}
	cache[file] = s
	return s
}

func (m *markdown) benchmarks() {
	if len(m.r.Benchmarks) == 0 {
		return
	}
	m.printf("\n## Benchmarks\n\n")
	profiled := false
	for _, bm := range m.r.Benchmarks {
		profiled = profiled || bm.Runs > 0
	}
	if profiled {
		m.printf("| Package | Benchmark | time/op | B/op | allocs/op | n | CPU samples |\n")
		m.printf("|---|---|--:|--:|--:|--:|--:|\n")
	} else {
		m.printf("| Package | Benchmark | time/op | B/op | allocs/op | n |\n")
		m.printf("|---|---|--:|--:|--:|--:|\n")
	}
	anyInf := false
	var noisy, capped []string
	for _, bm := range m.r.Benchmarks {
		t, inf1 := spread(bm.Time, duration)
		b, inf2 := spread(bm.Bytes, byteSize)
		a, inf3 := spread(bm.Allocs, count)
		anyInf = anyInf || inf1 || inf2 || inf3
		if w := bm.Time.RelWidth(); !inf1 && w > NoisyWidth {
			t += " (noisy)"
			noisy = append(noisy, fmt.Sprintf("%s (±%.0f%%)", code(bm.Name), w*100))
		}
		n := max(bm.Time.N, bm.Bytes.N, bm.Allocs.N)
		if profiled {
			smp := "—"
			if bm.Runs > 0 {
				smp = fmt.Sprint(bm.Samples)
			}
			if bm.Capped {
				smp += " (cap)"
				capped = append(capped, code(bm.Name))
			}
			m.printf("| %s | %s | %s | %s | %s | %d | %s |\n", codeCell(bm.Package), codeCell(bm.Name), t, b, a, n, smp)
		} else {
			m.printf("| %s | %s | %s | %s | %s | %d |\n", codeCell(bm.Package), codeCell(bm.Name), t, b, a, n)
		}
	}
	m.printf("\nEach cell is the median of n runs ± the larger distance from it to a bound of the median's %.0f%% confidence interval.\n", Confidence*100)
	if anyInf {
		m.printf("±∞: too few runs for a confidence interval of the median (6 are needed at 95%%); run the benchmarks with -count=6 or more.\n")
	}
	if len(noisy) > 0 {
		m.printf("\n**Noisy:** %s: the time per op's confidence interval is wider than ±%.0f%% of its median, so its shares and time per op are uncertain too. "+
			"Run on an idle machine (close other programs, stop background jobs), raise -count, or pin the benchmark to a CPU.\n",
			strings.Join(noisy, ", "), NoisyWidth*100)
	}
	if len(capped) > 0 {
		m.printf("\n**Sample target not reached:** %s: the time cap (-max-time) stopped the runs before the CPU profiles held the -samples target; "+
			"small shares are uncertain. Raise -max-time, or select fewer benchmarks with -bench.\n", strings.Join(capped, ", "))
	}
}

func (m *markdown) env() {
	e := m.r.Env
	var items []string
	add := func(name, value string) {
		if value != "" {
			items = append(items, fmt.Sprintf("- %s: %s", name, value))
		}
	}
	add("Go", text(e.GoVersion))
	if e.GOOS != "" || e.GOARCH != "" {
		add("OS/arch", text(e.GOOS+"/"+e.GOARCH))
	}
	add("CPU", text(e.CPU))
	if e.GOMAXPROCS > 0 {
		add("GOMAXPROCS", fmt.Sprint(e.GOMAXPROCS))
	}
	add("Load average", text(e.LoadAvg))
	if !e.Date.IsZero() {
		add("Date", e.Date.UTC().Format(time.DateTime+" UTC"))
	}
	if len(items) == 0 {
		return
	}
	m.printf("\n## Environment\n\n%s\n", strings.Join(items, "\n"))
}

func (m *markdown) commands() {
	if len(m.r.Commands) == 0 {
		return
	}
	body := strings.Join(m.r.Commands, "\n") + "\n"
	fence := "```"
	for strings.Contains(body, fence) {
		fence += "`"
	}
	m.printf("\n## Reproduce\n\n%ssh\n%s%s\n", fence, body, fence)
}

// splitDependencies returns r with only the findings of the module's own
// code (and their Heat), and apart the findings whose cost is made in a
// dependency (Cost.Dependency), which reports list in a section of their
// own, after the module's, unnumbered.
func splitDependencies(r *Report) (*Report, []finding.Finding) {
	own := *r
	own.Findings, own.Heat = nil, nil
	var deps []finding.Finding
	for i, f := range r.Findings {
		if f.Cost != nil && f.Cost.Dependency != "" {
			deps = append(deps, f)
			continue
		}
		own.Findings = append(own.Findings, f)
		if i < len(r.Heat) {
			own.Heat = append(own.Heat, r.Heat[i])
		} else {
			own.Heat = append(own.Heat, nil)
		}
	}
	return &own, deps
}

// dependencies adds the section of the costs made inside dependencies to
// the rendered report, after the findings and before the benchmark table.
func (m *markdown) dependencies(deps []finding.Finding) {
	if len(deps) == 0 {
		return
	}
	var b strings.Builder
	fmt.Fprintf(&b, "\n## In dependencies\n\n")
	fmt.Fprintf(&b, "Costs made inside other modules, at the line of this module that calls them: not ranked with the findings above, since the fix is there — upgrade the module, or call it less.\n\n")
	fmt.Fprintf(&b, "| Module | Called at | Benchmark | Alloc bytes | What |\n|---|---|---|--:|---|\n")
	for _, f := range deps {
		bench, alloc := "—", pct(f.Cost.AllocBytes)
		if t := top(f.Cost); t != nil {
			bench, alloc = codeCell(t.Name), pctCI(t.AllocBytes)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s |\n", codeCell(f.Cost.Dependency), codeCell(m.location(&f)), bench, alloc, text(short(f.Message, 2*summaryWidth)))
	}
	// Before the benchmark table: insert where "## Benchmarks" (or the
	// environment, or the commands) starts, else at the end.
	out := m.b.String()
	at := len(out)
	for _, h := range []string{"\n## Benchmarks\n", "\n## Environment\n", "\n## Reproduce\n"} {
		if i := strings.Index(out, h); i >= 0 && i < at {
			at = i
		}
	}
	m.b.Reset()
	m.b.WriteString(out[:at])
	m.b.WriteString(b.String())
	m.b.WriteString(out[at:])
}

// NoisyWidth is the half-width, as a fraction of the median, above which
// a benchmark's time per op is flagged as noisy: ±10 %.
const NoisyWidth = 0.10

// perBenchmark reports whether the findings' costs are per benchmark
// (cost.Attribute) rather than shares of all profiles together.
func (m *markdown) perBenchmark() bool {
	for _, f := range m.r.Findings {
		if f.Cost != nil && f.Cost.Benchmark != nil {
			return true
		}
	}
	return false
}

// top returns the entry of c.ByBenchmark for c.Benchmark.
func top(c *finding.Cost) *finding.BenchmarkCost {
	if c == nil || c.Benchmark == nil {
		return nil
	}
	for i := range c.ByBenchmark {
		if c.ByBenchmark[i].BenchmarkID == *c.Benchmark {
			return &c.ByBenchmark[i]
		}
	}
	return nil
}

// benchmarkSummary writes the summary table of per-benchmark costs and
// says which neighbours in the ranking cannot be told apart.
func (m *markdown) benchmarkSummary() {
	fs := m.r.Findings
	m.printf("| # | Finding | Location | Benchmark | CPU (line) | Alloc bytes | Per op | Bound |\n")
	m.printf("|--:|---|---|---|--:|--:|--:|---|\n")
	for i, f := range fs {
		bench, cpu, alloc, perOp, bnd := "—", "—", "—", "—", "—"
		c := f.Cost
		if t := top(c); t != nil {
			bench = codeCell(t.Name)
			if !m.r.NoCPUProfile {
				cpu, bnd = pctCI(t.CPULine), bound(t.CPULine.Value)
				if t.SecPerOp != nil {
					perOp = duration(t.SecPerOp.Value)
				}
			}
			if !m.r.NoHeapProfile {
				alloc = pctCI(t.AllocBytes)
				if perOp == "—" && t.BytesPerOp != nil {
					perOp = byteSize(t.BytesPerOp.Value)
				}
			}
		}
		switch {
		case c == nil:
		case c.Uncovered:
			bnd = "not exercised by any benchmark"
		case c.Cold:
			bnd = "not hot in any benchmark"
		case c.Benchmark == nil && !c.Cold:
			cpu, alloc, bnd = pct(c.CPULine), pct(c.AllocBytes), bound(c.CPULine)
		}
		if c != nil && c.Inherent != "" {
			bnd += "; inherent (" + c.Inherent + ")"
		}
		m.printf("| %d | %s: %s | %s | %s | %s | %s | %s | %s |\n",
			i+1, codeCell(checkName(&f)), text(short(f.Message, summaryWidth)), codeCell(m.location(&f)),
			bench, cpu, alloc, perOp, bnd)
	}
}

// benchmarkShares writes a finding's costs in each benchmark that shows it.
func (m *markdown) benchmarkShares(c *finding.Cost) {
	t := top(c)
	if t == nil {
		return
	}
	m.printf("In %s (%s), profiled on its own over %d %s (%d CPU samples):\n\n", code(t.Name), code(t.Package), t.Runs, plural(t.Runs, "run", "runs"), t.Samples)
	if !m.r.NoCPUProfile {
		m.printf("- CPU at the line: %s of the benchmark's CPU runs this line or what it calls (%s in the line itself)", pctCI(t.CPULine), pctCI(t.CPUFlat))
		if t.SecPerOp != nil {
			m.printf(", about %s per op", estimate(*t.SecPerOp, duration))
		}
		m.printf(".\n- CPU in the enclosing function: %s.\n", pctCI(t.CPUCum))
	}
	if !m.r.NoHeapProfile {
		m.printf("- Allocations at the line or under its calls: %s of bytes", pctCI(t.AllocBytes))
		if t.BytesPerOp != nil {
			m.printf(" (about %s per op)", estimate(*t.BytesPerOp, byteSize))
		}
		m.printf(", %s of objects", pctCI(t.AllocObjects))
		if t.AllocsPerOp != nil {
			m.printf(" (about %s per op)", estimate(*t.AllocsPerOp, count))
		}
		m.printf(".\n")
	}
	if !m.r.NoCPUProfile {
		m.printf("- Bound: removing the line's CPU cost can speed this benchmark up by at most %s; any change to the whole function by at most %s (Amdahl, 1/(1 − share)).\n",
			strings.TrimPrefix(bound(t.CPULine.Value), "≤ "), strings.TrimPrefix(bound(t.CPUCum.Value), "≤ "))
	}
	if c.Inherent != "" {
		m.printf("- Inherent: the source shows this cost is part of the function's job (%s), so it is ranked after the findings a local change can remove.\n", c.Inherent)
	}
	if len(c.ByBenchmark) > 1 {
		m.printf("\nOther benchmarks that run it:\n\n| Benchmark | CPU (line) | Alloc bytes | Per op |\n|---|--:|--:|--:|\n")
		for _, o := range c.ByBenchmark {
			if o.BenchmarkID == t.BenchmarkID {
				continue
			}
			perOp := "—"
			if o.SecPerOp != nil {
				perOp = duration(o.SecPerOp.Value)
			}
			m.printf("| %s | %s | %s | %s |\n", codeCell(o.Name), pctCI(o.CPULine), pctCI(o.AllocBytes), perOp)
		}
	}
}

// pctCI formats a share with its interval: "38.0% [35.2–41.0]", or the
// share alone without an interval.
func pctCI(e finding.Estimate) string {
	if !e.HasCI() {
		return pct(e.Value)
	}
	return fmt.Sprintf("%s [%s–%s]", pct(e.Value), strings.TrimSuffix(pct(e.Lo), "%"), strings.TrimSuffix(pct(e.Hi), "%"))
}

// estimate formats a per-op estimate with its interval.
func estimate(e finding.Estimate, format func(float64) string) string {
	if !e.HasCI() {
		return format(e.Value)
	}
	return fmt.Sprintf("%s [%s, %s]", format(e.Value), format(e.Lo), format(e.Hi))
}
