package finding

import (
	"slices"
	"testing"
)

func TestDropLow(t *testing.T) {
	hot := func(c string) *Hot { return &Hot{Confidence: c} }
	fs := []Finding{
		{Message: "high", Hot: hot(ConfidenceHigh)},
		{Message: "low", Hot: hot(ConfidenceLow)},
		{Message: "unknown"},
		{Message: "medium", Hot: hot(ConfidenceMedium)},
		{Message: "low too", Hot: hot(ConfidenceLow)},
	}
	kept, dropped := DropLow(fs)
	var got []string
	for _, f := range kept {
		got = append(got, f.Message)
	}
	if want := []string{"high", "unknown", "medium"}; !slices.Equal(got, want) || dropped != 2 {
		t.Errorf("DropLow = %q, %d; want %q, 2", got, dropped, want)
	}
}
