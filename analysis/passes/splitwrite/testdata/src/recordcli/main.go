// Command recordcli prints the records of a file, one per line.
package main

import (
	"bufio"
	"bytes"
	"io"
	"os"
)

type record struct {
	Key  []byte
	Line []byte
}

var nl = []byte("\n")

func main() {
	data, err := os.ReadFile(os.Args[1])
	if err != nil {
		os.Stdout.WriteString(err.Error()) // fine: main outside loops runs once
		os.Stdout.WriteString("\n")
		os.Exit(1)
	}
	var recs []record
	for _, line := range bytes.Split(data, nl) {
		k, _, _ := bytes.Cut(line, []byte("\t"))
		recs = append(recs, record{Key: k, Line: line})
	}
	for _, r := range recs {
		os.Stdout.Write(r.Line) // want `two Write calls on os\.Stdout \(unbuffered\) for one message: append the newline and write once`
		os.Stdout.Write(nl)
	}
	for _, r := range recs {
		os.Stdout.WriteString(string(r.Key)) // want `two WriteString calls on os.Stdout \(unbuffered\)`
		os.Stdout.WriteString("\n")
	}
}

// dump writes the keys through out, which is os.Stdout unless buffered.
func dump(recs []record, buffered bool) {
	out := io.Writer(os.Stdout)
	if buffered {
		out = bufio.NewWriter(os.Stdout)
	}
	for _, r := range recs {
		out.Write(r.Key) // fine: out may be a bufio.Writer
		out.Write(nl)
	}
}

// keys writes through a local that only ever holds os.Stdout.
func keys(recs []record) {
	var out io.Writer = os.Stdout
	for _, r := range recs {
		out.Write(r.Key) // want `two Write calls on out \(an unbuffered \*os.File\) for one message`
		out.Write(nl)
	}
}
