package progress

import (
	"io"
	"time"
)

// NewFor returns New's meter on w in the mode ModeFor gives w (Off for a
// writer that is not a file), or Off when quiet, as a command's -quiet
// flag asks. The caller must Stop it before writing its results.
func NewFor(w io.Writer, prefix string, quiet bool, delay time.Duration) *Meter {
	mode := ModeFor(w)
	if quiet {
		mode = Off
	}
	return New(w, mode, prefix, delay)
}
