package pipeline

import (
	"testing"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/scan"
)

// TestReportStatusText: a report's status names the scan's progress, then
// the benchmark run about to start, with the number of runs when it is
// planned and without when runs go on until the sample target.
func TestReportStatusText(t *testing.T) {
	for _, tc := range []struct {
		s           ReportStatus
		want        string
		done, total int
	}{
		{ReportStatus{Stage: StageScan}, "scanning: loading packages", 0, 0},
		{ReportStatus{Stage: StageScan, Scan: scan.Progress{Loaded: true, Packages: 213, Analysed: 120}}, "scanning: loaded 213 packages; analysed", 120, 213},
		{ReportStatus{Stage: StageBenchmarks}, "running benchmarks", 0, 0},
		{ReportStatus{Stage: StageBenchmarks, Run: benchrun.RunStart{
			Package: "example.com/m/auction", Benchmark: 3, Benchmarks: 7, Name: "HandleAuction", Run: 2, Runs: 6}},
			"running benchmarks: benchmark 3/7 BenchmarkHandleAuction (run 2/6)", 0, 0},
		{ReportStatus{Stage: StageBenchmarks, Run: benchrun.RunStart{
			Benchmark: 1, Benchmarks: 2, Name: "Auction/before", Run: 9}},
			"running benchmarks: benchmark 1/2 BenchmarkAuction/before (run 9)", 0, 0},
		{ReportStatus{Stage: StageRank}, "ranking findings", 0, 0},
	} {
		if got, done, total := tc.s.Status(); got != tc.want || done != tc.done || total != tc.total {
			t.Errorf("%+v.Status() = %q, %d, %d; want %q, %d, %d", tc.s, got, done, total, tc.want, tc.done, tc.total)
		}
	}
}
