package pipeline

import (
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/report"
)

// goTestCommand returns the go test command line that reproduces one
// package's measurement, with profile files named after the package.
func goTestCommand(dir, pkg, bench string, count int, benchtime string) string {
	var b strings.Builder
	if dir != "" {
		fmt.Fprintf(&b, "cd %s && ", shellQuote(dir))
	}
	fmt.Fprintf(&b, "go test -run='^$' -bench=%s -benchmem -count=%d", shellQuote(bench), count)
	if benchtime != "" {
		fmt.Fprintf(&b, " -benchtime=%s", benchtime)
	}
	stem := benchrun.FileName(pkg)
	fmt.Fprintf(&b, " -cpuprofile=%s.cpu.pprof -memprofile=%s.mem.pprof %s", stem, stem, pkg)
	return b.String()
}

// perfproofCommand returns the perfproof report command line that
// reproduces a report made with o (its defaults set); runBench says
// whether benchmarks were run.
func perfproofCommand(o *Options, runBench bool) string {
	parts := []string{"perfproof report"}
	if o.Dir != "" {
		parts = append(parts, "-C", shellQuote(o.Dir))
	}
	if runBench {
		parts = append(parts, "-bench", shellQuote(o.Bench), fmt.Sprintf("-count %d", o.Count), "-benchtime", o.Benchtime, fmt.Sprintf("-samples %d", o.Samples))
	}
	for _, p := range o.Profiles {
		parts = append(parts, "-profile", shellQuote(p))
	}
	return strings.Join(append(parts, o.Patterns...), " ")
}

// shellQuote quotes s for sh when it holds a space or a character special
// to the shell.
func shellQuote(s string) string {
	if s != "" && !strings.ContainsAny(s, " \t\n'\"$`\\*?[]|&;<>()^") {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// environment describes the machine the report was measured on, from the
// Go runtime and, on Linux, /proc/cpuinfo and /proc/loadavg.
func environment() report.Env {
	env := report.Env{
		GoVersion:  runtime.Version(),
		GOOS:       runtime.GOOS,
		GOARCH:     runtime.GOARCH,
		GOMAXPROCS: runtime.GOMAXPROCS(0),
		Date:       time.Now().UTC().Truncate(time.Second),
	}
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				env.CPU = strings.TrimSpace(v)
				break
			}
		}
	}
	if b, err := os.ReadFile("/proc/loadavg"); err == nil {
		if f := strings.Fields(string(b)); len(f) >= 3 {
			env.LoadAvg = strings.Join(f[:3], " ")
		}
	}
	return env
}
