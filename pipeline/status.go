package pipeline

import (
	"fmt"
	"strconv"
)

// Status returns the text, the count done and the total of s, as a
// progress meter shows them: "scanning: loaded 213 packages; analysed"
// 120 of 213 (scan.Progress.Status), then "running benchmarks", followed
// before each run by the benchmark and the run, "running benchmarks:
// benchmark 3/7 BenchmarkAuction/before (run 2/6)", "(run 2)" when the
// runs are open-ended (benchrun writes a line per package and per
// benchmark besides), then "ranking findings".
func (s ReportStatus) Status() (text string, done, total int) {
	switch {
	case s.Stage == StageScan:
		text, done, total = s.Scan.Status()
		return "scanning: " + text, done, total
	case s.Stage == StageBenchmarks && s.Run.Run > 0:
		r := s.Run
		run := strconv.Itoa(r.Run)
		if r.Runs > 0 {
			run += "/" + strconv.Itoa(r.Runs)
		}
		return fmt.Sprintf("%s: benchmark %d/%d Benchmark%s (run %s)", s.Stage, r.Benchmark, r.Benchmarks, r.Name, run), 0, 0
	}
	return s.Stage.String(), 0, 0
}
