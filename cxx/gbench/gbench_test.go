package gbench

import (
	"bytes"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/perf/benchfmt"
)

func readOutput(t *testing.T, file string) *Output {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", file))
	if err != nil {
		t.Fatal(err)
	}
	o, err := Parse(file, data)
	if err != nil {
		t.Fatalf("Parse(%s) = %v", file, err)
	}
	return o
}

func sampleOf(samples []Sample, name, unit string) []float64 {
	for _, s := range samples {
		if s.Name == name && s.Unit == unit {
			return s.Values
		}
	}
	return nil
}

func TestContext(t *testing.T) {
	c := readOutput(t, "plain.json").Context
	if c.NumCPUs != 2 || c.MHzPerCPU != 2600 || c.HostName != "vm" || c.LibraryBuildType != "debug" || c.CPUScalingEnabled {
		t.Errorf("Context = %+v", c)
	}
	if len(c.Caches) != 4 || c.Caches[2] != (Cache{Type: "Unified", Level: 2, Size: 2097152, NumSharing: 1}) {
		t.Errorf("Caches = %+v", c.Caches)
	}
	if len(c.LoadAvg) != 3 {
		t.Errorf("LoadAvg = %v, want 3 values", c.LoadAvg)
	}
}

func TestSamplesPlain(t *testing.T) {
	o := readOutput(t, "plain.json")
	samples, errs, warnings := o.Samples()
	tests := []struct {
		name, unit string
		want       float64
	}{
		// Time units: each converted to seconds per iteration.
		{"BM_Copy/64", UnitRealTime, 1.2940007819536561e-09},
		{"BM_Copy/64", UnitCPUTime, 1.2941142245434434e-09},
		{"BM_Copy/64", UnitBytes, 4.9454676245892326e+10},
		{"BM_Copy/64", UnitItems, 7.7272931634206760e+08},
		{"BM_Unit", UnitRealTime, 1.3956172320007349e-08},
		{"BM_Unit_us", UnitRealTime, 1.3779732099764486e-08},
		{"BM_Unit_ms", UnitCPUTime, 1.3873107735538663e-08},
		{"BM_Unit_s", UnitRealTime, 1.3909087841404212e-08},
		{"BM_Threads/threads:2", UnitCPUTime, 2.5754596284012304e-10},
		// User counters, by name.
		{"BM_Counters", "hits", 42},
		{"BM_Counters", "ops_rate", 3.3622928017093606e+07},
		{"BM_Counters", "per_iter", 3},
	}
	for _, tt := range tests {
		got := sampleOf(samples, tt.name, tt.unit)
		if len(got) != 1 || math.Abs(got[0]-tt.want) > 1e-12*tt.want {
			t.Errorf("Samples()[%s %s] = %v, want [%v]", tt.name, tt.unit, got, tt.want)
		}
	}
	if got := sampleOf(samples, "BM_Unit", UnitBytes); got != nil {
		t.Errorf("BM_Unit has B/s %v, but sets no bytes processed", got)
	}
	if got := sampleOf(samples, "BM_Fails", UnitRealTime); got != nil {
		t.Errorf("the errored BM_Fails has samples %v", got)
	}
	if len(errs) != 1 || !errors.Is(errs[0], ErrBenchmark) || !strings.Contains(errs[0].Error(), "BM_Fails") || !strings.Contains(errs[0].Error(), "resource not available") {
		t.Errorf("errs = %v, want one naming BM_Fails and its message", errs)
	}
	// Three counters without /s: their direction is unknown.
	if len(warnings) != 3 {
		t.Errorf("warnings = %v, want one per counter (hits, ops_rate, per_iter)", warnings)
	}
	var names []string
	for _, s := range samples {
		if len(names) == 0 || names[len(names)-1] != s.Name {
			names = append(names, s.Name)
		}
	}
	want := "BM_Copy/64 BM_Copy/4096 BM_Counters BM_Unit BM_Unit_us BM_Unit_ms BM_Unit_s BM_Threads/threads:2"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("benchmarks in order %q, want %q", got, want)
	}
	b := o.Benchmarks[2]
	if b.Label != "with counters" || b.Iterations != 436483 || b.Threads != 1 || b.RunType != "iteration" {
		t.Errorf("BM_Counters = %+v", b)
	}
}

func TestSamplesRepetitions(t *testing.T) {
	o := readOutput(t, "repetitions.json")
	aggregates := 0
	for i := range o.Benchmarks {
		if o.Benchmarks[i].IsAggregate() {
			aggregates++
		}
	}
	if aggregates != 8 {
		t.Errorf("%d aggregates, want 8 (mean, median, stddev, cv of two benchmarks)", aggregates)
	}
	samples, errs, _ := o.Samples()
	// Each repetition is one sample; the aggregates none.
	for _, name := range []string{"BM_Copy/64", "BM_Counters"} {
		if got := sampleOf(samples, name, UnitRealTime); len(got) != 3 {
			t.Errorf("%s sec/op = %v, want 3 values (3 repetitions, aggregates skipped)", name, got)
		}
	}
	for _, s := range samples {
		if strings.HasSuffix(s.Name, "_mean") || strings.HasSuffix(s.Name, "_cv") {
			t.Errorf("aggregate %s became a sample", s.Name)
		}
	}
	// BM_Fails failed in each repetition: one error.
	if len(errs) != 1 || !errors.Is(errs[0], ErrBenchmark) {
		t.Errorf("errs = %v, want one for BM_Fails", errs)
	}
}

func TestSamplesAggregatesOnly(t *testing.T) {
	samples, errs, _ := readOutput(t, "aggregates_only.json").Samples()
	if len(samples) != 0 || len(errs) != 1 || !errors.Is(errs[0], ErrAggregatesOnly) {
		t.Errorf("Samples() = %v, %v; want none and ErrAggregatesOnly", samples, errs)
	}
}

func TestParseErrors(t *testing.T) {
	tests := []struct {
		name, in string
		offset   int64
		msg      string
	}{
		{"not json", `hello`, 0, "invalid character"},
		{"cut", `{"benchmarks": [{"name": "BM_A", `, 33, "end of JSON input"},
		{"no benchmarks", `{"context": {}}`, 15, "no \"benchmarks\""},
		{"wrong type", `{"benchmarks": [{"name": "BM_A", "real_time": "fast"}]}`, 46, `"real_time"`},
		{"unit", `{"benchmarks": [{"name": "BM_A", "real_time": 1, "cpu_time": 1, "time_unit": "ks"}]}`, 16, `time_unit "ks"`},
		{"negative", `{"benchmarks": [{"name": "BM_A", "real_time": -1, "cpu_time": 1, "time_unit": "ns"}]}`, 16, "negative"},
		{"no time", `{"benchmarks": [{"name": "BM_A", "time_unit": "ns"}]}`, 16, "missing real_time"},
		{"trailing", `{"benchmarks": []} x`, 19, "invalid character"},
		{"array", `[1]`, 0, `want "{"`},
		{"huge", `{"benchmarks": [{"name": "BM_A", "real_time": 1e999, "cpu_time": 1, "time_unit": "ns"}]}`, 46, `"real_time"`},
	}
	for _, tt := range tests {
		_, err := Parse("in.json", []byte(tt.in))
		var se *SyntaxError
		if !errors.As(err, &se) || !errors.Is(err, ErrSyntax) {
			t.Errorf("%s: Parse = %v, want a *SyntaxError", tt.name, err)
			continue
		}
		if se.Offset != tt.offset || se.Name != "in.json" || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%s: Parse = %q (offset %d), want offset %d and %q", tt.name, err, se.Offset, tt.offset, tt.msg)
		}
	}
}

func TestParseOldFormat(t *testing.T) {
	// Libraries before 1.5 wrote no run_type: aggregate_name tells.
	in := `{"benchmarks": [
		{"name": "BM_A", "iterations": 10, "real_time": 5, "cpu_time": 5, "time_unit": "us"},
		{"name": "BM_A_mean", "aggregate_name": "mean", "iterations": 10, "real_time": 5, "cpu_time": 5, "time_unit": "us"}]}`
	o, err := Parse("old.json", []byte(in))
	if err != nil {
		t.Fatal(err)
	}
	samples, errs, _ := o.Samples()
	if len(errs) != 0 || len(samples) != 2 || len(samples[0].Values) != 1 || math.Abs(samples[0].Values[0]-5e-6) > 1e-18 {
		t.Errorf("Samples() = %v, %v; want BM_A's sec/op and cpu-sec/op 5e-6 once", samples, errs)
	}
}

func TestGoResults(t *testing.T) {
	o := readOutput(t, "repetitions.json")
	var buf bytes.Buffer
	if err := WriteGo(&buf, o); !errors.Is(err, ErrBenchmark) {
		t.Errorf("WriteGo error = %v, want ErrBenchmark for BM_Fails", err)
	}
	// Read back as go test output.
	r := benchfmt.NewReader(&buf, "converted")
	n := 0
	for r.Scan() {
		res, ok := r.Result().(*benchfmt.Result)
		if !ok {
			t.Fatalf("converted output has %v", r.Result())
		}
		n++
		if got := string(res.GetConfig("pkg")); got != "outputs" {
			t.Errorf("pkg = %q, want outputs", got)
		}
		if string(res.Name.Full()) == "BM_Copy/64-1" {
			if v, ok := res.Value("B/s"); !ok || v <= 0 {
				t.Errorf("BM_Copy/64 B/s = %v, %v", v, ok)
			}
			if v, ok := res.Value("sec/op"); !ok || v > 1e-6 {
				t.Errorf("BM_Copy/64 sec/op = %v, want seconds", v)
			}
		}
	}
	if err := r.Err(); err != nil {
		t.Fatal(err)
	}
	if n != 6 {
		t.Errorf("converted %d results, want 6 (3 repetitions of 2 benchmarks)", n)
	}
}

func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*.json")
	for _, file := range files {
		data, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data)
		f.Add(data[:len(data)/2])
	}
	f.Add([]byte(`{"benchmarks":[{"name":"x","real_time":1e308,"cpu_time":0,"time_unit":"s","c":1e308}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		o, err := Parse("fuzz", data)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) || se.Offset < 0 || se.Offset > int64(len(data)) {
				t.Fatalf("Parse error %v is not a *SyntaxError with an offset in the input", err)
			}
			return
		}
		samples, _, _ := o.Samples()
		for _, s := range samples {
			if len(s.Values) == 0 {
				t.Errorf("sample %s %s is empty", s.Name, s.Unit)
			}
			for _, v := range s.Values {
				if math.IsNaN(v) || math.IsInf(v, 0) || v < 0 && !isCounter(s.Unit) {
					t.Errorf("sample %s %s has value %v", s.Name, s.Unit, v)
				}
			}
		}
		results, _, _ := GoResults(o, "p")
		var buf bytes.Buffer
		w := benchfmt.NewWriter(&buf)
		for _, r := range results {
			if err := w.Write(r); err != nil {
				t.Fatal(err)
			}
		}
	})
}

func isCounter(unit string) bool {
	switch unit {
	case UnitRealTime, UnitCPUTime, UnitBytes, UnitItems:
		return false
	}
	return true
}

func TestNonFinite(t *testing.T) {
	o := readOutput(t, "nonfinite.json")
	b := o.Benchmarks[0]
	if len(b.Counters) != 3 || !math.IsInf(b.Counters[0].Value, 1) || !math.IsNaN(b.Counters[1].Value) || !math.IsInf(b.Counters[2].Value, -1) {
		t.Errorf("counters = %v, want inf +Inf, nan NaN, ninf -Inf", b.Counters)
	}
	samples, errs, warnings := o.Samples()
	if len(errs) != 0 || len(samples) != 2 {
		t.Errorf("Samples() = %v, %v; want sec/op and cpu-sec/op only", samples, errs)
	}
	if len(warnings) != 6 {
		t.Errorf("warnings = %q, want 6: for each counter, its direction and its non-finite value", warnings)
	}
	// A non-finite time is an error; the words inside a string are text.
	_, err := Parse("t.json", []byte(`{"benchmarks": [{"name": "BM_A", "real_time": NaN, "cpu_time": 1, "time_unit": "ns"}]}`))
	var se *SyntaxError
	if !errors.As(err, &se) || se.Offset != 46 || !strings.Contains(err.Error(), `"real_time" is NaN`) {
		t.Errorf("Parse of a NaN real_time = %v, want an error at byte 46", err)
	}
	o, err = Parse("t.json", []byte(`{"benchmarks": [{"name": "BM_NaN-Infinity", "label": "NaN", "real_time": 1, "cpu_time": 1, "time_unit": "ns"}]}`))
	if err != nil || o.Benchmarks[0].Name != "BM_NaN-Infinity" || o.Benchmarks[0].Label != "NaN" || len(o.Benchmarks[0].Counters) != 0 {
		t.Errorf("Parse with the words in strings = %+v, %v", o, err)
	}
}

// TestSamplesDuplicateNames: one name from two registrations (families 1
// and 3, as spdlog's formatter-bench registers "%l" twice) is two
// benchmarks, the later one renamed, whatever the order of the output.
func TestSamplesDuplicateNames(t *testing.T) {
	entry := func(name string, family, instance int, ns float64) string {
		return fmt.Sprintf(`{"name": %q, "family_index": %d, "per_family_instance_index": %d, "run_type": "iteration", "iterations": 10, "real_time": %g, "cpu_time": %g, "time_unit": "ns"}`, name, family, instance, ns, ns)
	}
	for _, order := range [][]string{
		{entry("%l", 1, 0, 5), entry("BM_A", 2, 0, 7), entry("%l", 3, 0, 9)},
		{entry("%l", 3, 0, 9), entry("%l", 1, 0, 5), entry("BM_A", 2, 0, 7)}, // interleaved
	} {
		o, err := Parse("dup.json", []byte(`{"benchmarks": [`+strings.Join(order, ",")+`]}`))
		if err != nil {
			t.Fatal(err)
		}
		samples, errs, warnings := o.Samples()
		if len(errs) > 0 {
			t.Fatal(errs)
		}
		if got := sampleOf(samples, "%l", UnitRealTime); len(got) != 1 || math.Abs(got[0]-5e-9) > 1e-15 {
			t.Errorf("%%l sec/op = %v, want the first family's 5 ns alone", got)
		}
		if got := sampleOf(samples, "%l#2", UnitRealTime); len(got) != 1 || math.Abs(got[0]-9e-9) > 1e-15 {
			t.Errorf("%%l#2 sec/op = %v, want the second family's 9 ns", got)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0].Error(), "%l is registered 2 times") || !strings.Contains(warnings[0].Error(), "%l#2") {
			t.Errorf("warnings %v, want one about %%l", warnings)
		}
	}
	// Repetitions of one instance, and instances of one family with
	// distinct names, are not duplicates.
	o, err := Parse("reps.json", []byte(`{"benchmarks": [`+entry("BM_A", 0, 0, 1)+`,`+entry("BM_A", 0, 0, 2)+`,`+entry("BM_A/8", 0, 1, 3)+`]}`))
	if err != nil {
		t.Fatal(err)
	}
	samples, _, warnings := o.Samples()
	if got := sampleOf(samples, "BM_A", UnitRealTime); len(got) != 2 || len(warnings) != 0 {
		t.Errorf("repetitions: BM_A sec/op %v, warnings %v; want 2 values, no warning", got, warnings)
	}
}
