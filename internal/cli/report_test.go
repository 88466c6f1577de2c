package cli

import (
	"slices"
	"testing"
)

func TestUserCode(t *testing.T) {
	tests := []struct {
		measured, want []string
	}{
		{[]string{"example.com/m", "example.com/m/sub"}, nil},
		{[]string{"encoding/json"}, []string{"encoding/json"}},
		{[]string{"example.com/m", "strconv"}, []string{"example.com/m", "strconv"}},
		{nil, nil},
	}
	for _, tt := range tests {
		if got := userCode(tt.measured); !slices.Equal(got, tt.want) {
			t.Errorf("userCode(%q) = %q, want %q", tt.measured, got, tt.want)
		}
	}
}

func TestShellQuote(t *testing.T) {
	for in, want := range map[string]string{
		"plain":       "plain",
		"^$":          `'^$'`,
		"it's":        `'it'\''s'`,
		"":            "''",
		"a b":         "'a b'",
		"Code|Decode": "'Code|Decode'",
	} {
		if got := shellQuote(in); got != want {
			t.Errorf("shellQuote(%q) = %s, want %s", in, got, want)
		}
	}
}
