// Package cli implements perfproof's command line: the subcommands, their
// flags, and the exit codes. It is the only package that knows them. Each
// subcommand parses its flags, calls the library (package pipeline, or
// the package that owns the work) and returns its typed outcome.
//
// Exit codes: 0 clean; 1 findings, a significant regression or a claim
// not reproduced (pipeline.ErrFound); 2 usage (a *pipeline.UsageError,
// after which the usage is printed) or operational error.
//
// The help texts are documentation, kept as text files in help/: help/<name>.txt
// is the paragraphs after a command's usage line, help/perfproof.txt the
// overview, whose %s is the list of commands.
package cli

import (
	"context"
	"embed"
	"errors"
	"flag"
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/perfproof/perfproof/internal/progress"
	"github.com/perfproof/perfproof/pipeline"
)

// Exit codes of perfproof.
const (
	ExitClean    = 0
	ExitFindings = 1
	ExitError    = 2
)

// usagef returns a command-line mistake, after which Main prints the
// usage.
func usagef(format string, args ...any) error {
	return &pipeline.UsageError{Msg: fmt.Sprintf(format, args...)}
}

//go:embed help/*.txt
var helpFiles embed.FS

// helpText returns help/<name>.txt.
func helpText(name string) string {
	b, err := helpFiles.ReadFile("help/" + name + ".txt")
	if err != nil {
		panic("perfproof: no help/" + name + ".txt") // a build mistake: every command has one
	}
	return string(b)
}

type command struct {
	name    string
	summary string
	usage   string // the line after "usage: perfproof "
	doc     string // paragraphs after the usage line
	flags   func(fs *flag.FlagSet) func(ctx context.Context, args []string, stdout, stderr io.Writer) error
}

var commands = map[string]*command{}

// register adds c, its doc read from help/<name>.txt.
func register(c *command) {
	c.doc = helpText(c.name)
	commands[c.name] = c
}

// say writes each line that is not "" to w after prefix and ": ".
func say(w io.Writer, prefix string, lines ...string) {
	for _, l := range lines {
		if l != "" {
			fmt.Fprintf(w, "%s: %s\n", prefix, l)
		}
	}
}

// progressDelay is how long a command's progress stays silent: a run
// shorter than it shows none. Tests shorten it.
var progressDelay = progress.Delay

// cmakeArgsFlag adds the -cmake-args flag of the commands that build a C++
// project (a folder with a CMakeLists.txt and no go.mod).
func cmakeArgsFlag(fs *flag.FlagSet) *string {
	return fs.String("cmake-args", "", "on a C++ project, pass the space-separated `args` to cmake when configuring, after perfproof's own")
}

// quietFlag adds the -quiet flag of the commands that show progress.
func quietFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("quiet", false, "show no progress on stderr (otherwise shown when a run takes over a second: a live line on a terminal, a line every few seconds in a file or pipe)")
}

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
		printUsage(stderr, cmd)
		return ExitError
	}
	if f := flagAfterArgs(rest, fs.Args()); f != "" {
		// The flag package stops at the first argument; a flag written
		// after it would otherwise be taken for a package, a revision or
		// a file, and fail late, or not at all.
		fmt.Fprintf(stderr, "perfproof %s: flag %s after the arguments: flags go first (use -- before an argument that starts with -)\n", name, f)
		printUsage(stderr, cmd)
		return ExitError
	}
	err := run(ctx, fs.Args(), stdout, stderr)
	switch {
	case err == nil:
		return ExitClean
	case errors.Is(err, pipeline.ErrFound):
		return ExitFindings
	}
	fmt.Fprintf(stderr, "perfproof %s: %v\n", name, err)
	var ue *pipeline.UsageError
	if errors.As(err, &ue) {
		printUsage(stderr, cmd)
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
	names := make([]string, 0, len(commands))
	for n := range commands {
		names = append(names, n)
	}
	sort.Strings(names)
	var list strings.Builder
	for _, n := range names {
		fmt.Fprintf(&list, "\t%-10s %s\n", n, commands[n].summary)
	}
	fmt.Fprintf(w, helpText("perfproof"), list.String())
}

func printUsage(w io.Writer, cmd *command) {
	fmt.Fprintf(w, "usage: perfproof %s\nRun 'perfproof help %s' for details.\n", cmd.usage, cmd.name)
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
