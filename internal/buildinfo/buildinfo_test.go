package buildinfo

import (
	"runtime/debug"
	"strings"
	"testing"
)

func TestFormat(t *testing.T) {
	info := &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Path: "github.com/perfproof/perfproof", Version: "v0.3.0"},
		Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.time", Value: "2026-11-26T21:00:00Z"}, {Key: "vcs.modified", Value: "true"}}}
	want := "perfproof v0.3.0 (github.com/perfproof/perfproof)\nrevision 0123abcd of 2026-11-26T21:00:00Z, with uncommitted changes\nbuilt with go1.26.8\n"
	if got := Format(info); got != want {
		t.Errorf("Format = %q, want %q", got, want)
	}
	info.Settings, info.Main.Version = nil, "(devel)"
	want = "perfproof (devel) (github.com/perfproof/perfproof)\nbuilt with go1.26.8\n"
	if got := Format(info); got != want {
		t.Errorf("Format without VCS = %q, want %q", got, want)
	}
	// A revision without a time, committed; no version, no module path.
	info = &debug.BuildInfo{GoVersion: "go1.26.8", Settings: []debug.BuildSetting{{Key: "vcs.revision", Value: "0123abcd"}, {Key: "vcs.modified", Value: "false"}}}
	want = "perfproof (unknown)\nrevision 0123abcd\nbuilt with go1.26.8\n"
	if got := Format(info); got != want {
		t.Errorf("Format of a bare build = %q, want %q", got, want)
	}
}

// TestText: a test binary carries build information, so Text formats it.
func TestText(t *testing.T) {
	text, err := Text()
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(text, "perfproof ") || !strings.Contains(text, "\nbuilt with go") {
		t.Errorf("Text = %q, want perfproof's version and the Go that built it", text)
	}
}
