// Package broker routes JSON-lines RPC messages between subprocesses over
// their stdin and stdout pipes.
package broker

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
)

// Message is one RPC request or response.
type Message struct {
	ID      string          `json:"id"`
	Method  string          `json:"method,omitempty"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Process is a subprocess speaking JSON lines.
type Process struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	out   *bufio.Writer
}

// Send writes one message to the process: one line on its stdin pipe.
func (p *Process) Send(msg *Message) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("marshal message %s: %w", msg.ID, err)
	}
	if _, err := fmt.Fprintf(p.stdin, "%s\n", string(data)); err != nil { // want `fmt\.Fprintf converts data to a string only to write it and a newline: append '\\n' to the bytes and call Write once`
		return fmt.Errorf("write message to process: %w", err)
	}
	return nil
}

// Forward copies a raw line from one process to another.
func Forward(dst io.Writer, line []byte) error {
	_, err := fmt.Fprintln(dst, string(line)) // want `fmt\.Fprintln converts line to a string only to write it and a newline: append '\\n' to the bytes and call Write once`
	return err
}

// Reply writes a response line into the process's buffered output.
func (p *Process) Reply(data []byte) {
	fmt.Fprintf(p.out, "%s\n", data) // want `fmt\.Fprintf formats data with %s only to write it and a newline to a \*bufio\.Writer: call its Write and WriteByte\('\\n'\)`
}

// Frame writes a message whose framing the caller already added.
func (p *Process) Frame(framed []byte) error {
	_, err := fmt.Fprint(p.stdin, string(framed)) // want `fmt\.Fprint converts framed to a string only to write it: use p\.stdin\.Write`
	return err
}

// Raw writes pre-encoded bytes.
func Raw(w io.Writer, b []byte) (int, error) {
	return fmt.Fprintf(w, "%s", b) // want `fmt\.Fprintf formats b with %s only to write it: use w\.Write`
}

// Payload writes a message's raw payload.
func Payload(p *Process, m *Message) {
	fmt.Fprintf(p.stdin, "%s", string(m.Payload)) // want `fmt\.Fprintf converts m\.Payload to a string only to write it: use p\.stdin\.Write`
}

// Header writes a protocol header line that is already a string.
func Header(w io.Writer, h string) {
	fmt.Fprintf(w, "%s", h) // want `fmt\.Fprintf formats h with "%s" only to write it: use io\.WriteString`
}

// Route writes each queued message to its process.
func Route(procs map[string]*Process, queue []Message) {
	for i := range queue {
		fmt.Fprint(procs[queue[i].ID].stdin, string(queue[i].Payload)) // want `fmt.Fprint converts queue\[i\].Payload to a string`
	}
}

// Batch joins lines into one buffer, written with one call.
func Batch(w io.Writer, lines [][]byte) error {
	var batch bytes.Buffer
	for _, line := range lines {
		fmt.Fprint(&batch, string(line)) // want `fmt\.Fprint converts line to a string only to write it: use &batch\.Write`
		batch.WriteByte('\n')
	}
	_, err := w.Write(batch.Bytes())
	return err
}

// Dump writes lines to a writer known only by interface.
func Dump(w any, lines [][]byte) {
	for _, line := range lines {
		fmt.Fprint(w.(io.Writer), string(line)) // want `fmt.Fprint converts line to a string`
	}
}
