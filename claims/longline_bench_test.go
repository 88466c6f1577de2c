package claims

import (
	"fmt"
	"strings"
	"testing"
)

// longLineShapes build one line of about n bytes from a repeated phrase,
// the shapes a pasted report line takes: a derivation repeated, a list
// of timings, a wide table row.
var longLineShapes = []struct {
	name  string
	build func(n int) string
}{
	{"derivation", func(n int) string {
		var b strings.Builder
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "%d,000 rows × 48 × 1.5 KB = %d.0 MB, i.e. 137.3 MiB; ", 2+i%7, 144+i%5)
		}
		return b.String()
	}},
	{"timings", func(n int) string {
		var b strings.Builder
		b.WriteString("Latencies after the change: ")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, "%d ms, ", 10+i%97)
		}
		return b.String()
	}},
	{"tablerow", func(n int) string {
		var b strings.Builder
		b.WriteString("| BenchmarkWide |")
		for i := 0; b.Len() < n; i++ {
			fmt.Fprintf(&b, " %d ns/op | %d B/op | %.1fx faster |", 100+i%53, 64+i%11, 1.5+float64(i%7)/10)
		}
		return b.String()
	}},
}

// longLineReport is a small report whose one paragraph is line.
func longLineReport(shape, line string) []byte {
	hdr := "| Benchmark | Figures |\n|---|---|\n"
	if shape != "tablerow" {
		hdr = ""
	}
	return []byte("# Results\n\n" + hdr + line + "\n")
}

// BenchmarkExtractLongLine extracts one line of 1, 4 and 16 KB of each
// shape: the time should grow about as the line does (the checks of a
// line of many figures read bounded windows, not the whole line per
// figure). Run with -benchtime 1x: before the bound, 4 KB took 14-33 s.
func BenchmarkExtractLongLine(b *testing.B) {
	for _, sh := range longLineShapes {
		for _, size := range []int{1 << 10, 4 << 10, 16 << 10} {
			src := longLineReport(sh.name, sh.build(size))
			b.Run(fmt.Sprintf("%s/%dKB", sh.name, size>>10), func(b *testing.B) {
				for b.Loop() {
					if _, err := Extract("long.md", src, Options{}); err != nil {
						b.Fatal(err)
					}
				}
			})
		}
	}
}
