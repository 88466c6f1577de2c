// Package bench holds benchmarks of perfproof itself. They do not run
// under plain `go test`; run them with, for example,
//
//	go test ./bench -run=^$ -bench=Scan -benchtime=1x -count=5
//	PERFPROOF_BENCH_PKGS='net/http/...' go test ./bench -run=^$ -bench=Scan
//
// and see scanvet.sh for the comparison with go vet.
package bench

import (
	"bufio"
	"context"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/perfproof/perfproof/analysis/suite"
	"github.com/perfproof/perfproof/scan"
)

// BenchmarkScan scans the packages named by $PERFPROOF_BENCH_PKGS
// (space-separated patterns; default "std") with every check, test files
// included, and reports the findings per scan and the process's peak RSS.
// Only the first scan in a process is cold: later ones replay loopencode's
// per-process memo of dependency facts, as a second batch of one scan
// does. Compare first iterations (-benchtime=1x -count=1, one process
// each) to judge a change.
func BenchmarkScan(b *testing.B) {
	patterns := strings.Fields(os.Getenv("PERFPROOF_BENCH_PKGS"))
	if len(patterns) == 0 {
		patterns = []string{"std"}
	}
	var findings int
	for b.Loop() {
		res, err := scan.Run(context.Background(), suite.Analyzers(), patterns, scan.Options{Tests: true})
		if err != nil {
			b.Fatal(err)
		}
		findings = len(res.Findings)
	}
	b.ReportMetric(float64(findings), "findings")
	if kib, ok := peakRSS(); ok {
		b.ReportMetric(float64(kib)/1024, "peak-RSS-MiB")
	}
}

// peakRSS returns the process's peak resident set size in KiB (VmHWM of
// /proc/self/status, Linux only).
func peakRSS() (kib int, ok bool) {
	f, err := os.Open("/proc/self/status")
	if err != nil {
		return 0, false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if rest, found := strings.CutPrefix(sc.Text(), "VmHWM:"); found {
			n, err := strconv.Atoi(strings.TrimSuffix(strings.TrimSpace(rest), " kB"))
			return n, err == nil
		}
	}
	return 0, false
}
