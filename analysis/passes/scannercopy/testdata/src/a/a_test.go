package a

import (
	"bufio"
	"encoding/json"
	"strings"
	"testing"
)

func BenchmarkDecode(b *testing.B) {
	input := strings.Repeat(`{"id":1,"method":"ping"}`+"\n", 100)
	for b.Loop() {
		sc := bufio.NewScanner(strings.NewReader(input))
		for sc.Scan() {
			var m Message
			if err := json.Unmarshal([]byte(sc.Text()), &m); err != nil { // want `copies each token twice`
				b.Fatal(err)
			}
		}
	}
}

// The benchmark loop is not a loop over lines: one Scan per iteration of a
// measured operation is what the benchmark measures.
func BenchmarkOneLine(b *testing.B) {
	for b.Loop() {
		sc := bufio.NewScanner(strings.NewReader("x\n"))
		sc.Scan()
		_ = []byte(sc.Text())
	}
}
