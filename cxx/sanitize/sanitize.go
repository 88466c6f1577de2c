package sanitize

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"github.com/perfproof/perfproof/cxx"
)

// DefaultTimeout is the default limit of one run of a test or benchmark
// executable.
const DefaultTimeout = 5 * time.Minute

// SanitizerExitCode is the exit status the sanitizers are told to use
// (the exitcode option) when they end a program: a run that exits with it
// ended on a report, not on a failure of its own.
const SanitizerExitCode = 86

// BenchmarkMinTime is the BENCHMARK_MIN_TIME, in seconds, of a
// benchmark run: long enough to run every benchmark's code, short enough
// for a sanitized build. Google Benchmark 1.7 takes seconds as a bare
// float.
const BenchmarkMinTime = "0.01"

// Options are the inputs of Run.
type Options struct {
	// Dir is the CMake project's source folder, holding CMakeLists.txt.
	// It is never written to: the builds go to a temporary folder.
	Dir string
	// TSan adds a ThreadSanitizer build, in which the tests run again.
	TSan bool
	// CMakeArgs are added to each cmake configure command, after
	// sanitize's own -D settings.
	CMakeArgs []string
	// Timeout limits each run of a test or benchmark; DefaultTimeout if
	// zero.
	Timeout time.Duration
	// Progress, if set, is told each stage ("configure asan", "test
	// Pool.Wrap (asan)") with the runs done and to do (0, 0 outside
	// runs).
	Progress func(stage string, done, total int)
}

// An Error is something sanitize could not build, run or check: a failed
// configure or build, a run that crashed without a sanitizer report,
// failed or timed out, no test and no benchmark at all. It makes the
// outcome not clean, whatever the findings.
type Error struct {
	// Input names what failed: "configure (asan)", "build (tsan)",
	// "tests (asan)" (ctest's list), "benchmarks (asan)" (the file API's
	// reply), "test Pool.Wrap (asan)", "benchmark pool_bench (asan)", or
	// "project" (nothing to run).
	Input string `json:"input"`
	Err   error  `json:"-"`
}

// Error returns "input: cause".
func (e *Error) Error() string { return e.Input + ": " + e.Err.Error() }

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// A Result is what Run found.
type Result struct {
	// Findings are the merged sanitizer reports, sorted by position.
	Findings []Finding
	// Errors are what could not be built, run or checked, in order.
	Errors []*Error
	// Tests and Benchmarks count the runs made of each.
	Tests, Benchmarks int
}

// ErrIncomplete is wrapped by Result.Outcome when something was not
// built, run or checked.
var ErrIncomplete = errors.New("not every build and run was checked")

// Outcome returns ErrIncomplete, wrapped with the number of errors, when
// r has errors (the result must not read as clean, even with findings),
// else nil. Whether findings were made is len(r.Findings).
func (r *Result) Outcome() error {
	if len(r.Errors) > 0 {
		return fmt.Errorf("%d %s: %w", len(r.Errors), plural(int64(len(r.Errors)), "error"), ErrIncomplete)
	}
	return nil
}

// Run builds the project in opts.Dir with AddressSanitizer, LeakSanitizer
// and UndefinedBehaviorSanitizer (and, with opts.TSan, a second time with
// ThreadSanitizer) in a temporary folder it removes afterwards, runs its
// ctest tests and its Google Benchmark executables (in the ASan build,
// each briefly: BENCHMARK_MIN_TIME=BenchmarkMinTime) and its tests
// again in the TSan build, and returns the sanitizers' reports as
// findings. Each run writes its reports through the sanitizers' log_path
// to a folder of its own; its stderr, kept apart from its stdout, is read
// too, since GCC's UBSan runtime ignores log_path when linked beside ASan
// and a deadly signal's report may go there. Run's error is for a
// folder that is not a CMake project, or a cancelled ctx; everything
// else that fails is in Result.Errors, beside the findings.
func Run(ctx context.Context, opts Options) (*Result, error) {
	src, err := filepath.Abs(opts.Dir)
	if err != nil {
		return nil, err
	}
	if _, err := os.Stat(filepath.Join(src, "CMakeLists.txt")); err != nil {
		return nil, fmt.Errorf("%s is not a CMake project: %w", src, err)
	}
	if opts.Timeout <= 0 {
		opts.Timeout = DefaultTimeout
	}
	work, err := os.MkdirTemp("", "perfproof-sanitize-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(work)
	builds := []Build{ASanBuild}
	if opts.TSan {
		builds = append(builds, TSanBuild)
	}
	var dirs []string
	for _, b := range builds {
		dirs = append(dirs, filepath.Join(work, b.Name))
	}
	r := &runner{opts: opts, res: &Result{}, work: work, col: NewCollector(NewSources(src, dirs...).Own)}
	found := false
	for i, b := range builds {
		if err := ctx.Err(); err != nil {
			return nil, err
		}
		n, err := r.build(ctx, src, dirs[i], b)
		if err != nil {
			return nil, err
		}
		found = found || n > 0
	}
	if !found && len(r.res.Errors) == 0 {
		r.fail("project", fmt.Errorf("%s has no ctest test and no Google Benchmark executable: nothing was run", src))
	}
	r.res.Findings = r.col.Findings()
	return r.res, nil
}

type runner struct {
	opts Options
	res  *Result
	work string
	col  *Collector
	seq  int
}

func (r *runner) fail(input string, err error) {
	r.res.Errors = append(r.res.Errors, &Error{Input: input, Err: err})
}

func (r *runner) progress(stage string, done, total int) {
	if r.opts.Progress != nil {
		r.opts.Progress(stage, done, total)
	}
}

// a job is one run of an executable.
type job struct {
	name     string // "test Pool.Wrap (asan)"
	argv     []string
	dir      string
	env      []string
	willFail bool
	test     bool
}

// build configures and builds b in dir and makes its runs; it returns how
// many it found (tests and, in the ASan build, benchmarks). Its error is
// ctx's only.
func (r *runner) build(ctx context.Context, src, dir string, b Build) (int, error) {
	r.progress("configure "+b.Name, 0, 0)
	if err := configure(ctx, src, dir, b, r.opts.CMakeArgs); err != nil {
		r.fail("configure ("+b.Name+")", err)
		return 0, ctx.Err()
	}
	r.progress("build "+b.Name, 0, 0)
	if err := compile(ctx, dir); err != nil {
		r.fail("build ("+b.Name+")", err)
		return 0, ctx.Err()
	}
	var jobs []job
	tests, err := Tests(ctx, dir)
	if err != nil {
		r.fail("tests ("+b.Name+")", err)
	}
	for _, t := range tests {
		if t.Disabled {
			continue
		}
		jobs = append(jobs, job{name: "test " + t.Name + " (" + b.Name + ")", argv: t.Command, dir: t.Dir, env: t.Env, willFail: t.WillFail, test: true})
	}
	if b.Name == ASanBuild.Name {
		exes, err := cxx.Benchmarks(dir)
		if err != nil && !errors.Is(err, cxx.ErrNoBenchmarkTarget) { // tests alone are a project too
			r.fail("benchmarks ("+b.Name+")", err)
		}
		for _, exe := range exes {
			// Google Benchmark's setting in its environment variable, as
			// package cxx runs benchmarks: a main() that reads its own
			// arguments runs all the same.
			jobs = append(jobs, job{name: "benchmark " + filepath.Base(exe.Path) + " (" + b.Name + ")", argv: []string{exe.Path}, dir: dir, env: []string{"BENCHMARK_MIN_TIME=" + BenchmarkMinTime}})
		}
	}
	checked := map[string]bool{}
	for i, j := range jobs {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		r.progress(j.name, i, len(jobs))
		if exe := j.argv[0]; within(filepath.Clean(exe), dir) {
			ok, seen := checked[exe]
			if !seen {
				var err error
				if ok, err = instrumented(exe, b.Symbol); err != nil {
					r.fail(j.name, err)
					continue
				}
				checked[exe] = ok
			}
			if !ok {
				r.fail(j.name, fmt.Errorf("%s was not built with %s (no %s symbol): the project's flags override CMAKE_CXX_FLAGS; it was not run", exe, b.Name, b.Symbol))
				continue
			}
		}
		if err := r.run(ctx, j); err != nil {
			return 0, err
		}
		if j.test {
			r.res.Tests++
		} else {
			r.res.Benchmarks++
		}
	}
	return len(jobs), nil
}

// run runs j with its own log folder and adds its reports; a failure is
// added to the errors, ctx's error returned.
func (r *runner) run(ctx context.Context, j job) error {
	r.seq++
	logs := filepath.Join(r.work, "logs", fmt.Sprint(r.seq))
	if err := os.MkdirAll(logs, 0o777); err != nil {
		return err
	}
	stdout, err := os.Create(filepath.Join(logs, "stdout"))
	if err != nil {
		return err
	}
	defer stdout.Close()
	stderr, err := os.Create(filepath.Join(logs, "stderr"))
	if err != nil {
		return err
	}
	defer stderr.Close()
	rctx, cancel := context.WithTimeout(ctx, r.opts.Timeout)
	defer cancel()
	cmd := exec.CommandContext(rctx, j.argv[0], j.argv[1:]...)
	cmd.Dir = j.dir
	cmd.Stdout, cmd.Stderr = stdout, stderr
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "BENCHMARK_") {
			env = append(env, kv)
		}
	}
	cmd.Env = append(append(env, j.env...), SanitizerEnv(logs)...)
	cmd.WaitDelay = 5 * time.Second
	runErr := cmd.Run()

	var reports []Report
	for _, name := range []string{"asan.*", "ubsan.*", "tsan.*", "stderr"} {
		files, _ := filepath.Glob(filepath.Join(logs, name))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				r.fail(j.name, fmt.Errorf("reading sanitizer log: %w", err))
				continue
			}
			reports = append(reports, Parse(string(b))...)
			if lsanFailed(string(b)) {
				r.fail(j.name, fmt.Errorf("LeakSanitizer could not run (%s): leaks were not checked", filepath.Base(f)))
			}
		}
	}
	r.col.Add(j.name, reports)
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if rctx.Err() != nil {
		r.fail(j.name, fmt.Errorf("timed out after %v (-timeout); %d sanitizer reports before", r.opts.Timeout, len(reports)))
		return nil
	}
	var exit *exec.ExitError
	switch {
	case runErr == nil:
	case errors.As(runErr, &exit):
		code := exit.ExitCode()
		switch {
		case code == SanitizerExitCode && len(reports) > 0:
		case code == -1 && len(reports) == 0:
			r.fail(j.name, fmt.Errorf("%s crashed (%v) with no sanitizer report%s", j.argv[0], runErr, outputTail(logs)))
		case code == -1:
			r.fail(j.name, fmt.Errorf("%s was killed (%v) after %d sanitizer reports%s", j.argv[0], runErr, len(reports), outputTail(logs)))
		case j.willFail:
		case len(reports) == 0:
			r.fail(j.name, fmt.Errorf("%s exited with status %d and no sanitizer report%s", j.argv[0], code, outputTail(logs)))
		default:
			r.fail(j.name, fmt.Errorf("%s exited with status %d beside %d sanitizer reports: it failed on its own%s", j.argv[0], code, len(reports), outputTail(logs)))
		}
	default:
		r.fail(j.name, fmt.Errorf("running %s: %w", j.argv[0], runErr))
	}
	return nil
}

// lsanFailed reports whether a log or stderr says that LeakSanitizer
// could not check for leaks: under ptrace (a debugger, strace) or where
// the process may not stop its threads, it prints one of these lines and
// gives up.
func lsanFailed(text string) bool {
	return strings.Contains(text, "LeakSanitizer has encountered a fatal error") ||
		strings.Contains(text, "LeakSanitizer does not work under ptrace")
}

// outputTail returns the last lines of a run's stdout and stderr, for an
// error.
func outputTail(logs string) string {
	var b strings.Builder
	for _, name := range []string{"stdout", "stderr"} {
		out, _ := os.ReadFile(filepath.Join(logs, name))
		if t := tail(string(out), 8); t != "" {
			b.WriteString("\n\t" + name + ":" + t)
		}
	}
	return b.String()
}

// SanitizerEnv returns the environment settings of a run whose reports go
// to the folder logs: ASAN_OPTIONS (leak detection on, continue after an
// error, log_path logs/asan), UBSAN_OPTIONS (stacks, continue, log_path
// logs/ubsan) and TSAN_OPTIONS (log_path logs/tsan), each with the exit
// status SanitizerExitCode. Options already in the environment come
// first, so that a project's suppressions stay and these win.
func SanitizerEnv(logs string) []string {
	set := func(name, opts string) string {
		if prev := os.Getenv(name); prev != "" {
			opts = prev + ":" + opts
		}
		return name + "=" + opts
	}
	code := fmt.Sprintf("exitcode=%d", SanitizerExitCode)
	return []string{
		set("ASAN_OPTIONS", "detect_leaks=1:halt_on_error=0:abort_on_error=0:"+code+":log_path="+filepath.Join(logs, "asan")),
		set("UBSAN_OPTIONS", "print_stacktrace=1:halt_on_error=0:"+code+":log_path="+filepath.Join(logs, "ubsan")),
		set("TSAN_OPTIONS", "halt_on_error=0:"+code+":log_path="+filepath.Join(logs, "tsan")),
	}
}

// SplitArgs splits s into arguments at spaces, as a shell would for
// plain words: '…' and "…" quote (no escapes inside '…'; \" and \\ inside
// "…"), a backslash outside quotes escapes the next character. An
// unterminated quote is an error.
func SplitArgs(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	in, quote, escaped := false, byte(0), false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case escaped:
			cur.WriteByte(c)
			escaped = false
		case quote == '\'':
			if c == '\'' {
				quote = 0
			} else {
				cur.WriteByte(c)
			}
		case quote == '"':
			switch {
			case c == '"':
				quote = 0
			case c == '\\' && i+1 < len(s) && (s[i+1] == '"' || s[i+1] == '\\'):
				i++
				cur.WriteByte(s[i])
			default:
				cur.WriteByte(c)
			}
		case c == '\\':
			escaped, in = true, true
		case c == '\'' || c == '"':
			quote, in = c, true
		case c == ' ' || c == '\t' || c == '\n':
			if in {
				args = append(args, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteByte(c)
			in = true
		}
	}
	if quote != 0 {
		return nil, fmt.Errorf("unterminated %c quote in %q", quote, s)
	}
	if escaped {
		return nil, fmt.Errorf("trailing backslash in %q", s)
	}
	if in {
		args = append(args, cur.String())
	}
	return args, nil
}

// MarshalJSON encodes r as the object of perfproof sanitize -json, in the
// shape of scan's: {"findings":[...],"errors":[...],"tests":N,
// "benchmarks":N}; each finding is a finding.Finding (absolute "file",
// 1-based "line", "column" 0 when unknown, "analyzer", "category" the
// kind, "message", "function", "note", "cost" null) with "bytes" and
// "objects" for leaks, "count", "runs", the full "stacks" (each
// {"title","frames":[{"function","file","line","column","module"}]}) and
// "stack_index" and "frame_index" of the attributed frame (-1 for none);
// each error is {"input","message"}. Both lists are [] when empty.
func (r *Result) MarshalJSON() ([]byte, error) {
	type jsonError struct {
		Input   string `json:"input"`
		Message string `json:"message"`
	}
	out := struct {
		Findings   []Finding   `json:"findings"`
		Errors     []jsonError `json:"errors"`
		Tests      int         `json:"tests"`
		Benchmarks int         `json:"benchmarks"`
	}{Findings: r.Findings, Errors: []jsonError{}, Tests: r.Tests, Benchmarks: r.Benchmarks}
	if out.Findings == nil {
		out.Findings = []Finding{}
	}
	for _, e := range r.Errors {
		out.Errors = append(out.Errors, jsonError{e.Input, e.Err.Error()})
	}
	return json.Marshal(out)
}
