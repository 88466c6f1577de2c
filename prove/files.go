package prove

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"

	"golang.org/x/perf/benchfmt"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/cxx/gbench"
	"github.com/perfproof/perfproof/stats"
)

// Errors of CompareFiles.
var (
	// ErrNoResults is wrapped by the error of a results file that holds
	// no benchmark result.
	ErrNoResults = errors.New("holds no benchmark results")
	// ErrNoCommon is wrapped by the error, in FilesResult.Errors, of two
	// results files without a benchmark in common.
	ErrNoCommon = errors.New("have no benchmark in common")
)

// A ResultsFile is a file of go test -bench output, in the Go benchmark
// format (golang.org/x/perf/benchfmt), or of Google Benchmark's JSON
// output (a C++ benchmark executable's --benchmark_format=json or
// --benchmark_out), told apart by its first byte other than white space:
// '{' is JSON (see package cxx/gbench).
type ResultsFile struct {
	// Path is the file's path.
	Path string
	// Name names the file in errors and labels, as the user gave it;
	// "" means Path.
	Name string
}

// A FilesResult is the comparison of two results files.
type FilesResult struct {
	// Comparisons compare each benchmark and unit of the old file that
	// the new file has too, in the old file's order (packages in the
	// order their first result appears), corrected for their number
	// unit by unit (stats.Holm). OldName and NewName equal Benchmark.
	Comparisons []Comparison
	// OnlyOld and OnlyNew label the benchmarks of one file only, each
	// once, as "package name" (just "name" when the file has no "pkg:"
	// line), in file order; they are not compared.
	OnlyOld, OnlyNew []string
	// Errors are the malformed lines of both files, each wrapping the
	// *benchfmt.SyntaxError that names file:line, and, when the files
	// have no benchmark in common and no malformed line, an error
	// wrapping ErrNoCommon. The well-formed lines are compared all the
	// same, but a result with errors is incomplete.
	Errors []error
}

// CompareFiles compares two files of benchmark results as they are, as
// benchstat does: nothing is run, and the samples are the files' values
// per package ("pkg:" configuration line), benchmark and unit, in the
// order they ran (not interleaved). Each pair of samples is compared with
// stats.Compare under opts, with the unit metadata of both files ("Unit"
// lines such as "Unit widgets/op better=higher") added to opts.Units: a
// unit's direction and exactness come from opts.Units first, then the old
// file, then the new file, then stats' built-in rules.
//
// It returns an error, and no result, when a file cannot be read or holds
// no result at all (wrapping ErrNoResults); malformed lines are listed in
// FilesResult.Errors.
func CompareFiles(old, new ResultsFile, opts stats.Options) (*FilesResult, error) {
	oldSamples, oldUnits, oldErrs, err := readResults(old)
	if err != nil {
		return nil, err
	}
	newSamples, newUnits, newErrs, err := readResults(new)
	if err != nil {
		return nil, err
	}
	opts.Units = opts.Units.Merge(oldUnits, newUnits)
	res := &FilesResult{Errors: append(oldErrs, newErrs...)}
	type key struct{ pkg, name, unit string }
	newByKey := make(map[key][]float64)
	for _, s := range newSamples {
		newByKey[key{s.pkg, s.Name, s.Unit}] = s.Values
	}
	oldNames := make(map[key]bool)
	for _, s := range oldSamples {
		k := key{s.pkg, s.Name, s.Unit}
		oldNames[key{s.pkg, s.Name, ""}] = true
		nv, ok := newByKey[k]
		if !ok {
			if !slices.Contains(res.OnlyOld, s.label()) {
				res.OnlyOld = append(res.OnlyOld, s.label())
			}
			continue
		}
		res.Comparisons = append(res.Comparisons, Comparison{Package: s.pkg, OldName: s.Name, NewName: s.Name,
			Comparison: stats.Compare(s.Name, s.Unit, s.Values, nv, opts)})
	}
	for _, s := range newSamples {
		if !oldNames[key{s.pkg, s.Name, ""}] && !slices.Contains(res.OnlyNew, s.label()) {
			res.OnlyNew = append(res.OnlyNew, s.label())
		}
	}
	if len(res.Comparisons) == 0 && len(res.Errors) == 0 {
		res.Errors = append(res.Errors, fmt.Errorf("%s and %s %w", old.name(), new.name(), ErrNoCommon))
	}
	family := make([]*stats.Comparison, len(res.Comparisons))
	for i := range res.Comparisons {
		family[i] = &res.Comparisons[i].Comparison
	}
	stats.Holm(family, opts)
	return res, nil
}

func (f ResultsFile) name() string {
	if f.Name == "" {
		return f.Path
	}
	return f.Name
}

// fileSample is a benchrun.Sample of a results file with its package.
type fileSample struct {
	pkg string
	benchrun.Sample
}

func (s fileSample) label() string { return strings.TrimSpace(s.pkg + " " + s.Name) }

// readResults reads a results file and groups its values by package (the
// "pkg:" configuration line), benchmark and unit, and returns the unit
// metadata its "Unit" lines declare. Malformed lines are returned as
// errors naming name:line; an unreadable file or one without any result
// is an error.
func readResults(f ResultsFile) ([]fileSample, stats.Units, []error, error) {
	data, err := os.ReadFile(f.Path)
	if err != nil {
		return nil, nil, nil, err
	}
	if t := bytes.TrimLeft(data, " \t\r\n"); len(t) > 0 && t[0] == '{' {
		return readGbench(f, data)
	}
	var errs []error
	byPkg := make(map[string]*benchrun.PackageResult)
	var pkgs []string
	r := benchfmt.NewReader(bytes.NewReader(data), f.name())
	for r.Scan() {
		switch rec := r.Result().(type) {
		case *benchfmt.Result:
			pkg := rec.GetConfig("pkg")
			pr := byPkg[pkg]
			if pr == nil {
				pr = &benchrun.PackageResult{}
				byPkg[pkg] = pr
				pkgs = append(pkgs, pkg)
			}
			pr.Results = append(pr.Results, rec.Clone())
		case *benchfmt.SyntaxError:
			errs = append(errs, fmt.Errorf("malformed results: %w", rec))
		}
	}
	if err := r.Err(); err != nil {
		return nil, nil, nil, fmt.Errorf("reading %s: %w", f.name(), err)
	}
	if len(pkgs) == 0 {
		return nil, nil, nil, fmt.Errorf("%s %w (go test -bench output expected)", f.name(), ErrNoResults)
	}
	var out []fileSample
	for _, pkg := range pkgs {
		for _, s := range byPkg[pkg].Samples() {
			out = append(out, fileSample{pkg, s})
		}
	}
	return out, stats.Units(r.Units()), errs, nil
}

// readGbench reads a file of Google Benchmark JSON output as readResults
// does: its runs become the samples of the package named after the
// executable's base name (Google Benchmark's context.executable), its
// aggregates are skipped. Malformed JSON is an error naming the file and
// the byte offset; a benchmark that reported an error is in the returned
// errors, its samples left out; a file of aggregates only is an error
// wrapping ErrNoResults. The file declares no unit metadata: B/s and
// items/s are higher-is-better by stats' rule, user counters
// lower-is-better (Google Benchmark's JSON does not say).
func readGbench(f ResultsFile, data []byte) ([]fileSample, stats.Units, []error, error) {
	o, err := gbench.Parse(f.name(), data)
	if err != nil {
		return nil, nil, nil, err // "name: byte N: …"
	}
	pkg := o.ExecutableName()
	results, errs, _ := gbench.GoResults(o, pkg)
	for i, e := range errs {
		errs[i] = fmt.Errorf("%s: %w", f.name(), e)
	}
	if len(results) == 0 {
		return nil, nil, nil, fmt.Errorf("%s %w (Google Benchmark JSON without runs: %w)", f.name(), ErrNoResults, errors.Join(errs...))
	}
	pr := &benchrun.PackageResult{Results: results}
	var out []fileSample
	for _, s := range pr.Samples() {
		out = append(out, fileSample{pkg, s})
	}
	return out, nil, errs, nil
}
