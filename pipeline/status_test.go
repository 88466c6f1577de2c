package pipeline

import (
	"context"
	"path/filepath"
	"testing"
)

// TestReportStatus runs the pipeline with a profile and no benchmark:
// Status sees the scan's progress, from loading to every package
// analysed, then the ranking, and no benchmark stage.
func TestReportStatus(t *testing.T) {
	if testing.Short() {
		t.Skip("loads and type-checks a module")
	}
	dir := hotModule(t)
	writeCPUProfile(t, filepath.Join(dir, "cpu.pprof"), filepath.Join(dir, "hot", "hot.go"), 0.4)
	var got []ReportStatus // Report calls Status one at a time
	_, err := Report(context.Background(), Options{
		Dir: dir, Patterns: []string{"./hot"}, Profiles: []string{"cpu.pprof"},
		Status: func(s ReportStatus) { got = append(got, s) },
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(got) < 3 {
		t.Fatalf("Status called %d times, want the scan's progress and the ranking: %+v", len(got), got)
	}
	if first := got[0]; first.Stage != StageScan || first.Scan.Loaded {
		t.Errorf("first status = %+v, want the scan loading packages", first)
	}
	scanned := got[len(got)-2]
	if scanned.Stage != StageScan || !scanned.Scan.Loaded || scanned.Scan.Analysed != scanned.Scan.Packages || scanned.Scan.Packages == 0 {
		t.Errorf("status before the last = %+v, want the scan with every package analysed", scanned)
	}
	if last := got[len(got)-1]; last != (ReportStatus{Stage: StageRank}) {
		t.Errorf("last status = %+v, want %v alone", last, StageRank)
	}
	for _, s := range got {
		if s.Stage == StageBenchmarks {
			t.Errorf("status %v with only a profile given, want no benchmark stage", s.Stage)
		}
	}
	if StageBenchmarks.String() != "running benchmarks" || ReportStage(9).String() != "ReportStage(9)" {
		t.Errorf("ReportStage strings = %q, %q", StageBenchmarks, ReportStage(9))
	}
}
