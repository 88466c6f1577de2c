// Package broker routes JSON-lines RPC messages to worker subprocesses
// over their stdin pipes.
package broker

import (
	"encoding/json"
	"fmt"
	"io"
	"os/exec"
)

// Message is one RPC request or response.
type Message struct {
	ID      string          `json:"id"`
	Method  string          `json:"method"`
	Payload json.RawMessage `json:"payload,omitempty"`
}

// Worker is a subprocess speaking JSON lines on stdin and stdout.
type Worker struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
	name  string
}

var newline = []byte{'\n'}

// Start starts the worker and keeps its stdin pipe.
func (w *Worker) Start() error {
	stdin, err := w.cmd.StdinPipe()
	if err != nil {
		return fmt.Errorf("stdin pipe of %s: %w", w.name, err)
	}
	w.stdin = stdin
	return w.cmd.Start()
}

// Stop closes the pipe.
func (w *Worker) Stop() error {
	err := w.stdin.Close()
	w.stdin = nil
	return err
}

// Send writes one message as a line on the worker's stdin.
func (w *Worker) Send(msg *Message) error {
	data, err := json.Marshal(msg)
	if err != nil {
		return fmt.Errorf("marshal message %s: %w", msg.ID, err)
	}
	if _, err := w.stdin.Write(data); err != nil { // want `two Write calls on w\.stdin \(an unbuffered pipe\) for one message: append the newline and write once`
		return fmt.Errorf("write message to %s: %w", w.name, err)
	}
	if _, err := w.stdin.Write([]byte{'\n'}); err != nil {
		return fmt.Errorf("write message to %s: %w", w.name, err)
	}
	return nil
}

// SendRaw forwards an already encoded message; the two error messages
// differ, so there is no fix, but the cost is the same.
func (w *Worker) SendRaw(data []byte) error {
	if _, err := w.stdin.Write(data); err != nil { // want `two Write calls on w.stdin \(an unbuffered pipe\) for one message`
		return fmt.Errorf("failed to write message to process: %w", err)
	}
	if _, err := w.stdin.Write(newline); err != nil {
		return fmt.Errorf("failed to write newline to process: %w", err)
	}
	return nil
}

// Notify sends a notification and ignores failures: the worker may be gone.
func (w *Worker) Notify(data json.RawMessage) {
	w.stdin.Write(data) // want `two Write calls on w.stdin \(an unbuffered pipe\) for one message`
	w.stdin.Write(newline)
}

// Run starts a one-shot worker, feeds it a batch and waits.
func Run(path string, batch [][]byte) error {
	cmd := exec.Command(path)
	in, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}
	for _, line := range batch {
		_, err = in.Write(line) // want `two write calls on in \(an unbuffered pipe\) for one message`
		if err != nil {
			return err
		}
		_, err = io.WriteString(in, "\n")
		if err != nil {
			return err
		}
	}
	in.Close()
	return cmd.Wait()
}

// Count writes a line and needs the count of the first write, so there is
// no fix.
func (w *Worker) Count(line []byte) (int, error) {
	n, err := w.stdin.Write(line) // want `two Write calls on w.stdin`
	if err != nil {
		return n, err
	}
	_, err = w.stdin.Write(newline)
	return n + 1, err
}
