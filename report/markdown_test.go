package report

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/stats"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

const base = "/home/dev/adexchange"

// sources are the fake source files of the test reports.
var sources = map[string]string{
	base + "/cookie/sync.go": `package cookie

import "encoding/json"

// Trim drops bidder IDs until the encoded cookie fits limit.
func Trim(c *Cookie, limit int) []byte {
	b, _ := json.Marshal(c)
	for len(b) > limit && len(c.IDs) > 0 {
		c.IDs = c.IDs[:len(c.IDs)-1]
		b, _ = json.Marshal(c)
	}
	return b
}
`,
	base + "/auction/auction.go": "package auction\n\nfunc (a *Auction) Run(req *Request) {\n\tfor _, b := range a.Bidders {\n\t\tcfg, _ := json.Marshal(req.Config) // not per bidder\n\t\tb.Send(cfg)\n\t}\n}\n",
	base + "/auction/id.go":      "package auction\n\n// Strange source with a ``` fence in a comment.\nfunc id(n int) string { return fmt.Sprintf(\"%d\", n) }\n",
	base + "/auction/match.go":   "package auction\n\nvar x = 1\n\nfunc match(s string) bool {\n\treturn regexp.MustCompile(`^a|b$`).MatchString(s)\n}\n",
}

func readFile(name string) ([]byte, error) {
	if s, ok := sources[name]; ok {
		return []byte(s), nil
	}
	return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrNotExist}
}

// rankedReport has measured, profile-only, cold and unmeasured findings.
func rankedReport() *Report {
	return &Report{
		Title:   "perfproof report: example.com/adexchange",
		BaseDir: base,
		Findings: []finding.Finding{
			{
				Analyzer: "trimloop", File: base + "/cookie/sync.go", Line: 8, Column: 2, EndLine: 11,
				Function: "example.com/adexchange/cookie.Trim",
				Message:  "json.Marshal of c re-encodes the whole cookie for every removed bidder ID",
				Fixes:    []finding.Fix{{Message: "Measure each ID once and encode the trimmed cookie a single time"}},
				Cost:     &finding.Cost{CPUFlat: 0.021, CPUCum: 0.412, CPULine: 0.38, AllocBytes: 0.33, AllocObjects: 0.29},
			},
			{
				Analyzer: "loopencode", File: base + "/auction/auction.go", Line: 5, Column: 13,
				Function: "example.com/adexchange/auction.(*Auction).Run",
				Message:  "json.Marshal of loop-invariant req.Config runs once per bidder",
				Cost:     &finding.Cost{CPUFlat: 0.004, CPUCum: 0.35, CPULine: 0.12, AllocBytes: 0.18, AllocObjects: 0.11},
			},
			{
				Analyzer: "profile", Category: "alloc", File: base + "/auction/bids.go", Line: 40,
				Function: "example.com/adexchange/auction.collect",
				Message:  "make([]Bid, 0) allocates 21.0% of bytes; pre-size the slice with the number of bidders",
				Cost:     &finding.Cost{CPUCum: 0.05, CPULine: 0.01, AllocBytes: 0.21, AllocObjects: 0.3},
			},
			{
				Analyzer: "fmtnumber", File: base + "/auction/id.go", Line: 4, Column: 33,
				Message: "fmt.Sprintf(\"%d\", n) formats an int | boxes *n* via reflection",
				Fixes: []finding.Fix{
					{Message: "Replace with strconv.Itoa(n)"},
					{Message: "Replace with strconv.AppendInt"},
				},
				Cost: &finding.Cost{Cold: true},
			},
			{
				Analyzer: "compileonce", File: base + "/auction/match.go", Line: 6, Column: 9,
				Message: "regexp.MustCompile of constant `^a|b$` runs on every call of match",
			},
			{
				Analyzer: "newcheck", File: "/elsewhere/x.go", Line: 1,
				Message: "a check the report has no explanation for",
			},
		},
		Benchmarks: []Benchmark{
			{
				Package: "example.com/adexchange/auction", Name: "Auction/before-8",
				Time:   stats.Summary{Median: 12.34e-6, Lo: 12.1e-6, Hi: 12.9e-6, N: 10},
				Bytes:  stats.Summary{Median: 5632, Lo: 5632, Hi: 5632, N: 10},
				Allocs: stats.Summary{Median: 41, Lo: 41, Hi: 41, N: 10},
			},
			{
				Package: "example.com/adexchange/cookie", Name: "Trim/after-8",
				Time:   stats.Summary{Median: 870e-9, Lo: math.Inf(-1), Hi: math.Inf(1), N: 3},
				Bytes:  stats.Summary{Median: 0, Lo: 0, Hi: 0, N: 3},
				Allocs: stats.Summary{Median: 0, Lo: 0, Hi: 0, N: 3},
			},
			{
				Package: "example.com/adexchange/fpd", Name: "Enrich-8",
				Time: stats.Summary{Median: 2.5e-3, Lo: 2.4e-3, Hi: 2.55e-3, N: 6},
			},
		},
		Env: Env{
			GoVersion: "go1.26.0", GOOS: "linux", GOARCH: "amd64",
			CPU: "AMD EPYC 7B13", GOMAXPROCS: 8, LoadAvg: "0.42 0.37 0.30",
			Date: time.Date(2026, 3, 14, 9, 26, 53, 0, time.FixedZone("CET", 3600)),
		},
		Commands: []string{
			"cd /home/dev/adexchange",
			"perfproof report -count=10 ./...",
		},
		Notes:    []string{"package example.com/adexchange/legacy: benchmarks timed out after 10m0s"},
		ReadFile: readFile,
	}
}

// unrankedReport has static findings and nothing measured.
func unrankedReport() *Report {
	r := rankedReport()
	fs := []finding.Finding{r.Findings[0], r.Findings[1], r.Findings[4]}
	for i := range fs {
		fs[i].Cost = nil
	}
	fs[1].Hot = &finding.Hot{Evidence: "static: reachable from HTTP handler adexchange.(*Exchange).ServeHTTP, through a loop", Confidence: "high"}
	fs[0].Note = "analysed despite type errors in dependency example.com/fastcodec (undefined: runtime.nosuchInternal); types from it may be unknown to the checks"
	return &Report{
		BaseDir:    base,
		Incomplete: "1 of 4 packages not fully analysed: example.com/adexchange/legacy (analysed in part, despite errors of its own: undefined: nosuch)",
		Findings:   fs,
		Commands:   []string{"perfproof report ./..."},
		ReadFile:   readFile,
	}
}

// heapOnlyReport is the ranked report measured with a heap profile only,
// one of its findings inherent: CPU shares and bounds must show as "—".
func heapOnlyReport() *Report {
	r := rankedReport()
	r.Findings = r.Findings[:2]
	for i := range r.Findings {
		c := *r.Findings[i].Cost
		c.CPUFlat, c.CPUCum, c.CPULine = 0, 0, 0
		r.Findings[i].Cost = &c
	}
	r.Findings[1].Cost.Inherent = "result"
	r.Benchmarks = nil
	r.NoCPUProfile = true
	return r
}

// perBenchmarkReport is the ranked report with costs per benchmark, as
// cost.Attribute gives them: the first two findings' intervals overlap,
// the first runs in two benchmarks, and one benchmark is noisy and capped.
func perBenchmarkReport() *Report {
	r := rankedReport()
	est := func(v, lo, hi float64) finding.Estimate { return finding.Estimate{Value: v, Lo: lo, Hi: hi} }
	auction := finding.BenchmarkID{Package: "example.com/adexchange/auction", Name: "Auction/before"}
	trim := finding.BenchmarkID{Package: "example.com/adexchange/cookie", Name: "Trim/after"}
	bc := func(id finding.BenchmarkID, line, lo, hi, bytes float64) finding.BenchmarkCost {
		secOp := est(line*12.34e-6, lo*12.34e-6, hi*12.34e-6)
		bytesOp := est(bytes*5632, bytes*5000, bytes*6000)
		return finding.BenchmarkCost{
			BenchmarkID: id, Runs: 6, Samples: 1040,
			CPUFlat: est(line/10, lo/10, hi/10), CPULine: est(line, lo, hi), CPUCum: est(line+0.05, lo+0.05, hi+0.05),
			AllocBytes: est(bytes, bytes-0.02, bytes+0.02), AllocObjects: est(bytes/2, bytes/2-0.01, bytes/2+0.01),
			SecPerOp: &secOp, BytesPerOp: &bytesOp,
		}
	}
	set := func(i int, bcs ...finding.BenchmarkCost) {
		t := bcs[0]
		id := t.BenchmarkID
		r.Findings[i].Cost = &finding.Cost{
			CPUFlat: t.CPUFlat.Value, CPULine: t.CPULine.Value, CPUCum: t.CPUCum.Value,
			AllocBytes: t.AllocBytes.Value, AllocObjects: t.AllocObjects.Value,
			Benchmark: &id, ByBenchmark: bcs,
		}
	}
	set(0, bc(auction, 0.52, 0.44, 0.58, 0.4), bc(trim, 0.1, 0.05, 0.2, 0.1))
	set(1, bc(auction, 0.48, 0.40, 0.55, 0.2))
	set(2, bc(trim, 0.02, 0.01, 0.03, 0.21))
	r.Findings[2].Cost.Inherent = "result"
	r.Benchmarks[0].Runs, r.Benchmarks[0].Samples = 6, 1040
	r.Benchmarks[0].Time = stats.Summary{Median: 12.34e-6, Lo: 10e-6, Hi: 15e-6, N: 6}
	r.Benchmarks[1].Runs, r.Benchmarks[1].Samples, r.Benchmarks[1].Capped = 3, 412, true
	// A cost made inside a dependency, ranked after the module's own:
	// listed apart, unnumbered.
	dep := finding.Finding{
		Analyzer: "profile", Category: "alloc", File: base + "/auction/auction.go", Line: 5,
		Function: "example.com/adexchange/auction.(*Auction).Run",
		Message:  "auction.(*Auction).Run allocates 30 % of bytes in codec.(*Encoder).grow, of module github.com/fast/codec; upgrade github.com/fast/codec if a newer release allocates less, or call it less",
	}
	r.Findings = append(r.Findings, dep)
	set(len(r.Findings)-1, bc(auction, 0.05, 0.03, 0.07, 0.3))
	r.Findings[len(r.Findings)-1].Cost.Dependency = "github.com/fast/codec"
	return r
}

func TestMarkdownDependencies(t *testing.T) {
	out := render(t, perBenchmarkReport())
	dep := strings.Index(out, "\n## In dependencies\n")
	bench := strings.Index(out, "\n## Benchmarks\n")
	if dep < 0 || bench < 0 || dep > bench {
		t.Fatalf("no In dependencies section before the benchmarks (at %d, benchmarks at %d)", dep, bench)
	}
	if !strings.Contains(out[dep:bench], "| `github.com/fast/codec` | `auction/auction.go:5` | `Auction/before` | 30.0% [28.0–32.0] |") {
		t.Errorf("dependency row missing:\n%s", out[dep:bench])
	}
	if strings.Contains(out[:dep], "fast/codec") || strings.Contains(out, "## 7.") {
		t.Errorf("the dependency's cost is ranked or numbered with the module's findings")
	}
}

func TestMarkdownGolden(t *testing.T) {
	for _, tc := range []struct {
		name string
		r    *Report
	}{
		{"ranked", rankedReport()},
		{"unranked", unrankedReport()},
		{"empty", &Report{Title: "nothing | to see", Env: Env{GoVersion: "go1.26.0"}}},
		{"heaponly", heapOnlyReport()},
		{"perbenchmark", perBenchmarkReport()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := Markdown(&buf, tc.r); err != nil {
				t.Fatalf("Markdown: %v", err)
			}
			golden := filepath.Join("testdata", tc.name+".golden")
			if *update {
				if err := os.WriteFile(golden, buf.Bytes(), 0o666); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (run go test ./report -update to create it)", err)
			}
			if d := diff(string(want), buf.String()); d != "" {
				t.Errorf("Markdown output differs from %s (-want +got; go test ./report -update rewrites it):\n%s", golden, d)
			}
		})
	}
}

// diff returns a line diff of want and got, or "" if they are equal. With
// as many lines on both sides it lists each changed line; otherwise the
// lines from the first difference to the last, marked - and +. It is enough
// to find what changed in a golden file.
func diff(want, got string) string {
	if want == got {
		return ""
	}
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	var b strings.Builder
	if len(w) == len(g) {
		// Lines changed in place: show each changed line alone.
		for i := range w {
			if w[i] != g[i] {
				fmt.Fprintf(&b, "@@ line %d @@\n-%s\n+%s\n", i+1, w[i], g[i])
			}
		}
		return b.String()
	}
	pre := 0
	for pre < len(w) && pre < len(g) && w[pre] == g[pre] {
		pre++
	}
	suf := 0
	for suf < len(w)-pre && suf < len(g)-pre && w[len(w)-1-suf] == g[len(g)-1-suf] {
		suf++
	}
	fmt.Fprintf(&b, "@@ line %d @@\n", pre+1)
	for _, l := range w[pre : len(w)-suf] {
		fmt.Fprintf(&b, "-%s\n", l)
	}
	for _, l := range g[pre : len(g)-suf] {
		fmt.Fprintf(&b, "+%s\n", l)
	}
	return b.String()
}

func render(t *testing.T, r *Report) string {
	t.Helper()
	var buf bytes.Buffer
	if err := Markdown(&buf, r); err != nil {
		t.Fatalf("Markdown: %v", err)
	}
	return buf.String()
}

func TestUnrankedNote(t *testing.T) {
	if out := render(t, unrankedReport()); !strings.Contains(out, UnrankedNote) {
		t.Errorf("Markdown of a report without costs lacks %q:\n%s", UnrankedNote, out)
	}
	if out := render(t, rankedReport()); strings.Contains(out, UnrankedNote) {
		t.Errorf("Markdown of a report with costs says %q", UnrankedNote)
	}
	// A single measured finding, even a cold one, makes the report ranked.
	r := unrankedReport()
	r.Findings[2].Cost = &finding.Cost{Cold: true}
	if out := render(t, r); strings.Contains(out, UnrankedNote) {
		t.Errorf("Markdown of a report with a cold finding says %q", UnrankedNote)
	}
}

func TestEscaping(t *testing.T) {
	out := render(t, rankedReport())
	row := line(out, "| 4 | ")
	// Every unescaped | in a row separates cells: the summary has 7 columns.
	if n := strings.Count(row, "|") - strings.Count(row, `\|`); n != 8 {
		t.Errorf("summary row has %d cell separators, want 8: %s", n, row)
	}
	for _, want := range []string{`int \| boxes`, `\*n\*`} {
		if !strings.Contains(row, want) {
			t.Errorf("summary row %q lacks %q", row, want)
		}
	}
	if row := line(out, "| 5 | "); !strings.Contains(row, "\\`^a\\|b$\\`") || strings.Count(row, "|")-strings.Count(row, `\|`) != 8 {
		t.Errorf("summary row with | in a code span not escaped: %s", row)
	}
	// An excerpt containing ``` gets a longer fence.
	if !strings.Contains(out, "````go\n") {
		t.Errorf("excerpt containing ``` is not fenced with ````")
	}
	// The title is escaped as well.
	if out := render(t, &Report{Title: "a | b"}); !strings.HasPrefix(out, `# a \| b`+"\n") {
		t.Errorf("title not escaped: %q", strings.SplitN(out, "\n", 2)[0])
	}
}

// line returns the first line of s that starts with prefix, or "".
func line(s, prefix string) string {
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, prefix) {
			return l
		}
	}
	return ""
}

func TestMarkdownDeterministic(t *testing.T) {
	a, b := render(t, rankedReport()), render(t, rankedReport())
	if a != b {
		t.Errorf("two renderings differ:\n%s", diff(a, b))
	}
}

type failWriter struct{}

func (failWriter) Write([]byte) (int, error) { return 0, errors.New("disk full") }

func TestMarkdownWriteError(t *testing.T) {
	if err := Markdown(failWriter{}, rankedReport()); err == nil || !strings.Contains(err.Error(), "disk full") {
		t.Errorf("Markdown(failing writer) = %v, want an error wrapping disk full", err)
	}
}

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		name string
		got  string
		want string
	}{
		{"duration(1.5e-9)", duration(1.5e-9), "1.50 ns"},
		{"duration(999e-9)", duration(999e-9), "999 ns"},
		{"duration(12.34e-6)", duration(12.34e-6), "12.3 µs"},
		{"duration(2.5e-3)", duration(2.5e-3), "2.50 ms"},
		{"duration(3)", duration(3), "3.00 s"},
		{"duration(0)", duration(0), "0 ns"},
		{"byteSize(0)", byteSize(0), "0 B"},
		{"byteSize(1023)", byteSize(1023), "1023 B"},
		{"byteSize(5632)", byteSize(5632), "5.50 KiB"},
		{"byteSize(3<<20)", byteSize(3 << 20), "3.00 MiB"},
		{"count(41)", count(41), "41"},
		{"count(12.5)", count(12.5), "12.5"},
		{"count(0.5)", count(0.5), "0.5"},
		{"count(12500)", count(12500), "12.5k"},
		{"pct(0.1234)", pct(0.1234), "12.3%"},
		{"pct(0)", pct(0), "0.0%"},
		{"bound(0.25)", bound(0.25), "≤ 1.33×"},
		{"bound(0)", bound(0), "≤ 1.00×"},
		{"bound(1)", bound(1), "≤ ∞"},
		{"short(long)", short("a b c d e f g h", 9), "a b c d e…"},
		{"short(no space)", short("abcdefghijk", 4), "abcd…"},
		{"short(advice)", short("x allocates; pool it", 50), "x allocates"},
		{"code(`)", code("a`b"), "``a`b``"},
		{"codeCell(|)", codeCell("a|b"), "`a\\|b`"},
		{"text", text("*a*_b_[c]<d>|e`f`\\"), "\\*a\\*\\_b\\_[c]\\<d\\>\\|e\\`f\\`\\\\"},
	} {
		if tc.got != tc.want {
			t.Errorf("%s = %q, want %q", tc.name, tc.got, tc.want)
		}
	}
}

func TestSpread(t *testing.T) {
	for _, tc := range []struct {
		s       stats.Summary
		want    string
		wantInf bool
	}{
		{stats.Summary{}, "—", false},
		{stats.Summary{Median: 10e-9, Lo: 9e-9, Hi: 10.5e-9, N: 10}, "10.0 ns ±10.0%", false},
		{stats.Summary{Median: 10e-9, Lo: math.Inf(-1), Hi: math.Inf(1), N: 3}, "10.0 ns ±∞", true},
		{stats.Summary{Median: 0, N: 6}, "0 ns ±0%", false},
		{stats.Summary{Median: 0, Lo: 0, Hi: 1e-9, N: 6}, "0 ns ±?", false},
	} {
		got, inf := spread(tc.s, duration)
		if got != tc.want || inf != tc.wantInf {
			t.Errorf("spread(%+v) = %q, %v, want %q, %v", tc.s, got, inf, tc.want, tc.wantInf)
		}
	}
}

func TestSummarize(t *testing.T) {
	const input = `goos: linux
pkg: example.com/m
BenchmarkA-8   100   1000 ns/op   64 B/op   2 allocs/op
BenchmarkB-8   100   50 ns/op
BenchmarkA-8   100   1200 ns/op   64 B/op   2 allocs/op
BenchmarkA-8   100   1100 ns/op   64 B/op   2 allocs/op
`
	rd := benchfmt.NewReader(strings.NewReader(input), "input")
	var rs []*benchfmt.Result
	for rd.Scan() {
		if r, ok := rd.Result().(*benchfmt.Result); ok {
			rs = append(rs, r.Clone())
		}
	}
	if err := rd.Err(); err != nil {
		t.Fatal(err)
	}
	got := Summarize("example.com/m", rs)
	if len(got) != 2 || got[0].Name != "A" || got[1].Name != "B" {
		t.Fatalf("Summarize names = %+v, want A then B (no GOMAXPROCS suffix)", got)
	}
	a := got[0]
	if a.Package != "example.com/m" || a.Time.N != 3 || math.Abs(a.Time.Median-1100e-9) > 1e-15 {
		t.Errorf("Summarize A time = %+v, want median 1.1e-6 s of 3 runs", a.Time)
	}
	if !math.IsInf(a.Time.Lo, -1) || !math.IsInf(a.Time.Hi, 1) {
		t.Errorf("Summarize A time CI = [%v, %v], want infinite with 3 runs", a.Time.Lo, a.Time.Hi)
	}
	if a.Bytes.Median != 64 || a.Allocs.Median != 2 || a.Allocs.N != 3 {
		t.Errorf("Summarize A memory = %+v, %+v, want 64 B and 2 allocs of 3 runs", a.Bytes, a.Allocs)
	}
	if b := got[1]; b.Bytes.N != 0 || b.Allocs.N != 0 || b.Time.N != 1 {
		t.Errorf("Summarize B = %+v, want time only, 1 run", b)
	}
}

func TestExcerptEdges(t *testing.T) {
	for _, tc := range []struct {
		name string
		f    finding.Finding
		want string
	}{
		{"past end", finding.Finding{Analyzer: "reuse", File: base + "/auction/match.go", Line: 99, Message: "m"},
			"_Source not available: line 99 is past the end of the file (7 lines)._"},
		{"first line", finding.Finding{Analyzer: "reuse", File: base + "/auction/match.go", Line: 1, Message: "m"},
			"```go\n→ 1  package auction\n  2\n  3  var x = 1\n  4\n```\n"},
		{"no line", finding.Finding{Analyzer: "reuse", File: base + "/auction/match.go", Message: "m"},
			"`auction/match.go`: m. **Fix:** Keep the value and Reset it between uses, or take it from a sync.Pool.\n\n<details><summary>Code, why it costs, measurements</summary>\n\n### Why"},
	} {
		out := render(t, &Report{BaseDir: base, Findings: []finding.Finding{tc.f}, ReadFile: readFile})
		if !strings.Contains(out, tc.want) {
			t.Errorf("%s: Markdown lacks %q:\n%s", tc.name, tc.want, out)
		}
	}
}

// TestFenceLang: an excerpt's code block is labelled by its file's
// language, so that a C++ report's excerpts are not highlighted as Go.
func TestFenceLang(t *testing.T) {
	for file, want := range map[string]string{
		"/m/a.go": "go", "/p/src/fix.cc": "cpp", "/p/include/pool.h": "cpp", "/p/x.HPP": "cpp", "/p/y.c": "c", "/p/README": "go",
	} {
		if got := fenceLang(file); got != want {
			t.Errorf("fenceLang(%q) = %q, want %q", file, got, want)
		}
	}
}
