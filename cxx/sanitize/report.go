package sanitize

import (
	"regexp"
	"strconv"
	"strings"
)

// A Report is one report of a sanitizer runtime, as Parse reads it from a
// log file or from a program's stderr.
type Report struct {
	// Tool is the analyzer that made it: "asan" (AddressSanitizer
	// errors), "lsan" (LeakSanitizer, one Report per leak entry), "ubsan"
	// (UndefinedBehaviorSanitizer runtime errors) or "tsan"
	// (ThreadSanitizer warnings).
	Tool string
	// Kind is the sanitizer's name of the error: "heap-use-after-free",
	// "double-free", "SEGV", "direct leak", "indirect leak", "data race",
	// or for UBSan a short name derived from the message
	// ("signed-integer-overflow", …, "undefined-behavior" if unknown).
	Kind string
	// Detail is the first line of the report after the kind: for ASan
	// the access ("READ of size 1 at 0x… thread T0"), for UBSan the whole
	// runtime error message, for TSan the title of the first stack.
	Detail string
	// Bytes and Objects are a leak's size and number of allocations, 0
	// for other reports.
	Bytes, Objects int64
	// Pos is UBSan's own position of the error ("file:line:col: runtime
	// error"); zero for the other tools.
	Pos Frame
	// Stacks are the report's stacks in the order printed: the access or
	// error stack first, then e.g. "freed by thread T0 here", "previously
	// allocated by thread T0 here" (ASan), the previous access and the
	// threads' creation (TSan). A leak has one, its allocation stack.
	Stacks []Stack
}

// A Stack is one stack trace of a report, innermost frame first.
type Stack struct {
	// Title is the line that introduced it, without the final colon,
	// e.g. "freed by thread T0 here"; "" for a stack that follows the
	// report's header directly.
	Title  string  `json:"title"`
	Frames []Frame `json:"frames"`
}

// A Frame is one frame of a stack, as the sanitizer symbolized it.
type Frame struct {
	// Function is the demangled function, with parameters when the
	// symbolizer gave them; "" when unknown.
	Function string `json:"function,omitempty"`
	// File is the source file as recorded in the debug information
	// (absolute for code CMake compiled, relative for the sanitizer
	// runtime's own sources); "" when unknown.
	File string `json:"file,omitempty"`
	// Line and Column are 1-based; 0 when unknown.
	Line   int `json:"line,omitempty"`
	Column int `json:"column,omitempty"`
	// Module is the binary or shared library and offset the sanitizer
	// printed in parentheses, e.g. "/usr/lib/libc.so.6+0x271ca"; "" when
	// it printed a source position instead.
	Module string `json:"module,omitempty"`
}

// Header lines. A sanitizer prefixes its ASan and LSan headers with
// "==pid==".
var (
	asanHeader  = regexp.MustCompile(`^==\d+==ERROR: AddressSanitizer: (.*)$`)
	lsanHeader  = regexp.MustCompile(`^==\d+==ERROR: LeakSanitizer: `)
	leakEntry   = regexp.MustCompile(`^(Direct|Indirect) leak of (\d+) byte\(s\) in (\d+) object\(s\) allocated from:\s*$`)
	tsanHeader  = regexp.MustCompile(`^WARNING: ThreadSanitizer: (.*?)(?: \(pid=\d+\))?\s*$`)
	ubsanHeader = regexp.MustCompile(`^(.*?): runtime error: (.*)$`)
	frameLine   = regexp.MustCompile(`^\s*#(\d+) (.*)$`)
	pcPrefix    = regexp.MustCompile(`^0x[0-9a-fA-F]+ (?:in )?`)
	moduleTail  = regexp.MustCompile(` ?\(([^()]*\+0x[0-9a-fA-F]+)\)$`)
	posSuffix   = regexp.MustCompile(`^(.*?):(\d+)(?::(\d+))?$`)
	accessLine  = regexp.MustCompile(`^(READ|WRITE) of size \d+`)
)

// Parse reads the sanitizer reports in text: the contents of a log file
// written through a sanitizer's log_path, or a program's stderr where the
// reports are mixed with other lines, which it skips. It never fails: text
// that is not a report is ignored, and a report cut short (a truncated
// log) is returned with the stacks read so far.
func Parse(text string) []Report {
	p := parser{}
	for _, line := range strings.Split(text, "\n") {
		p.line(strings.TrimRight(line, "\r"))
	}
	p.end()
	return p.out
}

type parser struct {
	out []Report
	cur *Report // the report being read, nil between reports
	// inLeaks is set between LeakSanitizer's header and its summary: leak
	// entries start reports only there.
	inLeaks bool
	// stackOpen is set while frames extend the last stack of cur.
	stackOpen bool
}

// end closes the current report.
func (p *parser) end() {
	if p.cur != nil {
		p.out = append(p.out, *p.cur)
		p.cur = nil
	}
	p.stackOpen = false
}

func (p *parser) start(r Report) {
	p.end()
	p.cur = &r
}

func (p *parser) line(line string) {
	if m := asanHeader.FindStringSubmatch(line); m != nil {
		p.inLeaks = false
		p.start(Report{Tool: "asan", Kind: asanKind(m[1]), Detail: strings.TrimSpace(m[1])})
		return
	}
	if lsanHeader.MatchString(line) {
		p.end()
		p.inLeaks = true
		return
	}
	if m := tsanHeader.FindStringSubmatch(line); m != nil {
		p.inLeaks = false
		p.start(Report{Tool: "tsan", Kind: strings.TrimSpace(m[1])})
		return
	}
	if p.inLeaks {
		if m := leakEntry.FindStringSubmatch(line); m != nil {
			bytes, _ := strconv.ParseInt(m[2], 10, 64)
			objects, _ := strconv.ParseInt(m[3], 10, 64)
			p.start(Report{Tool: "lsan", Kind: strings.ToLower(m[1]) + " leak", Bytes: bytes, Objects: objects})
			p.cur.Stacks = []Stack{{Title: "allocated from"}}
			p.stackOpen = true
			return
		}
	}
	if m := ubsanHeader.FindStringSubmatch(line); m != nil && !strings.HasPrefix(line, " ") {
		p.inLeaks = false
		r := Report{Tool: "ubsan", Kind: ubsanKind(m[2]), Detail: strings.TrimSpace(m[2])}
		if f, ok := parsePos(m[1]); ok {
			r.Pos = f
		}
		p.start(r)
		return
	}
	if strings.HasPrefix(line, "SUMMARY: ") {
		if strings.HasPrefix(line, "SUMMARY: AddressSanitizer: ") && strings.Contains(line, " leaked in ") {
			p.inLeaks = false
		}
		p.end()
		return
	}
	if p.cur == nil {
		return
	}
	if m := frameLine.FindStringSubmatch(line); m != nil {
		if !p.stackOpen {
			title := ""
			if len(p.cur.Stacks) == 0 && p.cur.Tool == "asan" {
				title = p.cur.Detail // the access, or the header's text
			}
			p.cur.Stacks = append(p.cur.Stacks, Stack{Title: title})
			p.stackOpen = true
		}
		s := &p.cur.Stacks[len(p.cur.Stacks)-1]
		s.Frames = append(s.Frames, parseFrame(m[2]))
		return
	}
	trimmed := strings.TrimSpace(line)
	switch {
	case trimmed == "":
		p.stackOpen = false
		if p.cur.Tool == "ubsan" && len(p.cur.Stacks) > 0 {
			p.end() // UBSan's report is its header, notes and one stack
		}
	case strings.HasPrefix(trimmed, "=================="):
		p.end() // TSan's report ends with a rule
	case p.cur.Tool == "asan" && accessLine.MatchString(trimmed):
		p.cur.Detail = trimmed
		p.stackOpen = false
	case (p.cur.Tool == "asan" || p.cur.Tool == "tsan") && strings.HasSuffix(trimmed, ":"):
		title := strings.TrimSuffix(trimmed, ":")
		p.cur.Stacks = append(p.cur.Stacks, Stack{Title: title})
		p.stackOpen = true
		if p.cur.Tool == "tsan" && p.cur.Detail == "" {
			p.cur.Detail = title
		}
	default:
		p.stackOpen = false
	}
}

// parseFrame reads a frame after its "#N ": ASan's "0x… in function
// /path/file.cc:12:3" or "0x… in function (module+0x…)", TSan's "function
// /path/file.cc:12 (module+0x…)" with "<null>" for what is unknown.
func parseFrame(s string) Frame {
	var f Frame
	s = pcPrefix.ReplaceAllString(strings.TrimSpace(s), "")
	if m := moduleTail.FindStringSubmatchIndex(s); m != nil {
		f.Module = s[m[2]:m[3]]
		s = strings.TrimSpace(s[:m[0]])
	}
	fn, loc := s, ""
	if i := strings.LastIndexByte(s, ' '); i >= 0 {
		fn, loc = s[:i], s[i+1:]
	} else if _, ok := parsePos(s); ok || s == "<null>" {
		fn, loc = "", s
	}
	if loc != "" && loc != "<null>" {
		// A path may hold spaces: an absolute one starts at the last " /"
		// of the part before, a C++ name has none.
		if j := strings.LastIndex(fn, " /"); j >= 0 {
			if p, ok := parsePos(fn[j+1:] + " " + loc); ok {
				f.File, f.Line, f.Column = p.File, p.Line, p.Column
				fn = fn[:j]
				loc = ""
			}
		}
		if loc != "" {
			if p, ok := parsePos(loc); ok {
				f.File, f.Line, f.Column = p.File, p.Line, p.Column
			} else {
				fn = s // not a position: all of it names the function
			}
		}
	}
	if fn != "<null>" {
		f.Function = strings.TrimSpace(fn)
	}
	return f
}

// parsePos reads "file:line" or "file:line:col" with a 1-based line and
// column; a line or column of 0 or too large to hold counts as unknown (0),
// a file without a line is no position.
func parsePos(s string) (Frame, bool) {
	m := posSuffix.FindStringSubmatch(s)
	if m == nil || m[1] == "" || m[1] == "<null>" || m[1] == "<unknown>" {
		return Frame{}, false
	}
	f := Frame{File: m[1]}
	if n, err := strconv.Atoi(m[2]); err == nil && n > 0 {
		f.Line = n
	}
	if m[3] != "" && f.Line > 0 {
		if n, err := strconv.Atoi(m[3]); err == nil && n > 0 {
			f.Column = n
		}
	}
	return f, true
}

// asanKind returns the error's name from the text after
// "AddressSanitizer: ", e.g. "heap-use-after-free" from
// "heap-use-after-free on address 0x… at pc …" and "double-free" from
// "attempting double-free on 0x… in thread T0:".
func asanKind(s string) string {
	s = strings.TrimPrefix(strings.TrimSpace(s), "attempting ")
	if i := strings.Index(s, " on "); i > 0 {
		s = s[:i]
	} else if i := strings.IndexAny(s, " :("); i > 0 {
		s = s[:i]
	}
	if s == "" {
		return "error"
	}
	return s
}

// ubsanKinds maps the start of UBSan's runtime error messages to the names
// of the -fsanitize= options that check them (GCC's Instrumentation
// Options); the first match wins.
var ubsanKinds = []struct{ prefix, kind string }{
	{"signed integer overflow", "signed-integer-overflow"},
	{"negation of", "signed-integer-overflow"},
	{"division by zero", "integer-divide-by-zero"},
	{"division of", "signed-integer-overflow"},
	{"shift exponent", "shift"},
	{"left shift of", "shift"},
	{"load of misaligned address", "alignment"},
	{"store to misaligned address", "alignment"},
	{"member access within misaligned address", "alignment"},
	{"member call on misaligned address", "alignment"},
	{"reference binding to misaligned address", "alignment"},
	{"load of null pointer", "null"},
	{"store to null pointer", "null"},
	{"member access within null pointer", "null"},
	{"member call on null pointer", "null"},
	{"reference binding to null pointer", "null"},
	{"null pointer passed as argument", "nonnull-attribute"},
	{"null pointer returned from function", "returns-nonnull-attribute"},
	{"index ", "bounds"},
	{"load of value", "bool-or-enum"},
	{"execution reached the end of a value-returning function", "return"},
	{"execution reached an unreachable program point", "unreachable"},
	{"variable length array bound", "vla-bound"},
	{"pointer index expression", "pointer-overflow"},
	{"applying ", "pointer-overflow"},
	{"addition of unsigned offset", "pointer-overflow"},
	{"subtraction of unsigned offset", "pointer-overflow"},
	{"call to function", "function"},
	{"member call on address", "vptr"},
	{"member access within address", "vptr"},
	{"downcast of address", "vptr"},
	{"downcast of misaligned address", "alignment"},
	{"downcast of null pointer", "null"},
	{"value ", "float-cast-overflow"},
	{"assumption of", "alignment"},
}

// ubsanKind returns the check that reports msg, "undefined-behavior" if
// none is known.
func ubsanKind(msg string) string {
	for _, k := range ubsanKinds {
		if strings.HasPrefix(msg, k.prefix) {
			return k.kind
		}
	}
	return "undefined-behavior"
}
