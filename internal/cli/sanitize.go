package cli

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/perfproof/perfproof/cxx/sanitize"
	"github.com/perfproof/perfproof/internal/progress"
	"github.com/perfproof/perfproof/pipeline"
)

func init() {
	register(&command{
		name:    "sanitize",
		summary: "run a C++ CMake project's tests and benchmarks under ASan, LSan, UBSan (and TSan)",
		usage:   "sanitize [-C dir] [-json] [-tsan] [-cmake-args args] [-timeout d] [-quiet]",
		flags:   sanitizeFlags,
	})
}

func sanitizeFlags(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
	dir := dirFlag(fs)
	asJSON := fs.Bool("json", false, "print findings and errors as one JSON object")
	tsan := fs.Bool("tsan", false, "also build with ThreadSanitizer and run the tests there")
	cmakeArgs := fs.String("cmake-args", "", "extra `args` for each cmake configure, split as a shell splits words (e.g. \"-G Ninja -DWITH_X=ON\")")
	timeout := fs.Duration("timeout", sanitize.DefaultTimeout, "limit each test or benchmark run to `d`; one that runs longer is an error")
	quiet := quietFlag(fs)
	return func(ctx context.Context, args []string, stdout, stderr io.Writer) error {
		if len(args) > 0 {
			return usagef("sanitize takes no arguments: the project is the -C dir (default .)")
		}
		extra, err := sanitize.SplitArgs(*cmakeArgs)
		if err != nil {
			return usagef("-cmake-args: %v", err)
		}
		if *timeout <= 0 {
			return usagef("-timeout must be positive, not %v", *timeout)
		}
		src := *dir
		if src == "" {
			src = "."
		}
		meter := progress.NewFor(stderr, "perfproof: sanitize: ", *quiet, progressDelay)
		res, err := sanitize.Run(ctx, sanitize.Options{
			Dir: src, TSan: *tsan, CMakeArgs: extra, Timeout: *timeout,
			Progress: func(stage string, done, total int) { meter.Count(stage, done, total) },
		})
		meter.Stop()
		if err != nil {
			return err
		}
		if *asJSON {
			b, err := json.MarshalIndent(res, "", "  ")
			if err != nil {
				return err
			}
			if _, err := stdout.Write(append(b, '\n')); err != nil {
				return err
			}
		} else {
			writeSanitizeText(stdout, src, res.Findings)
		}
		for _, e := range res.Errors {
			fmt.Fprintf(stderr, "perfproof: %v\n", e)
		}
		say(stderr, "perfproof", fmt.Sprintf("%d findings from %d test runs and %d benchmark runs", len(res.Findings), res.Tests, res.Benchmarks))
		if err := res.Outcome(); err != nil {
			return err
		}
		if len(res.Findings) > 0 {
			return pipeline.ErrFound
		}
		return nil
	}
}

// writeSanitizeText prints each finding as "file:line: [tool] message
// (runs)" with the path relative to base, then, indented by a tab, its
// note and its stacks: each stack's title and frames, the attributed
// frame marked with ">".
func writeSanitizeText(w io.Writer, base string, fs []sanitize.Finding) {
	absBase, err := filepath.Abs(base)
	if err != nil {
		absBase = base
	}
	rel := func(file string) string {
		if r, err := filepath.Rel(absBase, file); err == nil && filepath.IsAbs(file) && !strings.HasPrefix(r, "..") {
			return r
		}
		return file
	}
	for _, f := range fs {
		pos := "?"
		if f.File != "" {
			pos = fmt.Sprintf("%s:%d", rel(f.File), f.Line)
			if f.Column > 0 {
				pos += fmt.Sprintf(":%d", f.Column)
			}
		}
		reports := "1 report"
		if f.Count != 1 {
			reports = fmt.Sprintf("%d reports", f.Count)
		}
		fmt.Fprintf(w, "%s: [%s] %s (%s: %s)\n", pos, f.Analyzer, f.Message, reports, strings.Join(f.Runs, ", "))
		if f.Note != "" {
			fmt.Fprintf(w, "\tnote: %s\n", f.Note)
		}
		for si, s := range f.Stacks {
			title := s.Title
			if title == "" {
				title = "stack"
			}
			fmt.Fprintf(w, "\t%s:\n", title)
			for i, fr := range s.Frames {
				mark := " "
				if si == f.StackIndex && i == f.FrameIndex {
					mark = ">"
				}
				where := fr.Module
				if fr.File != "" {
					where = rel(fr.File)
					if fr.Line > 0 {
						where += fmt.Sprintf(":%d", fr.Line)
					}
				}
				fn := sanitize.ShortFunction(fr.Function)
				if fn == "" {
					fn = "?"
				}
				fmt.Fprintf(w, "\t%s #%d %s %s\n", mark, i, fn, where)
			}
		}
	}
}
