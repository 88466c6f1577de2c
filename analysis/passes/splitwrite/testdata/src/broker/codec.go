package broker

import (
	"encoding/binary"
	"errors"
	"os"
)

// errClosed is returned by SendFramed after Stop.
var errClosed = errors.New("worker closed")

// SendFramed writes a payload with an optional prefix (a length) and
// suffix (a delimiter), as the codecs of a stream processor do.
func (w *Worker) SendFramed(prefix, payload, suffix []byte) error {
	stdin := w.stdin
	if stdin == nil {
		return errClosed
	}
	if prefix != nil {
		if _, err := stdin.Write(prefix); err != nil { // want `up to three Write calls on stdin \(an unbuffered pipe\) for one message: join the parts and write once`
			return err
		}
	}
	if _, err := stdin.Write(payload); err != nil {
		return err
	}
	if len(suffix) > 0 {
		if _, err := stdin.Write(suffix); err != nil {
			return err
		}
	}
	return nil
}

// SendLengthPrefixed frames payload with a 4-byte length.
func (w *Worker) SendLengthPrefixed(payload []byte) error {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(payload)))
	return w.SendFramed(n[:], payload, nil)
}

// Fail prints a last message and stops the program.
func (w *Worker) Fail(reason []byte) {
	os.Stdout.Write(reason) // fine: written once, right before the program panics
	os.Stdout.Write(newline)
	panic("worker " + w.name + " failed")
}

// SendIfReady writes the suffix only if ready() says so: the guard calls a
// function, so the writes are not a known sequence.
func (w *Worker) SendIfReady(payload []byte, ready func() bool) {
	w.stdin.Write(payload) // fine: the second write depends on a call with possible side effects
	if ready() {
		w.stdin.Write(newline)
	}
}
