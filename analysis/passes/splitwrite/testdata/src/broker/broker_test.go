package broker

import (
	"os"
	"testing"
)

func TestSend(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	w.Write([]byte(`{"id":"1"}`)) // fine: tests outside benchmark loops run once
	w.Write(newline)
	w.Close()
}

func BenchmarkSend(b *testing.B) {
	r, w, err := os.Pipe()
	if err != nil {
		b.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	go drain(r)
	data := []byte(`{"id":"1"}`)
	for b.Loop() {
		w.Write(data) // want `two Write calls on w \(an unbuffered \*os.File\) for one message`
		w.Write(newline)
	}
}

func drain(r *os.File) {
	buf := make([]byte, 4096)
	for {
		if _, err := r.Read(buf); err != nil {
			return
		}
	}
}
