package broker

import (
	"encoding/json"
	"fmt"
	"io"
	"testing"
)

func TestSend(t *testing.T) {
	data, _ := json.Marshal(Message{ID: "1"})
	for i := 0; i < 3; i++ {
		fmt.Fprintf(io.Discard, "%s\n", string(data)) // fine: tests other than benchmarks are not hot
	}
}

func BenchmarkSend(b *testing.B) {
	data, _ := json.Marshal(Message{ID: "1"})
	fmt.Fprint(io.Discard, string(data)) // fine: set-up outside the measured loop
	for b.Loop() {
		fmt.Fprint(io.Discard, string(data)) // want `fmt\.Fprint converts data to a string only to write it: use io\.Discard\.Write`
	}
}
