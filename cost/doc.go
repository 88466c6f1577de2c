// Package cost measures findings against pprof profiles: it loads CPU and
// heap profiles, charges each finding its share of CPU time and of
// allocated bytes and objects, ranks findings by those shares, and finds
// costly sites in the profiles that no static check reported.
//
// # Loading
//
// Load reads profile files (gzip-compressed or not), such as those of
// `go test -cpuprofile -memprofile` or a net/http/pprof endpoint, and New
// takes profiles already in memory. Profiles are classified by their
// sample types into CPU and heap; any other kind (goroutine, block,
// mutex) is an error naming the file. Profiles of one kind are merged, so
// shares are over the sum of all of them, e.g. over the benchmarks of
// several packages.
//
// # Shares
//
// Join fills finding.Cost. All shares are fractions in [0, 1] of the
// total of one kind over all profiles:
//
//	CPUFlat       CPU time with the finding's line as the leaf frame
//	CPULine       CPU time with the finding's line anywhere on the stack
//	CPUCum        CPU time with the finding's function (or its closures)
//	              anywhere on the stack
//	AllocBytes    alloc_space with the finding's line anywhere on the stack
//	AllocObjects  alloc_objects with the finding's line anywhere on the stack
//
// Inlined calls are separate Line entries of one profile Location, and
// each of them is a frame here, so a line inlined into its caller is still
// found. A sample counts once per finding even if recursion puts the line
// or function on its stack several times. See Join for the rules that
// match a profile's file names — absolute on another machine, or
// module-relative in -trimpath builds — to the findings' files.
//
// A finding with no samples at its line or function is marked Cold: "not
// hot in this profile". It keeps its place in the output, ranked last by
// Rank, for the user to judge; a nil Cost means no profile was joined.
//
// Bound turns a share into the largest speed-up removing it could give,
// by Amdahl's law.
//
// # Profile-only findings
//
// Hotspots reports, with Analyzer "profile", the user code lines that
// allocate at least 5 % of bytes or objects (with the allocating call and
// a pre-size, reuse or sync.Pool hint), and the user code lines whose calls
// into encoding/json, encoding/xml or fmt take at least 5 % of CPU.
package cost
