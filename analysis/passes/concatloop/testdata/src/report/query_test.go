package report

import "testing"

var filters = []Filter{{"a", "1"}, {"b", "2"}, {"c", "3"}, {"d", "4"}, {"e", "5"}}

func TestWhere(t *testing.T) {
	want := ""
	for i := range filters {
		want += filters[i].Column // fine: a test runs once
	}
	if Where(filters) == want {
		t.Fatal("no placeholders")
	}
}

// columns is called from the measured loop of BenchmarkColumns.
func columns(fs []Filter) string {
	s := ""
	for _, f := range fs {
		s += f.Column + "," // want `string s grows by \+= in a loop`
	}
	return s
}

// expected is called from a test only.
func expected(fs []Filter) string {
	s := ""
	for _, f := range fs {
		s += f.Column + "," // fine: only TestColumns calls it
	}
	return s
}

func TestColumns(t *testing.T) {
	if columns(filters) != expected(filters) {
		t.Fatal("columns differ")
	}
}

func BenchmarkColumns(b *testing.B) {
	for b.Loop() {
		columns(filters)
	}
}

func BenchmarkInline(b *testing.B) {
	for b.Loop() {
		s := ""
		for _, f := range filters {
			s += f.Value // want `string s grows by \+= in a loop`
		}
		_ = s
	}
}
