package progress

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestNewFor: a file gets plain lines unless quiet; a buffer gets none.
func TestNewFor(t *testing.T) {
	f, err := os.Create(filepath.Join(t.TempDir(), "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	for _, tc := range []struct {
		name string
		m    *Meter
		want Mode
	}{
		{"file", NewFor(f, "p: ", false, 0), Plain},
		{"file, quiet", NewFor(f, "p: ", true, 0), Off},
		{"buffer", NewFor(new(bytes.Buffer), "p: ", false, 0), Off},
	} {
		tc.m.Stop()
		if tc.m.mode != tc.want || tc.m.prefix != "p: " {
			t.Errorf("NewFor(%s): mode %v, prefix %q; want %v, %q", tc.name, tc.m.mode, tc.m.prefix, tc.want, "p: ")
		}
	}
}
