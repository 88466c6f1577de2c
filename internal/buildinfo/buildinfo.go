// Package buildinfo says which perfproof is running: its version and
// module, the VCS revision it was built from, and the Go that built it,
// as perfproof version prints them.
package buildinfo

import (
	"errors"
	"fmt"
	"runtime/debug"
	"strings"
)

// ErrNone is the error of Text when the binary carries no build
// information.
var ErrNone = errors.New("this binary carries no build information (built without module support)")

// Text returns Format of the running binary's build information, or
// ErrNone when it has none.
func Text() (string, error) {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "", ErrNone
	}
	return Format(info), nil
}

// Format formats info: "perfproof <version>" with the module path,
// then the VCS revision, time and modified flag when the build recorded
// them, then the Go version, one per line.
func Format(info *debug.BuildInfo) string {
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
