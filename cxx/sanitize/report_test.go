package sanitize

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// The reports in testdata/reports were captured with gcc 12.2 (Debian 12)
// and its libsanitizer: the fixture project testdata/pool built in
// /work/main/cxx/sanitize/testdata/pool, and a scratch program kinds.cpp in
// /tmp/tmp.jJt5NfagoB, both with -fsanitize=address,undefined
// -fsanitize-recover=address -fno-omit-frame-pointer -g -O1 (the race with
// -fsanitize=thread), run with the options Run sets.
const (
	fixtureRoot = "/work/main/cxx/sanitize/testdata/pool"
	kindsRoot   = "/tmp/tmp.jJt5NfagoB"
	// lsan_msgpool_members.txt is examples/msgpool's test
	// PoolTest.ReuseLeaksWithoutDestroy, built as the fixture.
	msgpoolRoot = "/work/main/examples/msgpool"
)

func readReport(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "reports", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// located is a report as the tests compare it: tool, kind, the base name
// and line Locate chose, and whether that is a project frame.
func located(r Report, root string) string {
	p := Locate(r, NewSources(root).Own)
	return fmt.Sprintf("%s %s %s:%d own=%v", r.Tool, r.Kind, filepath.Base(p.File), p.Line, p.Own)
}

func TestParseReports(t *testing.T) {
	for _, tc := range []struct {
		file, root string
		want       []string // located(report) for each report, in order
		stacks     []int    // number of stacks of each report
	}{
		{"lsan_placement_new.txt", fixtureRoot,
			// Both leaked strings were allocated in Message::Message
			// (pool.cpp:6, the member initializers), called from the
			// placement new in Pool::Acquire at pool.cpp:24.
			[]string{"lsan direct leak pool.cpp:24 own=true", "lsan direct leak pool.cpp:24 own=true"}, []int{1, 1}},
		{"lsan_msgpool_members.txt", msgpoolRoot,
			// Each member of the Messages overwritten by LeakyPool's
			// placement new (slot_pool.cc:50) leaks: two strings, a
			// vector, a std::function's state, and, inside that, the
			// lambda's captured string, copied by the closure's
			// constructor ("<lambda>", msgpool_test.cc:70). The last is
			// the test's make_shared (msgpool_test.cc:84), kept alive by
			// the leaked callbacks: no constructor of the project's.
			[]string{
				"lsan direct leak slot_pool.cc:50 own=true", "lsan direct leak slot_pool.cc:50 own=true",
				"lsan direct leak slot_pool.cc:50 own=true", "lsan direct leak slot_pool.cc:50 own=true",
				"lsan indirect leak slot_pool.cc:50 own=true", "lsan indirect leak slot_pool.cc:50 own=true",
				"lsan indirect leak msgpool_test.cc:84 own=true",
			}, []int{1, 1, 1, 1, 1, 1, 1}},
		{"lsan_indirect.txt", kindsRoot,
			[]string{"lsan direct leak kinds.cpp:8 own=true", "lsan indirect leak kinds.cpp:8 own=true", "lsan indirect leak kinds.cpp:8 own=true"}, []int{1, 1, 1}},
		{"asan_use_after_free.txt", fixtureRoot,
			[]string{"asan heap-use-after-free pool.cpp:33 own=true"}, []int{3}},
		{"asan_heap_buffer_overflow.txt", kindsRoot,
			[]string{"asan heap-buffer-overflow kinds.cpp:5 own=true"}, []int{2}},
		{"asan_double_free.txt", kindsRoot,
			// The runtime's own frame (#0 __interceptor_free) is skipped.
			[]string{"asan double-free kinds.cpp:6 own=true"}, []int{3}},
		{"ubsan_overflow_output.txt", fixtureRoot,
			// Mixed with GoogleTest's output on a terminal.
			[]string{"ubsan signed-integer-overflow pool.cpp:39 own=true"}, []int{1}},
		{"asan_segv_ubsan_stderr.txt", kindsRoot,
			// UBSan's position "kinds.cpp:9:28" is relative: resolved
			// through its stack. Then the SEGV that followed.
			[]string{"ubsan alignment kinds.cpp:9 own=true", "asan SEGV kinds.cpp:9 own=true"}, []int{1, 1}},
		{"tsan_data_race.txt", fixtureRoot,
			// The read in the second lambda, not std::thread's frames.
			[]string{"tsan data race pool_test.cpp:33 own=true"}, []int{4}},
	} {
		reports := Parse(readReport(t, tc.file))
		var got []string
		var stacks []int
		for _, r := range reports {
			got = append(got, located(r, tc.root))
			stacks = append(stacks, len(r.Stacks))
		}
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("Parse(%s) located\n%s\nwant\n%s", tc.file, strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
		}
		if fmt.Sprint(stacks) != fmt.Sprint(tc.stacks) {
			t.Errorf("Parse(%s) stacks per report = %v, want %v", tc.file, stacks, tc.stacks)
		}
	}
}

// TestParseDetails checks the fields of one report of each tool.
func TestParseDetails(t *testing.T) {
	leaks := Parse(readReport(t, "lsan_placement_new.txt"))
	if len(leaks) != 2 || leaks[0].Bytes != 36 || leaks[0].Objects != 1 || leaks[1].Bytes != 30 {
		t.Fatalf("leaks = %+v, want 36 and 30 bytes in 1 object each", leaks)
	}
	fr := leaks[0].Stacks[0].Frames
	if len(fr) != 7 {
		t.Fatalf("leak stack has %d frames, want 7", len(fr))
	}
	want := Frame{Function: "operator new(unsigned long)", File: "../../../../src/libsanitizer/asan/asan_new_delete.cpp", Line: 95}
	if fr[0] != want {
		t.Errorf("frame 0 = %+v, want %+v", fr[0], want)
	}
	if fr[4].Function != "Pool::Acquire(int, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&, std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> > const&)" ||
		fr[4].File != fixtureRoot+"/pool.cpp" || fr[4].Line != 24 {
		t.Errorf("frame 4 = %+v, want Pool::Acquire at pool.cpp:24", fr[4])
	}
	if fr[6].Module != "/tmp/tmp.jJt5NfagoB/b/pool_test+0x89c96" || fr[6].File != "" || !strings.HasPrefix(fr[6].Function, "void testing::internal::HandleExceptionsInMethodIfSupported<") {
		t.Errorf("frame 6 = %+v, want a function in module pool_test without a file", fr[6])
	}
	p := Locate(leaks[0], NewSources(fixtureRoot).Own)
	if p.Constructed == nil || p.Constructed.Line != 6 || ShortFunction(p.Constructed.Function) != "Message::Message" {
		t.Errorf("Locate(leak).Constructed = %+v, want Message::Message at pool.cpp:6", p.Constructed)
	}

	uaf := Parse(readReport(t, "asan_use_after_free.txt"))[0]
	if uaf.Detail != "READ of size 1 at 0x604000000610 thread T0" {
		t.Errorf("use-after-free detail = %q", uaf.Detail)
	}
	var titles []string
	for _, s := range uaf.Stacks {
		titles = append(titles, s.Title)
	}
	if got := strings.Join(titles, "|"); got != "READ of size 1 at 0x604000000610 thread T0|freed by thread T0 here|previously allocated by thread T0 here" {
		t.Errorf("use-after-free stack titles = %s", got)
	}

	ub := Parse(readReport(t, "ubsan_overflow_output.txt"))[0]
	if ub.Pos != (Frame{File: fixtureRoot + "/pool.cpp", Line: 39, Column: 16}) || ub.Detail != "signed integer overflow: 2147483647 + 1 cannot be represented in type 'int'" {
		t.Errorf("ubsan = %+v %q", ub.Pos, ub.Detail)
	}
	if n := len(ub.Stacks[0].Frames); n != 13 {
		t.Errorf("ubsan stack has %d frames, want 13", n)
	}

	race := Parse(readReport(t, "tsan_data_race.txt"))[0]
	if race.Detail != "Read of size 4 at 0x55f82b8d3740 by thread T2" {
		t.Errorf("race detail = %q", race.Detail)
	}
	last := race.Stacks[0].Frames[6]
	if last != (Frame{Module: "libstdc++.so.6+0xd44a2"}) {
		t.Errorf("race frame 6 = %+v, want only the module", last)
	}
	if f := race.Stacks[0].Frames[1]; f.Function != "__invoke_impl<void, Pool_Race_Test::TestBody()::<lambda()> >" || f.Line != 61 {
		t.Errorf("race frame 1 = %+v", f)
	}
}

func TestParseFrame(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want Frame
	}{
		{"0x55 in f() /src/a b/x.cc:12:3", Frame{Function: "f()", File: "/src/a b/x.cc", Line: 12, Column: 3}},
		{"0x55 in main (/bin/p+0x10)", Frame{Function: "main", Module: "/bin/p+0x10"}},
		{"0x55 (/lib/libc.so.6+0x271ca)", Frame{Module: "/lib/libc.so.6+0x271ca"}},
		{"f /x.cc:0 (p+0x1)", Frame{Function: "f", File: "/x.cc", Module: "p+0x1"}},
		{"<null> <null> (p+0x1)", Frame{Module: "p+0x1"}},
		{"0x55 in g() /x.cc:99999999999999999999", Frame{Function: "g()", File: "/x.cc"}},
		{"0x55 in h(int, char const*)", Frame{Function: "h(int, char const*)"}},
	} {
		if got := parseFrame(tc.in); got != tc.want {
			t.Errorf("parseFrame(%q) = %+v, want %+v", tc.in, got, tc.want)
		}
	}
}

func TestIsConstructor(t *testing.T) {
	for fn, want := range map[string]bool{
		"Message::Message(int, std::string const&)":                 true,
		"ns::Box<int>::Box(int)":                                    true,
		"(anonymous namespace)::Slot::Slot()":                       true,
		"Pool::Acquire(int)":                                        false,
		"Message::~Message()":                                       false,
		"operator()":                                                false,
		"std::function<void ()>::function<Pool::X()::{lambda()#1}>": true,
		"main": false,
	} {
		if got := isConstructor(fn); got != want {
			t.Errorf("isConstructor(%q) = %v, want %v", fn, got, want)
		}
	}
}

func TestShortFunction(t *testing.T) {
	for fn, want := range map[string]string{
		"Pool::Acquire(int, std::string const&)":                   "Pool::Acquire",
		"void testing::internal::Handle<testing::Test, void>(int)": "testing::internal::Handle<testing::Test, void>",
		"operator new(unsigned long)":                              "operator new",
		"main":                                                     "main",
		"(anonymous namespace)::f(int)":                            "(anonymous namespace)::f",
	} {
		if got := ShortFunction(fn); got != want {
			t.Errorf("ShortFunction(%q) = %q, want %q", fn, got, want)
		}
	}
}

// TestCollector merges the two leaks of one run and the same leak from
// another run into one finding at the placement new.
func TestCollector(t *testing.T) {
	text := readReport(t, "lsan_placement_new.txt")
	c := NewCollector(NewSources(fixtureRoot).Own)
	c.Add("test Pool.Wrap (asan)", Parse(text))
	c.Add("benchmark pool_bench (asan)", Parse(text))
	c.Add("test Pool.Stale (asan)", Parse(readReport(t, "asan_use_after_free.txt")))
	fs := c.Findings()
	if len(fs) != 2 {
		t.Fatalf("Findings() = %d findings, want 2: %+v", len(fs), fs)
	}
	leak := fs[0]
	if leak.Analyzer != "lsan" || leak.Line != 24 || leak.Count != 4 || leak.Bytes != 132 || leak.Objects != 4 {
		t.Errorf("leak finding = %s:%d count %d, %d bytes in %d objects; want lsan at pool.cpp:24, 4 reports, 132 bytes in 4 objects", leak.Analyzer, leak.Line, leak.Count, leak.Bytes, leak.Objects)
	}
	if leak.Message != "direct leak of 132 bytes in 4 objects allocated here" {
		t.Errorf("leak message = %q", leak.Message)
	}
	if strings.Join(leak.Runs, ",") != "test Pool.Wrap (asan),benchmark pool_bench (asan)" {
		t.Errorf("leak runs = %q", leak.Runs)
	}
	if leak.StackIndex != 0 || leak.FrameIndex != 4 || !strings.Contains(leak.Note, "Message::Message (pool.cpp:6)") {
		t.Errorf("leak frame = stack %d frame %d, note %q; want 0, 4, naming the constructor", leak.StackIndex, leak.FrameIndex, leak.Note)
	}
	uaf := fs[1]
	if uaf.Line != 33 || uaf.Message != "heap-use-after-free: READ of size 1; freed at pool.cpp:30 (Stale), allocated at pool.cpp:28 (Stale)" {
		t.Errorf("use-after-free finding = line %d, %q", uaf.Line, uaf.Message)
	}
}

// TestCollectorMembers merges the leaks of every member of the objects
// made at one line into one finding per kind, sizes summed, the
// constructors listed in the note.
func TestCollectorMembers(t *testing.T) {
	c := NewCollector(NewSources(msgpoolRoot).Own)
	c.Add("test PoolTest.ReuseLeaksWithoutDestroy (asan)", Parse(readReport(t, "lsan_msgpool_members.txt")))
	var got []string
	for _, f := range c.Findings() {
		got = append(got, fmt.Sprintf("%s:%d %s count=%d note=%s", filepath.Base(f.File), f.Line, f.Message, f.Count, f.Note))
	}
	want := []string{
		"slot_pool.cc:50 direct leak of 7361 bytes in 184 objects allocated here count=4 note=allocated in constructor msgpool::Message::Message (message.cc:7, 8, 12, 17), called here",
		"slot_pool.cc:50 indirect leak of 3956 bytes in 124 objects allocated here count=2 note=allocated in constructor <lambda> (msgpool_test.cc:70); msgpool::Message::Message (message.cc:19), called here",
		"msgpool_test.cc:84 indirect leak of 24 bytes in 1 object allocated here count=1 note=",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("findings\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// FuzzParse feeds Parse and Locate arbitrary text, seeded with the real
// reports: they must not panic, and every position must be 1-based.
func FuzzParse(f *testing.F) {
	files, err := filepath.Glob(filepath.Join("testdata", "reports", "*.txt"))
	if err != nil || len(files) == 0 {
		f.Fatalf("no seed reports: %v", err)
	}
	for _, file := range files {
		b, err := os.ReadFile(file)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(b))
	}
	f.Add("x.cc:0:0: runtime error: \n    #0 0x1 in  /a:1:1\n")
	own := NewSources(fixtureRoot).Own
	f.Fuzz(func(t *testing.T, text string) {
		c := NewCollector(own)
		reports := Parse(text)
		for _, r := range reports {
			for _, s := range r.Stacks {
				for _, fr := range s.Frames {
					if fr.Line < 0 || fr.Column < 0 || (fr.Column > 0 && fr.Line == 0) || (fr.Line > 0 && fr.File == "") {
						t.Fatalf("frame %+v: a position must be 1-based, with a file", fr)
					}
				}
			}
			if r.Bytes < 0 || r.Objects < 0 {
				t.Fatalf("report %+v: negative size", r)
			}
		}
		c.Add("run", reports)
		for _, fd := range c.Findings() {
			if fd.File != "" && fd.Line < 1 || fd.Line < 0 || fd.Column < 0 {
				t.Fatalf("finding at %s:%d:%d: not 1-based", fd.File, fd.Line, fd.Column)
			}
			if fd.Count < 1 || fd.Analyzer == "" || fd.Category == "" {
				t.Fatalf("finding %+v: no count, analyzer or kind", fd)
			}
		}
	})
}
