// What every load driver shares, copied beside its main.go by drive.sh (see the driver's
// `shared` file): the flags drive.sh passes (-duration, -cpuprofile, -memprofile), the CPU and
// allocation profiles, the sample of errors a report quotes, and the fail-closed end of the
// report, whose last line is the summary that drive.sh prints.
//
// A driver profiles in one of two ways, and registers its flags accordingly:
// registerLoadFlags for a driver that profiles the whole load phase of -duration (either profile
// may be left out), registerWindowFlags for one that loads its service from the start and profiles
// a window of -duration after a warm-up (both profiles required; see window.go).

package main

import (
	"flag"
	"fmt"
	"log"
	"os"
	"path/filepath"
	"runtime"
	"runtime/pprof"
	"sync"
	"time"
)

// loadFlags are the flags every driver takes, as parsed.
type loadFlags struct {
	duration   time.Duration
	cpuprofile string
	memprofile string
	required   bool // both profiles must be given
}

// registerLoadFlags registers the flags of a driver that profiles its whole load phase: -duration
// is how long the load runs; -cpuprofile and -memprofile may be left out.
func registerLoadFlags() *loadFlags {
	f := &loadFlags{}
	flag.DurationVar(&f.duration, "duration", 30*time.Second, "how long to load the server")
	flag.StringVar(&f.cpuprofile, "cpuprofile", "", "write a CPU profile of the load phase to this file")
	flag.StringVar(&f.memprofile, "memprofile", "", "write an allocation profile of the load phase to this file")
	return f
}

// registerWindowFlags registers the flags of a driver that profiles a window after a warm-up:
// -duration is how long the window lasts; -cpuprofile and -memprofile are both required.
func registerWindowFlags() *loadFlags {
	f := &loadFlags{required: true}
	flag.DurationVar(&f.duration, "duration", 30*time.Second, "how long to profile the load")
	flag.StringVar(&f.cpuprofile, "cpuprofile", "", "write the CPU profile to this file (required)")
	flag.StringVar(&f.memprofile, "memprofile", "", "write the allocation profile to this file (required)")
	return f
}

// parse parses the command line (with the driver's own flags, registered before). A required
// profile left out is a usage error: the driver exits 2. The profile paths are made absolute.
func (f *loadFlags) parse() {
	flag.Parse()
	if f.required && (f.cpuprofile == "" || f.memprofile == "") {
		fmt.Fprintln(os.Stderr, "usage: main -duration D -cpuprofile F -memprofile G (both profiles required)")
		flag.PrintDefaults()
		os.Exit(2)
	}
	f.cpuprofile, f.memprofile = absPath(f.cpuprofile), absPath(f.memprofile)
}

// absPath makes a flag's path absolute.
func absPath(p string) string {
	if p == "" {
		return p
	}
	a, err := filepath.Abs(p)
	if err != nil {
		log.Fatal(err)
	}
	return a
}

// startCPUProfile starts a CPU profile written to path (none for ""); the function it returns
// stops the profile and closes the file.
func startCPUProfile(path string) (stop func() error, err error) {
	if path == "" {
		return func() error { return nil }, nil
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		return nil, err
	}
	return func() error {
		pprof.StopCPUProfile()
		return f.Close()
	}, nil
}

// writeAllocProfile writes the allocation profile to path (nothing for ""), complete as of a GC
// it runs first.
func writeAllocProfile(path string) error {
	if path == "" {
		return nil
	}
	runtime.GC() // the allocation profile is complete as of the last GC
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := pprof.Lookup("allocs").WriteTo(f, 0); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// errorSample keeps the messages of the first errors of a run (up to max), for its report;
// clients record errors concurrently.
type errorSample struct {
	max  int
	mu   sync.Mutex
	msgs []string
}

func (s *errorSample) record(err error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(s.msgs) < s.max {
		s.msgs = append(s.msgs, err.Error())
	}
}

// messages returns the messages recorded, oldest first.
func (s *errorSample) messages() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]string(nil), s.msgs...)
}

// withinBudget says whether n operations of which failed failed make a run that counts: some
// ran, and at most 1 % failed.
func withinBudget(n, failed int64) bool { return n > 0 && failed*100 <= n }

// finish ends a driver's report, fail-closed: for a run that does not count (good false) it
// prints the details (when details is not nil), then in any case the summary line, last, for
// drive.sh to print. It returns the driver's exit code: 0, or 1 for a run that does not count.
func finish(good bool, details func(), summary string) int {
	if !good && details != nil {
		details()
	}
	fmt.Println(summary)
	if !good {
		return 1
	}
	return 0
}
