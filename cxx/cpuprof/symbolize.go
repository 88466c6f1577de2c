package cpuprof

import (
	"bufio"
	"bytes"
	"cmp"
	"context"
	"debug/elf"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/google/pprof/profile"
)

// ErrNoSymbolizer is matched by Symbolize's error when neither
// llvm-symbolizer nor addr2line can be found.
var ErrNoSymbolizer = errors.New("no symbolizer (llvm-symbolizer or addr2line)")

// A Symbolizer names the tool Symbolize runs.
type Symbolizer struct {
	// Path is the executable.
	Path string
	// LLVM says that it is llvm-symbolizer (JSON output, with each
	// function's first line); otherwise it is GNU addr2line.
	LLVM bool
}

// FindSymbolizer returns llvm-symbolizer if it is in PATH, under a
// versioned name (llvm-symbolizer-14) or in /usr/lib/llvm-*/bin, else GNU
// addr2line from binutils, else ErrNoSymbolizer. Both read the DWARF
// line tables, inlined frames included. llvm-symbolizer also gives the
// first line of each function; with addr2line, Symbolize asks for the
// line of each function's entry address instead.
func FindSymbolizer() (Symbolizer, error) {
	if p, err := exec.LookPath("llvm-symbolizer"); err == nil {
		return Symbolizer{Path: p, LLVM: true}, nil
	}
	for _, pattern := range []string{"/usr/bin/llvm-symbolizer-*", "/usr/lib/llvm-*/bin/llvm-symbolizer"} {
		if ms, _ := filepath.Glob(pattern); len(ms) > 0 {
			return Symbolizer{Path: ms[len(ms)-1], LLVM: true}, nil
		}
	}
	if p, err := exec.LookPath("addr2line"); err == nil {
		return Symbolizer{Path: p}, nil
	}
	return Symbolizer{}, ErrNoSymbolizer
}

// A frame is one (possibly inlined) source position of an address.
type frame struct {
	function, file  string
	line, startLine int64
}

// Symbolize fills the Line entries of the locations of p that have none
// — as in a gperftools CPU profile, which records addresses only — by
// running sym on each mapped ELF file that exists on this machine (the
// executable and its shared libraries), and sets the mappings' Has*
// flags. A location's first Line is its innermost inlined frame, as
// pprof orders them. Function names are demangled. Each function that
// code was compiled into (a location's outermost frame) gets its first
// line as StartLine, so that a finding can be matched to the function
// that encloses it; inlined functions may not. Files without debug
// information give function names from their symbol tables and no line.
// Mappings whose file is missing or not ELF ([vdso], a deleted library)
// are left unsymbolized.
//
// This is the work pprof's own symbolizer does (package
// github.com/google/pprof/internal/binutils); `go tool pprof` cannot be
// used for it because cmd/pprof symbolizes with the Go toolchain's object
// reader, which gives one frame per address and drops C++ inlined frames.
//
// Errors name the file whose symbolizer failed.
func Symbolize(ctx context.Context, p *profile.Profile, sym Symbolizer) error {
	funcs := make(map[frame]*profile.Function) // by name, file, start line
	var nextID uint64
	for _, f := range p.Function {
		nextID = max(nextID, f.ID)
		funcs[frame{function: f.Name, file: f.Filename, startLine: f.StartLine}] = f
	}
	for _, m := range p.Mapping {
		var locs []*profile.Location
		for _, l := range p.Location {
			if l.Mapping == m && len(l.Line) == 0 {
				locs = append(locs, l)
			}
		}
		if len(locs) == 0 || m.File == "" {
			continue
		}
		addrs, entries, ok := fileAddresses(m, locs)
		if !ok {
			continue
		}
		var frames [][]frame
		var err error
		if sym.LLVM {
			frames, err = sym.run(ctx, m.File, addrs)
		} else {
			frames, err = sym.withStartLines(ctx, m.File, addrs, entries)
		}
		if err != nil {
			return fmt.Errorf("symbolizing %s: %w", m.File, err)
		}
		for i, l := range locs {
			for _, fr := range frames[i] {
				key := frame{function: fr.function, file: fr.file, startLine: fr.startLine}
				fn := funcs[key]
				if fn == nil {
					nextID++
					fn = &profile.Function{ID: nextID, Name: fr.function, SystemName: fr.function, Filename: fr.file, StartLine: fr.startLine}
					funcs[key] = fn
					p.Function = append(p.Function, fn)
				}
				l.Line = append(l.Line, profile.Line{Function: fn, Line: fr.line})
			}
		}
		m.HasFunctions, m.HasFilenames, m.HasLineNumbers, m.HasInlineFrames = true, true, true, true
	}
	return nil
}

// fileAddresses returns the addresses of locs as the ELF file of m
// numbers them (its virtual addresses), and for each the entry address
// of the function symbol that holds it (0 when none does), or false when
// m's file cannot be read as ELF. The run-time address is turned into an
// offset in the file through the mapping, and the offset into a virtual
// address through the loadable segment that holds it, so
// position-independent executables and shared libraries loaded anywhere
// are handled alike.
func fileAddresses(m *profile.Mapping, locs []*profile.Location) (addrs, entries []uint64, ok bool) {
	f, err := elf.Open(m.File)
	if err != nil {
		return nil, nil, false
	}
	defer f.Close()
	var funcs []elf.Symbol
	for _, symbols := range []func() ([]elf.Symbol, error){f.Symbols, f.DynamicSymbols} {
		syms, _ := symbols()
		for _, s := range syms {
			if elf.ST_TYPE(s.Info) == elf.STT_FUNC && s.Value != 0 && s.Size > 0 {
				funcs = append(funcs, s)
			}
		}
	}
	slices.SortFunc(funcs, func(a, b elf.Symbol) int { return cmp.Compare(a.Value, b.Value) })
	addrs, entries = make([]uint64, len(locs)), make([]uint64, len(locs))
	for i, l := range locs {
		off := l.Address - m.Start + m.Offset
		addrs[i] = off // outside any segment: passed on as is
		for _, prog := range f.Progs {
			if prog.Type == elf.PT_LOAD && prog.Off <= off && off < prog.Off+prog.Filesz {
				addrs[i] = off - prog.Off + prog.Vaddr
				break
			}
		}
		// The last function starting at or before the address holds it
		// if the address is within its size.
		j, _ := slices.BinarySearchFunc(funcs, addrs[i]+1, func(s elf.Symbol, a uint64) int { return cmp.Compare(s.Value, a) })
		if j > 0 && addrs[i] < funcs[j-1].Value+funcs[j-1].Size {
			entries[i] = funcs[j-1].Value
		}
	}
	return addrs, entries, true
}

// withStartLines symbolizes addrs as run does and gives each address's
// outermost frame, the function the code was compiled into, the line of
// that function's entry address (entries, from the symbol table) as its
// first line: addr2line gives no first lines of its own. The entry's
// line is where the compiler puts the function's prologue, the line of
// its name in GCC's and Clang's output.
func (s Symbolizer) withStartLines(ctx context.Context, file string, addrs, entries []uint64) ([][]frame, error) {
	index := make(map[uint64]int) // entry address → index in the batch
	batch := slices.Clone(addrs)
	for _, e := range entries {
		if _, ok := index[e]; !ok && e != 0 {
			index[e] = len(batch)
			batch = append(batch, e)
		}
	}
	frames, err := s.run(ctx, file, batch)
	if err != nil {
		return nil, err
	}
	for i, fs := range frames[:len(addrs)] {
		j, ok := index[entries[i]]
		if !ok || len(fs) == 0 || len(frames[j]) == 0 {
			continue
		}
		outer, entry := &fs[len(fs)-1], frames[j][len(frames[j])-1]
		if outer.function == entry.function && outer.file == entry.file && entry.line > 0 && entry.line <= outer.line {
			outer.startLine = entry.line
		}
	}
	return frames[:len(addrs)], nil
}

// run symbolizes addrs, virtual addresses of file, and returns their
// frames, innermost first, in the order of addrs.
func (s Symbolizer) run(ctx context.Context, file string, addrs []uint64) ([][]frame, error) {
	var in bytes.Buffer
	for _, a := range addrs {
		fmt.Fprintf(&in, "0x%x\n", a)
	}
	var cmd *exec.Cmd
	if s.LLVM {
		cmd = exec.CommandContext(ctx, s.Path, "--obj="+file, "--inlining", "--demangle", "--output-style=JSON")
	} else {
		cmd = exec.CommandContext(ctx, s.Path, "-i", "-f", "-C", "-a", "-e", file)
	}
	var stderr bytes.Buffer
	cmd.Stdin, cmd.Stderr = &in, &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, fmt.Errorf("%s: %w: %s", filepath.Base(s.Path), err, strings.TrimSpace(stderr.String()))
	}
	var frames [][]frame
	if s.LLVM {
		frames, err = parseLLVM(bytes.NewReader(out))
	} else {
		frames, err = parseAddr2line(bytes.NewReader(out))
	}
	if err != nil {
		return nil, fmt.Errorf("reading %s output: %w", filepath.Base(s.Path), err)
	}
	if len(frames) != len(addrs) {
		return nil, fmt.Errorf("%s gave %d answers for %d addresses", filepath.Base(s.Path), len(frames), len(addrs))
	}
	return frames, nil
}

// parseLLVM reads llvm-symbolizer's --output-style=JSON answers, one
// object per input address.
func parseLLVM(r io.Reader) ([][]frame, error) {
	type symbol struct {
		FunctionName string
		FileName     string
		Line         int64
		StartLine    int64
	}
	dec := json.NewDecoder(r)
	var out [][]frame
	for {
		var v struct {
			Symbol []symbol
			Error  *struct{ Message string }
		}
		if err := dec.Decode(&v); err == io.EOF {
			return out, nil
		} else if err != nil {
			return out, err
		}
		var fs []frame
		for _, s := range v.Symbol {
			if fr, ok := known(s.FunctionName, s.FileName, s.Line); ok {
				fr.startLine = s.StartLine
				fs = append(fs, fr)
			}
		}
		out = append(out, fs)
	}
}

// addrRE matches the address line addr2line -a prints before each
// answer.
var addrRE = regexp.MustCompile(`^0x[0-9a-fA-F]+$`)

// parseAddr2line reads the output of addr2line -i -f -C -a: for each
// address, its line, then a function line and a "file:line" line per
// frame, innermost first.
func parseAddr2line(r io.Reader) ([][]frame, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	var out [][]frame
	var fn string
	pending := false // a function line waits for its position
	for sc.Scan() {
		text := sc.Text()
		switch {
		case addrRE.MatchString(text) && !pending:
			out = append(out, nil)
		case len(out) == 0:
			return nil, fmt.Errorf("answer %q before an address", text)
		case !pending:
			fn, pending = text, true
		default:
			pending = false
			pos, _, _ := strings.Cut(text, " (discriminator")
			file, line := pos, int64(0)
			if i := strings.LastIndexByte(pos, ':'); i >= 0 {
				file = pos[:i]
				line, _ = strconv.ParseInt(pos[i+1:], 10, 64)
			}
			if fr, ok := known(fn, file, line); ok {
				out[len(out)-1] = append(out[len(out)-1], fr)
			}
		}
	}
	if pending {
		return out, errors.New("output ends after a function name")
	}
	return out, sc.Err()
}

// known returns the frame of a symbolizer's answer, or false when it
// knows neither the function nor the file ("??").
func known(function, file string, line int64) (frame, bool) {
	if function == "??" {
		function = ""
	}
	if file == "??" {
		file, line = "", 0
	}
	if function == "" && file == "" {
		return frame{}, false
	}
	return frame{function: function, file: file, line: max(line, 0)}, true
}
