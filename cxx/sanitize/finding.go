package sanitize

import (
	"cmp"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/perfproof/perfproof/finding"
)

// A Finding is a sanitizer report, or several identical ones, as a
// perfproof finding: finding.Finding with Analyzer the tool ("asan",
// "lsan", "ubsan", "tsan"), Category the kind ("heap-use-after-free",
// "direct leak", …), the position Locate chose and Function its frame's
// function, plus the report's stacks, how many reports it stands for and
// in which runs they were made.
type Finding struct {
	finding.Finding
	// Bytes and Objects are a leak's total over the merged reports; 0
	// for other kinds.
	Bytes   int64 `json:"bytes,omitempty"`
	Objects int64 `json:"objects,omitempty"`
	// Count is the number of reports merged into this finding (1 or
	// more): reports of the same tool and kind with the same frames
	// (function, file, line) in every stack up to the project's code, from
	// any run (see reportKey).
	Count int `json:"count"`
	// Runs names the runs that made them, in the order run, each once:
	// "test <ctest name>" or "benchmark <executable>", followed by the
	// build (" (asan)", " (tsan)").
	Runs []string `json:"runs"`
	// Stacks are the full stacks of the first of the merged reports,
	// innermost frame first; StackIndex and FrameIndex locate the frame
	// of the position (StackIndex -1 for UBSan's own position, or when no
	// frame has one).
	Stacks     []Stack `json:"stacks"`
	StackIndex int     `json:"stack_index"`
	FrameIndex int     `json:"frame_index"`

	baseNote string      // Note before the constructors were added
	ctors    []ctorLines // the constructors a leak was allocated in
}

// Collector merges reports into findings.
type Collector struct {
	own   func(string) bool
	byKey map[string]*Finding
	order []*Finding
}

// NewCollector returns a Collector that attributes reports with own (see
// Locate).
func NewCollector(own func(string) bool) *Collector {
	return &Collector{own: own, byKey: map[string]*Finding{}}
}

// Add adds the reports of one run, named run (see Finding.Runs).
func (c *Collector) Add(run string, reports []Report) {
	for _, r := range reports {
		p := Locate(r, c.own)
		key := reportKey(r, p, c.own)
		f := c.byKey[key]
		if f == nil {
			f = newFinding(r, p, c.own)
			c.byKey[key] = f
			c.order = append(c.order, f)
		}
		f.Count++
		f.Bytes += r.Bytes
		f.Objects += r.Objects
		if !slices.Contains(f.Runs, run) {
			f.Runs = append(f.Runs, run)
		}
		if r.Tool == "lsan" {
			f.Message = leakMessage(r.Kind, f.Bytes, f.Objects)
			if c := p.Constructed; c != nil {
				f.addConstructor(*c)
			}
		}
	}
}

// Findings returns the findings so far, in finding.Sort's order (file,
// line, column, analyzer, message); findings equal in all of these keep
// the order of their first report.
func (c *Collector) Findings() []Finding {
	out := make([]Finding, 0, len(c.order))
	for _, f := range c.order {
		out = append(out, *f)
	}
	slices.SortStableFunc(out, func(a, b Finding) int {
		return cmp.Or(
			cmp.Compare(a.File, b.File),
			cmp.Compare(a.Line, b.Line),
			cmp.Compare(a.Column, b.Column),
			cmp.Compare(a.Analyzer, b.Analyzer),
			cmp.Compare(a.Message, b.Message),
		)
	})
	return out
}

// reportKey identifies the reports merged into one finding: same tool and
// kind (and for ASan the kind of access, for UBSan the message and
// position), and the same frames (function, file, line) in each stack
// from the innermost one to the first in the project's sources — to the
// attributed frame in its stack. The callers beyond are left out, so that
// one bug reached from several tests and benchmarks is one finding; so
// are addresses and thread numbers. Leaks attributed to a project frame
// are merged by that frame alone, sizes summed: the leaked buffers of the
// members of objects made at one line are one leak.
func reportKey(r Report, p Position, own func(string) bool) string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s\x00%s\x00", r.Tool, r.Kind)
	if r.Tool == "lsan" && p.Own {
		// A leak is the object made at its line: every member's buffer
		// and every caller's report of it is one finding.
		fmt.Fprintf(&b, "%s\x00%s:%d", p.Function, p.File, p.Line)
		return b.String()
	}
	switch r.Tool {
	case "ubsan":
		fmt.Fprintf(&b, "%s\x00%s:%d:%d\x00", r.Detail, r.Pos.File, r.Pos.Line, r.Pos.Column)
	case "asan":
		if m := accessLine.FindString(r.Detail); m != "" {
			b.WriteString(m)
		}
	}
	for si, s := range r.Stacks {
		b.WriteString("\x01")
		end := nextOwn(s.Frames, 0, own)
		if si == p.Stack {
			end = p.Index
		}
		if end < 0 {
			end = len(s.Frames) - 1
		}
		for _, f := range s.Frames[:end+1] {
			fmt.Fprintf(&b, "%s\x00%s\x00%d\x02", f.Function, f.File, f.Line)
		}
	}
	return b.String()
}

func newFinding(r Report, p Position, own func(string) bool) *Finding {
	f := &Finding{
		Finding: finding.Finding{
			Analyzer: r.Tool,
			Category: r.Kind,
			File:     p.File,
			Line:     p.Line,
			Column:   p.Column,
			Function: p.Function,
		},
		Stacks:     r.Stacks,
		StackIndex: p.Stack,
		FrameIndex: p.Index,
	}
	if f.Stacks == nil {
		f.Stacks = []Stack{}
	}
	if p.Stack < 0 {
		f.FrameIndex = -1
	}
	switch {
	case p.Own:
	case p.File != "":
		f.Note = "no frame of the report is in the project's sources: attributed to the first frame with a source position"
	default:
		f.Note = "no frame of the report has a source position: build with -g, and check that the sanitizer's symbolizer runs"
	}
	switch r.Tool {
	case "lsan":
		// set by Add, which sums the sizes
	case "ubsan":
		f.Message = r.Detail
	case "asan":
		f.Message = asanMessage(r, own)
	case "tsan":
		f.Message = tsanMessage(r, p, own)
	default:
		f.Message = r.Kind
	}
	f.baseNote = f.Note
	return f
}

// addConstructor adds c to the constructors a leak finding's memory was
// allocated in and rewrites its note: "allocated in constructor
// Message::Message (message.cc:7, 8, 12), called here".
func (f *Finding) addConstructor(c Frame) {
	name := ShortFunction(c.Function)
	if name == "" {
		name = "?"
	}
	i := slices.IndexFunc(f.ctors, func(x ctorLines) bool { return x.name == name && x.file == c.File })
	if i < 0 {
		f.ctors = append(f.ctors, ctorLines{name: name, file: c.File})
		i = len(f.ctors) - 1
	}
	if !slices.Contains(f.ctors[i].lines, c.Line) {
		f.ctors[i].lines = append(f.ctors[i].lines, c.Line)
		slices.Sort(f.ctors[i].lines)
	}
	var parts []string
	for _, x := range f.ctors {
		lines := make([]string, len(x.lines))
		for j, l := range x.lines {
			lines[j] = fmt.Sprint(l)
		}
		parts = append(parts, fmt.Sprintf("%s (%s:%s)", x.name, filepath.Base(x.file), strings.Join(lines, ", ")))
	}
	f.Note = joinNote(f.baseNote, "allocated in constructor "+strings.Join(parts, "; ")+", called here")
}

// ctorLines are the lines of one constructor that allocated a leak.
type ctorLines struct {
	name, file string
	lines      []int
}

func joinNote(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// leakMessage is "direct leak of 66 bytes in 2 objects allocated here".
func leakMessage(kind string, bytes, objects int64) string {
	return fmt.Sprintf("%s of %d %s in %d %s allocated here", kind, bytes, plural(bytes, "byte"), objects, plural(objects, "object"))
}

func plural(n int64, word string) string {
	if n == 1 {
		return word
	}
	return word + "s"
}

// asanMessage is the kind and the access, with where the memory was freed
// and allocated when the report says so: "heap-use-after-free: READ of
// size 1; freed at pool.cpp:30 (Stale), allocated at pool.cpp:28 (Stale)".
func asanMessage(r Report, own func(string) bool) string {
	msg := r.Kind
	if m := accessLine.FindString(r.Detail); m != "" {
		msg += ": " + m
	}
	var where []string
	for _, s := range r.Stacks[min(1, len(r.Stacks)):] {
		verb := ""
		switch {
		case strings.HasPrefix(s.Title, "freed by"):
			verb = "freed"
		case strings.HasPrefix(s.Title, "previously allocated by"), strings.HasPrefix(s.Title, "allocated by"):
			verb = "allocated"
		default:
			continue
		}
		if i := nextOwn(s.Frames, 0, own); i >= 0 {
			f := s.Frames[i]
			where = append(where, fmt.Sprintf("%s at %s:%d (%s)", verb, filepath.Base(f.File), f.Line, ShortFunction(f.Function)))
		}
	}
	if len(where) > 0 {
		msg += "; " + strings.Join(where, ", ")
	}
	return msg
}

// tsanMessage is the kind, the access of the position's stack and the
// other access with its position: "data race: Read of size 4 by thread T2,
// against Previous write of size 4 by thread T1 at pool_test.cpp:32".
func tsanMessage(r Report, p Position, own func(string) bool) string {
	msg := r.Kind
	if p.Stack >= 0 && p.Stack < len(r.Stacks) && r.Stacks[p.Stack].Title != "" {
		msg += ": " + dropAddress(r.Stacks[p.Stack].Title)
	}
	for si, s := range r.Stacks {
		if si == p.Stack || !strings.HasPrefix(strings.ToLower(s.Title), "previous ") {
			continue
		}
		other := dropAddress(s.Title)
		msg += ", against " + strings.ToLower(other[:1]) + other[1:]
		if i := nextOwn(s.Frames, 0, own); i >= 0 {
			msg += fmt.Sprintf(" at %s:%d", filepath.Base(s.Frames[i].File), s.Frames[i].Line)
		}
		break
	}
	return msg
}

// dropAddress removes " at 0x…" from a TSan stack title.
func dropAddress(title string) string {
	if i := strings.Index(title, " at 0x"); i >= 0 {
		rest := title[i+len(" at 0x"):]
		j := strings.IndexByte(rest, ' ')
		if j < 0 {
			return title[:i]
		}
		return title[:i] + rest[j:]
	}
	return title
}
