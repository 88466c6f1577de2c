package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/perfproof/perfproof/benchrun"
	"github.com/perfproof/perfproof/internal/jsonout"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/report"
)

func init() {
	register(&command{
		name:    "bench",
		summary: "run benchmarks with CPU and memory profiles",
		usage:   "bench [-C dir] [-bench regexp] [-count n] [-benchtime d] [-timeout d] [-o dir] [-profiles=false] [-json] [-cmake-args args] [packages]",
		flags:   benchFlags,
	})
}

func benchFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	bench := fs.String("bench", ".", "run only benchmarks matching `regexp`")
	count := fs.Int("count", 6, "run each benchmark `n` times (benchmath warns below 6)")
	benchtime := fs.String("benchtime", "", "run each benchmark for duration `d` or Nx iterations (go test's default if empty)")
	timeout := fs.Duration("timeout", benchrun.DefaultTimeout, "kill a package's build and benchmarks after duration `d`")
	out := fs.String("o", "", "keep raw results and profiles in `dir` (relative to -C dir)")
	profiles := fs.Bool("profiles", true, "write CPU and memory profiles")
	asJSON := fs.Bool("json", false, "print results as one JSON object")
	cmakeArgs := cmakeArgsFlag(fs)
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if *count < 1 {
			return usagef("-count must be at least 1")
		}
		*out = pipeline.InDir(*dir, *out) // relative to -C dir, like the go command's paths
		var res *benchrun.Result
		var err error
		if pipeline.IsCxxReportDir(*dir) {
			// A C++ CMake project: its Google Benchmark executables, no
			// profiles (report profiles them with gperftools).
			explicit := map[string]bool{}
			fs.Visit(func(f *flag.Flag) { explicit[f.Name] = true })
			switch {
			case len(args) > 0:
				return usagef("package patterns %v: not for a C++ project (CMakeLists.txt, no go.mod): every benchmark executable runs", args)
			case explicit["profiles"]:
				return usagef("-profiles: not for a C++ project; perfproof report profiles its benchmarks with gperftools")
			}
			if *out != "" {
				if err := os.MkdirAll(*out, 0o777); err != nil {
					return err
				}
			}
			res, err = pipeline.BenchCxx(ctx, *dir, pipeline.CxxBenchOptions{
				Bench: *bench, Count: *count, Benchtime: *benchtime, Timeout: *timeout, OutDir: *out,
				CMakeArgs: strings.Fields(*cmakeArgs), Progress: stderr,
			})
		} else {
			if *cmakeArgs != "" {
				return usagef("-cmake-args: %s is not a C++ project (a CMakeLists.txt without go.mod)", *dir)
			}
			res, err = benchrun.Run(ctx, args, benchrun.Options{
				Dir: *dir, Bench: *bench, Count: *count, Benchtime: *benchtime, Timeout: *timeout, OutDir: *out,
				CPUProfile: *profiles, MemProfile: *profiles, Progress: stderr,
			})
		}
		if res == nil {
			return err
		}
		defer res.Close()
		if *asJSON {
			if jerr := jsonout.Bench(stdout, res); jerr != nil {
				return jerr
			}
		} else {
			report.BenchText(stdout, res)
		}
		lines, err := pipeline.BenchResultOutcome(res, err)
		say(stderr, "perfproof bench", lines...)
		if *out != "" {
			fmt.Fprintf(stderr, "perfproof bench: results and profiles kept in %s\n", *out)
		}
		return err
	}
}
