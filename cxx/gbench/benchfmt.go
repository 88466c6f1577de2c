package gbench

import (
	"fmt"
	"io"
	"math"
	"path"
	"strings"

	"golang.org/x/perf/benchfmt"
)

// GoResults converts o's runs to results of the Go benchmark format
// (golang.org/x/perf/benchfmt), one per run of an iteration, so that
// tools made for go test -bench output (benchstat, perfproof compare)
// read them. Each result has the file configuration "pkg: <pkg>" ("" for
// none), the name "<Name>-<threads>" (benchfmt takes a final "-N" for
// GOMAXPROCS; it is added so that a name ending in "-<digits>", such as
// an argument "BM_X/-1", keeps it), Iters the run's iterations, and the
// values of Samples' units with their units (whitespace in names
// replaced by '_'). Aggregates are skipped; errs and warnings are as
// Samples returns them. The results are the caller's.
func GoResults(o *Output, pkg string) (results []*benchfmt.Result, errs, warnings []error) {
	_, errs, warnings = o.Samples()
	failed := make(map[string]bool)
	for i := range o.Benchmarks {
		if b := &o.Benchmarks[i]; !b.IsAggregate() && b.ErrorOccurred {
			failed[b.Name] = true
		}
	}
	for i := range o.Benchmarks {
		b := &o.Benchmarks[i]
		if b.IsAggregate() || failed[b.Name] {
			continue
		}
		scale := timeUnits[b.TimeUnit]
		r := &benchfmt.Result{
			Name:  benchfmt.Name(fmt.Sprintf("%s-%d", GoName(b.Name), max(b.Threads, 1))),
			Iters: int(b.Iterations),
		}
		if pkg != "" {
			r.Config = []benchfmt.Config{{Key: "pkg", Value: []byte(pkg), File: true}}
		}
		put := func(v float64, unit string) {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				r.Values = append(r.Values, benchfmt.Value{Value: v, Unit: unit})
			}
		}
		put(b.RealTime*scale, UnitRealTime)
		put(b.CPUTime*scale, UnitCPUTime)
		put(b.BytesPerSecond, UnitBytes)
		put(b.ItemsPerSecond, UnitItems)
		for _, c := range b.Counters {
			put(c.Value, CounterUnit(c.Name))
		}
		results = append(results, r)
	}
	return results, errs, warnings
}

// GoName returns the benchmark name name as it can stand in the Go
// benchmark format, where a name holds no whitespace: each run of
// whitespace becomes '_'.
func GoName(name string) string {
	return strings.Join(strings.Fields(name), "_")
}

// ExecutableName returns the base name of the executable that wrote o
// (its context's executable, a path), or "" if the context names none:
// the name that pairs the outputs of two builds of one program.
func (o *Output) ExecutableName() string {
	if o.Context.Executable == "" {
		return ""
	}
	return path.Base(strings.ReplaceAll(o.Context.Executable, "\\", "/"))
}

// WriteGo writes o in the Go benchmark format (see GoResults) to w, with
// the configuration line "pkg: <the base name of the executable>" when
// the context names one. It returns the error of w first, then the
// benchmarks' errors joined.
func WriteGo(w io.Writer, o *Output) error {
	results, errs, _ := GoResults(o, o.ExecutableName())
	bw := benchfmt.NewWriter(w)
	for _, r := range results {
		if err := bw.Write(r); err != nil {
			return err
		}
	}
	return joinErrs(errs)
}

func joinErrs(errs []error) error {
	switch len(errs) {
	case 0:
		return nil
	case 1:
		return errs[0]
	}
	msgs := make([]string, len(errs))
	for i, e := range errs {
		msgs[i] = e.Error()
	}
	return fmt.Errorf("%w (and %d more: %s)", errs[0], len(errs)-1, strings.Join(msgs[1:], "; "))
}
