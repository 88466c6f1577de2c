package pipeline

import (
	"cmp"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
)

// CategoryLock is the Category of a C++ profile-only finding whose
// samples are mostly in locking (pthread_mutex_lock, std::mutex, futex).
// Heap allocation is cost.CategoryAlloc and iostreams or formatting is
// cost.CategoryEncoding, as for Go.
const CategoryLock = "lock"

// CxxHotspotOptions configure CxxHotspots.
type CxxHotspotOptions struct {
	// SourceDir is the project's source directory, absolute: only lines
	// of files inside it are project lines.
	SourceDir string
	// BuildDir, if not "", is the build directory; its files (generated
	// sources) are not project lines, even inside SourceDir.
	BuildDir string
	// Threshold is the smallest share of all the profiles' CPU, in
	// [0, 1], that a line must take to be reported; 0 means
	// cost.DefaultThreshold (5 %).
	Threshold float64
	// Known are findings already reported (clang-tidy's): CxxHotspots
	// reports nothing at their lines.
	Known []finding.Finding
}

// cxxKind is a kind of costly library call.
type cxxKind int

const (
	cxxNone cxxKind = iota
	cxxHeap
	cxxFormat
	cxxLock
)

// cxxCall recognises a costly library function by a part of its
// demangled name, as llvm-symbolizer and addr2line -C print it.
type cxxCall struct {
	part  string // substring of the function's name
	kind  cxxKind
	label string // what the message names
}

// cxxCalls are the library calls CxxHotspots recognises; the first that
// matches a frame's function name decides. Formatting comes before the
// heap because std::to_string and the streams allocate inside: the
// user's call is the formatting.
var cxxCalls = []cxxCall{
	{"to_string", cxxFormat, "std::to_string"},
	{"basic_ostringstream", cxxFormat, "std::ostringstream"},
	{"basic_stringstream", cxxFormat, "std::stringstream"},
	{"basic_istringstream", cxxFormat, "std::istringstream"},
	{"basic_stringbuf", cxxFormat, "std::stringbuf"},
	{"__ostream_insert", cxxFormat, "std::ostream <<"},
	{"basic_ostream", cxxFormat, "std::ostream"},
	{"basic_ios", cxxFormat, "std::basic_ios"},
	{"ios_base", cxxFormat, "std::ios_base"},
	{"basic_streambuf", cxxFormat, "std::streambuf"},
	{"num_put", cxxFormat, "std::num_put"},
	{"std::locale", cxxFormat, "std::locale"},
	{"has_facet", cxxFormat, "std::locale"},
	{"use_facet", cxxFormat, "std::locale"},
	{"snprintf", cxxFormat, "snprintf"},
	{"sprintf", cxxFormat, "sprintf"},
	{"vfprintf", cxxFormat, "printf"},
	{"pthread_mutex_lock", cxxLock, "pthread_mutex_lock"},
	{"pthread_mutex_unlock", cxxLock, "pthread_mutex_unlock"},
	{"__pthread_mutex_", cxxLock, "pthread_mutex_lock"},
	{"__lll_lock", cxxLock, "futex"},
	{"futex", cxxLock, "futex"},
	{"std::mutex", cxxLock, "std::mutex"},
	{"std::shared_mutex", cxxLock, "std::shared_mutex"},
	{"lock_guard", cxxLock, "std::lock_guard"},
	{"unique_lock", cxxLock, "std::unique_lock"},
	{"scoped_lock", cxxLock, "std::scoped_lock"},
	{"__gthread_mutex", cxxLock, "std::mutex"},
	{"pthread_rwlock", cxxLock, "pthread_rwlock"},
	{"make_shared", cxxHeap, "std::make_shared"},
	{"allocate_shared", cxxHeap, "std::make_shared"},
	{"make_unique", cxxHeap, "std::make_unique"},
	{"__shared_count", cxxHeap, "std::shared_ptr's control block"},
	{"_Sp_counted", cxxHeap, "std::shared_ptr's control block"},
	{"_Function_base::_Base_manager", cxxHeap, "std::function's manager"},
	{"_M_manager", cxxHeap, "std::function's manager"},
	{"std::allocator", cxxHeap, "std::allocator"},
	{"__new_allocator", cxxHeap, "std::allocator"},
	{"new_allocator", cxxHeap, "std::allocator"},
	{"operator new", cxxHeap, "operator new"},
	{"operator delete", cxxHeap, "operator delete"},
	{"malloc", cxxHeap, "malloc"},
	{"calloc", cxxHeap, "calloc"},
	{"realloc", cxxHeap, "realloc"},
	{"posix_memalign", cxxHeap, "posix_memalign"},
	{"aligned_alloc", cxxHeap, "aligned_alloc"},
	{"_int_free", cxxHeap, "free"},
	{"cfree", cxxHeap, "free"},
}

// cxxCallOf returns the costly call that function name is, if any. free
// is matched as a whole name: "free" is a part of many others.
func cxxCallOf(name string) (cxxCall, bool) {
	name = cxxShortName(name)
	if name == "free" || name == "__libc_free" {
		return cxxCall{"free", cxxHeap, "free"}, true
	}
	for _, c := range cxxCalls {
		if strings.Contains(name, c.part) {
			return c, true
		}
	}
	return cxxCall{}, false
}

// cxxLine is a project line and what its samples cost.
type cxxLine struct {
	file, function string
	line           int64
	value          int64             // CPU of the samples charged to the line
	kinds          map[cxxKind]int64 // of value, by the kind of the costly call the line made
	calls          map[cxxCall]int64 // of value, by that call
}

// CxxHotspots returns the profile-only findings of C++ CPU profiles, as
// symbolized by cpuprof.Symbolize (innermost frame first in each
// location), with Analyzer cost.AnalyzerName ("profile"):
//
// Each sample is charged to one project line — a frame whose file is
// inside opts.SourceDir and not inside opts.BuildDir — and, within that
// line, to the costly library call it made, if any. Going from the root
// of the stack towards the leaf, the call is the first frame that is a
// recognised costly library call (see cxxCalls) after a project frame,
// and the line is the innermost project frame above it; project code
// that runs inside that call (a constructor run by std::make_shared) is
// part of the call's cost. A stack without such a call is charged to
// its innermost project line. The costly calls are heap
// allocation or freeing (operator new/delete, malloc, std::allocator,
// std::make_shared, std::function's manager; Category cost.CategoryAlloc),
// iostreams or formatting (string streams, std::to_string, std::locale,
// snprintf; cost.CategoryEncoding) or locking (pthread_mutex_lock,
// std::mutex, futex; CategoryLock). Stacks without a project frame are
// in no line's share, but in the total.
//
// A line is reported when it takes at least opts.Threshold of the CPU of
// all the profiles together (samples' cpu/nanoseconds values, else their
// first values) and one kind takes more than half of it. A line of
// opts.Known gets nothing. The message states the kind, the line's
// share, the kind's part of it with the call that took most, and a hint
// (reuse or pool; std::to_chars into a reused std::string; a shorter
// critical section or a per-thread cache). The line's share counts the
// samples charged to it, so it can be less than cost.Join's cumulative
// CPU at the line when the line also calls other project code. Costs are
// not filled: cost.Join does that. Findings are in descending
// order of share, then by file and line.
func CxxHotspots(ps []*profile.Profile, opts CxxHotspotOptions) []finding.Finding {
	threshold := opts.Threshold
	if threshold <= 0 {
		threshold = cost.DefaultThreshold
	}
	src, build := filepath.Clean(opts.SourceDir), ""
	if opts.BuildDir != "" {
		build = filepath.Clean(opts.BuildDir)
	}
	inside := func(file, dir string) bool {
		return dir != "" && (file == dir || strings.HasPrefix(file, dir+string(filepath.Separator)))
	}
	project := make(map[string]string) // profile file name → local path, "" if not the project's
	projectFile := func(name string) string {
		if name == "" {
			return ""
		}
		if p, ok := project[name]; ok {
			return p
		}
		p := name
		if !filepath.IsAbs(p) {
			// A relative DWARF name is relative to the compilation
			// directory: take it as the project's only if it is there.
			p = filepath.Join(src, p)
			if _, err := os.Stat(p); err != nil {
				p = ""
			}
		}
		p = filepath.Clean(p)
		if p == "." || !inside(p, src) || inside(p, build) {
			p = ""
		}
		project[name] = p
		return p
	}
	known := make(map[string]bool)
	for _, f := range opts.Known {
		known[fmt.Sprintf("%s:%d", filepath.Clean(f.File), f.Line)] = true
	}

	type lineKey struct {
		file string
		line int64
	}
	lines := make(map[lineKey]*cxxLine)
	var total int64
	for _, p := range ps {
		vi := cxxValueIndex(p)
		for _, s := range p.Sample {
			if vi >= len(s.Value) {
				continue
			}
			v := s.Value[vi]
			total += v
			if v == 0 {
				continue
			}
			// From the root towards the leaf: the last project frame
			// before the first costly call is the line that made it.
			var at *profile.Line
			var atFile string
			var call *cxxCall
		stack:
			for i := len(s.Location) - 1; i >= 0; i-- {
				lns := s.Location[i].Line
				for j := len(lns) - 1; j >= 0; j-- {
					ln := &lns[j]
					if ln.Function == nil {
						continue
					}
					if file := projectFile(ln.Function.Filename); file != "" && ln.Line > 0 {
						at, atFile = ln, file
						continue
					}
					if c, ok := cxxCallOf(ln.Function.Name); ok && at != nil {
						call = &c
						break stack
					}
				}
			}
			if at == nil {
				continue
			}
			k := lineKey{atFile, at.Line}
			l := lines[k]
			if l == nil {
				l = &cxxLine{file: atFile, function: at.Function.Name, line: at.Line, kinds: map[cxxKind]int64{}, calls: map[cxxCall]int64{}}
				lines[k] = l
			}
			l.value += v
			if call != nil {
				l.kinds[call.kind] += v
				l.calls[*call] += v
			}
		}
	}
	if total == 0 {
		return nil
	}
	var out []finding.Finding
	var shares []float64
	for _, l := range lines {
		share := float64(l.value) / float64(total)
		if share < threshold || known[fmt.Sprintf("%s:%d", l.file, l.line)] {
			continue
		}
		kind, kv := cxxNone, int64(0)
		for k, v := range l.kinds {
			if v > kv || (v == kv && k < kind) {
				kind, kv = k, v
			}
		}
		if kind == cxxNone || 2*kv <= l.value {
			continue
		}
		by := make(map[string]int64) // the kind's value by label
		for c, v := range l.calls {
			if c.kind == kind {
				by[c.label] += v
			}
		}
		label, lv := "", int64(0)
		for name, v := range by {
			if v > lv || (v == lv && name < label) {
				label, lv = name, v
			}
		}
		category, what, hint := cxxKindText(kind)
		msg := fmt.Sprintf("%s: %s of CPU at this line, %s of it in %s; %s",
			what, cxxPercent(share), cxxPercent(float64(kv)/float64(l.value)), label, hint)
		out = append(out, finding.Finding{
			Analyzer: cost.AnalyzerName, Category: category,
			File: l.file, Line: int(l.line), Message: msg, Function: l.function,
		})
		shares = append(shares, share)
	}
	idx := make([]int, len(out))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		return cmp.Or(cmp.Compare(shares[b], shares[a]), cmp.Compare(out[a].File, out[b].File), cmp.Compare(out[a].Line, out[b].Line))
	})
	sorted := make([]finding.Finding, len(out))
	for i, j := range idx {
		sorted[i] = out[j]
	}
	return sorted
}

// cxxKindText returns the Category, the name and the hint of a kind.
func cxxKindText(k cxxKind) (category, what, hint string) {
	switch k {
	case cxxHeap:
		return cost.CategoryAlloc, "heap allocation/freeing", "reuse the object or buffer, or pool it"
	case cxxFormat:
		return cost.CategoryEncoding, "iostreams/formatting", "use std::to_chars into a reused std::string"
	case cxxLock:
		return CategoryLock, "locking", "shorten the critical section or cache per thread"
	}
	return "", "", ""
}

// cxxValueIndex is the index of the CPU value of p's samples: that of
// type "cpu", else 0.
func cxxValueIndex(p *profile.Profile) int {
	for i, st := range p.SampleType {
		if st.Type == "cpu" {
			return i
		}
	}
	return 0
}

// cxxShortName returns a demangled C++ function name without its
// template arguments, parameter lists, ABI tags, qualifiers and return
// type: "std::shared_ptr<M> std::make_shared<M, int&>(int&)" →
// "std::make_shared"; "msgpool::EncodeSlow[abi:cxx11](msgpool::Message
// const&)" → "msgpool::EncodeSlow". Operator names ("operator<<",
// "operator new") and "(anonymous namespace)" are kept.
func cxxShortName(name string) string {
	const anon = "\x01anon\x01"
	name = strings.ReplaceAll(name, "(anonymous namespace)", anon)
	name = strings.ReplaceAll(name, "std::__cxx11::", "std::")
	var b strings.Builder
	angle, paren := 0, 0
	for i := 0; i < len(name); i++ {
		if angle == 0 && paren == 0 && strings.HasPrefix(name[i:], "operator") {
			j := i + len("operator")
			for _, op := range []string{"<<=", ">>=", "<<", ">>", "<=", ">=", "->", "()", "<", ">", " new[]", " new", " delete[]", " delete"} {
				if strings.HasPrefix(name[j:], op) {
					j += len(op)
					break
				}
			}
			b.WriteString(strings.ReplaceAll(name[i:j], " ", "\x02"))
			i = j - 1
			continue
		}
		switch c := name[i]; {
		case c == '<':
			angle++
		case c == '>':
			angle = max(angle-1, 0)
		case c == '(':
			paren++
		case c == ')':
			paren = max(paren-1, 0)
		case c == '[' && strings.HasPrefix(name[i:], "[abi:"):
			if j := strings.IndexByte(name[i:], ']'); j > 0 {
				i += j
			}
		case angle == 0 && paren == 0:
			b.WriteByte(c)
		}
	}
	s := strings.TrimSpace(b.String())
	for _, q := range []string{" const", " volatile", " &&", " &"} {
		s = strings.TrimSuffix(s, q)
	}
	if i := strings.LastIndexByte(s, ' '); i >= 0 { // a return type
		s = s[i+1:]
	}
	s = strings.ReplaceAll(s, "\x02", " ")
	return strings.ReplaceAll(s, anon, "(anonymous namespace)")
}

// cxxPercent formats a share as a percentage: whole percents from 10 %
// up, one decimal below.
func cxxPercent(share float64) string {
	p := 100 * share
	if p >= 10 || p == 0 {
		return fmt.Sprintf("%.0f %%", p)
	}
	return fmt.Sprintf("%.1f %%", p)
}
