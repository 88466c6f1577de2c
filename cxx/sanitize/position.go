package sanitize

import (
	"path/filepath"
	"strings"
)

// Sources tells the project's own source files from the rest: system and
// third-party headers, the C++ standard library, the sanitizer runtime
// and files generated in the build folders.
type Sources struct {
	roots   []string // the source tree, as given and with symlinks resolved
	exclude []string // build folders, which may lie inside the source tree
}

// NewSources returns the Sources of the project in srcDir built in
// buildDirs. Both are made absolute; symlinks are resolved in addition to
// the paths as given, since CMake records either in the debug information.
func NewSources(srcDir string, buildDirs ...string) Sources {
	var s Sources
	s.roots = variants(srcDir)
	for _, b := range buildDirs {
		s.exclude = append(s.exclude, variants(b)...)
	}
	return s
}

func variants(dir string) []string {
	abs, err := filepath.Abs(dir)
	if err != nil {
		abs = filepath.Clean(dir)
	}
	out := []string{abs}
	if real, err := filepath.EvalSymlinks(abs); err == nil && real != abs {
		out = append(out, real)
	}
	return out
}

// Own reports whether file, as recorded in a stack frame, is one of the
// project's sources: an absolute path inside the source tree and outside
// the build folders. Relative paths (the sanitizer runtime's and libc's)
// are never the project's.
func (s Sources) Own(file string) bool {
	if !filepath.IsAbs(file) {
		return false
	}
	file = filepath.Clean(file)
	for _, b := range s.exclude {
		if within(file, b) {
			return false
		}
	}
	for _, r := range s.roots {
		if within(file, r) {
			return true
		}
	}
	return false
}

func within(file, dir string) bool {
	return strings.HasPrefix(file, dir+string(filepath.Separator))
}

// A Position is where a report is attributed: a frame of one of its
// stacks, or UBSan's own position.
type Position struct {
	Frame
	// Stack and Index locate the frame in Report.Stacks; Stack is -1 for
	// UBSan's header position.
	Stack, Index int
	// Own is false when no frame is in the project's sources: then Frame
	// is the first frame that has a file and line outside the sanitizer
	// runtime, or zero if none has.
	Own bool
	// Constructed, for a leak attributed past constructors, is the
	// innermost project frame, in the constructor that allocated.
	Constructed *Frame
}

// Locate returns the position in the project's own sources that a person
// must change to fix r, by these rules:
//
//   - UBSan: the position of its "file:line:col: runtime error" line when
//     it is a project file; else the first project frame of its stack.
//   - AddressSanitizer and ThreadSanitizer: the first (innermost) project
//     frame of the first stack, the faulting access or the racing access;
//     else of the next stacks in order (free, allocation, previous access).
//   - LeakSanitizer: the first project frame of the allocation stack, and
//     then, as long as that frame is in a constructor, the next project
//     frame outward. Memory a constructor allocates — directly, or inside
//     std::string's or std::function's code it calls for a member — leaks
//     because the object it built was never destroyed, so the line to
//     change is the one that made the object: the `new` expression, e.g. a
//     pool's `new (slot) Message(...)` placed over a slot whose old Message
//     was not destroyed first. A constructor called from another
//     constructor (a member or base) is stepped over the same way. The
//     constructor's own frame is kept in Constructed.
//
// A frame counts only with a line; a function name is a constructor when
// its last two qualified components agree, template arguments aside
// ("ns::Message::Message(int)", "Box<int>::Box()", a closure's
// "f()::{lambda()#1}::{lambda()#1}(…)"), or it is GCC's "<lambda>".
func Locate(r Report, own func(file string) bool) Position {
	if r.Tool == "ubsan" && r.Pos.Line > 0 {
		pos := r.Pos
		if !filepath.IsAbs(pos.File) {
			// UBSan prints the path as given to the compiler; a frame of
			// its stack at the same line has the absolute one.
			for _, s := range r.Stacks {
				for _, f := range s.Frames {
					if f.Line == pos.Line && filepath.IsAbs(f.File) && filepath.Base(f.File) == filepath.Base(pos.File) {
						pos.File, pos.Function = f.File, f.Function
					}
				}
			}
		}
		if own(pos.File) {
			if pos.Function == "" && len(r.Stacks) > 0 && len(r.Stacks[0].Frames) > 0 && r.Stacks[0].Frames[0].Line == pos.Line {
				pos.Function = r.Stacks[0].Frames[0].Function
			}
			return Position{Frame: pos, Stack: -1, Own: true}
		}
	}
	for si, s := range r.Stacks {
		i := nextOwn(s.Frames, 0, own)
		if i < 0 {
			continue
		}
		p := Position{Frame: s.Frames[i], Stack: si, Index: i, Own: true}
		if r.Tool == "lsan" {
			for isConstructor(s.Frames[i].Function) {
				j := nextOwn(s.Frames, i+1, own)
				if j < 0 {
					break
				}
				if p.Constructed == nil {
					c := s.Frames[i]
					p.Constructed = &c
				}
				i = j
			}
			p.Frame, p.Index = s.Frames[i], i
		}
		return p
	}
	// No project frame: the first frame with a position outside the
	// runtime, so that the finding still points somewhere.
	if r.Pos.Line > 0 {
		return Position{Frame: r.Pos, Stack: -1}
	}
	for si, s := range r.Stacks {
		for i, f := range s.Frames {
			if f.Line > 0 && filepath.IsAbs(f.File) {
				return Position{Frame: f, Stack: si, Index: i}
			}
		}
	}
	return Position{Stack: -1}
}

// nextOwn returns the index of the first frame at or after from that is
// in the project's sources and has a line, -1 if none is.
func nextOwn(frames []Frame, from int, own func(string) bool) int {
	for i := from; i < len(frames); i++ {
		if frames[i].Line > 0 && own(frames[i].File) {
			return i
		}
	}
	return -1
}

// isConstructor reports whether the demangled function name fn names a
// constructor: "A::B::B(args)", "B<T>::B(args)".
func isConstructor(fn string) bool {
	// GCC's debug information names the constructors of a lambda's
	// closure type "<lambda>", as the symbolizer prints an inlined one.
	if fn == "<lambda>" || strings.HasPrefix(fn, "<lambda>(") || strings.HasSuffix(fn, "::<lambda>") {
		return true
	}
	parts := qualifiedParts(shortName(fn))
	if len(parts) < 2 {
		return false
	}
	last, class := stripTemplate(parts[len(parts)-1]), stripTemplate(parts[len(parts)-2])
	return last != "" && last == class
}

// shortName returns fn without its parameter list and qualifiers: the
// text before the first "(" outside template arguments that does not
// open "(anonymous namespace)".
func shortName(fn string) string {
	depth := 0
	for i := 0; i < len(fn); i++ {
		if j := operatorEnd(fn, i); j > i {
			i = j - 1
			continue
		}
		switch fn[i] {
		case '<', '{':
			depth++
		case '>', '}':
			if depth > 0 {
				depth--
			}
		case '(':
			if depth == 0 && !strings.HasPrefix(fn[i:], "(anonymous namespace)") {
				return fn[:i]
			}
		}
	}
	return fn
}

// operatorEnd returns the index after the operator name that starts at
// s[i] ("operator<<", "operator()", "operator new"), or i if none does,
// so that its brackets are not taken for template arguments or a
// parameter list.
func operatorEnd(s string, i int) int {
	const op = "operator"
	if !strings.HasPrefix(s[i:], op) || (i > 0 && s[i-1] != ':' && s[i-1] != ' ') {
		return i
	}
	j := i + len(op)
	if strings.HasPrefix(s[j:], "()") || strings.HasPrefix(s[j:], "[]") {
		return j + 2
	}
	k := j
	for k < len(s) && strings.IndexByte("<>=!+-*/%^&|~,", s[k]) >= 0 {
		k++
	}
	return k
}

// qualifiedParts splits name at the "::" outside template arguments and
// parentheses.
func qualifiedParts(name string) []string {
	var parts []string
	depth, start := 0, 0
	for i := 0; i < len(name); i++ {
		if j := operatorEnd(name, i); j > i {
			i = j - 1
			continue
		}
		switch name[i] {
		case '<', '(', '{':
			depth++
		case '>', ')', '}':
			if depth > 0 {
				depth--
			}
		case ':':
			if depth == 0 && i+1 < len(name) && name[i+1] == ':' {
				parts = append(parts, name[start:i])
				start = i + 2
				i++
			}
		}
	}
	return append(parts, name[start:])
}

// stripTemplate returns s without its template arguments: "Box" for
// "Box<int>".
func stripTemplate(s string) string {
	if i := strings.IndexByte(s, '<'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimSpace(s)
}

// ShortFunction returns fn without its parameter list and return type, as
// a message names a function: "Pool::Acquire" for "Pool::Acquire(int,
// std::string const&)", "Pool_Wrap_Test::TestBody" for "void
// Pool_Wrap_Test::TestBody()".
func ShortFunction(fn string) string {
	s := shortName(fn)
	// A return type is separated by a space outside template arguments.
	depth := 0
	cut := 0
	for i := 0; i < len(s); i++ {
		if j := operatorEnd(s, i); j > i {
			i = j - 1
			continue
		}
		switch s[i] {
		case '<', '(', '{':
			depth++
		case '>', ')', '}':
			if depth > 0 {
				depth--
			}
		case ' ':
			if depth == 0 && !strings.HasSuffix(s[:i], "operator") {
				cut = i + 1
			}
		}
	}
	return s[cut:]
}
