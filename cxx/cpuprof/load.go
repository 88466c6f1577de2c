package cpuprof

import (
	"context"
	"debug/elf"
	"errors"
	"fmt"
	"os"

	"github.com/google/pprof/profile"
)

// ErrNoBinary is matched by the error of a profile that needs symbolizing
// when no executable is known to symbolize it with.
var ErrNoBinary = errors.New("no executable to symbolize the profile with")

// Read reads the CPU profile in the file at path: a raw gperftools
// profile (CPUPROFILE=…, as Profile records them) or a pprof protocol
// buffer, gzip-compressed or not, already symbolized or not. It returns
// the profile and its number of samples (the sum of the first sample
// values, samples/count for both formats).
//
// Errors name path: a file that cannot be read or parsed, a profile
// whose sample types hold no CPU time (type "cpu" or "samples"), and
// ErrNoSamples for a profile without a sample.
func Read(path string) (*profile.Profile, int64, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, 0, fmt.Errorf("reading CPU profile: %w", err)
	}
	p, err := profile.ParseData(data)
	if err != nil {
		return nil, 0, fmt.Errorf("parsing CPU profile %s: %w", path, err)
	}
	cpu := false
	var types []string
	for _, st := range p.SampleType {
		types = append(types, st.Type+"/"+st.Unit)
		cpu = cpu || st.Type == "cpu" || st.Type == "samples"
	}
	if !cpu {
		return nil, 0, fmt.Errorf("profile %s has sample types %v; want a CPU profile (gperftools' CPUPROFILE or pprof's cpu)", path, types)
	}
	var n int64
	for _, s := range p.Sample {
		if len(s.Value) > 0 {
			n += s.Value[0]
		}
	}
	if n == 0 {
		return nil, 0, fmt.Errorf("profile %s: %w", path, ErrNoSamples)
	}
	return p, n, nil
}

// MainBinary returns the file name recorded for the main executable of
// p, its first mapping as pprof orders a gperftools profile's mappings,
// or "" when p has no mapping.
func MainBinary(p *profile.Profile) string {
	if len(p.Mapping) == 0 {
		return ""
	}
	return p.Mapping[0].File
}

// NeedsSymbols reports whether a sampled location of p's main executable
// (see MainBinary) has no source line, as in a raw gperftools profile:
// then p must be symbolized with the executable that recorded it.
func NeedsSymbols(p *profile.Profile) bool {
	if len(p.Mapping) == 0 {
		return false
	}
	main := p.Mapping[0]
	for _, s := range p.Sample {
		for _, l := range s.Location {
			if l.Mapping == main && len(l.Line) == 0 {
				return true
			}
		}
	}
	return false
}

// SymbolizeWith symbolizes p as Symbolize does, reading the main
// executable's code and debug information from exe instead of the file
// name the profile recorded (which may be on another machine, or
// rebuilt); the profile's main mapping then names exe. exe must be the
// same build as the one that ran: symbolizing with another build gives
// wrong lines. A gperftools profile has no build ID, so SymbolizeWith
// checks what it can: exe must have a loadable segment at the mapping's
// file offset whose size in pages is the mapping's, as the loader maps
// it. A build with other flags or sources almost always fails that
// check; passing it is necessary, not a proof. Errors name exe.
func SymbolizeWith(ctx context.Context, p *profile.Profile, exe string, sym Symbolizer) error {
	if len(p.Mapping) == 0 {
		return fmt.Errorf("symbolizing with %s: the profile has no mapping", exe)
	}
	if _, err := os.Stat(exe); err != nil {
		return fmt.Errorf("symbolizing with %s: %w", exe, err)
	}
	if err := sameSegment(p.Mapping[0], exe); err != nil {
		return fmt.Errorf("symbolizing with %s: %w", exe, err)
	}
	p.Mapping[0].File = exe
	if err := Symbolize(ctx, p, sym); err != nil {
		return err
	}
	if NeedsSymbols(p) {
		return fmt.Errorf("symbolizing with %s: not an ELF executable that the symbolizer can read", exe)
	}
	return nil
}

// sameSegment checks that exe has a loadable segment that the loader
// maps as m: at m's file offset, over m's size, both in whole pages.
// A mapping without a size or file offset (made by a tool other than
// gperftools) is not checked.
func sameSegment(m *profile.Mapping, exe string) error {
	if m.Limit <= m.Start {
		return nil
	}
	f, err := elf.Open(exe)
	if err != nil {
		return fmt.Errorf("not an ELF file: %w", err)
	}
	defer f.Close()
	const page = 4096
	size := m.Limit - m.Start
	var sizes []uint64
	for _, prog := range f.Progs {
		if prog.Type != elf.PT_LOAD || prog.Off&^(page-1) != m.Offset {
			continue
		}
		start, end := prog.Vaddr&^(page-1), (prog.Vaddr+prog.Memsz+page-1)&^(page-1)
		if end-start == size {
			return nil
		}
		sizes = append(sizes, end-start)
	}
	if len(sizes) == 0 {
		return fmt.Errorf("no loadable segment at file offset %#x, where the profile's main mapping %s starts: not the executable that recorded the profile", m.Offset, m.File)
	}
	return fmt.Errorf("its segment at file offset %#x maps %d bytes, the profile's main mapping %s %d: not the build that recorded the profile", m.Offset, sizes[0], m.File, size)
}
