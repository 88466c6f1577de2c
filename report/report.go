package report

import (
	"encoding/json"
	"time"

	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/stats"
)

// A Report is everything Markdown renders. The renderer reads it and never
// modifies it.
type Report struct {
	// Title is the first heading; "" means "perfproof report".
	Title string
	// BaseDir is the directory that locations are shown relative to,
	// usually the module root; "" shows the findings' paths unchanged.
	// A file outside BaseDir keeps its full path.
	BaseDir string
	// Findings are the findings in rank order, highest cost first, as
	// cost.Rank leaves them; the renderer numbers them 1, 2, ... in this
	// order and does not sort them.
	Findings []finding.Finding
	// Benchmarks are the summarised benchmark results, in the order they
	// are to be listed.
	Benchmarks []Benchmark
	// Env describes the machine and toolchain the measurements ran on.
	Env Env
	// Commands are the shell command lines that reproduce the report,
	// one per element, already quoted for sh.
	Commands []string
	// NoCPUProfile and NoHeapProfile say that no CPU (heap) profile was
	// joined with the findings, so their CPU shares and bounds (allocation
	// shares) mean nothing and show as "—". The zero values show every
	// share.
	NoCPUProfile, NoHeapProfile bool
	// Incomplete, if not "", says which packages were not analysed (as
	// scan.Result.Summary words it); it is printed at the top, before the
	// summary, so that a report of few findings is not read as clean.
	Incomplete string
	// Notes are caveats about the data, such as failed packages or
	// profiles without line information, one sentence each; they are
	// listed after the summary.
	Notes []string
	// Heat, parallel to Findings, gives for each finding the share of its
	// benchmark's CPU (cumulative, as Cost.CPULine) at each line number
	// of its source around it, for the shading of the HTML report's
	// excerpts (cost.LineShares); nil or a nil entry shades nothing.
	Heat []map[int]float64
	// ReadFile returns the contents of a source file, for the code
	// excerpts; nil means os.ReadFile. Tests pass a fake so that the
	// output does not depend on the file system.
	ReadFile func(name string) ([]byte, error)
}

// A Benchmark is the summary of the runs of one benchmark.
type Benchmark struct {
	// Package is the import path of the benchmark's package.
	Package string
	// Name is the benchmark's full name as benchfmt reports it, without
	// the "Benchmark" prefix and without the GOMAXPROCS suffix (Env has
	// GOMAXPROCS), e.g. "Auction/before".
	Name string
	// Time is the time per operation in seconds (benchfmt's "sec/op");
	// Bytes the bytes allocated per operation ("B/op"); Allocs the heap
	// allocations per operation ("allocs/op"): each the median of the
	// runs, one value per run, with its confidence interval. A metric
	// with N == 0 was not measured and is shown as "—".
	Time, Bytes, Allocs stats.Summary
	// Runs and Samples, when the benchmark was profiled on its own, are
	// its number of profiled runs and the CPU profile samples over them;
	// Capped says that the time cap stopped the runs short of the sample
	// target. Zero when not known.
	Runs    int
	Samples int
	Capped  bool
}

// MarshalJSON encodes b as {"package","name","sec_per_op","b_per_op",
// "allocs_per_op","runs","samples","capped"}, the last three left out
// when zero. Each metric is a stats.SummaryJSON,
// {"median","lo","hi","n","confidence","warnings"} with null for an
// unbounded bound ("warnings" says why, and is left out when empty), or
// null for a metric not measured (N == 0). "confidence" and "warnings"
// were added to the {"median","lo","hi","n"} of earlier versions so that
// every median summary has one JSON form.
func (b Benchmark) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Package string             `json:"package"`
		Name    string             `json:"name"`
		Time    *stats.SummaryJSON `json:"sec_per_op"`
		Bytes   *stats.SummaryJSON `json:"b_per_op"`
		Allocs  *stats.SummaryJSON `json:"allocs_per_op"`
		Runs    int                `json:"runs,omitempty"`
		Samples int                `json:"samples,omitempty"`
		Capped  bool               `json:"capped,omitempty"`
	}{b.Package, b.Name, measured(b.Time), measured(b.Bytes), measured(b.Allocs), b.Runs, b.Samples, b.Capped})
}

// measured returns the JSON form of s, or nil (null) for a metric not
// measured.
func measured(s stats.Summary) *stats.SummaryJSON {
	if s.N == 0 {
		return nil
	}
	j := s.JSON()
	return &j
}

// Env describes the environment of a measurement. Empty fields are left
// out of the rendered report.
type Env struct {
	// GoVersion is the toolchain version, as runtime.Version or
	// `go env GOVERSION` prints it, e.g. "go1.26.0".
	GoVersion string
	// GOOS and GOARCH are the target system and architecture.
	GOOS, GOARCH string
	// CPU is the processor model, as the benchmark output's "cpu:" line
	// names it.
	CPU string
	// GOMAXPROCS is the number of Ps the benchmarks ran with; 0 means
	// unknown.
	GOMAXPROCS int
	// LoadAvg is the system load average when the measurement started,
	// as /proc/loadavg or uptime prints it, e.g. "0.42 0.37 0.30".
	LoadAvg string
	// Date is when the measurement started; the zero Time means unknown.
	// It is shown in UTC.
	Date time.Time
}
