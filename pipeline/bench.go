package pipeline

import (
	"errors"
	"fmt"

	"github.com/perfproof/perfproof/benchrun"
)

// ErrNoBenchmarks is the outcome of a bench run whose packages have no
// benchmark matching -bench.
var ErrNoBenchmarks = errors.New("no benchmarks in the named packages: add a func BenchmarkX(b *testing.B) in a _test.go file, or check -bench")

// BenchResultOutcome returns what a bench run comes to, from res and runErr as
// benchrun.Run returned them (res not nil): the lines to print, one per
// failed package and per data caveat ("warning: <package>: ..."), and
// the error that sets the exit status: runErr; else, when some package
// with benchmarks failed, an error counting them; else ErrNoBenchmarks
// when no benchmark ran; else nil.
func BenchResultOutcome(res *benchrun.Result, runErr error) (lines []string, err error) {
	failed, ran := 0, 0
	for _, p := range res.Packages {
		switch {
		case p.Err != nil:
			failed++
			lines = append(lines, p.Err.Error())
		case p.Skipped:
		default:
			ran++
		}
		for _, w := range p.Warnings {
			lines = append(lines, fmt.Sprintf("warning: %s: %v", p.ImportPath, w))
		}
	}
	switch {
	case runErr != nil:
		return lines, runErr
	case failed > 0:
		return lines, fmt.Errorf("%d of %d packages with benchmarks failed; the results of the others are above", failed, failed+ran)
	case ran == 0:
		return lines, ErrNoBenchmarks
	}
	return lines, nil
}
