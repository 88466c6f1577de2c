package cost

import (
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// Join returns a copy of findings with Cost filled from the profiles in ps.
// The input slice and its findings are not modified.
//
// Each share is a fraction of the total over all profiles of its kind:
//
//   - CPUFlat: CPU time of samples whose leaf frame — the first Line of the
//     first Location, the innermost inlined frame — is the finding's
//     file:line.
//   - CPULine: CPU time of samples with the finding's file:line in any
//     frame, inlined frames included; what the line and its callees cost.
//   - CPUCum: CPU time of samples with the finding's Function in any frame,
//     its closures included (see below).
//   - AllocBytes, AllocObjects: alloc_space and alloc_objects of samples
//     with the finding's file:line in any frame. Go heap profiles record
//     an allocation at the user frame that made it (append, make, new and
//     escaping literals show as that frame) and, for allocations inside a
//     library, at the library's frames above the user's call. Counting any
//     frame charges a line with what it allocates directly and through the
//     calls it makes, such as json.Marshal, which is what a fix of the
//     line removes.
//
// Every sample counts at most once per finding, however often the line or
// function recurs on its stack.
//
// A line matches when the profile's file name and the finding's File share
// the longest suffix of whole path elements among the findings' files, at
// least the base name and its directory ("pkg/file.go"), and the line
// number is the finding's Line or, when the check reported a range (EndLine
// after Line, such as a whole loop), any line of the range, at most 200; so
// absolute paths from another machine and -trimpath names
// ("example.com/m/pkg/file.go") both match, and a loop is charged with
// what its body costs. A function matches when
// the profile's function name, with generic type arguments removed, is the
// finding's Function or starts with it followed by a dot, as its closures
// "F.func1" do.
//
// An allocation site of Hotspots (Analyzer "profile", Category "alloc") is
// measured as Hotspots charges it: only samples whose first user-code
// frame is its line count for its line shares, not every sample with the
// line somewhere on the stack (a line that calls the next handler would
// otherwise hold all of the handler's cost).
//
// A finding with no sample at its line or function gets a Cost with zero
// shares and Cold set; when, besides, no sample has a frame of its
// function's package (the package path of Function, as the profile's
// function names spell it), Uncovered is set too: the profiled run did not
// exercise the package, so its absence says nothing about how hot the
// finding is (a finding at package level, without a Function, is never
// Uncovered). When ps holds no samples at all (or is nil), Costs stay nil:
// nothing was measured.
//
// Join makes one pass over the samples, with per-location lookups prepared
// once, so its time grows with the profile size plus the number of
// findings, not their product.
func Join(findings []finding.Finding, ps *Profiles) []finding.Finding {
	return joinWith(findings, ps, defaultUser)
}

// defaultUser is the user-code rule of HotspotOptions with no Modules.
var defaultUser = (&hotspotter{}).isUser

// joinWith is Join with isUser telling user code for the charged lines of
// Hotspots' allocation sites.
func joinWith(findings []finding.Finding, ps *Profiles, isUser func(*profile.Function) bool) []finding.Finding {
	out := slices.Clone(findings)
	if ps == nil || len(out) == 0 {
		return out
	}
	j := newJoiner(out)
	j.isUser = isUser
	t := j.run(ps)
	if t.cpu == 0 && t.bytes == 0 && t.objects == 0 {
		return out
	}
	for i := range out {
		c := new(finding.Cost)
		if lt := j.lineOf[i]; lt >= 0 {
			c.CPUFlat = share(j.flat[lt], t.cpu)
			c.CPULine = share(j.lineCPU[lt], t.cpu)
			c.AllocBytes = share(j.lineBytes[lt], t.bytes)
			c.AllocObjects = share(j.lineObjects[lt], t.objects)
		}
		if ft := j.funcOf[i]; ft >= 0 {
			c.CPUCum = share(j.funcCPU[ft], t.cpu)
			c.GrowCPU, c.GrowBytes = share(j.growCPU[ft], t.cpu), share(j.growBytes[ft], t.bytes)
		}
		c.Cold = c.CPUFlat == 0 && c.CPULine == 0 && c.CPUCum == 0 && c.AllocBytes == 0 && c.AllocObjects == 0
		c.Uncovered = c.Cold && out[i].Function != "" && !j.packages[funcPackage(out[i].Function)]
		c.CPUSamples, c.AllocSamples = t.cpuSamples, t.heapSamples
		out[i].Cost = c
	}
	return out
}

// funcPackage returns the package part of a function name as runtime and
// pprof spell it: "example.com/m/pkg" of "example.com/m/pkg.(*T).M.func1",
// "main" of "main.run"; "" for "". A dot in the last path element of the
// package ("gopkg.in/yaml.v3") cuts it short ("gopkg.in/yaml"), the same
// for a finding's Function as for the profile's names, so that the two
// still compare equal.
func funcPackage(name string) string {
	slash := strings.LastIndexByte(name, '/')
	if dot := strings.IndexByte(name[slash+1:], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}

func share(v, total int64) float64 {
	if total <= 0 {
		return 0
	}
	return float64(v) / float64(total)
}

// totals are the sums over all samples of each kind.
type totals struct {
	cpu, bytes, objects int64
	// cpuSamples and heapSamples count the profiling samples behind cpu
	// and bytes (see cpuSource.samples and heapSource.samples).
	cpuSamples, heapSamples int64
}

type lineKey struct {
	file int
	line int64
}

// joiner holds the targets of a join — distinct file:lines and functions —
// and their accumulated values.
type joiner struct {
	files  *fileMatcher
	funcs  *funcMatcher
	lines  map[lineKey][]int32 // line targets covering each file:line
	lineOf []int32             // per finding: line target, or -1
	funcOf []int32             // per finding: function target, or -1

	flat, lineCPU, lineBytes, lineObjects []int64 // per line target
	funcCPU                               []int64 // per function target
	// growCPU and growBytes hold, per function target, the CPU time and
	// allocated bytes of slice, map and buffer growth it called
	// (growthCaller).
	growCPU, growBytes []int64

	// lineSeen and funcSeen hold, per target, the number of the last
	// sample counted for it, so that a sample counts once per target.
	lineSeen, funcSeen []uint32
	sample             uint32

	// charged holds the line targets measured by what is charged to
	// them, as Hotspots charges allocation sites: a sample counts for a
	// charged line only when the line is the first user-code frame of its
	// stack (see chargeTo). They are not in lines.
	charged  map[lineKey][]int32
	isUser   func(*profile.Function) bool
	userMemo map[*profile.Function]bool

	// packages holds the package (funcPackage) of every function with a
	// frame in a counted sample: the code the profiled run exercised.
	packages map[string]bool
}

func newJoiner(fs []finding.Finding) *joiner {
	j := &joiner{
		files:  newFileMatcher(),
		funcs:  newFuncMatcher(),
		lines:  make(map[lineKey][]int32),
		lineOf: make([]int32, len(fs)),
		funcOf: make([]int32, len(fs)),

		packages: make(map[string]bool),
	}
	ranges := make(map[rangeKey]int32)
	for i, f := range fs {
		j.lineOf[i], j.funcOf[i] = -1, -1
		if f.File != "" && f.Line > 0 {
			file := j.files.add(f.File)
			k := rangeKey{file, int64(f.Line), int64(findingEnd(f)), isCharged(f)}
			t, ok := ranges[k]
			if !ok {
				t = int32(len(ranges))
				ranges[k] = t
				lines := j.lines
				if k.charged {
					if j.charged == nil {
						j.charged = make(map[lineKey][]int32)
					}
					lines = j.charged
				}
				for l := k.start; l <= k.end; l++ {
					lk := lineKey{file, l}
					lines[lk] = append(lines[lk], t)
				}
			}
			j.lineOf[i] = t
		}
		if f.Function != "" {
			j.funcOf[i] = int32(j.funcs.add(f.Function))
		}
	}
	n, m := len(ranges), len(j.funcs.byName)
	j.flat, j.lineCPU = make([]int64, n), make([]int64, n)
	j.lineBytes, j.lineObjects = make([]int64, n), make([]int64, n)
	j.funcCPU = make([]int64, m)
	j.growCPU, j.growBytes = make([]int64, m), make([]int64, m)
	j.lineSeen, j.funcSeen = make([]uint32, n), make([]uint32, m)
	return j
}

// locInfo lists the targets one profile Location matches.
type locInfo struct {
	leaf  []int32 // line targets of Line[0], the innermost frame
	lines []int32 // line targets of all Lines
	funcs []int32 // function targets of all Lines
}

// table prepares the locInfo of every Location of p; a nil entry matches
// nothing.
func (j *joiner) table(p *profile.Profile) *idTable[*locInfo] {
	t := newIDTable[*locInfo](len(p.Location))
	for _, loc := range p.Location {
		if info := j.locInfo(loc); info != nil {
			t.set(loc.ID, info)
		}
	}
	return &t
}

func (j *joiner) locInfo(loc *profile.Location) *locInfo {
	var info locInfo
	for i, ln := range loc.Line {
		if ln.Function == nil {
			continue
		}
		for _, f := range j.files.match(ln.Function.Filename) {
			if ts, ok := j.lines[lineKey{f, ln.Line}]; ok {
				info.lines = append(info.lines, ts...)
				if i == 0 {
					info.leaf = append(info.leaf, ts...)
				}
			}
		}
		for _, f := range j.funcs.match(ln.Function.Name) {
			info.funcs = append(info.funcs, int32(f))
		}
	}
	if info.lines == nil && info.funcs == nil {
		return nil
	}
	return &info
}

// run accumulates the values of all samples of ps into j's targets and
// returns the totals.
func (j *joiner) run(ps *Profiles) totals {
	var t totals
	for _, src := range ps.cpu {
		tab := j.table(src.p)
		noted := newIDTable[bool](len(src.p.Location))
		for _, s := range src.p.Sample {
			v := s.Value[src.index] * src.scale
			if v == 0 {
				continue
			}
			t.cpu += v
			t.cpuSamples += src.samples(s, v)
			j.notePackages(s, &noted)
			for _, ft := range j.growthCaller(s) {
				j.growCPU[ft] += v
			}
			j.sample++
			j.charge(s, v, 0, 0)
			for i, loc := range s.Location {
				info := tab.get(loc.ID)
				if info == nil {
					continue
				}
				if i == 0 {
					for _, lt := range info.leaf {
						j.flat[lt] += v
					}
				}
				for _, lt := range info.lines {
					if j.lineSeen[lt] != j.sample {
						j.lineSeen[lt] = j.sample
						j.lineCPU[lt] += v
					}
				}
				for _, ft := range info.funcs {
					if j.funcSeen[ft] != j.sample {
						j.funcSeen[ft] = j.sample
						j.funcCPU[ft] += v
					}
				}
			}
		}
	}
	for _, src := range ps.heap {
		tab := j.table(src.p)
		noted := newIDTable[bool](len(src.p.Location))
		for _, s := range src.p.Sample {
			b, o := src.values(s)
			if b == 0 && o == 0 {
				continue
			}
			t.bytes += b
			t.objects += o
			t.heapSamples += src.samples(b)
			j.notePackages(s, &noted)
			for _, ft := range j.growthCaller(s) {
				j.growBytes[ft] += b
			}
			j.sample++
			j.charge(s, 0, b, o)
			for _, loc := range s.Location {
				info := tab.get(loc.ID)
				if info == nil {
					continue
				}
				for _, lt := range info.lines {
					if j.lineSeen[lt] != j.sample {
						j.lineSeen[lt] = j.sample
						j.lineBytes[lt] += b
						j.lineObjects[lt] += o
					}
				}
			}
		}
	}
	return t
}

// growthFuncs are the functions that grow a slice, a map or a buffer:
// what a size hint or a reused buffer saves.
var growthFuncs = map[string]bool{
	"runtime.growslice": true, "runtime.hashGrow": true, "runtime.growWork": true,
	"runtime.growWork_fast32": true, "runtime.growWork_fast64": true, "runtime.growWork_faststr": true,
	"internal/runtime/maps.(*table).grow": true, "internal/runtime/maps.(*table).split": true,
	"internal/runtime/maps.(*table).rehash": true, "internal/runtime/maps.(*Map).growToSmall": true,
	"internal/runtime/maps.(*Map).growToTable": true, "internal/runtime/maps.(*Map).split": true,
	"bytes.growSlice": true, "bytes.(*Buffer).grow": true, "strings.(*Builder).grow": true,
}

// growthCaller returns the function targets of the first frame above a
// growth function (growthFuncs) on the stack of s that is not in the
// runtime or in the bytes or strings package — the code whose append,
// map store or write grew it — or nil when s grows nothing.
func (j *joiner) growthCaller(s *profile.Sample) []int {
	found := false
	for _, loc := range s.Location {
		for _, ln := range loc.Line {
			if ln.Function == nil {
				continue
			}
			name := ln.Function.Name
			if !found {
				found = growthFuncs[name]
				continue
			}
			if strings.HasPrefix(name, "runtime.") || strings.HasPrefix(name, "internal/runtime/") ||
				strings.HasPrefix(name, "bytes.") || strings.HasPrefix(name, "strings.") {
				continue
			}
			return j.funcs.match(name)
		}
	}
	return nil
}

// notePackages adds to j.packages the package of every function on the
// stack of s; noted marks the Locations already done in this profile.
func (j *joiner) notePackages(s *profile.Sample, noted *idTable[bool]) {
	for _, loc := range s.Location {
		if noted.get(loc.ID) {
			continue
		}
		noted.set(loc.ID, true)
		for _, l := range loc.Line {
			if l.Function != nil {
				j.packages[funcPackage(l.Function.Name)] = true
			}
		}
	}
}

// rangeKey identifies the lines [start, end] of one file: the lines a
// finding covers, and whether they are measured as charged.
type rangeKey struct {
	file       int
	start, end int64
	charged    bool
}

// isCharged reports whether f is measured by what is charged to its line
// rather than by every sample with the line on the stack: an allocation
// site of Hotspots, whose line may call into much more than what it
// allocates (a middleware's call of the next handler).
func isCharged(f finding.Finding) bool {
	return f.Analyzer == AnalyzerName && f.Category == CategoryAlloc
}

// chargeTo returns the line a sample is charged to: its first frame in
// user code, counting from the leaf, or nil when there is none or test
// code comes first (as Hotspots charges allocations).
func (j *joiner) chargeTo(s *profile.Sample) *profile.Line {
	for _, loc := range s.Location {
		for i := range loc.Line {
			ln := &loc.Line[i]
			if ln.Function == nil {
				continue
			}
			if j.user(ln.Function) {
				return ln
			}
			if isTestLine(*ln) {
				return nil
			}
		}
	}
	return nil
}

func (j *joiner) user(fn *profile.Function) bool {
	u, ok := j.userMemo[fn]
	if !ok {
		if j.userMemo == nil {
			j.userMemo = make(map[*profile.Function]bool)
		}
		u = j.isUser != nil && j.isUser(fn)
		j.userMemo[fn] = u
	}
	return u
}

// charge adds the values of a sample to the charged line targets of the
// line it is charged to.
func (j *joiner) charge(s *profile.Sample, cpu, bytes, objects int64) {
	if len(j.charged) == 0 {
		return
	}
	ln := j.chargeTo(s)
	if ln == nil {
		return
	}
	for _, f := range j.files.match(ln.Function.Filename) {
		for _, t := range j.charged[lineKey{f, ln.Line}] {
			if j.lineSeen[t] != j.sample {
				j.lineSeen[t] = j.sample
				j.flat[t] += cpu
				j.lineCPU[t] += cpu
				j.lineBytes[t] += bytes
				j.lineObjects[t] += objects
			}
		}
	}
}

// maxRange caps the lines one finding's cost is measured over.
const maxRange = 200

// findingEnd returns the last line f covers: its EndLine when the check
// reported a range (a loop, a block), else its Line; at most maxRange
// lines after Line.
func findingEnd(f finding.Finding) int {
	if f.EndLine <= f.Line {
		return f.Line
	}
	return min(f.EndLine, f.Line+maxRange)
}
