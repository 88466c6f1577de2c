package cost

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

func writeProfile(t *testing.T, name string, p *profile.Profile, gzipped bool) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), name)
	file, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	if gzipped {
		err = p.Write(file)
	} else {
		err = p.WriteUncompressed(file)
	}
	if err != nil {
		t.Fatal(err)
	}
	if err := file.Close(); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoad(t *testing.T) {
	cpu := writeProfile(t, "cpu.pprof", shopCPU(), true)
	cpuRaw := writeProfile(t, "cpu.raw.pprof", shopCPU(), false)
	mem := writeProfile(t, "mem.pprof", shopHeap(), true)

	tests := []struct {
		name  string
		paths []string
		want  finding.Cost
	}{
		{"gzip", []string{cpu, mem}, finding.Cost{CPULine: 0.3, CPUCum: 0.6, AllocBytes: 0.3, AllocObjects: 0.3}},
		{"uncompressed", []string{cpuRaw}, finding.Cost{CPULine: 0.3, CPUCum: 0.6}},
		// The same profile twice is merged and keeps its shares.
		{"merged", []string{cpu, cpuRaw}, finding.Cost{CPULine: 0.3, CPUCum: 0.6}},
	}
	for _, tt := range tests {
		ps, err := Load(tt.paths...)
		if err != nil {
			t.Fatalf("%s: Load: %v", tt.name, err)
		}
		if len(ps.Warnings) > 0 {
			t.Errorf("%s: Warnings = %v, want none", tt.name, ps.Warnings)
		}
		got := Join([]finding.Finding{{File: localCart, Line: 13, Function: cartPkg + "Total"}}, ps)
		if !costEqual(*got[0].Cost, tt.want) {
			t.Errorf("%s: Cost = %+v, want %+v", tt.name, *got[0].Cost, tt.want)
		}
	}
}

func TestLoadErrors(t *testing.T) {
	dir := t.TempDir()
	bad := filepath.Join(dir, "cpu.pprof")
	if err := os.WriteFile(bad, []byte("this is not a profile\n"), 0o666); err != nil {
		t.Fatal(err)
	}
	goroutine := writeProfile(t, "goroutine.pprof", &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "goroutine", Unit: "count"}},
		PeriodType: &profile.ValueType{Type: "goroutine", Unit: "count"},
		Period:     1,
	}, true)
	block := newCPUBuilder().p
	block.SampleType = []*profile.ValueType{{Type: "contentions", Unit: "count"}, {Type: "delay", Unit: "nanoseconds"}}
	block.PeriodType = &profile.ValueType{Type: "contentions", Unit: "count"}
	blockPath := writeProfile(t, "block.pprof", block, true)

	tests := []struct {
		name    string
		paths   []string
		prefix  string // of the message
		is      error
		isParse bool
	}{
		{"malformed", []string{bad}, "parsing profile " + bad + ": ", nil, true},
		{"goroutine", []string{goroutine},
			"profile " + goroutine + " has sample types [goroutine/count]; want a CPU or heap profile", ErrProfileType, false},
		{"block after a good one", []string{writeProfile(t, "cpu.pprof", shopCPU(), true), blockPath},
			"profile " + blockPath + " has sample types [contentions/count delay/nanoseconds]; want a CPU or heap profile", ErrProfileType, false},
		{"missing", []string{filepath.Join(dir, "none.pprof")}, "reading profile: open ", os.ErrNotExist, false},
		{"none", nil, "loading profiles: no profiles", ErrNoProfiles, false},
	}
	for _, tt := range tests {
		_, err := Load(tt.paths...)
		if err == nil {
			t.Errorf("%s: Load succeeded, want an error", tt.name)
			continue
		}
		if !strings.HasPrefix(err.Error(), tt.prefix) {
			t.Errorf("%s: Load error = %q, want prefix %q", tt.name, err, tt.prefix)
		}
		if tt.is != nil && !errors.Is(err, tt.is) {
			t.Errorf("%s: errors.Is(%v, %v) = false, want true", tt.name, err, tt.is)
		}
		var pe *ParseError
		if got := errors.As(err, &pe); got != tt.isParse {
			t.Errorf("%s: errors.As(%v, *ParseError) = %v, want %v", tt.name, err, got, tt.isParse)
		}
	}
}

func TestLoadIncompatible(t *testing.T) {
	// Two CPU profiles counting samples without a period in nanoseconds
	// cannot be added up.
	a, b := newCPUBuilder(), newCPUBuilder()
	for _, x := range []*builder{a, b} {
		x.p.SampleType = x.p.SampleType[:1]
		x.p.PeriodType = &profile.ValueType{Type: "cpu", Unit: "count"}
	}
	b.p.Period = 1
	_, err := New(a.p, b.p)
	if !errors.Is(err, ErrIncompatible) {
		t.Errorf("New(count profiles with different periods) error = %v, want ErrIncompatible", err)
	}
}

func TestLoadWarnings(t *testing.T) {
	inuse := newHeapBuilder()
	inuse.p.SampleType = inuse.p.SampleType[2:]
	inuse.sample([]int64{1, 10}, []loc{{f("Total", 13)}})
	noLines := newCPUBuilder()
	noLines.p.Location = []*profile.Location{{ID: 1, Address: 0x1234}}
	noLines.p.Sample = []*profile.Sample{{Location: noLines.p.Location, Value: []int64{1, 10}}}

	ps, err := New(inuse.p, noLines.p)
	if err != nil {
		t.Fatal(err)
	}
	if len(ps.Warnings) != 2 {
		t.Errorf("New(inuse-only heap, CPU without lines).Warnings = %q, want 2", ps.Warnings)
	}
	if ps.HasHeap() {
		t.Errorf("HasHeap() = true for an inuse-only heap profile, want false")
	}
	if !ps.HasCPU() {
		t.Errorf("HasCPU() = false, want true")
	}
}

func TestClassify(t *testing.T) {
	tests := []struct {
		p    *profile.Profile
		want Kind
	}{
		{shopCPU(), CPU},
		{shopHeap(), Heap},
		{&profile.Profile{SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}},
			PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"}}, CPU},
		{&profile.Profile{SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}}}, Unknown},
		{&profile.Profile{SampleType: []*profile.ValueType{{Type: "goroutine", Unit: "count"}}}, Unknown},
	}
	for _, tt := range tests {
		if got := Classify(tt.p); got != tt.want {
			t.Errorf("Classify(%v) = %v, want %v", tt.p.SampleType, got, tt.want)
		}
	}
}
