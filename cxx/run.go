package cxx

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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
	// Filter is the benchmark filter regular expression (ECMAScript
	// syntax, std::regex); "" means every benchmark.
	Filter string
	// MinTime is each benchmark's minimum run time: the library grows
	// the iteration count until one run lasts at least this long, and
	// reports that run. 0 means DefaultMinTime.
	MinTime time.Duration
	// Interleave has the library run the benchmarks in a random order
	// (random interleaving).
	Interleave bool
	// Timeout kills the run, with its process group, after this long; 0
	// means no limit but the context's.
	Timeout time.Duration
	// Args are the executable's own positional arguments, for a main()
	// that reads them before benchmark::Initialize (spdlog's
	// formatter-bench takes a pattern or "all"); nil means none.
	Args []string
}

// DefaultMinTime is the run length of a benchmark when RunSpec.MinTime is
// 0: short runs, many of them, as prove.DefaultBenchtime explains for Go.
const DefaultMinTime = 10 * time.Millisecond

// ErrArgAsBenchmark is wrapped by the error of a run or listing that
// reports a benchmark named after a --benchmark_ flag: the executable's
// main() took a command-line argument as the name of a benchmark to
// register (as spdlog's formatter-bench does with its pattern).
var ErrArgAsBenchmark = errors.New("the executable registered a command-line argument as a benchmark")

// env returns the environment of one run: the process's own without any
// BENCHMARK_* variable, then spec's settings as the variables that Google
// Benchmark reads when its flag is not on the command line (1.7.1,
// src/commandlineflags.cc: the flag's name upper-cased). Settings go
// through the environment rather than --benchmark_* arguments so that a
// main() that checks its own arguments before benchmark::Initialize
// still runs. Google Benchmark 1.7.1 takes BENCHMARK_MIN_TIME as
// seconds, a float without a suffix.
func (s RunSpec) env() []string {
	min := s.MinTime
	if min <= 0 {
		min = DefaultMinTime
	}
	env := []string{
		"BENCHMARK_FORMAT=json",
		"BENCHMARK_MIN_TIME=" + strconv.FormatFloat(min.Seconds(), 'f', -1, 64),
		"BENCHMARK_REPETITIONS=1",
	}
	if s.Filter != "" {
		env = append(env, "BENCHMARK_FILTER="+s.Filter)
	}
	if s.Interleave {
		env = append(env, "BENCHMARK_ENABLE_RANDOM_INTERLEAVING=true")
	}
	return env
}

// cleanEnv returns os.Environ() without the variables that Google
// Benchmark reads (BENCHMARK_*), followed by set.
func cleanEnv(set []string) []string {
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BENCHMARK_") {
			env = append(env, kv)
		}
	}
	return append(env, set...)
}

// Run runs exe once as spec says, in the folder holding it, with spec's
// settings in its environment (RunSpec.env) and spec.Args as its
// arguments, and parses its JSON output. It returns the output and the
// raw output (also when parsing fails). A run that exits with an error
// wraps benchrun.ErrFailed, one killed by spec.Timeout
// benchrun.ErrTimeout; both end with the tail of the executable's
// standard error, and of its standard output when standard error is
// empty or standard output is not JSON. Malformed output is a
// *gbench.SyntaxError naming exe, followed by the output's tail; a
// benchmark named after a --benchmark_ flag wraps ErrArgAsBenchmark. The
// end of ctx kills the run and returns ctx.Err().
func Run(ctx context.Context, exe Executable, spec RunSpec) (*gbench.Output, []byte, error) {
	out, err := run(ctx, exe, spec.Timeout, spec.Args, spec.env())
	if err != nil {
		return nil, out, err
	}
	o, err := gbench.Parse(exe.Name+" output", out)
	if err != nil {
		return nil, out, fmt.Errorf("%w%s", err, outputTail("standard output", out))
	}
	for _, b := range o.Benchmarks {
		if err := argName(exe, b.Name); err != nil {
			return nil, out, err
		}
	}
	return o, out, nil
}

// argName returns an error wrapping ErrArgAsBenchmark if name is a
// --benchmark_ flag.
func argName(exe Executable, name string) error {
	if strings.HasPrefix(name, "--benchmark_") {
		return fmt.Errorf("%s: benchmark %q: %w (perfproof passes its settings as BENCHMARK_* environment variables; check the executable's arguments)", exe.Name, name, ErrArgAsBenchmark)
	}
	return nil
}

// List returns the names of exe's benchmarks that filter (as in RunSpec)
// selects, in registration order, running exe with args and
// BENCHMARK_LIST_TESTS=true in its environment. Errors are as Run's.
func List(ctx context.Context, exe Executable, filter string, timeout time.Duration, args ...string) ([]string, error) {
	env := []string{"BENCHMARK_LIST_TESTS=true"}
	if filter != "" {
		env = append(env, "BENCHMARK_FILTER="+filter)
	}
	out, err := run(ctx, exe, timeout, args, env)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, l := range strings.Split(string(out), "\n") {
		if l = strings.TrimSpace(l); l != "" {
			if err := argName(exe, l); err != nil {
				return nil, err
			}
			names = append(names, l)
		}
	}
	return names, nil
}

// run runs exe with args in its folder, with env added to its cleaned
// environment (cleanEnv), and returns its standard output.
func run(ctx context.Context, exe Executable, timeout time.Duration, args, env []string) ([]byte, error) {
	rctx := ctx
	if timeout > 0 {
		var cancel context.CancelFunc
		rctx, cancel = context.WithTimeout(ctx, timeout)
		defer cancel()
	}
	cmd := exec.CommandContext(rctx, exe.Path, args...)
	cmd.Dir = filepath.Dir(exe.Path)
	cmd.Env = cleanEnv(env)
	killGroupOnCancel(cmd)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	switch {
	case ctx.Err() != nil:
		return stdout.Bytes(), ctx.Err()
	case rctx.Err() != nil:
		return stdout.Bytes(), fmt.Errorf("%s: %w after %v (killed with its process group)%s", exe.Name, benchrun.ErrTimeout, timeout, outputTails(stdout.Bytes(), stderr.Bytes()))
	case err != nil:
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			return stdout.Bytes(), fmt.Errorf("%s: running %s: %w: %w", exe.Name, exe.Path, benchrun.ErrFailed, err)
		}
		return stdout.Bytes(), fmt.Errorf("%s: %w: %v%s", exe.Name, benchrun.ErrFailed, err, outputTails(stdout.Bytes(), stderr.Bytes()))
	}
	return stdout.Bytes(), nil
}

// outputTails returns the tail of a failed run's standard error, and
// the tail of its standard output too when standard error is empty or
// standard output is not JSON (an executable that prints its usage or
// its error on standard output), each after a line naming it; "" when
// both are empty.
func outputTails(stdout, stderr []byte) string {
	var b strings.Builder
	if len(bytes.TrimSpace(stderr)) > 0 {
		b.WriteString(outputTail("standard error", stderr))
		if json.Valid(stdout) {
			return b.String()
		}
	}
	b.WriteString(outputTail("standard output", stdout))
	return b.String()
}

// outputTail returns ";\n<what>:\n<tail of b>", or "" if b is blank.
func outputTail(what string, b []byte) string {
	if len(bytes.TrimSpace(b)) == 0 {
		return ""
	}
	return ";\n" + what + ":\n" + tail(b, tailBytes)
}
