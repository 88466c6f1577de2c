package cxx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cxx/gbench"
)

// A RunSpec says how to run a benchmark executable once.
type RunSpec struct {
	// Filter is the --benchmark_filter regular expression (ECMAScript
	// syntax, std::regex); "" means every benchmark.
	Filter string
	// MinTime is the --benchmark_min_time of each benchmark: the library
	// grows the iteration count until one run lasts at least this long,
	// and reports that run. 0 means DefaultMinTime.
	MinTime time.Duration
	// Interleave adds --benchmark_enable_random_interleaving=true: the
	// library runs the benchmarks in a random order.
	Interleave bool
	// Timeout kills the run, with its process group, after this long; 0
	// means no limit but the context's.
	Timeout time.Duration
}

// DefaultMinTime is the run length of a benchmark when RunSpec.MinTime is
// 0: short runs, many of them, as prove.DefaultBenchtime explains for Go.
const DefaultMinTime = 10 * time.Millisecond

// args returns the command-line flags of one run. Google Benchmark 1.7.1
// takes --benchmark_min_time as seconds, a float without a suffix.
func (s RunSpec) args() []string {
	min := s.MinTime
	if min <= 0 {
		min = DefaultMinTime
	}
	args := []string{
		"--benchmark_format=json",
		"--benchmark_min_time=" + strconv.FormatFloat(min.Seconds(), 'f', -1, 64),
		"--benchmark_repetitions=1",
	}
	if s.Filter != "" {
		args = append(args, "--benchmark_filter="+s.Filter)
	}
	if s.Interleave {
		args = append(args, "--benchmark_enable_random_interleaving=true")
	}
	return args
}

// Run runs exe once as spec says, in the folder holding it, and parses
// its JSON output. It returns the output and the raw JSON (also when
// parsing fails). A run that exits with an error wraps
// benchrun.ErrFailed, one killed by spec.Timeout benchrun.ErrTimeout;
// both end with the tail of the executable's standard error. Malformed
// output is a *gbench.SyntaxError naming exe. The end of ctx kills the
// run and returns ctx.Err().
func Run(ctx context.Context, exe Executable, spec RunSpec) (*gbench.Output, []byte, error) {
	out, err := run(ctx, exe, spec.Timeout, spec.args())
	if err != nil {
		return nil, out, err
	}
	o, err := gbench.Parse(exe.Name+" output", out)
	return o, out, err
}

// List returns the names of exe's benchmarks that filter (as in RunSpec)
// selects, in registration order, running exe with
// --benchmark_list_tests=true. Errors are as Run's.
func List(ctx context.Context, exe Executable, filter string, timeout time.Duration) ([]string, error) {
	args := []string{"--benchmark_list_tests=true"}
	if filter != "" {
		args = append(args, "--benchmark_filter="+filter)
	}
	out, err := run(ctx, exe, timeout, args)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			names = append(names, l)
		}
	}
	return names, nil
}

// run runs exe with args in its folder and returns its standard output.
func run(ctx context.Context, exe Executable, timeout time.Duration, args []string) ([]byte, error) {
	rctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(rctx, exe.Path, args...)
	cmd.Dir = filepath.Dir(exe.Path)
	killGroupOnCancel(cmd)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return stdout.Bytes(), ctx.Err()
	case rctx.Err() != nil:
		return stdout.Bytes(), fmt.Errorf("%s: %w after %v (killed with its process group)%s", exe.Name, benchrun.ErrTimeout, timeout, stderrTail(stderr.Bytes()))
	case err != nil:
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return stdout.Bytes(), fmt.Errorf("%s: running %s: %w: %w", exe.Name, exe.Path, benchrun.ErrFailed, err)
		}
		return stdout.Bytes(), fmt.Errorf("%s: %w: %v%s", exe.Name, benchrun.ErrFailed, err, stderrTail(stderr.Bytes()))
	}
	return stdout.Bytes(), nil
}

func stderrTail(b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return ""
	}
	return ":\n" + tail(b, tailBytes)
}
