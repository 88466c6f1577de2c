package cost

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/google/pprof/profile"
)

// ErrNoProfiles is returned by Load and New when they are given no
// profiles at all.
var ErrNoProfiles = errors.New("no profiles")

// ErrIncompatible is returned by Load and New when CPU profiles measure
// time in units that cannot be added up (one counts samples with no
// sampling period, another nanoseconds), so no share over all of them can
// be computed.
var ErrIncompatible = errors.New("incompatible profiles")

// ErrProfileType is matched (with errors.Is) by a *TypeError: the profile
// is neither a CPU nor a heap profile.
var ErrProfileType = errors.New("not a CPU or heap profile")

// A ParseError reports a file that is not a readable pprof profile.
type ParseError struct {
	// File is the path of the profile as given to Load.
	File string
	// Err is the cause reported by the pprof parser.
	Err error
}

func (e *ParseError) Error() string {
	// The parser's messages already start with "parsing profile: "; keep
	// the file name in that place instead of repeating the phrase.
	msg := strings.TrimPrefix(e.Err.Error(), "parsing profile: ")
	return fmt.Sprintf("parsing profile %s: %s", e.File, msg)
}

func (e *ParseError) Unwrap() error { return e.Err }

// A TypeError reports a valid profile of a kind the cost join cannot use,
// such as a goroutine, block or mutex profile. It matches ErrProfileType.
type TypeError struct {
	// File is the path of the profile as given to Load, or "profile #i"
	// (1-based) for New.
	File string
	// SampleTypes are the profile's sample types as "type/unit".
	SampleTypes []string
}

func (e *TypeError) Error() string {
	return fmt.Sprintf("profile %s has sample types [%s]; want a CPU or heap profile",
		e.File, strings.Join(e.SampleTypes, " "))
}

// Is reports whether target is ErrProfileType.
func (e *TypeError) Is(target error) bool { return target == ErrProfileType }

// Kind is the kind of a profile as the cost join sees it.
type Kind int

const (
	// Unknown is any profile without CPU or allocation sample types.
	Unknown Kind = iota
	// CPU is a CPU profile: sample types samples/count and cpu/nanoseconds.
	CPU
	// Heap is a heap or allocs profile: alloc_objects/count,
	// alloc_space/bytes, inuse_objects/count, inuse_space/bytes.
	Heap
)

// String returns "cpu", "heap" or "unknown".
func (k Kind) String() string {
	switch k {
	case CPU:
		return "cpu"
	case Heap:
		return "heap"
	}
	return "unknown"
}

// Classify returns the kind of p from its sample types: CPU if it has a
// "cpu" sample type, or "samples" with a "cpu" period type; Heap if it has
// any of alloc_space, alloc_objects, inuse_space or inuse_objects;
// Unknown otherwise.
func Classify(p *profile.Profile) Kind {
	for _, st := range p.SampleType {
		switch st.Type {
		case "cpu":
			return CPU
		case "samples":
			if p.PeriodType != nil && p.PeriodType.Type == "cpu" {
				return CPU
			}
		case "alloc_space", "alloc_objects", "inuse_space", "inuse_objects":
			return Heap
		}
	}
	return Unknown
}

// Profiles holds loaded CPU and heap profiles ready to be joined with
// findings. Profiles of one kind with identical sample and period types
// are merged into one with profile.Merge; CPU profiles that cannot be
// merged are kept apart and their values added up in nanoseconds, so
// shares are always over the sum of all profiles of a kind.
//
// A Profiles is read-only once built and safe for concurrent use.
type Profiles struct {
	// CPU holds the merged CPU profiles, one per group of compatible
	// inputs. The caller must not modify them.
	CPU []*profile.Profile
	// Heap holds the merged heap profiles, one per group of compatible
	// inputs. The caller must not modify them.
	Heap []*profile.Profile
	// Warnings are data caveats that do not stop the join: a profile
	// without samples, without line numbers, or a heap profile without
	// alloc_* values.
	Warnings []error

	cpu  []cpuSource
	heap []heapSource
}

// cpuSource says how to read CPU time from the samples of one profile.
type cpuSource struct {
	p     *profile.Profile
	index int   // index of the value in Sample.Value
	scale int64 // multiplier turning the value into the common unit
	count int   // index of samples/count in Sample.Value, or -1
}

// samples returns how many profiling samples s stands for: its
// samples/count value, else its CPU time over the sampling period, else
// 1 (one Sample record is at least one sample).
func (c cpuSource) samples(s *profile.Sample, v int64) int64 {
	switch {
	case c.count >= 0:
		return s.Value[c.count]
	case c.p.Period > 0 && c.p.PeriodType != nil && c.p.PeriodType.Unit == "nanoseconds":
		return max(v/c.p.Period, 1)
	}
	return 1
}

// heapSource says where alloc_space and alloc_objects are in the samples
// of one heap profile.
type heapSource struct {
	p              *profile.Profile
	bytes, objects int // value indexes, or -1 when absent
}

// samples returns about how many sampled allocations s stands for: its
// alloc_space over the profile's sampling period (Go records one
// allocation in every runtime.MemProfileRate bytes, 512 KiB by default,
// and writes that rate as the heap profile's Period), at least 1; 1 when
// the profile has no period.
func (h heapSource) samples(bytes int64) int64 {
	if h.p.Period > 0 {
		return max(bytes/h.p.Period, 1)
	}
	return 1
}

// values returns the alloc_space bytes and alloc_objects count of s, zero
// for a value the profile does not record.
func (h heapSource) values(s *profile.Sample) (bytes, objects int64) {
	if h.bytes >= 0 {
		bytes = s.Value[h.bytes]
	}
	if h.objects >= 0 {
		objects = s.Value[h.objects]
	}
	return bytes, objects
}

// HasCPU reports whether ps holds at least one CPU profile.
func (ps *Profiles) HasCPU() bool { return len(ps.cpu) > 0 }

// HasHeap reports whether ps holds at least one heap profile with
// alloc_space or alloc_objects values.
func (ps *Profiles) HasHeap() bool { return len(ps.heap) > 0 }

// Load reads pprof profiles, gzip-compressed or not, from paths and
// returns them classified and merged as New does. It returns a
// *ParseError naming the file for an unreadable or malformed profile, a
// *TypeError (matching ErrProfileType) for a profile that is neither CPU
// nor heap, ErrNoProfiles when paths is empty, and an error wrapping
// ErrIncompatible when CPU profiles cannot be added up.
func Load(paths ...string) (*Profiles, error) {
	if len(paths) == 0 {
		return nil, fmt.Errorf("loading profiles: %w", ErrNoProfiles)
	}
	var ins []input
	for _, path := range paths {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("reading profile: %w", err)
		}
		p, err := profile.ParseData(data)
		if err != nil {
			return nil, &ParseError{File: path, Err: err}
		}
		ins = append(ins, input{name: path, p: p})
	}
	return build(ins)
}

// New classifies and merges profiles already in memory, as Load does for
// files. Errors name a profile as "profile #i", 1-based; an invalid
// profile (see profile.Profile.CheckValid) is an error. New may merge
// the inputs into new profiles; it does not modify them.
func New(ps ...*profile.Profile) (*Profiles, error) {
	if len(ps) == 0 {
		return nil, fmt.Errorf("loading profiles: %w", ErrNoProfiles)
	}
	ins := make([]input, len(ps))
	for i, p := range ps {
		name := fmt.Sprintf("#%d", i+1)
		if err := p.CheckValid(); err != nil {
			return nil, fmt.Errorf("checking profile %s: %w", name, err)
		}
		ins[i] = input{name: name, p: p}
	}
	return build(ins)
}

type input struct {
	name string
	p    *profile.Profile
}

func build(ins []input) (*Profiles, error) {
	ps := new(Profiles)
	var cpus, heaps []input
	for _, in := range ins {
		switch Classify(in.p) {
		case CPU:
			cpus = append(cpus, in)
		case Heap:
			heaps = append(heaps, in)
		default:
			return nil, &TypeError{File: in.name, SampleTypes: sampleTypes(in.p)}
		}
		if len(in.p.Sample) == 0 {
			ps.Warnings = append(ps.Warnings, fmt.Errorf("profile %s has no samples", in.name))
		} else if !hasLines(in.p) {
			ps.Warnings = append(ps.Warnings, fmt.Errorf("profile %s has no file and line information; findings cannot be matched to it", in.name))
		}
	}
	var err error
	if ps.CPU, err = mergeGroups(cpus); err != nil {
		return nil, err
	}
	if ps.Heap, err = mergeGroups(heaps); err != nil {
		return nil, err
	}
	if ps.cpu, err = cpuSources(ps.CPU); err != nil {
		return nil, err
	}
	for _, p := range ps.Heap {
		h := heapSource{p: p, bytes: valueIndex(p, "alloc_space"), objects: valueIndex(p, "alloc_objects")}
		if h.bytes < 0 && h.objects < 0 {
			ps.Warnings = append(ps.Warnings, fmt.Errorf("heap profile with sample types [%s] has no alloc_space or alloc_objects; allocation shares need an allocs or -memprofile profile",
				strings.Join(sampleTypes(p), " ")))
			continue
		}
		ps.heap = append(ps.heap, h)
	}
	return ps, nil
}

// mergeGroups merges the inputs with identical sample and period types
// (the condition profile.Merge requires) and returns one profile per
// group, in the order of first appearance.
func mergeGroups(ins []input) ([]*profile.Profile, error) {
	var keys []string
	groups := make(map[string][]input)
	for _, in := range ins {
		k := mergeKey(in.p)
		if _, ok := groups[k]; !ok {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], in)
	}
	out := make([]*profile.Profile, 0, len(keys))
	for _, k := range keys {
		g := groups[k]
		if len(g) == 1 {
			out = append(out, g[0].p)
			continue
		}
		srcs := make([]*profile.Profile, len(g))
		names := make([]string, len(g))
		for i, in := range g {
			srcs[i], names[i] = in.p, in.name
		}
		m, err := profile.Merge(srcs)
		if err != nil {
			return nil, fmt.Errorf("merging profiles %s: %w", strings.Join(names, ", "), err)
		}
		out = append(out, m)
	}
	return out, nil
}

// mergeKey is equal for two profiles exactly when profile.Merge accepts
// them together. Profiles whose CPU time is a sample count are also keyed
// by their period, since Merge keeps only the largest.
func mergeKey(p *profile.Profile) string {
	var b strings.Builder
	if p.PeriodType != nil {
		fmt.Fprintf(&b, "%s/%s", p.PeriodType.Type, p.PeriodType.Unit)
	}
	for _, st := range sampleTypes(p) {
		b.WriteString(" ")
		b.WriteString(st)
	}
	if valueIndex(p, "cpu") < 0 {
		fmt.Fprintf(&b, " period=%d", p.Period)
	}
	return b.String()
}

// cpuSources picks the CPU value of each profile: cpu/nanoseconds when
// present, else samples/count times the period when the period is in
// cpu/nanoseconds. If some profile offers neither, plain sample counts
// are used, which is only sound when there is a single profile.
func cpuSources(ps []*profile.Profile) ([]cpuSource, error) {
	srcs := make([]cpuSource, 0, len(ps))
	counts := false
	for _, p := range ps {
		n := valueIndex(p, "samples")
		if i := valueIndex(p, "cpu"); i >= 0 && p.SampleType[i].Unit == "nanoseconds" {
			srcs = append(srcs, cpuSource{p: p, index: i, scale: 1, count: n})
			continue
		}
		i := valueIndex(p, "samples")
		if i < 0 {
			i = valueIndex(p, "cpu")
		}
		if p.PeriodType != nil && p.PeriodType.Unit == "nanoseconds" && p.Period > 0 && p.SampleType[i].Type == "samples" {
			srcs = append(srcs, cpuSource{p: p, index: i, scale: p.Period, count: n})
			continue
		}
		counts = true
		srcs = append(srcs, cpuSource{p: p, index: i, scale: 1, count: n})
	}
	if counts && len(srcs) > 1 {
		return nil, fmt.Errorf("adding up %d CPU profiles: some count samples without a period in nanoseconds: %w", len(srcs), ErrIncompatible)
	}
	return srcs, nil
}

func valueIndex(p *profile.Profile, typ string) int {
	for i, st := range p.SampleType {
		if st.Type == typ {
			return i
		}
	}
	return -1
}

func sampleTypes(p *profile.Profile) []string {
	ts := make([]string, len(p.SampleType))
	for i, st := range p.SampleType {
		ts[i] = st.Type + "/" + st.Unit
	}
	return ts
}

// hasLines reports whether any location of p has a file name and line
// number; an unsymbolized profile has none.
func hasLines(p *profile.Profile) bool {
	for _, loc := range p.Location {
		for _, ln := range loc.Line {
			if ln.Line > 0 && ln.Function != nil && ln.Function.Filename != "" {
				return true
			}
		}
	}
	return false
}
