package benchrun

import (
	"bytes"
	"errors"
	"fmt"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// maxDetailLines bounds the lines of compiler or test output quoted in an
// error.
const maxDetailLines = 10

// parseOutput reads go test output in the Go benchmark format. It returns
// copies of the results, the unit metadata, the syntax errors as warnings,
// the 1-based line of the first panic, or 0 if nothing panicked, and the
// names of benchmarks whose result line has no time (see timelessError).
// The line of a benchmark cut short by a panic is not a warning: the panic
// is the error.
func parseOutput(out []byte, fileName string) (results []*benchfmt.Result, units benchfmt.UnitMetadataMap, warnings []error, panicLine int, timeless []string) {
	panicLine, _ = findPanic(out)
	panicked := ""
	if panicLine > 0 {
		panicked = strings.TrimPrefix(panickedBenchmark(out, panicLine), "Benchmark")
	}
	r := benchfmt.NewReader(bytes.NewReader(out), fileName)
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			if !hasUnit(rec, "sec/op") || rec.Iters == 0 {
				// When a benchmark panics, the testing package can
				// still print a line for it with B/op and allocs/op
				// but no time, or with 0 iterations and NaN ns/op
				// (Go 1.26, -benchtime Nx, when the run of N
				// panics after the ramp-up run of 1): not a
				// measurement. Without the panic in the output, the
				// line is the only trace of it.
				if panicked == "" || string(rec.Name.Base()) != panicked {
					timeless = append(timeless, string(rec.Name.Full()))
				}
				continue
			}
			results = append(results, rec.Clone())
		case *benchfmt.SyntaxError:
			if rec.Line != panicLine {
				warnings = append(warnings, rec)
			}
		}
	}
	if err := r.Err(); err != nil {
		warnings = append(warnings, err)
	}
	units = make(benchfmt.UnitMetadataMap)
	for k, v := range r.Units() {
		c := *v
		units[k] = &c
	}
	return results, units, warnings, panicLine, timeless
}

// timelessError returns the error of a run whose output has result lines
// without a time for the benchmarks names, nil if names is empty. Go's
// testing package prints such a line for a benchmark that panicked, and
// under load it can lose the panic itself: the benchmark goroutine's
// panic races with the main goroutine, which prints the line and PASS
// and exits 0 first (seen here with 16 parallel test binaries). A
// benchmark whose timer never runs prints the same line.
func timelessError(pkg string, names []string) error {
	if len(names) == 0 {
		return nil
	}
	return fmt.Errorf("%w in %s: %s printed a result without a time: it panicked (Go's testing package can lose the panic of a benchmark on a loaded machine) or its timer never ran; run it alone with go test -bench to see", ErrFailed, pkg, strings.Join(names, ", "))
}

// findPanic returns the 1-based number and the text of the first line of
// out that reports a panic, or 0 and "" if there is none. Such a line starts
// with "panic: " or, when a benchmark panics before printing its result,
// with the benchmark's name followed by a tab and "panic: ".
func findPanic(out []byte) (line int, text string) {
	for i, l := range strings.Split(string(out), "\n") {
		l = strings.TrimRight(l, "\r")
		if strings.HasPrefix(l, "panic: ") ||
			strings.HasPrefix(l, "Benchmark") && strings.Contains(l, "\tpanic: ") {
			return i + 1, l
		}
	}
	return 0, ""
}

// benchmarkInStack returns the name of the first benchmark function in the
// stack trace that follows the panic on line panicLine of out, or "". Go
// prints the benchmark's name before its result only on the first of
// several -count runs, so after that only the stack tells which one
// panicked. A frame reads "example.com/m/p.BenchmarkX.func1(0xc000...)".
func benchmarkInStack(out []byte, panicLine int) string {
	lines := strings.Split(string(out), "\n")
	for _, l := range lines[min(panicLine, len(lines)):] {
		if strings.HasPrefix(l, "\t") || strings.HasPrefix(l, "testing.") || strings.HasPrefix(l, "runtime.") {
			continue
		}
		call, _, ok := strings.Cut(l, "(")
		if !ok {
			continue
		}
		// The function name follows the last slash of the import path
		// and the package name's dot.
		call = call[strings.LastIndexByte(call, '/')+1:]
		for _, part := range strings.Split(call, ".")[1:] {
			if isBenchmarkName(part) {
				return part
			}
		}
	}
	return ""
}

// panickedBenchmark returns the name, without the GOMAXPROCS suffix, of the
// benchmark that panicked on line panicLine of out, or "" if neither the
// panic line nor the stack trace names one. Without the suffix the name does
// not depend on whether Go printed it (first -count run) or the stack tells
// it.
func panickedBenchmark(out []byte, panicLine int) string {
	_, l := findPanic(out)
	bench, _, _ := strings.Cut(l, "panic: ")
	bench = strings.TrimSpace(bench)
	if i := strings.LastIndexByte(bench, '-'); i >= 0 && i+1 < len(bench) && strings.Trim(bench[i+1:], "0123456789") == "" {
		bench = bench[:i]
	}
	if bench == "" {
		bench = benchmarkInStack(out, panicLine)
	}
	return bench
}

// hasUnit reports whether r has a value in unit (a tidied unit such as
// "sec/op").
func hasUnit(r *benchfmt.Result, unit string) bool {
	for _, v := range r.Values {
		if v.Unit == unit {
			return true
		}
	}
	return false
}

// classifyFailure explains why go test on pkg exited with runErr, from its
// standard output out (holding the test binary's output) and its standard
// error (holding the go command's own messages, such as compiler errors).
func classifyFailure(pkg string, runErr error, out []byte, panicLine int, stderr string) error {
	if panicLine > 0 {
		_, l := findPanic(out)
		_, msg, _ := strings.Cut(l, "panic: ")
		if strings.HasPrefix(msg, "test timed out after") {
			return fmt.Errorf("%w in %s: go test stopped it: %s; raise the timeout or select fewer or shorter benchmarks", ErrTimeout, pkg, msg)
		}
		if bench := panickedBenchmark(out, panicLine); bench != "" {
			msg = bench + ": " + msg
		}
		return fmt.Errorf("%w in %s: %s", ErrPanic, pkg, msg)
	}
	if bytes.Contains(out, []byte("[build failed]")) || bytes.Contains(out, []byte("[setup failed]")) {
		var lines []string
		for _, l := range strings.Split(stderr, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				lines = append(lines, l)
			}
		}
		return fmt.Errorf("%w for %s: %s", ErrBuild, pkg, joinDetail(lines))
	}
	var exitErr interface{ ExitCode() int }
	if !errors.As(runErr, &exitErr) {
		// The go command did not run at all.
		return fmt.Errorf("%w in %s: running go test: %w", ErrFailed, pkg, runErr)
	}
	return fmt.Errorf("%w in %s: %s", ErrFailed, pkg, joinDetail(failureLines(out, stderr)))
}

// failureLines picks from a failed run's output the lines that say what
// failed: the "--- FAIL" lines with the log lines indented under them, or
// else the last lines of output.
func failureLines(out []byte, stderr string) []string {
	var lines []string
	in := false
	for _, l := range strings.Split(string(out), "\n") {
		switch {
		case strings.HasPrefix(l, "--- FAIL"):
			in = true
			lines = append(lines, strings.TrimSpace(l))
		case in && strings.HasPrefix(l, " "):
			lines = append(lines, strings.TrimSpace(l))
		default:
			in = false
		}
	}
	if len(lines) > 0 {
		return lines
	}
	var all []string
	for _, l := range strings.Split(string(out)+"\n"+stderr, "\n") {
		l = strings.TrimSpace(l)
		if l == "" || l == "FAIL" || strings.HasPrefix(l, "FAIL\t") {
			continue
		}
		all = append(all, l)
	}
	return all[max(0, len(all)-maxDetailLines):]
}

// joinDetail joins up to maxDetailLines lines for an error message, one
// per line after the first.
func joinDetail(lines []string) string {
	if len(lines) == 0 {
		return "no output"
	}
	if len(lines) > maxDetailLines {
		lines = append(lines[:maxDetailLines:maxDetailLines], fmt.Sprintf("(%d more lines)", len(lines)-maxDetailLines))
	}
	return strings.Join(lines, "\n\t")
}
