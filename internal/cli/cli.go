// Package cli implements perfproof's command line: the subcommands, their
// flags, and the exit codes. It is the only package that knows them.
//
// Exit codes: 0 clean; 1 findings (or, for later subcommands, a significant
// regression or a claim not reproduced); 2 usage or operational error.
package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"
)

// Exit codes of perfproof.
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitError    = 2
)

// DefaultMemoryLimit is the soft limit of the Go heap that the perfproof
// command sets unless the GOMEMLIMIT environment variable sets one: loading and
// analysing packages makes garbage fast, and without a limit the heap grows
// to twice what is live before the collector runs (1.9 GB peak RSS for a
// scan of std, 0.86 GB with this limit and batches of 16 packages, at
// about the same wall time). A process whose live heap exceeds the limit
// runs on; the runtime caps the collector's share of CPU.
const DefaultMemoryLimit = 800 << 20

// errFound is returned by a subcommand that ran to completion and found
// something: findings, a regression, a claim not reproduced. It maps to
// exit code 1; every other error maps to 2.
var errFound = errors.New("found")

// usageError is a command-line mistake; Main prints the usage after it.
type usageError struct{ msg string }

func (e *usageError) Error() string { return e.msg }

func usagef(format string, args ...any) error {
	return &usageError{fmt.Sprintf(format, args...)}
}

type command struct {
	name    string
	summary string
	usage   string // the line after "usage: perfproof "
	doc     string // paragraphs after the usage line
	flags   func(fs *flag.FlagSet) func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]*command{}

func register(c *command) { commands[c.name] = c }

// Main runs perfproof with args (without the program name), writing results
// to stdout and progress, warnings and errors to stderr, and returns the
// exit code.
func Main(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stderr)
		return ExitError
	}
	name, rest := args[0], args[1:]
	if name == "help" || name == "-h" || name == "-help" || name == "--help" {
		return runHelp(rest, stdout, stderr)
	}
	cmd, ok := commands[name]
	if !ok {
		fmt.Fprintf(stderr, "perfproof: unknown command %q\nRun 'perfproof help' for usage.\n", name)
		return ExitError
	}
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	run := cmd.flags(fs)
	if err := fs.Parse(rest); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			printCommandHelp(stdout, cmd, fs)
			return ExitClean
		}
		fmt.Fprintf(stderr, "perfproof %s: %v\n", name, err)
		fmt.Fprintf(stderr, "usage: perfproof %s\nRun 'perfproof help %s' for details.\n", cmd.usage, name)
		return ExitError
	}
	if f := flagAfterArgs(rest, fs.Args()); f != "" {
		// The flag package stops at the first argument; a flag written
		// after it would otherwise be taken for a package, a revision or
		// a file, and fail late, or not at all.
		fmt.Fprintf(stderr, "perfproof %s: flag %s after the arguments: flags go first (use -- before an argument that starts with -)\n", name, f)
		fmt.Fprintf(stderr, "usage: perfproof %s\nRun 'perfproof help %s' for details.\n", cmd.usage, name)
		return ExitError
	}
	err := run(ctx, fs.Args(), stdout, stderr)
	switch {
	case err == nil:
		return ExitClean
	case errors.Is(err, errFound):
		return ExitFindings
	}
	fmt.Fprintf(stderr, "perfproof %s: %v\n", name, err)
	var ue *usageError
	if errors.As(err, &ue) {
		fmt.Fprintf(stderr, "usage: perfproof %s\nRun 'perfproof help %s' for details.\n", cmd.usage, name)
	}
	return ExitError
}

func runHelp(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		printHelp(stdout)
		return ExitClean
	}
	cmd, ok := commands[args[0]]
	if !ok || len(args) > 1 {
		fmt.Fprintf(stderr, "perfproof help: unknown command %q\nRun 'perfproof help' for the list.\n", strings.Join(args, " "))
		return ExitError
	}
	fs := flag.NewFlagSet(cmd.name, flag.ContinueOnError)
	cmd.flags(fs)
	printCommandHelp(stdout, cmd, fs)
	return ExitClean
}

func printHelp(w io.Writer) {
	fmt.Fprint(w, `perfproof finds, measures and proves Go hot-path performance work.

Usage:

	perfproof <command> [flags] [arguments]

The commands are:

`)
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		fmt.Fprintf(w, "\t%-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprint(w, `
Use "perfproof help <command>" for more information about a command.

Exit status: 0 clean, 1 findings, 2 usage or operational error.
`)
}

func printCommandHelp(w io.Writer, cmd *command, fs *flag.FlagSet) {
	fmt.Fprintf(w, "usage: perfproof %s\n\n%s\n", cmd.usage, strings.TrimSpace(cmd.doc))
	n := 0
	fs.VisitAll(func(*flag.Flag) { n++ })
	if n > 0 {
		fmt.Fprint(w, "\nFlags:\n")
		fs.SetOutput(w)
		fs.PrintDefaults()
		fs.SetOutput(io.Discard)
	}
}

// flagAfterArgs returns the first of the positional arguments args (what
// remained of all after flag parsing) that looks like a flag, "" if none
// does or if they follow a "--".
func flagAfterArgs(all, args []string) string {
	if i := len(all) - len(args); i > 0 && all[i-1] == "--" {
		return ""
	}
	for _, a := range args {
		if len(a) > 1 && a[0] == '-' {
			return a
		}
	}
	return ""
}
