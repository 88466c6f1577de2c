package benchrun

import (
	"context"
	"errors"
	"os/exec"
	"syscall"
	"time"

	"golang.org/x/perf/benchfmt"
)

// A RunOutput is the parsed output of one run of a test binary built with
// `go test -c`, as a caller that runs the binary itself (rather than
// through Run) gets it.
type RunOutput struct {
	// Results are the benchmark results in output order, with units tidied
	// as in PackageResult.Results. The line a panicking benchmark leaves
	// without a time is not a result. The caller owns them.
	Results []*benchfmt.Result
	// Units holds the unit metadata declared in the output.
	Units benchfmt.UnitMetadataMap
	// Warnings are malformed lines (*benchfmt.SyntaxError naming fileName
	// and the 1-based line) that did not stop parsing.
	Warnings []error
	// Err is nil if the run succeeded. Otherwise it names pkg, says what
	// went wrong (the panic message and benchmark, the "--- FAIL" lines, or
	// the last lines of output) and wraps ErrPanic, ErrTimeout (go test's
	// own -test.timeout fired) or ErrFailed.
	Err error
}

// ParseRun parses out, the standard output and standard error of one run
// of the test binary of package pkg, and classifies runErr, the error
// exec.Cmd.Run returned for it (nil for exit status 0). fileName names out
// in warnings. A timeout imposed by the caller (killing the process) is
// the caller's to report: ParseRun only sees a failed run.
func ParseRun(pkg string, out []byte, fileName string, runErr error) RunOutput {
	var ro RunOutput
	var panicLine int
	var timeless []string
	ro.Results, ro.Units, ro.Warnings, panicLine, timeless = parseOutput(out, fileName)
	if runErr != nil || panicLine > 0 {
		ro.Err = classifyFailure(pkg, runErr, out, panicLine, "")
	} else {
		ro.Err = timelessError(pkg, timeless)
	}
	return ro
}

// Samples groups the results by benchmark name and unit like
// PackageResult.Samples.
func (ro RunOutput) Samples() []Sample {
	pr := PackageResult{Results: ro.Results}
	return pr.Samples()
}

// KillGroupOnCancel prepares cmd, before it starts, so that ending its
// context kills its whole process group, as Run does for go test: on Unix
// the command leads a new process group, out of reach of the terminal's
// Ctrl-C, and cancelling sends SIGKILL to the group. Elsewhere it does
// nothing.
func KillGroupOnCancel(cmd *exec.Cmd) { killGroupOnCancel(cmd) }

// AwaitInterrupt gives ctx up to a second to end when err, the result of
// running a command prepared by KillGroupOnCancel, says the command died
// of SIGINT or SIGTERM while ctx had not ended. A Ctrl-C sent to the
// caller's process group also reaches a child caught between fork and its
// own setpgid: the child dies at once, possibly before the caller's signal
// handling has ended ctx, and its run would count as failed rather than
// interrupted. Callers check ctx.Err() after AwaitInterrupt.
func AwaitInterrupt(ctx context.Context, err error) {
	if ctx.Err() == nil && interruptedBySignal(err) {
		select {
		case <-ctx.Done():
		case <-time.After(time.Second):
		}
	}
}

// interruptedBySignal reports whether err says the process ended on
// SIGINT or SIGTERM (a cancelled context kills with SIGKILL).
func interruptedBySignal(err error) bool {
	var exitErr *exec.ExitError
	if !errors.As(err, &exitErr) {
		return false
	}
	ws, ok := exitErr.Sys().(interface {
		Signaled() bool
		Signal() syscall.Signal
	})
	return ok && ws.Signaled() && (ws.Signal() == syscall.SIGINT || ws.Signal() == syscall.SIGTERM)
}
