package fmtnumber

import (
	"fmt"
	"math"
	"strconv"
	"testing"
)

// TestZeroFlag checks the one flag parseFormat accepts: a zero flag
// without a width pads nothing, so "%0.f" and "%0d" print what "%.0f" and
// "%d" print, which the check maps to strconv.
func TestZeroFlag(t *testing.T) {
	for _, f := range []string{"%0.f", "%0d", "%0x"} {
		if _, ok := parseFormat(f); !ok {
			t.Errorf("parseFormat(%q) failed", f)
		}
	}
	for _, f := range []string{"%05d", "%08.3f", "%0"} {
		if _, ok := parseFormat(f); ok {
			t.Errorf("parseFormat(%q) accepted a zero flag with a width, or a format without a verb", f)
		}
	}
	for _, v := range []float64{0, -0.5, 0.5, 1.5, 2.5, -2.5, 59.999, 1e21, math.Inf(-1), math.NaN(), math.Copysign(0, -1)} {
		if got, want := strconv.FormatFloat(v, 'f', 0, 64), fmt.Sprintf("%0.f", v); got != want {
			t.Errorf("%v: FormatFloat(v, 'f', 0, 64) = %q, fmt %%0.f = %q", v, got, want)
		}
	}
	for _, v := range []int64{0, -1, 7, math.MinInt64, math.MaxInt64} {
		if got, want := strconv.FormatInt(v, 10), fmt.Sprintf("%0d", v); got != want {
			t.Errorf("%v: FormatInt = %q, fmt %%0d = %q", v, got, want)
		}
	}
}
