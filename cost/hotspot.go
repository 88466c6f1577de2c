package cost

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/finding"
)

// AnalyzerName is the Analyzer of the findings Hotspots returns.
const AnalyzerName = "profile"

// Categories of the findings Hotspots returns.
const (
	// CategoryAlloc marks an allocation site.
	CategoryAlloc = "alloc"
	// CategoryEncoding marks hot reflection-based encoding or formatting.
	CategoryEncoding = "encoding"
)

// DefaultThreshold is the share above which Hotspots reports a site when
// HotspotOptions.Threshold is zero: 5 %, the floor the perfproof design
// sets for a profile-only finding to be worth reading.
const DefaultThreshold = 0.05

// encodingPackages are the reflection-based encoders Hotspots looks for
// in CPU profiles.
var encodingPackages = []string{"encoding/json", "encoding/xml", "fmt"}

// HotspotOptions configure Hotspots. The zero value is ready to use.
type HotspotOptions struct {
	// Threshold is the smallest share, in [0, 1], of allocated bytes or
	// objects (or of CPU, for encoding) that is reported; zero means
	// DefaultThreshold.
	Threshold float64
	// Modules are the import paths of the user's modules, e.g.
	// "example.com/m"; a function is user code if its package is one of
	// them or below one. If Modules is empty, user code is package main
	// and any package whose import path's first element has a dot
	// ("example.com/...", "github.com/..."), i.e. everything outside the
	// standard library. Functions in _test.go files (benchmark set-up) are
	// never user code.
	Modules []string
	// DependencyModules are the module paths of the dependencies (go list
	// -m all), to name the module of an allocation made inside one; an
	// unknown one is named by its package path.
	DependencyModules []string
	// Known are findings already reported, typically by static checks;
	// Hotspots reports nothing at their lines.
	Known []finding.Finding
	// Resolve maps a file name as recorded in the profile to the local
	// absolute path to report; nil keeps the recorded name.
	Resolve func(file string) string
	// ReadFile returns the contents of a source file named as Resolve
	// returns it. With it, Hotspots reads what each site's line does
	// with the value it makes: a value the function returns, stores into
	// its caller's memory, or appends to a buffer its receiver keeps is
	// inherent to the function's job (Cost.Inherent says which; the
	// advice changes and Rank puts such findings after the others). Nil
	// skips the reading; unreadable files are skipped silently.
	ReadFile func(name string) ([]byte, error)
}

// Hotspots returns profile-only findings, with Analyzer "profile" and
// costs filled as by Join:
//
//   - Category "alloc": the user code lines that allocate at least the
//     threshold share of alloc_space or alloc_objects. An allocation is
//     charged to the first user frame of its stack, counting from the
//     leaf; the frame below it, if any, names the allocating call (such
//     as encoding/json.Marshal or strings.(*Builder).WriteString). When
//     the user frame is the leaf, the line allocates by itself: Go heap
//     profiles hide runtime.growslice, makeslice and newobject.
//   - Category "encoding": the user code lines whose direct calls into
//     encoding/json, encoding/xml or fmt take at least the threshold share
//     of CPU, callees included.
//
// A line that is both an allocation site and an encoding site gives one
// finding, of category "encoding", whose message states both costs.
//
// The messages say what the site costs and how it might be avoided.
// Findings are ordered by category, then by share, highest first.
func Hotspots(ps *Profiles, opts HotspotOptions) []finding.Finding {
	if ps == nil {
		return nil
	}
	h := &hotspotter{opts: opts, roles: newRoleFinder(opts.ReadFile)}
	if h.opts.Threshold <= 0 {
		h.opts.Threshold = DefaultThreshold
	}
	h.known = newJoiner(opts.Known)
	allocs := h.allocs(ps)
	encs := h.encodings(ps)
	var out []finding.Finding
	for _, a := range allocs.sites {
		if !slices.ContainsFunc(encs.sites, func(e *encodingSite) bool { return e.file == a.file && e.line == a.line }) {
			out = append(out, h.allocFinding(a, allocs))
		}
	}
	for _, e := range encs.sites {
		i := slices.IndexFunc(allocs.sites, func(a *allocSite) bool { return a.file == e.file && a.line == e.line })
		var a *allocSite
		if i >= 0 {
			a = allocs.sites[i]
		}
		out = append(out, h.encodingFinding(e, encs.total, a, allocs))
	}
	out = joinWith(out, ps, h.isUser)
	for i := range out {
		if r := h.inherent[i]; r != "" && out[i].Cost != nil {
			out[i].Cost.Inherent = r
		}
		if d := h.dependency[i]; d != "" && out[i].Cost != nil {
			out[i].Cost.Dependency = d
		}
	}
	return out
}

type hotspotter struct {
	opts       HotspotOptions
	known      *joiner
	roles      *roleFinder
	inherent   []string // Cost.Inherent of each finding made, by index
	dependency []string // Cost.Dependency of each finding made, by index
}

// site is a line of user code.
type site struct {
	function, file string
	line           int64
}

// frame is one (possibly inlined) call frame of a sample's stack.
type frame struct {
	fn   *profile.Function
	line int64
	funcAttr
}

// funcAttr is what Hotspots needs to know of a function, or of a
// location: whether it has user code, and the encoding package it is in.
type funcAttr struct {
	user bool   // user code (see HotspotOptions.Modules)
	enc  string // one of encodingPackages, else ""
}

// attrTable holds the funcAttr of every Function and Location of one
// profile, by ID; for a Location, the union of its frames. Each is a
// slice when the IDs are dense, as Go and profile.Merge write them, a map
// otherwise.
type attrTable struct {
	funcs, locs idTable[funcAttr]
}

func (h *hotspotter) attrTable(p *profile.Profile) *attrTable {
	t := &attrTable{funcs: newIDTable[funcAttr](len(p.Function)), locs: newIDTable[funcAttr](len(p.Location))}
	for _, fn := range p.Function {
		a := funcAttr{user: h.isUser(fn)}
		if pkg := packagePath(fn.Name); slices.Contains(encodingPackages, pkg) {
			a.enc = pkg
		}
		t.funcs.set(fn.ID, a)
	}
	for _, loc := range p.Location {
		var a funcAttr
		for _, ln := range loc.Line {
			fa := t.funcs.get(ln.Function.ID)
			a.user = a.user || fa.user
			a.enc = cmp.Or(a.enc, fa.enc)
		}
		t.locs.set(loc.ID, a)
	}
	return t
}

// frames appends the frames of s to buf, from the leaf to the root.
func (t *attrTable) frames(buf []frame, s *profile.Sample) []frame {
	for _, loc := range s.Location {
		for _, ln := range loc.Line {
			buf = append(buf, frame{ln.Function, ln.Line, t.funcs.get(ln.Function.ID)})
		}
	}
	return buf
}

// idTable maps profile IDs to values: a slice while the IDs are dense, a
// map once one is far beyond the expected count.
type idTable[V any] struct {
	dense  []V
	sparse map[uint64]V
	n      int
}

func newIDTable[V any](n int) idTable[V] {
	return idTable[V]{dense: make([]V, n+1), n: n}
}

func (t *idTable[V]) set(id uint64, v V) {
	if t.sparse == nil && id > uint64(2*t.n+1024) {
		t.sparse = make(map[uint64]V, t.n)
		for i, x := range t.dense {
			t.sparse[uint64(i)] = x
		}
		t.dense = nil
	}
	if t.sparse != nil {
		t.sparse[id] = v
		return
	}
	if id >= uint64(len(t.dense)) {
		t.dense = append(t.dense, make([]V, int(id)+1-len(t.dense))...)
	}
	t.dense[id] = v
}

func (t *idTable[V]) get(id uint64) V {
	if t.sparse != nil {
		return t.sparse[id]
	}
	if id < uint64(len(t.dense)) {
		return t.dense[id]
	}
	var zero V
	return zero
}

// isUser reports whether fn is user code; see HotspotOptions.Modules. The
// test main that go test generates (_testmain.go, package main) is not.
func (h *hotspotter) isUser(fn *profile.Function) bool {
	pkg := packagePath(fn.Name)
	switch {
	case strings.HasSuffix(fn.Filename, "_test.go"), strings.HasSuffix(fn.Filename, "_testmain.go"):
		// benchmark set-up, and the main that go test generates
		return false
	case len(h.opts.Modules) > 0:
		return slices.ContainsFunc(h.opts.Modules, func(m string) bool {
			return pkg == m || strings.HasPrefix(pkg, m+"/")
		})
	}
	first, _, _ := strings.Cut(pkg, "/")
	return pkg == "main" || strings.Contains(first, ".")
}

// isTestLine reports whether ln is in a _test.go file.
func isTestLine(ln profile.Line) bool {
	return ln.Function != nil && strings.HasSuffix(ln.Function.Filename, "_test.go")
}

// isKnown reports whether a known finding sits at file:line.
func (h *hotspotter) isKnown(file string, line int64) bool {
	for _, f := range h.known.files.match(file) {
		if _, ok := h.known.lines[lineKey{f, line}]; ok {
			return true
		}
	}
	return false
}

// localFile is the path of a profile's file name to report and read.
func (h *hotspotter) localFile(file string) string {
	if h.opts.Resolve != nil {
		return h.opts.Resolve(file)
	}
	return file
}

// role classifies the site's line; see roleFinder.role.
func (h *hotspotter) role(s site) (role, via string) {
	return h.roles.role(h.localFile(s.file), int(s.line))
}

// roleHint is the advice for a site whose value has a role, in place of
// the advice for waste.
func roleHint(role, via, function string) string {
	fn := shortName(function)
	switch role {
	case RoleResult:
		return fmt.Sprintf("the value is what %s returns (%s), so it is its output rather than waste: "+
			"only an API that fills a caller's buffer, or fewer calls, avoids it", fn, via)
	case RoleOutput:
		return fmt.Sprintf("the value is stored into memory %s's caller passed in (%s), so it is its output rather than waste: "+
			"only an API that reuses the caller's storage avoids it", fn, via)
	case RoleReusedBuffer:
		return fmt.Sprintf("it grows %s, a buffer the receiver keeps and reuses: warm-up that a long-lived receiver pays once, "+
			"hot only when receivers are made per operation; reuse the receiver (for example via sync.Pool) rather than pre-size", via)
	}
	return ""
}

func (h *hotspotter) finding(s site, category, msg, inherent string) finding.Finding {
	h.inherent = append(h.inherent, inherent)
	h.dependency = append(h.dependency, "")
	file := h.localFile(s.file)
	return finding.Finding{
		Analyzer: AnalyzerName,
		Category: category,
		File:     file,
		Line:     int(s.line),
		Message:  msg,
		Function: topLevel(s.function),
	}
}

type allocSite struct {
	site
	bytes, objects int64
	callees        map[string]int64 // allocating call → bytes (or objects)
	// poolNew is the bytes (or objects) allocated while the site's
	// function ran as a sync.Pool's New, called by (*sync.Pool).Get.
	poolNew int64
}

// dependencyOf returns the module of function fn (a pprof name) when it
// is in a dependency: outside the standard library and outside
// opts.Modules, which must be set; the module is the longest of
// opts.DependencyModules that holds its package, else the package path.
// It returns "" otherwise.
func (h *hotspotter) dependencyOf(fn string) string {
	if fn == "" || len(h.opts.Modules) == 0 {
		return ""
	}
	pkg := packagePath(fn)
	first, _, _ := strings.Cut(pkg, "/")
	if !strings.Contains(first, ".") || slices.ContainsFunc(h.opts.Modules, func(m string) bool { return pkg == m || strings.HasPrefix(pkg, m+"/") }) {
		return ""
	}
	best := ""
	for _, m := range h.opts.DependencyModules {
		if (pkg == m || strings.HasPrefix(pkg, m+"/")) && len(m) > len(best) {
			best = m
		}
	}
	return cmp.Or(best, pkg)
}

// callerOf returns the frame that called the frame at s.Location[li].Line[i]
// (lines are innermost first; the next location is the caller), or nil.
func callerOf(s *profile.Sample, li, i int) *profile.Line {
	if loc := s.Location[li]; i+1 < len(loc.Line) {
		return &loc.Line[i+1]
	}
	if li+1 < len(s.Location) && len(s.Location[li+1].Line) > 0 {
		return &s.Location[li+1].Line[0]
	}
	return nil
}

// isPoolGet reports whether ln is in (*sync.Pool).Get.
func isPoolGet(ln *profile.Line) bool {
	return ln != nil && ln.Function != nil && ln.Function.Name == "sync.(*Pool).Get"
}

// allocSites are the hot allocation sites of the heap profiles, highest
// first, with the profiles' totals.
type allocSites struct {
	sites                    []*allocSite
	totalBytes, totalObjects int64
}

func (h *hotspotter) allocs(ps *Profiles) allocSites {
	var totalBytes, totalObjects int64
	sites := make(map[site]*allocSite)
	for _, src := range ps.heap {
		attrs := h.attrTable(src.p)
		for _, s := range src.p.Sample {
			b, o := src.values(s)
			if b == 0 && o == 0 {
				continue
			}
			totalBytes += b
			totalObjects += o
			// Walk up to the first user frame, remembering the frame
			// below it.
			// An allocation that test code makes (a benchmark's own
			// handler or fixture) is not charged to the user frame
			// that called into the test code.
			var prev *profile.Line
		walk:
			for li, loc := range s.Location {
				if !attrs.locs.get(loc.ID).user {
					if slices.ContainsFunc(loc.Line, isTestLine) {
						break walk
					}
					if n := len(loc.Line); n > 0 {
						prev = &loc.Line[n-1]
					}
					continue
				}
				for i := range loc.Line {
					ln := &loc.Line[i]
					if !attrs.funcs.get(ln.Function.ID).user {
						if isTestLine(*ln) {
							break walk
						}
						prev = ln
						continue
					}
					k := site{ln.Function.Name, ln.Function.Filename, ln.Line}
					a := sites[k]
					if a == nil {
						a = &allocSite{site: k, callees: make(map[string]int64)}
						sites[k] = a
					}
					a.bytes += b
					a.objects += o
					callee := ""
					if prev != nil {
						callee = stripTypeArgs(prev.Function.Name)
					}
					a.callees[callee] += cmp.Or(b, o)
					if isPoolGet(callerOf(s, li, i)) {
						a.poolNew += cmp.Or(b, o)
					}
					break walk
				}
			}
		}
	}
	var hot []*allocSite
	for _, a := range sites {
		bs, obs := share(a.bytes, totalBytes), share(a.objects, totalObjects)
		if (bs >= h.opts.Threshold || obs >= h.opts.Threshold) && !h.isKnown(a.file, a.line) {
			hot = append(hot, a)
		}
	}
	slices.SortFunc(hot, func(a, b *allocSite) int {
		return cmp.Or(cmp.Compare(b.bytes, a.bytes), cmp.Compare(b.objects, a.objects),
			cmp.Compare(a.file, b.file), cmp.Compare(a.line, b.line))
	})
	return allocSites{hot, totalBytes, totalObjects}
}

// allocFinding describes an allocation site.
func (h *hotspotter) allocFinding(a *allocSite, as allocSites) finding.Finding {
	how, hint := allocHint(topCallee(a.callees))
	if 2*a.poolNew > cmp.Or(a.bytes, a.objects) {
		// Most of it is a pool's New, run by Get on an empty pool: the
		// cost is the pool's misses, which the value's role does not
		// excuse.
		msg := fmt.Sprintf("%s allocates %s as a sync.Pool's New, so each of these allocations is a pool miss; "+
			"Put every value back once done with it (on every path, and the value Get returned, not a copy), "+
			"and keep the pool itself long-lived: a pool made per call, or values dropped instead of Put, miss every time",
			shortName(a.function), allocShares(a, as))
		return h.finding(a.site, CategoryAlloc, msg, "")
	}
	if mod := h.dependencyOf(topCallee(a.callees)); mod != "" {
		// Most of it is allocated inside a dependency: what the module
		// can change is how often it calls it, or the version.
		msg := fmt.Sprintf("%s allocates %s in %s, of module %s; upgrade %s if a newer release allocates less, "+
			"or call it less (reuse its result across calls)", shortName(a.function), allocShares(a, as),
			shortName(topCallee(a.callees)), mod, mod)
		f := h.finding(a.site, CategoryAlloc, msg, "")
		h.dependency[len(h.dependency)-1] = mod
		return f
	}
	role, via := h.role(a.site)
	if role != "" {
		hint = roleHint(role, via, a.function)
	}
	msg := fmt.Sprintf("%s allocates %s %s; %s", shortName(a.function), allocShares(a, as), how, hint)
	return h.finding(a.site, CategoryAlloc, msg, role)
}

// allocShares states a site's shares of allocated bytes and objects.
func allocShares(a *allocSite, as allocSites) string {
	return fmt.Sprintf("%s of bytes (%s over the profile) and %s of objects",
		percent(share(a.bytes, as.totalBytes)), formatBytes(a.bytes), percent(share(a.objects, as.totalObjects)))
}

// topCallee returns the call that allocated most, ties broken by name.
func topCallee(callees map[string]int64) string {
	best, bestV := "", int64(-1)
	for c, v := range callees {
		if v > bestV || v == bestV && c < best {
			best, bestV = c, v
		}
	}
	return best
}

// allocHint describes how an allocating call allocates and how to avoid
// it. how completes "allocates ... of objects"; hint is a lowercase advice.
func allocHint(callee string) (how, hint string) {
	short := shortName(callee)
	has := func(prefixes ...string) bool {
		return slices.ContainsFunc(prefixes, func(p string) bool { return strings.HasPrefix(callee, p) })
	}
	switch {
	case callee == "":
		return "at this line (append, make, new or a literal that escapes)",
			"pre-size slices and maps with make, or reuse the values across calls via a field or sync.Pool"
	case has("runtime.growslice"):
		return "through slice growth by append (" + short + ")",
			"pre-size the slice with make(s, 0, n) or reuse it across calls"
	case has("runtime.makeslice"):
		return "through make of a slice (" + short + ")",
			"reuse the slice across calls via a field or sync.Pool"
	case has("runtime.newobject", "runtime.mallocgc"):
		return "through new objects (" + short + ")",
			"keep the value on the stack or reuse it via sync.Pool"
	case has("runtime.makemap", "runtime.mapassign", "internal/runtime/maps."):
		return "through map allocation and growth (" + short + ")",
			"size the map with make(m, n) or clear and reuse it"
	case has("runtime.concatstring"):
		return "through string concatenation (" + short + ")",
			"build the string with a strings.Builder sized by Grow"
	case has("runtime.slicebytetostring", "runtime.stringtoslice", "runtime.rawstring"):
		return "through string and []byte conversions (" + short + ")",
			"avoid the conversion or reuse one buffer"
	case has("runtime.convT"):
		return "through interface conversions (" + short + ")",
			"avoid converting non-pointer values to interfaces on the hot path"
	case has("strings.(*Builder)"):
		return "through strings.Builder growth (" + short + ")",
			"call Grow with the final size first"
	case has("bytes.(*Buffer)"):
		return "through bytes.Buffer growth (" + short + ")",
			"Grow the buffer first or reuse it via sync.Pool"
	case has("encoding/json.", "encoding/xml."):
		return "in reflection-based encoding (" + short + ")",
			"encode once and reuse the bytes, or encode into a pooled buffer"
	case has("fmt."):
		return "in formatting (" + short + ")",
			"format with strconv.Append* into a reused buffer"
	}
	if first, _, _ := strings.Cut(packagePath(callee), "/"); strings.Contains(first, ".") {
		return "in " + short + ", a dependency",
			"call it less or reuse its result across calls, or upgrade its module if a newer release allocates less"
	}
	return "in " + short,
		"reuse its result across calls, pre-size it, or pool it with sync.Pool"
}

type encodingKey struct {
	site
	pkg string
}

type encodingSite struct {
	encodingKey
	cpu     int64
	callees map[string]int64
}

// encodingSites are the hot encoding sites of the CPU profiles, highest
// first, with the profiles' total.
type encodingSites struct {
	sites []*encodingSite
	total int64
}

func (h *hotspotter) encodings(ps *Profiles) encodingSites {
	var total int64
	sites := make(map[encodingKey]*encodingSite)
	var buf []frame
	var seen []encodingKey
	for _, src := range ps.cpu {
		attrs := h.attrTable(src.p)
		for _, s := range src.p.Sample {
			v := s.Value[src.index] * src.scale
			if v == 0 {
				continue
			}
			total += v
			if !slices.ContainsFunc(s.Location, func(loc *profile.Location) bool {
				return attrs.locs.get(loc.ID).enc != ""
			}) {
				continue
			}
			buf = attrs.frames(buf[:0], s)
			seen = seen[:0]
			for i := 1; i < len(buf); i++ {
				pkg := buf[i-1].enc
				if pkg == "" || !buf[i].user || buf[i].enc != "" {
					// Not an encoder called from user code; or the
					// "user" frame is an encoder itself, as when
					// encoding/json is the package measured.
					continue
				}
				fr := buf[i]
				k := encodingKey{site{fr.fn.Name, fr.fn.Filename, fr.line}, pkg}
				if slices.Contains(seen, k) {
					continue // recursion: count the sample once
				}
				seen = append(seen, k)
				e := sites[k]
				if e == nil {
					e = &encodingSite{encodingKey: k, callees: make(map[string]int64)}
					sites[k] = e
				}
				e.cpu += v
				e.callees[stripTypeArgs(buf[i-1].fn.Name)] += v
			}
		}
	}
	var hot []*encodingSite
	for _, e := range sites {
		if share(e.cpu, total) >= h.opts.Threshold && !h.isKnown(e.file, e.line) {
			hot = append(hot, e)
		}
	}
	slices.SortFunc(hot, func(a, b *encodingSite) int {
		return cmp.Or(cmp.Compare(b.cpu, a.cpu), cmp.Compare(a.file, b.file),
			cmp.Compare(a.line, b.line), cmp.Compare(a.pkg, b.pkg))
	})
	return encodingSites{hot, total}
}

// encodingFinding describes an encoding site, and the allocation site a
// at the same line if there is one.
func (h *hotspotter) encodingFinding(e *encodingSite, total int64, a *allocSite, as allocSites) finding.Finding {
	callee := topCallee(e.callees)
	hint := encodingHint(e.pkg, callee)
	role, via := h.role(e.site)
	if role != "" {
		hint = roleHint(role, via, e.function)
	}
	msg := fmt.Sprintf("%s under %s takes %s of CPU (%s)", e.pkg, shortName(e.function), percent(share(e.cpu, total)), shortName(callee))
	if a != nil {
		msg += " and allocates " + allocShares(a, as)
	}
	return h.finding(e.site, CategoryEncoding, msg+"; "+hint, role)
}

// encodingHint is the advice for hot reflection-based encoding by callee,
// a function of package pkg.
func encodingHint(pkg, callee string) string {
	name := callee[strings.LastIndexByte(callee, '.')+1:]
	switch {
	case pkg == "fmt" && strings.HasPrefix(name, "Sscan"), pkg == "fmt" && strings.HasPrefix(name, "Fscan"):
		return "parse with strconv or a hand-written scanner instead of reflection"
	case pkg == "fmt":
		return "format with strconv.Append* into a reused buffer"
	case strings.Contains(name, "Unmarshal"), strings.HasPrefix(name, "Decode"), strings.Contains(callee, "decodeState"):
		return "decode only the fields you need, or use a decoder generated for the type instead of reflection"
	}
	return "encode once outside the hot path and reuse the bytes, or use an encoder without reflection"
}

// packagePath returns the import path of a function named as pprof does:
// "example.com/m/pkg.(*T).M" → "example.com/m/pkg".
func packagePath(name string) string {
	name = stripTypeArgs(name)
	slash := strings.LastIndexByte(name, '/')
	if dot := strings.IndexByte(name[slash+1:], '.'); dot >= 0 {
		return name[:slash+1+dot]
	}
	return name
}

// topLevel returns the top-level function or method that a function
// named as pprof does belongs to, dropping closure suffixes ("func1",
// "gowrap2", "deferwrap1", and the numbers of nested closures):
// "example.com/m/pkg.(*T).M.func1.2" → "example.com/m/pkg.(*T).M". This is
// how findings name their enclosing function.
func topLevel(name string) string {
	name = stripTypeArgs(name)
	start := len(packagePath(name)) + 1
	if start >= len(name) {
		return name
	}
	for i := start; i < len(name); i++ {
		if name[i] == '.' && i > start && isClosurePart(name[i+1:]) {
			return name[:i]
		}
	}
	return name
}

// isClosurePart reports whether the name element starting s (up to the
// next dot) is one the compiler gives closures.
func isClosurePart(s string) bool {
	s, _, _ = strings.Cut(s, ".")
	for _, p := range []string{"func", "gowrap", "deferwrap", ""} {
		if rest, ok := strings.CutPrefix(s, p); ok && rest != "" && strings.Trim(rest, "0123456789") == "" {
			return true
		}
	}
	return false
}

// shortName drops the directories of a function's import path:
// "example.com/m/pkg.(*T).M" → "pkg.(*T).M".
func shortName(name string) string {
	name = stripTypeArgs(name)
	return name[strings.LastIndexByte(name, '/')+1:]
}

// percent formats a share as a percentage: whole percents from 10 % up,
// one decimal below.
func percent(share float64) string {
	p := 100 * share
	if p >= 10 || p == 0 {
		return fmt.Sprintf("%.0f %%", p)
	}
	return fmt.Sprintf("%.1f %%", p)
}

// formatBytes formats a byte count with a decimal (SI) unit: "1.2 GB".
func formatBytes(n int64) string {
	const units = "kMGTPE"
	if n < 1000 {
		return fmt.Sprintf("%d B", n)
	}
	v := float64(n)
	i := -1
	for v >= 999.95 && i < len(units)-1 {
		v /= 1000
		i++
	}
	if v >= 100 {
		return fmt.Sprintf("%.0f %cB", v, units[i])
	}
	return fmt.Sprintf("%.1f %cB", v, units[i])
}
