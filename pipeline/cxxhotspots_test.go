package pipeline

import (
	"fmt"
	"strings"
	"testing"

	"github.com/google/pprof/profile"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
)

// hsFrame is one frame of a hand-built stack: a function, its file and
// its line.
type hsFrame struct {
	fn, file string
	line     int64
}

// hsStack is a stack, root first (as one reads it), with its CPU in
// nanoseconds; frames joined by inline are one location, innermost last.
type hsStack struct {
	frames []hsFrame
	inline []bool // inline[i]: frame i is inlined into frame i-1
	nanos  int64
}

// hsProfile builds a CPU profile of the stacks, with sample types
// samples/count and cpu/nanoseconds as cpuprof gives.
func hsProfile(t *testing.T, stacks ...hsStack) *profile.Profile {
	t.Helper()
	p := &profile.Profile{
		SampleType: []*profile.ValueType{{Type: "samples", Unit: "count"}, {Type: "cpu", Unit: "nanoseconds"}},
		PeriodType: &profile.ValueType{Type: "cpu", Unit: "nanoseconds"},
		Period:     1e6,
	}
	m := &profile.Mapping{ID: 1, Start: 0x1000, Limit: 0x100000, File: "/build/bench", HasFunctions: true, HasFilenames: true, HasLineNumbers: true}
	p.Mapping = []*profile.Mapping{m}
	funcs := map[string]*profile.Function{}
	for _, st := range stacks {
		// Group root-first frames into locations, then order them leaf
		// first, innermost line first, as pprof does.
		var locs [][]profile.Line
		for i, f := range st.frames {
			fn := funcs[f.fn+"\x00"+f.file]
			if fn == nil {
				fn = &profile.Function{ID: uint64(len(funcs) + 1), Name: f.fn, SystemName: f.fn, Filename: f.file}
				funcs[f.fn+"\x00"+f.file] = fn
				p.Function = append(p.Function, fn)
			}
			ln := profile.Line{Function: fn, Line: f.line}
			if i > 0 && i < len(st.inline) && st.inline[i] {
				last := locs[len(locs)-1]
				locs[len(locs)-1] = append([]profile.Line{ln}, last...)
				continue
			}
			locs = append(locs, []profile.Line{ln})
		}
		var sl []*profile.Location
		for i := len(locs) - 1; i >= 0; i-- {
			loc := &profile.Location{ID: uint64(len(p.Location) + 1), Mapping: m, Address: 0x1000 + uint64(len(p.Location)), Line: locs[i]}
			p.Location = append(p.Location, loc)
			sl = append(sl, loc)
		}
		p.Sample = append(p.Sample, &profile.Sample{Location: sl, Value: []int64{st.nanos / 1e6, st.nanos}})
	}
	if err := p.CheckValid(); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestCxxHotspots(t *testing.T) {
	const src = "/proj"
	root := []hsFrame{{"_start", "", 0}, {"main", "/proj/bench/b.cc", 90}}
	stack := func(nanos int64, frames ...hsFrame) hsStack {
		return hsStack{frames: append(append([]hsFrame{}, root...), frames...), nanos: nanos}
	}
	encode := hsFrame{"app::Encode[abi:cxx11](app::Msg const&)", "/proj/src/enc.cc", 10}
	at := func(line int64) hsFrame { f := encode; f.line = line; return f }
	ostr := hsFrame{"std::__cxx11::basic_ostringstream<char, std::char_traits<char>, std::allocator<char> >::basic_ostringstream()", "/usr/include/c++/12/sstream", 792}
	ins := hsFrame{"std::basic_ostream<char, std::char_traits<char> >& std::__ostream_insert<char, std::char_traits<char> >(std::basic_ostream<char, std::char_traits<char> >&, char const*, long)", "", 0}
	appendFn := hsFrame{"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_append(char const*, unsigned long)", "", 0}
	opNew := hsFrame{"operator new(unsigned long)", "", 0}
	malloc := hsFrame{"malloc", "", 0}
	makeShared := hsFrame{"std::shared_ptr<app::Msg> std::make_shared<app::Msg, app::Fields&>(app::Fields&)", "/usr/include/c++/12/bits/shared_ptr.h", 1010}
	ctor := hsFrame{"app::Msg::Msg(app::Fields const&)", "/proj/src/msg.cc", 7}
	bench := hsFrame{"app::(anonymous namespace)::BM_New(benchmark::State&)", "/proj/bench/b.cc", 49}
	lock := hsFrame{"pthread_mutex_lock", "", 0}
	lockGuard := hsFrame{"std::lock_guard<std::mutex>::lock_guard(std::mutex&)", "/usr/include/c++/12/bits/std_mutex.h", 229}
	pool := hsFrame{"app::Pool::get()", "/proj/src/pool.cc", 30}
	gen := hsFrame{"gen::Format(int)", "/proj/build/gen.cc", 3}
	snprintf := hsFrame{"snprintf", "", 0}
	usr := hsFrame{"lib::Helper()", "/usr/include/lib.h", 5}

	type want struct {
		file     string
		line     int
		category string
		parts    []string // in the message
	}
	tests := []struct {
		name   string
		stacks []hsStack
		known  []finding.Finding
		want   []want
	}{{
		name: "ostringstream line",
		stacks: []hsStack{
			stack(30, at(62), ostr, malloc), // the stream's construction allocates: formatting all the same
			stack(10, at(62), ins),          // inline below: charged too
			stack(60, at(95), appendFn),     // std::allocator in the template arguments is not the heap: no call
		},
		want: []want{{"/proj/src/enc.cc", 62, cost.CategoryEncoding, []string{"iostreams/formatting: 40 % of CPU at this line", "100 % of it in std::ostringstream", "std::to_chars"}}},
	}, {
		name: "make_shared line takes the constructor it runs",
		stacks: []hsStack{
			stack(50, bench, makeShared, ctor, opNew, malloc),
			stack(20, bench, makeShared, opNew),
			stack(30, at(1)),
		},
		want: []want{{"/proj/bench/b.cc", 49, cost.CategoryAlloc, []string{"heap allocation/freeing: 70 % of CPU", "100 % of it in std::make_shared", "pool"}}},
	}, {
		name: "locking",
		stacks: []hsStack{
			{frames: []hsFrame{{"start_thread", "", 0}, pool, lockGuard, lock}, inline: []bool{false, false, true, false}, nanos: 80},
			stack(20, at(1)),
		},
		want: []want{{"/proj/src/pool.cc", 30, CategoryLock, []string{"locking: 80 % of CPU", "in std::lock_guard", "per thread"}}},
	}, {
		name: "not dominated: half or less in costly calls",
		stacks: []hsStack{
			stack(50, at(62), ostr),
			stack(50, at(62)),
		},
	}, {
		name: "below the threshold",
		stacks: []hsStack{
			stack(4, at(62), ostr),
			stack(96, at(70)),
		},
	}, {
		name:   "a line clang-tidy reported keeps its finding alone",
		stacks: []hsStack{stack(100, at(62), ostr)},
		known:  []finding.Finding{{Analyzer: "clang-tidy", File: "/proj/src/enc.cc", Line: 62}},
	}, {
		name: "build directory and system headers are not project lines",
		stacks: []hsStack{
			stack(60, at(20), gen, snprintf), // charged to enc.cc:20, which called into generated code
			stack(40, usr, snprintf),         // charged to main: the innermost project line
		},
		want: []want{
			{"/proj/src/enc.cc", 20, cost.CategoryEncoding, []string{"60 % of CPU", "in snprintf"}},
			{"/proj/bench/b.cc", 90, cost.CategoryEncoding, []string{"40 % of CPU", "in snprintf"}},
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			p := hsProfile(t, tt.stacks...)
			got := CxxHotspots([]*profile.Profile{p}, CxxHotspotOptions{SourceDir: src, BuildDir: "/proj/build", Known: tt.known})
			var gs []string
			for _, f := range got {
				gs = append(gs, fmt.Sprintf("%s:%d %s/%s: %s", f.File, f.Line, f.Analyzer, f.Category, f.Message))
			}
			if len(got) != len(tt.want) {
				t.Fatalf("CxxHotspots = %d findings %q, want %d", len(got), gs, len(tt.want))
			}
			for i, w := range tt.want {
				f := got[i]
				if f.File != w.file || f.Line != w.line || f.Analyzer != cost.AnalyzerName || f.Category != w.category {
					t.Errorf("finding %d = %s, want %s:%d profile/%s", i, gs[i], w.file, w.line, w.category)
				}
				for _, part := range w.parts {
					if !strings.Contains(f.Message, part) {
						t.Errorf("finding %d message %q, want it to contain %q", i, f.Message, part)
					}
				}
				if f.Function == "" {
					t.Errorf("finding %d has no Function", i)
				}
			}
		})
	}
}

func TestCxxShortName(t *testing.T) {
	for _, tt := range []struct{ in, want string }{
		{"msgpool::EncodeSlow[abi:cxx11](msgpool::Message const&)", "msgpool::EncodeSlow"},
		{"std::shared_ptr<M> std::make_shared<M, F&>(F&)", "std::make_shared"},
		{"std::__cxx11::basic_string<char, std::char_traits<char>, std::allocator<char> >::_M_append(char const*, unsigned long)", "std::basic_string::_M_append"},
		{"std::basic_ostream<char, std::char_traits<char> >& std::operator<< <std::char_traits<char> >(std::basic_ostream<char, std::char_traits<char> >&, char const*)", "std::operator<<"},
		{"operator new(unsigned long)", "operator new"},
		{"msgpool::(anonymous namespace)::BM_Acquire_before(benchmark::State&)", "msgpool::(anonymous namespace)::BM_Acquire_before"},
		{"app::Cb::operator()(int) const", "app::Cb::operator()"},
		{"malloc", "malloc"},
	} {
		if got := cxxShortName(tt.in); got != tt.want {
			t.Errorf("cxxShortName(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}
