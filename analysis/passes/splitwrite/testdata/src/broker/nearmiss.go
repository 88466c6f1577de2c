package broker

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strings"
)

// Pool holds workers behind a buffered writer.
type Pool struct {
	out *bufio.Writer
	// Log is exported: users may set any writer, buffered or not.
	Log io.Writer
	// sink is assigned a pipe and a bufio.Writer: it may be buffered.
	sink io.Writer
}

func (p *Pool) open(cmd *exec.Cmd, buffered bool) error {
	pipe, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	p.sink = pipe
	if buffered {
		p.sink = bufio.NewWriter(pipe)
	}
	return nil
}

func (p *Pool) nearMisses(w io.Writer, buf *bytes.Buffer, sb *strings.Builder, rw http.ResponseWriter, zw *gzip.Writer, data []byte, s string) {
	// fine: a bufio.Writer copies into its buffer, no system call per Write
	p.out.Write(data)
	p.out.Write(newline)
	// fine: in-memory buffers
	buf.Write(data)
	buf.Write(newline)
	sb.WriteString(s)
	sb.WriteString("\n")
	// fine: net/http buffers the response body
	rw.Write(data)
	rw.Write(newline)
	// fine: a compressor buffers its input
	zw.Write(data)
	zw.Write(newline)
	// fine: w is a parameter of unknown concrete type; callers may pass a bufio.Writer
	w.Write(data)
	w.Write(newline)
	// fine: an exported field that other packages may set to a buffered writer
	p.Log.Write(data)
	p.Log.Write(newline)
	// fine: sink may hold a bufio.Writer
	p.sink.Write(data)
	p.sink.Write(newline)
}

// Broadcast writes each message once to every worker: one write per
// iteration, a different pattern.
func Broadcast(workers []*Worker, line []byte) {
	for _, w := range workers {
		w.stdin.Write(line) // fine: one write per worker, not a message split in two
	}
}

// Tee writes to two different writers.
func Tee(a, b *Worker, line []byte) {
	a.stdin.Write(line) // fine: two writers, each written once
	b.stdin.Write(line)
}

// Between does work between the writes.
func Between(w *Worker, msg *Message, data []byte) {
	w.stdin.Write(data) // fine: the writes are not in straight-line sequence
	msg.ID = ""
	w.stdin.Write(newline)
}

func init() {
	// fine: init runs once
	os.Stdout.Write([]byte("broker"))
	os.Stdout.Write(newline)
}

// Debug is off.
const Debug = false

func trace(data []byte) {
	if Debug {
		os.Stdout.Write(data) // fine: dead code
		os.Stdout.Write(newline)
	}
}

// Warn reports a worker's failure on stderr.
func Warn(w *Worker, reason []byte) {
	os.Stderr.Write(reason) // fine: os.Stderr carries diagnostics, rarely on a hot path
	os.Stderr.Write(newline)
}
