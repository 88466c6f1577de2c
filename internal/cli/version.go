package cli

import (
	"context"
	"flag"
	"fmt"
	"io"
	"runtime/debug"
	"strings"
)

func init() {
	register(&command{
		name:    "version",
		summary: "print perfproof's version and how it was built",
		usage:   "version",
		flags: func(fs *flag.FlagSet) func(context.Context, []string, io.Writer, io.Writer) error {
			return func(_ context.Context, args []string, stdout, _ io.Writer) error {
				if len(args) > 0 {
					return usagef("version takes no arguments")
				}
				info, ok := debug.ReadBuildInfo()
				if !ok {
					return fmt.Errorf("this binary carries no build information (built without module support)")
				}
				_, err := io.WriteString(stdout, versionText(info))
				return err
			}
		},
	})
}

// versionText formats info: "perfproof <version>" with the module path,
// then the VCS revision, time and modified flag when the build recorded
// them, then the Go version, one per line.
func versionText(info *debug.BuildInfo) string {
	var b strings.Builder
	version := info.Main.Version
	if version == "" {
		version = "(unknown)"
	}
	fmt.Fprintf(&b, "perfproof %s", version)
	if info.Main.Path != "" {
		fmt.Fprintf(&b, " (%s)", info.Main.Path)
	}
	b.WriteString("\n")
	settings := make(map[string]string)
	for _, s := range info.Settings {
		settings[s.Key] = s.Value
	}
	if rev := settings["vcs.revision"]; rev != "" {
		fmt.Fprintf(&b, "revision %s", rev)
		if t := settings["vcs.time"]; t != "" {
			fmt.Fprintf(&b, " of %s", t)
		}
		if settings["vcs.modified"] == "true" {
			b.WriteString(", with uncommitted changes")
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "built with %s\n", info.GoVersion)
	return b.String()
}
