// Package gbench reads the JSON output of Google Benchmark (a C++
// benchmark library), as written by a benchmark executable run with
// --benchmark_format=json or --benchmark_out=FILE, into perfproof's
// samples: one value per benchmark, unit and run of an iteration.
//
// The format is the library's JSON reporter's (src/json_reporter.cc of
// github.com/google/benchmark; the tests keep outputs of version 1.7.1):
// an object with a "context" object describing the machine and the run,
// and a "benchmarks" array with one object per run of a benchmark
// ("run_type": "iteration") and, with --benchmark_repetitions, its
// aggregates over the repetitions ("run_type": "aggregate": mean, median,
// stddev, cv, and BigO and RMS for complexity fits).
//
// Units of the samples (see Samples):
//
//	sec/op      real_time, converted from time_unit to seconds per iteration
//	cpu-sec/op  cpu_time, likewise
//	B/s         bytes_per_second (higher is better)
//	items/s     items_per_second (higher is better)
//	<counter>   a user counter, by its name (state.counters["name"])
//
// The JSON does not say whether a user counter is a rate (its flags are
// not written), so its direction is unknown; package stats then treats a
// higher value as worse (stats.HigherIsBetter is false for it, unless its
// name ends in "/s"), and Samples warns about each such counter.
//
// The library writes a non-finite number as a bare NaN, Infinity or
// -Infinity, which is not JSON; Parse takes them as such. A counter's
// non-finite values are left out of its samples (with a warning); a
// non-finite time or throughput is an error.
package gbench

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
)

// Errors of Parse and Output.Samples, wrapped by the errors returned.
var (
	// ErrSyntax is wrapped by a *SyntaxError: the input is not Google
	// Benchmark JSON.
	ErrSyntax = errors.New("malformed Google Benchmark JSON")
	// ErrBenchmark is wrapped by the error of a benchmark that reported
	// an error (error_occurred: state.SkipWithError).
	ErrBenchmark = errors.New("benchmark reported an error")
	// ErrAggregatesOnly is wrapped by the error of an output that holds
	// aggregates but no run of an iteration, as with
	// --benchmark_report_aggregates_only: a mean or a median is not a
	// sample.
	ErrAggregatesOnly = errors.New("holds only aggregates (--benchmark_report_aggregates_only?), no runs to sample")
	// ErrNoBenchmarks is wrapped by the error of an output without any
	// benchmark entry.
	ErrNoBenchmarks = errors.New("holds no benchmarks")
)

// A SyntaxError is malformed input: not JSON, or JSON that is not Google
// Benchmark's output (a field of the wrong type, an unknown time unit).
type SyntaxError struct {
	// Name names the input, as given to Parse.
	Name string
	// Offset is the byte offset, 0-based, in the input at or near which
	// the problem was found.
	Offset int64
	// Msg says what is wrong.
	Msg string
}

// Error returns "name: byte N: msg".
func (e *SyntaxError) Error() string {
	return fmt.Sprintf("%s: byte %d: %s", e.Name, e.Offset, e.Msg)
}

// Unwrap returns ErrSyntax.
func (e *SyntaxError) Unwrap() error { return ErrSyntax }

// An Output is one benchmark executable's JSON output.
type Output struct {
	// Context describes the machine and the run.
	Context Context
	// Benchmarks are the entries of "benchmarks", in output order.
	Benchmarks []Benchmark
}

// A Context is the "context" object of an output: what the library knew
// about the machine when the benchmarks ran.
type Context struct {
	// Date is the start of the run, as written ("2026-11-27T02:37:22+00:00").
	Date string `json:"date"`
	// HostName and Executable name the machine and the program run.
	HostName   string `json:"host_name"`
	Executable string `json:"executable"`
	// NumCPUs and MHzPerCPU are the processor count and clock the
	// library read.
	NumCPUs   int     `json:"num_cpus"`
	MHzPerCPU float64 `json:"mhz_per_cpu"`
	// CPUScalingEnabled is set when the CPU frequency governor may change
	// the clock during the run, a source of noise.
	CPUScalingEnabled bool `json:"cpu_scaling_enabled"`
	// Caches are the processor's caches.
	Caches []Cache `json:"caches"`
	// LoadAvg is the system's 1, 5 and 15 minute load averages.
	LoadAvg []float64 `json:"load_avg"`
	// LibraryBuildType is "release" or "debug": how the benchmark
	// library itself was compiled (not the code measured).
	LibraryBuildType string `json:"library_build_type"`
}

// A Cache is one processor cache of a Context.
type Cache struct {
	// Type is "Data", "Instruction" or "Unified".
	Type string `json:"type"`
	// Level is 1 for L1, and so on.
	Level int `json:"level"`
	// Size is in bytes.
	Size int64 `json:"size"`
	// NumSharing is the number of logical CPUs sharing it.
	NumSharing int `json:"num_sharing"`
}

// A Benchmark is one entry of "benchmarks": one run of a benchmark, or
// an aggregate over its repetitions.
type Benchmark struct {
	// Name is the benchmark's name with its arguments
	// ("BM_Copy/64", "BM_Threads/threads:2"), and for an aggregate the
	// aggregate's suffix ("BM_Copy/64_mean").
	Name string
	// RunName is Name without the aggregate's suffix.
	RunName string
	// RunType is "iteration" for a run, "aggregate" for an aggregate; ""
	// when the output does not say (libraries before 1.5), then the run
	// is an aggregate if and only if AggregateName is set.
	RunType string
	// AggregateName is "mean", "median", "stddev", "cv", "BigO", "RMS"
	// or a user statistic's name; "" for a run.
	AggregateName string
	// Repetitions is the number of repetitions asked for, and
	// RepetitionIndex the 0-based index of this run among them.
	Repetitions, RepetitionIndex int
	// FamilyIndex is the 0-based registration index of the benchmark's
	// family (one BENCHMARK or RegisterBenchmark call), and
	// PerFamilyInstanceIndex the 0-based index of this instance
	// (arguments, threads) within it; both are -1 when the output has
	// none (libraries before 1.6). Two families may register one name:
	// these tell them apart (see Samples).
	FamilyIndex, PerFamilyInstanceIndex int
	// Threads is the number of threads that ran the benchmark.
	Threads int
	// Iterations is the number of iterations of the run.
	Iterations int64
	// RealTime and CPUTime are the wall and CPU time per iteration, in
	// TimeUnit.
	RealTime, CPUTime float64
	// TimeUnit is "ns", "us", "ms" or "s".
	TimeUnit string
	// BytesPerSecond and ItemsPerSecond are the throughputs the benchmark
	// set (state.SetBytesProcessed, SetItemsProcessed); NaN if unset.
	BytesPerSecond, ItemsPerSecond float64
	// Label is the benchmark's label (state.SetLabel).
	Label string
	// ErrorOccurred and ErrorMessage say that the benchmark stopped with
	// an error (state.SkipWithError).
	ErrorOccurred bool
	ErrorMessage  string
	// Counters are the user counters, in output order.
	Counters []Counter
}

// A Counter is a user counter of a Benchmark: a numeric field that is not
// one of the library's own.
type Counter struct {
	Name  string
	Value float64
}

// IsAggregate reports whether b is an aggregate over repetitions, not a
// run.
func (b *Benchmark) IsAggregate() bool {
	if b.RunType != "" {
		return b.RunType == "aggregate"
	}
	return b.AggregateName != ""
}

// timeUnits are the seconds in one of each time_unit.
var timeUnits = map[string]float64{"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1}

// numeric fields of a benchmark entry that are the library's, not user
// counters.
var ownNumbers = map[string]bool{
	"family_index": true, "per_family_instance_index": true, "repetitions": true,
	"repetition_index": true, "threads": true, "iterations": true, "real_time": true,
	"cpu_time": true, "bytes_per_second": true, "items_per_second": true,
	// Complexity fits (BigO and RMS aggregates).
	"cpu_coefficient": true, "real_coefficient": true, "rms": true, "complexity_n": true,
}

// Parse reads one Google Benchmark JSON output. name names the input in
// errors. Malformed input, including a benchmark entry with a field of
// the wrong type, a negative or missing time, or an unknown time_unit,
// is a *SyntaxError giving the byte offset. Unknown fields of the context
// and non-numeric unknown fields of a benchmark are ignored; unknown
// numeric fields of a benchmark are its user counters.
func Parse(name string, data []byte) (*Output, error) {
	// Google Benchmark writes non-finite values as the bare words NaN,
	// Infinity and -Infinity, which are not JSON: they become strings of
	// the same length, remembered by offset.
	data, nonFinite := quoteNonFinite(data)
	// A first pass finds syntax errors at their absolute offsets; the
	// decoder's are relative to its buffer.
	var all json.RawMessage
	if err := json.Unmarshal(data, &all); err != nil {
		var se *json.SyntaxError
		if errors.As(err, &se) {
			off := se.Offset - 1 // Offset counts the bad byte
			if se.Offset == int64(len(data)) && endsEarly(data) {
				off = int64(len(data))
			}
			return nil, &SyntaxError{Name: name, Offset: max(off, 0), Msg: se.Error()}
		}
		return nil, &SyntaxError{Name: name, Msg: err.Error()}
	}
	p := &parser{name: name, data: data, nonFinite: nonFinite, dec: json.NewDecoder(bytes.NewReader(data))}
	p.dec.UseNumber()
	out, err := p.output()
	if err != nil {
		return nil, err
	}
	if err := p.eof(); err != nil {
		return nil, err
	}
	return out, nil
}

// A parser walks the tokens of one output, keeping byte offsets for
// errors.
type parser struct {
	name      string
	data      []byte
	nonFinite map[int64]float64 // offset → value of a quoted NaN or ±Infinity
	dec       *json.Decoder
}

// next returns the offset of the next token: the decoder's offset past
// the separators after the last one.
func (p *parser) next() int64 {
	off := p.dec.InputOffset()
	for off < int64(len(p.data)) && strings.IndexByte(" \t\r\n:,", p.data[off]) >= 0 {
		off++
	}
	return off
}

func (p *parser) errorf(off int64, format string, args ...any) error {
	return &SyntaxError{Name: p.name, Offset: off, Msg: fmt.Sprintf(format, args...)}
}

// wrap turns an error of the decoder into a *SyntaxError.
func (p *parser) wrap(err error, off int64) error {
	var se *json.SyntaxError
	var te *json.UnmarshalTypeError
	switch {
	case errors.As(err, &se):
		return p.errorf(se.Offset, "%v", se)
	case errors.As(err, &te):
		return p.errorf(off, "%s: %s is not a %s", te.Field, te.Value, te.Type)
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return p.errorf(p.dec.InputOffset(), "unexpected end of input")
	}
	return p.errorf(off, "%v", err)
}

// delim reads the next token and checks it is d.
func (p *parser) delim(d json.Delim, what string) error {
	off := p.next()
	tok, err := p.dec.Token()
	if err != nil {
		return p.wrap(err, off)
	}
	if tok != d {
		return p.errorf(off, "%s: want %q, found %v", what, d, tokenString(tok))
	}
	return nil
}

// key reads an object key, or reports the end of the object.
func (p *parser) key() (string, bool, error) {
	if !p.dec.More() {
		return "", false, p.delim('}', "object")
	}
	off := p.next()
	tok, err := p.dec.Token()
	if err != nil {
		return "", false, p.wrap(err, off)
	}
	k, ok := tok.(string)
	if !ok {
		return "", false, p.errorf(off, "want an object key, found %v", tokenString(tok))
	}
	return k, true, nil
}

func (p *parser) output() (*Output, error) {
	out := &Output{}
	if err := p.delim('{', "output"); err != nil {
		return nil, err
	}
	seen := false
	for {
		k, ok, err := p.key()
		if err != nil {
			return nil, err
		}
		if !ok {
			break
		}
		off := p.next()
		switch k {
		case "context":
			if err := p.dec.Decode(&out.Context); err != nil {
				return nil, p.wrap(err, off)
			}
		case "benchmarks":
			seen = true
			if err := p.benchmarks(out); err != nil {
				return nil, err
			}
		default:
			var skip json.RawMessage
			if err := p.dec.Decode(&skip); err != nil {
				return nil, p.wrap(err, off)
			}
		}
	}
	if !seen {
		return nil, p.errorf(p.dec.InputOffset(), "no \"benchmarks\" array: not Google Benchmark JSON output")
	}
	return out, nil
}

func (p *parser) eof() error {
	off := p.next()
	if _, err := p.dec.Token(); err != io.EOF {
		if err != nil {
			return p.wrap(err, off)
		}
		return p.errorf(off, "data after the output's end")
	}
	return nil
}

func (p *parser) benchmarks(out *Output) error {
	if err := p.delim('[', "benchmarks"); err != nil {
		return err
	}
	for p.dec.More() {
		b, err := p.benchmark()
		if err != nil {
			return err
		}
		out.Benchmarks = append(out.Benchmarks, b)
	}
	return p.delim(']', "benchmarks")
}

func (p *parser) benchmark() (Benchmark, error) {
	b := Benchmark{BytesPerSecond: math.NaN(), ItemsPerSecond: math.NaN(), FamilyIndex: -1, PerFamilyInstanceIndex: -1}
	start := p.next()
	if err := p.delim('{', "benchmark"); err != nil {
		return b, err
	}
	var haveReal, haveCPU bool
	for {
		k, ok, err := p.key()
		if err != nil {
			return b, err
		}
		if !ok {
			break
		}
		off := p.next()
		var raw json.RawMessage
		if err := p.dec.Decode(&raw); err != nil {
			return b, p.wrap(err, off)
		}
		if v, ok := p.nonFinite[off]; ok {
			switch k {
			case "real_time", "cpu_time", "bytes_per_second", "items_per_second":
				return b, p.errorf(off, "benchmark field %q is %v", k, v)
			}
			if !ownNumbers[k] {
				b.Counters = append(b.Counters, Counter{Name: k, Value: v})
			}
			continue
		}
		var dst any
		switch k {
		case "name":
			dst = &b.Name
		case "run_name":
			dst = &b.RunName
		case "run_type":
			dst = &b.RunType
		case "aggregate_name":
			dst = &b.AggregateName
		case "repetitions":
			dst = &b.Repetitions
		case "repetition_index":
			dst = &b.RepetitionIndex
		case "family_index":
			dst = &b.FamilyIndex
		case "per_family_instance_index":
			dst = &b.PerFamilyInstanceIndex
		case "threads":
			dst = &b.Threads
		case "iterations":
			dst = &b.Iterations
		case "real_time":
			dst, haveReal = &b.RealTime, true
		case "cpu_time":
			dst, haveCPU = &b.CPUTime, true
		case "time_unit":
			dst = &b.TimeUnit
		case "bytes_per_second":
			dst = &b.BytesPerSecond
		case "items_per_second":
			dst = &b.ItemsPerSecond
		case "label":
			dst = &b.Label
		case "error_occurred":
			dst = &b.ErrorOccurred
		case "error_message":
			dst = &b.ErrorMessage
		default:
			var n json.Number
			if ownNumbers[k] || json.Unmarshal(raw, &n) != nil {
				continue // another field of the library, or not a number
			}
			v, err := n.Float64()
			if err != nil {
				return b, p.errorf(off, "counter %q: %v", k, err)
			}
			b.Counters = append(b.Counters, Counter{Name: k, Value: v})
			continue
		}
		if err := json.Unmarshal(raw, dst); err != nil {
			return b, p.errorf(off, "benchmark field %q: %s is not a %T", k, shorten(raw), deref(dst))
		}
	}
	what := b.Name
	if what == "" {
		return b, p.errorf(start, "benchmark without a name")
	}
	if _, ok := timeUnits[b.TimeUnit]; !ok {
		return b, p.errorf(start, "benchmark %s: time_unit %q: want ns, us, ms or s", what, b.TimeUnit)
	}
	if !haveReal || !haveCPU {
		return b, p.errorf(start, "benchmark %s: missing real_time or cpu_time", what)
	}
	if b.RealTime < 0 || b.CPUTime < 0 || b.Iterations < 0 || b.BytesPerSecond < 0 || b.ItemsPerSecond < 0 {
		return b, p.errorf(start, "benchmark %s: negative time, iteration count or throughput", what)
	}
	if b.RunName == "" {
		b.RunName = b.Name
	}
	return b, nil
}

func deref(p any) any {
	switch p := p.(type) {
	case *string:
		return *p
	case *int:
		return *p
	case *int64:
		return *p
	case *float64:
		return *p
	case *bool:
		return *p
	}
	return p
}

func shorten(raw []byte) string {
	s := string(raw)
	if len(s) > 40 {
		s = s[:40] + "…"
	}
	return s
}

func tokenString(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return fmt.Sprintf("%q", string(t))
	case string:
		return fmt.Sprintf("string %q", t)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}

// Units of the samples.
const (
	UnitRealTime = "sec/op"
	UnitCPUTime  = "cpu-sec/op"
	UnitBytes    = "B/s"
	UnitItems    = "items/s"
)

// A Sample is the values of one benchmark in one unit, one per run of an
// iteration (each repetition is one), in output order.
type Sample struct {
	// Name is the benchmark's name, with arguments and threads, as the
	// library wrote it: "BM_Copy/64".
	Name string
	// Unit is one of the Unit constants or a user counter's name
	// (whitespace replaced by '_').
	Unit string
	// Values are in Unit; all finite.
	Values []float64
}

// Samples returns the values of o's runs per benchmark and unit, in the
// order each benchmark first appears, its units in the order sec/op,
// cpu-sec/op, B/s, items/s, then its counters in output order. Aggregate
// entries are skipped: they summarise the runs, and are not samples.
//
// errs has one error per benchmark that reported an error
// (error_occurred), wrapping ErrBenchmark and naming the benchmark and
// its message; such a benchmark has no samples, the others are kept. If
// o has aggregates but no runs, errs holds one error wrapping
// ErrAggregatesOnly; if it has no benchmark at all, one wrapping
// ErrNoBenchmarks. warnings say which user counters' direction is
// unknown (see the package doc), once per counter.
//
// A name that comes with two or more different (FamilyIndex,
// PerFamilyInstanceIndex) pairs in o (two registrations of one name, as
// spdlog's formatter-bench does) is not merged: the instance with the
// smallest pair keeps the name, the others are renamed name#2, name#3, …
// in the order of their pairs, which is the registration order and so
// the same in every run and build that registers them alike; a warning
// says so, once per name.
func (o *Output) Samples() (samples []Sample, errs, warnings []error) {
	type key struct{ name, unit string }
	index := make(map[key]int)
	add := func(name, unit string, v float64) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return
		}
		k := key{name, unit}
		i, ok := index[k]
		if !ok {
			i = len(samples)
			index[k] = i
			samples = append(samples, Sample{Name: name, Unit: unit})
		}
		samples[i].Values = append(samples[i].Values, v)
	}
	failed := make(map[string]bool)
	warned := make(map[string]bool)
	names, dups := o.uniqueNames()
	warnings = append(warnings, dups...)
	runs, aggregates := 0, 0
	for i := range o.Benchmarks {
		b := &o.Benchmarks[i]
		if b.IsAggregate() {
			aggregates++
			continue
		}
		runs++
		name := names[i]
		if b.ErrorOccurred {
			if !failed[name] {
				failed[name] = true
				errs = append(errs, fmt.Errorf("%s: %w: %s", name, ErrBenchmark, b.ErrorMessage))
			}
			continue
		}
		scale := timeUnits[b.TimeUnit]
		add(name, UnitRealTime, b.RealTime*scale)
		add(name, UnitCPUTime, b.CPUTime*scale)
		add(name, UnitBytes, b.BytesPerSecond)
		add(name, UnitItems, b.ItemsPerSecond)
		for _, c := range b.Counters {
			unit := CounterUnit(c.Name)
			add(name, unit, c.Value)
			if w := name + " " + unit; (math.IsNaN(c.Value) || math.IsInf(c.Value, 0)) && !warned[w] {
				warned[w] = true
				warnings = append(warnings, fmt.Errorf("counter %s of %s is %v in some runs: those runs are left out of its samples", unit, name, c.Value))
			}
			if !strings.HasSuffix(unit, "/s") && !warned[unit] {
				warned[unit] = true
				warnings = append(warnings, fmt.Errorf("counter %s: Google Benchmark's JSON does not say whether more is better; compared as lower is better", unit))
			}
		}
	}
	switch {
	case runs == 0 && aggregates > 0:
		errs = append(errs, ErrAggregatesOnly)
	case runs == 0:
		errs = append(errs, ErrNoBenchmarks)
	}
	// Drop the samples of a benchmark that failed in some repetition:
	// its other repetitions measured code that did not finish its work.
	if len(failed) > 0 {
		samples = slices.DeleteFunc(samples, func(s Sample) bool { return failed[s.Name] })
	}
	return samples, errs, warnings
}

// uniqueNames returns the name of each of o.Benchmarks' runs, with the
// later registrations of a duplicate name renamed name#2, name#3, … (see
// Samples), and a warning per duplicate name.
func (o *Output) uniqueNames() (names []string, warnings []error) {
	type pair struct{ family, instance int }
	pairs := make(map[string][]pair)
	for _, b := range o.Benchmarks {
		if b.IsAggregate() || b.FamilyIndex < 0 {
			continue
		}
		p := pair{b.FamilyIndex, b.PerFamilyInstanceIndex}
		if !slices.Contains(pairs[b.Name], p) {
			pairs[b.Name] = append(pairs[b.Name], p)
		}
	}
	cmpPair := func(a, b pair) int {
		if a.family != b.family {
			return a.family - b.family
		}
		return a.instance - b.instance
	}
	var dups []string
	for name, ps := range pairs {
		if len(ps) > 1 {
			slices.SortFunc(ps, cmpPair)
			dups = append(dups, name)
		}
	}
	slices.Sort(dups)
	for _, name := range dups {
		ps := pairs[name]
		var indexes, renamed []string
		for k, p := range ps {
			indexes = append(indexes, fmt.Sprintf("%d/%d", p.family, p.instance))
			if k > 0 {
				renamed = append(renamed, fmt.Sprintf("%s#%d", name, k+1))
			}
		}
		warnings = append(warnings, fmt.Errorf("benchmark name %s is registered %d times (family/instance index %s): the later ones are compared as %s", name, len(ps), strings.Join(indexes, ", "), strings.Join(renamed, ", ")))
	}
	names = make([]string, len(o.Benchmarks))
	for i, b := range o.Benchmarks {
		names[i] = b.Name
		if ps := pairs[b.Name]; len(ps) > 1 {
			if k := slices.Index(ps, pair{b.FamilyIndex, b.PerFamilyInstanceIndex}); k > 0 {
				names[i] = fmt.Sprintf("%s#%d", b.Name, k+1)
			}
		}
	}
	return names, warnings
}

// CounterUnit returns the unit of the user counter name: name with each
// run of whitespace replaced by '_' (a unit of the Go benchmark format
// holds no space).
func CounterUnit(name string) string {
	u := strings.Join(strings.Fields(name), "_")
	if u == "" {
		u = "_"
	}
	return u
}

// nonFiniteWords are the words Google Benchmark's JSON reporter writes
// for non-finite numbers, each with a JSON string of its length.
var nonFiniteWords = []struct {
	word, quoted string
	value        float64
}{
	{"-Infinity", `"-Infini"`, math.Inf(-1)},
	{"Infinity", `"Infini"`, math.Inf(1)},
	{"-NaN", `"-N"`, math.NaN()},
	{"NaN", `"N"`, math.NaN()},
}

// quoteNonFinite returns data with each NaN, -NaN, Infinity and
// -Infinity outside a string replaced by a JSON string of the same
// length, so that offsets stay, and the offsets of the replacements with
// their values. data is not modified; it is returned as is when there is
// nothing to replace.
func quoteNonFinite(data []byte) ([]byte, map[int64]float64) {
	var out []byte
	var found map[int64]float64
	inString := false
	for i := 0; i < len(data); i++ {
		c := data[i]
		if inString {
			switch c {
			case '\\':
				i++
			case '"':
				inString = false
			}
			continue
		}
		if c == '"' {
			inString = true
			continue
		}
		if c != 'N' && c != 'I' && c != '-' {
			continue
		}
		for _, w := range nonFiniteWords {
			if !bytes.HasPrefix(data[i:], []byte(w.word)) {
				continue
			}
			if out == nil {
				out = bytes.Clone(data)
				found = make(map[int64]float64)
			}
			copy(out[i:], w.quoted)
			found[int64(i)] = w.value
			i += len(w.word) - 1
			break
		}
	}
	if out == nil {
		return data, nil
	}
	return out, found
}

// endsEarly reports whether data, which fails to parse at its last byte,
// is cut short rather than wrong there: with a space added the error moves
// past the space when the input ended too early, and stays at the bad
// byte otherwise (encoding/json's SyntaxError.Offset counts the bytes read
// when the error was found).
func endsEarly(data []byte) bool {
	var v json.RawMessage
	err := json.Unmarshal(append(data[:len(data):len(data)], ' '), &v)
	var se *json.SyntaxError
	return errors.As(err, &se) && se.Offset > int64(len(data))
}
