package nearmiss

import "testing"

func TestParseQty(t *testing.T) {
	if got := parseQty("1.5"); got != 1.5 {
		t.Fatalf("parseQty = %v", got)
	}
}

// A lossy parser in a test file is test code.
func parseInTest(s string) float64 {
	var v, p float64 = 0, 1
	for i := 0; i < len(s); i++ {
		if s[i] == '.' {
			continue
		}
		p *= 0.1
		v += float64(s[i]-'0') * p
	}
	return v
}

func TestParseInTest(t *testing.T) {
	if parseInTest("5") == 0.5 {
		t.Log("ok")
	}
}
