package claims

import (
	"strings"
	"testing"
)

func TestWriteTable(t *testing.T) {
	var b strings.Builder
	if err := WriteTable(&b, nil); err != nil || b.Len() != 0 {
		t.Errorf("WriteTable(no claims) = %q, %v; want nothing", b.String(), err)
	}
	cs := []Claim{
		{Line: 5, Kind: Speedup, Subject: "Fix\t#1", Claimed: "11x faster", Verdict: Consistent, Detail: "785 ns → 71 ns gives 11.1x"},
		{Line: 12, Kind: Percent, Subject: strings.Repeat("s", 60), Claimed: strings.Repeat("c", 41), Verdict: ArithmeticError, Detail: "d"},
	}
	if err := WriteTable(&b, cs); err != nil {
		t.Fatal(err)
	}
	want := "line  kind     subject                                           claimed                                   verdict           detail\n" +
		"5     speedup  Fix #1                                            11x faster                                consistent        785 ns → 71 ns gives 11.1x\n" +
		"12    percent  " + strings.Repeat("s", 47) + "…  " + strings.Repeat("c", 39) + "…  arithmetic-error  d\n"
	if b.String() != want {
		t.Errorf("WriteTable =\n%s\nwant\n%s", b.String(), want)
	}
}
