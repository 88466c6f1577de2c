package cost

import (
	"bytes"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// Size of the synthetic profile of BenchmarkJoin: about 50 MB written
// (gzip-compressed, as Go writes profiles).
const (
	benchFiles     = 2000
	benchFuncs     = 40_000
	benchLocations = 400_000
	benchSamples   = 750_000
	benchDepth     = 40 // maximum stack depth, in Locations
	benchFindings  = 100
)

var bigProfile = sync.OnceValues(func() ([]byte, []finding.Finding) {
	r := rand.New(rand.NewPCG(1, 2))
	b := newCPUBuilder()
	b.p.Period = 1
	for i := range benchFuncs {
		b.p.Function = append(b.p.Function, &profile.Function{
			ID:       uint64(i + 1),
			Name:     fmt.Sprintf("example.com/big/pkg%d.Func%d", i%benchFiles, i),
			Filename: fmt.Sprintf("example.com/big/pkg%d/file%d.go", i%benchFiles, i%benchFiles),
		})
	}
	for i := range benchLocations {
		l := &profile.Location{ID: uint64(i + 1), Address: uint64(0x400000 + 16*i)}
		for range 1 + r.IntN(3) { // up to two inlined frames
			l.Line = append(l.Line, profile.Line{
				Function: b.p.Function[r.IntN(benchFuncs)],
				Line:     int64(1 + r.IntN(500)),
			})
		}
		b.p.Location = append(b.p.Location, l)
	}
	for range benchSamples {
		s := &profile.Sample{Location: make([]*profile.Location, 1+r.IntN(benchDepth))}
		for j := range s.Location {
			s.Location[j] = b.p.Location[r.IntN(benchLocations)]
		}
		n := int64(1 + r.IntN(5))
		s.Value = []int64{n, n * 10_000_000}
		b.p.Sample = append(b.p.Sample, s)
	}
	// Findings at lines the profile has, so that the join does real work.
	var fs []finding.Finding
	for range benchFindings {
		ln := b.p.Location[r.IntN(benchLocations)].Line[0]
		fs = append(fs, finding.Finding{
			File:     "/home/dev/big/" + ln.Function.Filename[len("example.com/big/"):],
			Line:     int(ln.Line),
			Function: ln.Function.Name,
		})
	}
	var buf bytes.Buffer
	if err := b.p.Write(&buf); err != nil {
		panic(err)
	}
	return buf.Bytes(), fs
})

// BenchmarkJoin measures the cost join of 100 findings on a synthetic
// CPU profile of about 50 MB (gzip-compressed): "join" the join alone,
// "load+join" reading the file as well, "hotspots" the profile-only
// findings. Building the profile takes a while the first time; run it
// with
//
//	go test ./cost -run='^$' -bench=Join -benchtime=1x -count=3
func BenchmarkJoin(b *testing.B) {
	data, fs := bigProfile()
	path := filepath.Join(b.TempDir(), "cpu.pprof")
	if err := os.WriteFile(path, data, 0o666); err != nil {
		b.Fatal(err)
	}
	ps, err := Load(path)
	if err != nil {
		b.Fatal(err)
	}
	b.Logf("profile: %.1f MB gzip-compressed, %d samples, %d locations", float64(len(data))/1e6, len(ps.CPU[0].Sample), len(ps.CPU[0].Location))
	b.Run("join", func(b *testing.B) {
		for b.Loop() {
			Join(fs, ps)
		}
	})
	b.Run("load+join", func(b *testing.B) {
		for b.Loop() {
			ps, err := Load(path)
			if err != nil {
				b.Fatal(err)
			}
			Join(fs, ps)
		}
	})
	b.Run("hotspots", func(b *testing.B) {
		for b.Loop() {
			Hotspots(ps, HotspotOptions{})
		}
	})
}
