package claims

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// Defaults of the run settings of allocation figures (see Setting).
const (
	// DefaultAllocBenchtime is the run length of B/op and allocs/op
	// figures when the report states none: go test's default. Allocation
	// counts of code that reuses memory (sync.Pool, caches, grown buffers)
	// depend on the run length, since what a run allocates once is spread
	// over its iterations: seed 001's pooled parser measured more allocs/op
	// in 10 ms runs than the report's 1 s runs gave, for 9 of its 12 "not
	// reproduced" verdicts.
	DefaultAllocBenchtime = "1s"
	// DefaultAllocCount is the number of runs of each benchmark for B/op
	// and allocs/op figures when the report states no -count: the median
	// of 3 runs, so that one odd run does not decide.
	DefaultAllocCount = 3
)

// A GoTest is a go test command the report states, as far as it sets how
// benchmarks run.
type GoTest struct {
	// Line is the 1-based line of the command.
	Line int `json:"line"`
	// Bench is the -bench regular expression.
	Bench string `json:"bench"`
	// Benchtime is the -benchtime value ("2s", "5000x"), "" when not
	// stated (go test's default, 1s).
	Benchtime string `json:"benchtime,omitempty"`
	// Count is the -count value, 0 when not stated.
	Count int `json:"count,omitempty"`
	// CPU is the -cpu value when it is one number, 0 otherwise.
	CPU int `json:"cpu,omitempty"`
	// Flags are the build flags that change the code measured (-tags,
	// -race, -msan, -asan, -gcflags without spaces), space-separated as
	// GOFLAGS takes them: "-tags=fast -race".
	Flags string `json:"flags,omitempty"`
}

// A BenchRun is a benchmark result pasted into the report with the
// iteration count go test printed for it.
type BenchRun struct {
	// Line is the 1-based line of the result.
	Line int `json:"line"`
	// Name is the benchmark's name without "Benchmark" and the
	// GOMAXPROCS suffix.
	Name string `json:"name"`
	// Iters is the iteration count (b.N of the measured run).
	Iters int `json:"iters"`
}

// runs reports whether g runs benchmark name (without "Benchmark"): its
// -bench expression, whose first level go test matches against the
// top-level name "BenchmarkX", matches.
func (g *GoTest) runs(name string) bool {
	first, _, _ := strings.Cut(g.Bench, "/")
	re, err := regexp.Compile(first)
	if err != nil {
		return false
	}
	top, _, _ := strings.Cut(name, "/")
	return re.MatchString("Benchmark" + top)
}

// goTestValueFlags are the go test and test binary flags that take a
// value, so that "-count 5" is read as one flag.
var goTestValueFlags = map[string]bool{
	"bench": true, "benchtime": true, "count": true, "cpu": true, "tags": true, "run": true, "skip": true,
	"timeout": true, "gcflags": true, "ldflags": true, "asmflags": true, "o": true, "cpuprofile": true,
	"memprofile": true, "blockprofile": true, "mutexprofile": true, "trace": true, "coverprofile": true,
	"outputdir": true, "mod": true, "modfile": true, "p": true, "exec": true, "vet": true, "shuffle": true,
	"fuzz": true, "fuzztime": true, "parallel": true, "memprofilerate": true, "list": true, "covermode": true,
	"coverpkg": true, "pgo": true, "C": true, "overlay": true, "toolexec": true, "benchmem": false,
}

var nxRE = regexp.MustCompile(`^[1-9][0-9]*x$`)

// validBenchtime reports whether s is a -benchtime value go test accepts:
// a positive duration or a count "Nx".
func validBenchtime(s string) bool {
	if nxRE.MatchString(s) {
		return true
	}
	d, err := time.ParseDuration(s)
	return err == nil && d > 0
}

// parseGoTest reads the go test command on line raw, if any: the text
// after "go test" up to the end of the line, a closing backquote or a
// shell operator. It returns false when the command names no -bench
// expression (it then runs no benchmarks).
func parseGoTest(raw string) (GoTest, bool) {
	i := strings.Index(raw, "go test")
	if i < 0 || i+7 < len(raw) && raw[i+7] != ' ' && raw[i+7] != '\t' {
		return GoTest{}, false
	}
	rest := raw[i+7:]
	if j := strings.IndexByte(rest, '`'); j >= 0 {
		rest = rest[:j]
	}
	toks := shellFields(rest)
	var g GoTest
	var flags []string
	for k := 0; k < len(toks); k++ {
		t := toks[k]
		if t == "|" || t == "&&" || t == ";" || t == "||" || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "2>") || t == "#" {
			break
		}
		if !strings.HasPrefix(t, "-") {
			continue
		}
		name, val, hasVal := strings.Cut(strings.TrimLeft(t, "-"), "=")
		name = strings.TrimPrefix(name, "test.")
		if !hasVal && goTestValueFlags[name] && k+1 < len(toks) {
			k++
			val, hasVal = toks[k], true
		}
		switch name {
		case "bench":
			g.Bench = val
		case "benchtime":
			if validBenchtime(val) {
				g.Benchtime = val
			}
		case "count":
			if n, err := strconv.Atoi(val); err == nil && n > 0 {
				g.Count = n
			}
		case "cpu":
			if n, err := strconv.Atoi(val); err == nil && n > 0 {
				g.CPU = n
			}
		case "tags", "gcflags":
			if hasVal && val != "" && !strings.ContainsAny(val, " \t") {
				flags = append(flags, "-"+name+"="+val)
			}
		case "race", "msan", "asan":
			if !hasVal || val == "true" {
				flags = append(flags, "-"+name)
			}
		}
	}
	if g.Bench == "" || g.Bench == "^$" {
		return GoTest{}, false
	}
	g.Flags = strings.Join(flags, " ")
	return g, true
}

// shellFields splits s into words as a shell would for a simple command:
// at spaces, keeping quoted text ('…' or "…") together without its
// quotes.
func shellFields(s string) []string {
	var out []string
	var b strings.Builder
	in := false
	var quote byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			} else {
				b.WriteByte(c)
			}
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t':
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if in {
		out = append(out, b.String())
	}
	return out
}

// collectRuns fills the report's Commands and Runs.
func (x *extractor) collectRuns() {
	for i := range x.lines {
		if raw := x.lines[i].raw; strings.Contains(raw, "go test") {
			if g, ok := parseGoTest(raw); ok {
				g.Line = i + 1
				x.rep.Commands = append(x.rep.Commands, g)
			}
		}
	}
	for _, r := range x.rows {
		if r.iters > 0 {
			x.rep.Runs = append(x.rep.Runs, BenchRun{Line: r.line + 1, Name: r.name, Iters: r.iters})
		}
	}
}

// SettingSource says where the run length of a re-measurement comes
// from.
type SettingSource int

const (
	// ShortRuns: the Measurer's own many short interleaved runs, for
	// time (ratios of time transfer across run lengths; their precision
	// grows with the number of runs).
	ShortRuns SettingSource = iota + 1
	// ReportIterations: the iteration counts of the benchmark output
	// pasted into the report, as -benchtime=Nx.
	ReportIterations
	// ReportCommand: the -benchtime of a go test command the report
	// states.
	ReportCommand
	// GoTestDefault: go test's default -benchtime=1s, for allocation
	// figures of a report that states no run length.
	GoTestDefault
	// Requested: the run length the caller asked for
	// (VerifyOptions.AllocBenchtime).
	Requested
)

var settingSourceNames = [...]string{
	ShortRuns:        "short-runs",
	ReportIterations: "report-iterations",
	ReportCommand:    "report-command",
	GoTestDefault:    "go-test-default",
	Requested:        "requested",
}

// String returns the source's name as the JSON output spells it:
// "short-runs", "report-iterations", "report-command", "go-test-default"
// or "requested".
func (s SettingSource) String() string {
	if s > 0 && int(s) < len(settingSourceNames) {
		return settingSourceNames[s]
	}
	return fmt.Sprintf("SettingSource(%d)", int(s))
}

// MarshalText returns the source's name.
func (s SettingSource) MarshalText() ([]byte, error) { return []byte(s.String()), nil }

// UnmarshalText sets s from its name.
func (s *SettingSource) UnmarshalText(text []byte) error {
	for k, name := range settingSourceNames {
		if name != "" && name == string(text) {
			*s = SettingSource(k)
			return nil
		}
	}
	return fmt.Errorf("unknown setting source %q", text)
}

// A Setting is how Verify asks a Measurer to run a pair of benchmarks: as
// the report ran them for B/op and allocs/op, with the Measurer's short
// runs for time. Settings are comparable: equal Settings share one
// measurement.
type Setting struct {
	// Source says where Benchtime comes from.
	Source SettingSource `json:"source"`
	// Benchtime is the -benchtime of each run ("1s", "2996x"); "" for
	// ShortRuns, whose runs are the Measurer's. OldBenchtime, when not
	// "", is that of the old benchmark of a pair the report ran for
	// different iteration counts; Benchtime is then the new one's.
	Benchtime    string `json:"benchtime,omitempty"`
	OldBenchtime string `json:"old_benchtime,omitempty"`
	// Count is the number of runs of each benchmark; 0 for the
	// Measurer's default (ShortRuns).
	Count int `json:"count,omitempty"`
	// Procs is GOMAXPROCS (the report's -cpu), 0 for the machine's.
	Procs int `json:"procs,omitempty"`
	// Flags are build flags the report's command states, space-separated
	// as GOFLAGS takes them ("-tags=fast").
	Flags string `json:"flags,omitempty"`
	// Line is the 1-based line of the report the setting was read from
	// (the command, or the new benchmark's output), OldLine that of the
	// old benchmark's output; 0 when none.
	Line    int `json:"line,omitempty"`
	OldLine int `json:"old_line,omitempty"`
}

// Why says where the setting comes from, for a verdict's detail: "as the
// report's output ran them (lines 21 and 22)".
func (s Setting) Why() string {
	var why string
	switch s.Source {
	case ShortRuns:
		why = "short interleaved runs for time"
	case ReportIterations:
		if s.OldLine != 0 && s.OldLine != s.Line {
			why = fmt.Sprintf("the iteration counts of the report's output (lines %d and %d)", s.OldLine, s.Line)
		} else {
			why = fmt.Sprintf("the iteration count of the report's output (line %d)", s.Line)
		}
	case ReportCommand:
		why = fmt.Sprintf("the -benchtime of the report's go test command (line %d)", s.Line)
	case GoTestDefault:
		why = "go test's default -benchtime, as the report states none; allocation counts depend on the run length"
	case Requested:
		why = "the run length asked for"
	}
	var extra []string
	if s.Procs > 0 {
		extra = append(extra, fmt.Sprintf("GOMAXPROCS=%d", s.Procs))
	}
	if s.Flags != "" {
		extra = append(extra, s.Flags)
	}
	if len(extra) > 0 {
		why += "; " + strings.Join(extra, " ")
		if s.Source != ReportCommand && s.Source != Requested && s.Line != 0 {
			why += fmt.Sprintf(" (the report's go test command, line %d)", s.Line)
		}
	}
	return why
}

// allocUnit reports whether unit is counted per operation by the
// runtime (B/op, allocs/op), whose figures depend on the run length of
// code that reuses memory.
func allocUnit(unit string) bool { return unit == "B/op" || unit == "allocs/op" }

// command returns the go test command of the report that runs every
// benchmark of bs, the nearest above line (else the nearest below), nil
// if none.
func (v *verifier) command(line int, bs []Benchmark) *GoTest {
	if v.opts.Report == nil {
		return nil
	}
	var best *GoTest
	bestD := math.MaxInt
	for k := range v.opts.Report.Commands {
		g := &v.opts.Report.Commands[k]
		ok := true
		for _, b := range bs {
			ok = ok && g.runs(b.Name)
		}
		if !ok {
			continue
		}
		d := line - g.Line
		if d < 0 {
			d = -d + 1<<20 // below the claim: only when none is above
		}
		if d < bestD {
			best, bestD = g, d
		}
	}
	return best
}

// iterations returns the pasted result of benchmark name nearest to line,
// false if the report pastes none with an iteration count.
func (v *verifier) iterations(line int, name string) (BenchRun, bool) {
	if v.opts.Report == nil {
		return BenchRun{}, false
	}
	var best BenchRun
	bestD := math.MaxInt
	for _, r := range v.opts.Report.Runs {
		if !strings.EqualFold(r.Name, name) {
			continue
		}
		d := line - r.Line
		if d < 0 {
			d = -d
		}
		if d < bestD {
			best, bestD = r, d
		}
	}
	return best, bestD != math.MaxInt
}

// setting chooses how to re-measure the pair old, new (old == new for one
// benchmark) for claim c, whose figures are in unit: as the report ran
// them for B/op and allocs/op (VerifyOptions.AllocBenchtime if set, else
// the iteration counts of its pasted output, else the -benchtime of its
// go test command, else go test's default 1s; -count as its command
// states, else DefaultAllocCount), the Measurer's short runs for time.
// The build flags and -cpu of the report's command apply to both.
func (v *verifier) setting(c *Claim, unit string, old, new Benchmark) Setting {
	bs := []Benchmark{new}
	if old != new {
		bs = []Benchmark{old, new}
	}
	var s Setting
	cmd := v.command(c.Line, bs)
	if cmd != nil && (cmd.CPU > 0 || cmd.Flags != "") {
		s.Procs, s.Flags, s.Line = cmd.CPU, cmd.Flags, cmd.Line
	}
	if !allocUnit(unit) {
		s.Source = ShortRuns
		return s
	}
	s.Count = v.opts.AllocCount
	if s.Count <= 0 && cmd != nil {
		s.Count = cmd.Count
	}
	if s.Count <= 0 {
		s.Count = DefaultAllocCount
	}
	rn, okN := v.iterations(c.Line, new.Name)
	ro, okO := v.iterations(c.Line, old.Name)
	switch {
	case v.opts.AllocBenchtime != "":
		s.Source, s.Benchtime = Requested, v.opts.AllocBenchtime
	case okN && okO:
		s.Source, s.Benchtime, s.Line, s.OldLine = ReportIterations, fmt.Sprintf("%dx", rn.Iters), rn.Line, ro.Line
		if ro.Iters != rn.Iters {
			s.OldBenchtime = fmt.Sprintf("%dx", ro.Iters)
		}
		if old == new {
			s.OldLine = 0
		}
	case cmd != nil && cmd.Benchtime != "":
		s.Source, s.Benchtime, s.Line = ReportCommand, cmd.Benchtime, cmd.Line
	default:
		s.Source, s.Benchtime = GoTestDefault, DefaultAllocBenchtime
	}
	return s
}

// claimUnit returns the unit in which a claim is judged from a
// measurement: its quantity's for ratios, allocs/op for zero allocations
// and B/op or allocs/op for stated figures, sec/op for a time alone.
func claimUnit(c *Claim) string {
	switch c.Kind {
	case Speedup, Percent, BeforeAfter, TableRow:
		return c.Quantity.benchUnit()
	case ZeroAlloc:
		return "allocs/op"
	}
	for _, n := range c.Numbers {
		if n.Quantity == Allocs || n.Quantity == Memory {
			return "allocs/op"
		}
	}
	return "sec/op"
}
