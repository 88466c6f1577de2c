package cpuprof

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/pprof/profile"
)

func TestReadErrors(t *testing.T) {
	dir := t.TempDir()
	write := func(name string, p *profile.Profile) string {
		t.Helper()
		path := filepath.Join(dir, name)
		f, err := os.Create(path)
		if err != nil {
			t.Fatal(err)
		}
		if err := p.Write(f); err != nil {
			t.Fatal(err)
		}
		f.Close()
		return path
	}
	cpuType := []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}}
	empty := write("empty.pb.gz", &profile.Profile{SampleType: cpuType})
	heap := write("heap.pb.gz", &profile.Profile{SampleType: []*profile.ValueType{{Type: "alloc_space", Unit: "bytes"}}})
	junk := filepath.Join(dir, "junk.prof")
	if err := os.WriteFile(junk, []byte("not a profile"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct {
		path, want string
		is         error
	}{
		{filepath.Join(dir, "missing.prof"), "missing.prof", os.ErrNotExist},
		{junk, "parsing CPU profile " + junk, nil},
		{empty, empty, ErrNoSamples},
		{heap, heap + " has sample types [alloc_space/bytes]", nil},
	} {
		_, _, err := Read(tt.path)
		if err == nil || !strings.Contains(err.Error(), tt.want) || (tt.is != nil && !errors.Is(err, tt.is)) {
			t.Errorf("Read(%s) = %v, want an error containing %q (matching %v)", filepath.Base(tt.path), err, tt.want, tt.is)
		}
	}
}

// TestReadRawSymbolizeWith profiles the test fixture's benchmark with
// gperftools, then reads the raw profile back and symbolizes it with the
// executable copied elsewhere, as -profile exe=file does.
func TestReadRawSymbolizeWith(t *testing.T) {
	exe := buildFixture(t)
	sym, err := FindSymbolizer()
	if err != nil {
		t.Fatal(err)
	}
	out := t.TempDir()
	if _, err := Profile(context.Background(), Options{Executables: []string{exe}, MinTime: 0.3, OutDir: out, Symbolizer: sym}); err != nil {
		t.Fatal(err)
	}
	raw := filepath.Join(out, filepath.Base(exe)+".prof")
	p, n, err := Read(raw)
	if err != nil {
		t.Fatal(err)
	}
	if n == 0 || !NeedsSymbols(p) || MainBinary(p) != exe {
		t.Fatalf("Read(raw) = %d samples, needs symbols %v, main binary %q; want samples, unsymbolized, %s", n, NeedsSymbols(p), MainBinary(p), exe)
	}
	if err := SymbolizeWith(context.Background(), p, raw, sym); err == nil {
		t.Errorf("SymbolizeWith(the profile itself as the executable) = nil, want an error")
	}
	p, _, _ = Read(raw)
	if err := SymbolizeWith(context.Background(), p, "/bin/true", sym); err == nil || !strings.Contains(err.Error(), "not the") {
		t.Errorf("SymbolizeWith(another executable) = %v, want an error saying it is not the build", err)
	}
	moved := filepath.Join(t.TempDir(), "copy")
	data, err := os.ReadFile(exe)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(moved, data, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := SymbolizeWith(context.Background(), p, moved, sym); err != nil {
		t.Fatal(err)
	}
	if NeedsSymbols(p) || MainBinary(p) != moved {
		t.Fatalf("after SymbolizeWith: needs symbols %v, main binary %q", NeedsSymbols(p), MainBinary(p))
	}
	lines := 0
	for _, l := range p.Location {
		for _, ln := range l.Line {
			if strings.HasSuffix(ln.Function.Filename, ".cc") && ln.Line > 0 {
				lines++
			}
		}
	}
	if lines == 0 {
		t.Errorf("SymbolizeWith: no source line of the fixture's .cc files")
	}
}
