package prove

import (
	"context"
	"fmt"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Calibration parameters of MeasureNoise.
const (
	calibrationRuns = 10
	calibrationRun  = 10 * time.Millisecond
)

// Noise describes how noisy the machine is for benchmarking, measured by
// MeasureNoise.
type Noise struct {
	// Load holds the 1, 5 and 15 minute load averages from /proc/loadavg
	// (Linux); HaveLoad is false where they are not readable.
	Load     [3]float64
	HaveLoad bool
	// CPUs is the number of logical CPUs usable by the process.
	CPUs int
	// Governor is the CPU frequency scaling governor of CPU 0
	// (/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor), "" if not
	// readable (as in most virtual machines and containers).
	Governor string
	// Runs are the wall times of the calibration runs: the same fixed
	// CPU-bound loop, sized to take about 10 ms (the default length of a
	// benchmark run), timed 10 times.
	Runs []time.Duration
	// Spread is the relative spread of the calibration runs: half their
	// interquartile range over their median, (q3 − q1) / (2 × median),
	// so that ±Spread around the median covers about the middle half of
	// the runs. 0.03 means ±3 %. For normally distributed times it is
	// about 0.67 times their coefficient of variation; a single run that
	// lost its CPU for a while does not change it much.
	Spread float64
	// Warnings say what makes the machine noisy for the requested minimum
	// effect.
	Warnings []error
}

// String summarises n on one line: "load 1.52 0.98 0.70 on 2 CPUs,
// governor powersave, calibration spread ±3.1% (10 runs of 10ms)".
func (n Noise) String() string {
	var parts []string
	if n.HaveLoad {
		parts = append(parts, fmt.Sprintf("load %.2f %.2f %.2f on %d CPUs", n.Load[0], n.Load[1], n.Load[2], n.CPUs))
	} else {
		parts = append(parts, fmt.Sprintf("%d CPUs, load average not readable", n.CPUs))
	}
	if n.Governor != "" {
		parts = append(parts, "governor "+n.Governor)
	} else {
		parts = append(parts, "CPU frequency scaling not readable")
	}
	if len(n.Runs) > 0 {
		parts = append(parts, fmt.Sprintf("calibration spread ±%.1f%% (%d runs of %s)", 100*n.Spread, len(n.Runs), calibrationRun))
	}
	return strings.Join(parts, ", ")
}

// MeasureNoise reads the load average and the CPU frequency scaling
// governor, and times a fixed CPU-bound loop 10 times (about 0.1 s in
// all). It warns when the load exceeds the number of CPUs, when the
// governor is not "performance", and when the calibration spread exceeds
// minEffect (the relative effect the comparison must detect, such as
// 0.02): then a 2 % change hides in the machine's own noise and verdicts
// will more often be inconclusive. It stops early, with what it has, when
// ctx ends.
func MeasureNoise(ctx context.Context, minEffect float64) Noise {
	n := Noise{CPUs: runtime.NumCPU()}
	if data, err := os.ReadFile("/proc/loadavg"); err == nil {
		f := strings.Fields(string(data))
		if len(f) >= 3 {
			n.HaveLoad = true
			for i := range 3 {
				n.Load[i], _ = strconv.ParseFloat(f[i], 64)
			}
		}
	}
	if data, err := os.ReadFile("/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor"); err == nil {
		n.Governor = strings.TrimSpace(string(data))
	}
	iters := calibrationIterations()
	for range calibrationRuns {
		if ctx.Err() != nil {
			break
		}
		start := time.Now()
		spin(iters)
		n.Runs = append(n.Runs, time.Since(start))
	}
	n.Spread = spread(n.Runs)

	if n.HaveLoad && n.Load[0] > float64(n.CPUs) {
		n.Warnings = append(n.Warnings, fmt.Errorf("load average %.2f exceeds the %d CPUs: other processes compete with the benchmarks", n.Load[0], n.CPUs))
	}
	if n.Governor != "" && n.Governor != "performance" {
		n.Warnings = append(n.Warnings, fmt.Errorf("CPU frequency scaling governor is %s: frequency changes add noise (the performance governor avoids them)", n.Governor))
	}
	if minEffect > 0 && n.Spread > minEffect {
		n.Warnings = append(n.Warnings, fmt.Errorf("the calibration loop varies by ±%.1f%%, more than the minimum effect %.3g%%: expect inconclusive verdicts; use a quieter machine, more rounds, or a larger -min-effect", 100*n.Spread, 100*minEffect))
	}
	return n
}

// spread returns (q3 − q1) / (2 × median) of ds, the quartiles q1 and q3
// and the median interpolated between order statistics (Hyndman and Fan's
// type 7, the default of R's quantile); 0 for fewer than two.
func spread(ds []time.Duration) float64 {
	if len(ds) < 2 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	q := func(p float64) float64 {
		h := p * float64(len(s)-1)
		i := int(h)
		if i+1 >= len(s) {
			return float64(s[len(s)-1])
		}
		return float64(s[i]) + (h-float64(i))*float64(s[i+1]-s[i])
	}
	med := q(0.5)
	if med <= 0 {
		return 0
	}
	return (q(0.75) - q(0.25)) / (2 * med)
}

// calibrationIterations returns the number of spin iterations that take
// about calibrationRun, from short timed probes: the probe grows until it
// lasts a millisecond, then the fastest of three runs of it counts, since
// a probe that lost its CPU to another process for a while would make
// every calibration run that much too short.
func calibrationIterations() int {
	const probe = 1 << 16
	timed := func(n int) time.Duration {
		start := time.Now()
		spin(n)
		return time.Since(start)
	}
	for n := probe; ; n *= 4 {
		if d := timed(n); d >= time.Millisecond || n >= 1<<30 {
			d = min(d, timed(n), timed(n))
			return max(1, int(float64(n)*float64(calibrationRun)/float64(max(d, 1))))
		}
	}
}

// spinSink keeps the result of spin alive, so the loop is not removed.
var spinSink uint64

// spin runs n rounds of a xorshift generator, a chain of dependent
// integer operations: pure CPU work, no memory traffic.
func spin(n int) {
	x := uint64(88172645463325252)
	for range n {
		x ^= x << 13
		x ^= x >> 7
		x ^= x << 17
	}
	spinSink += x
}
