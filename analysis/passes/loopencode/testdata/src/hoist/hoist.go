// Package hoist has loop-invariant encodings that the fix moves before
// their loop, and near misses where moving them would change behaviour.
package hoist

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"sync"
	"time"
)

// status can always be encoded as JSON: strings, integers, booleans and
// slices and maps of them.
type status struct {
	Node  string
	Seq   int
	Up    bool
	Tags  []string
	Peers map[string]int
	inner *status // unexported: not encoded, so its recursion is harmless
}

// Fixed.

// broadcast writes the same status to every peer.
func broadcast(peers []io.Writer, st status) {
	for _, w := range peers {
		data, _ := json.Marshal(st) // want `json\.Marshal of st is loop-invariant in the range loop at line \d+: hoist it before the loop and reuse the bytes`
		w.Write(data)
	}
}

// announce checks the error of an encoding that cannot fail: the check
// moves along with it.
func announce(peers []io.Writer, st status) error {
	for _, w := range peers {
		data, err := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		if err != nil {
			return fmt.Errorf("encoding status: %w", err)
		}
		if _, err := w.Write(data); err != nil {
			return err
		}
	}
	return nil
}

type config struct {
	XMLName xml.Name `xml:"config"`
	Name    string   `xml:"name"`
	Weight  float64  `xml:"weight"`
}

// lines renders the config once per count, reading the bytes only.
func lines(cfg config, n int) []string {
	var out []string
	for i := 0; i < n; i++ {
		data, _ := xml.MarshalIndent(&cfg, "", "  ") // want `xml.MarshalIndent of &cfg is loop-invariant`
		out = append(out, fmt.Sprint(i)+string(data))
	}
	return out
}

type frame struct {
	S status
	N int
}

// framed appends the encoding of a labelled loop's invariant to frames.
func framed(frames [][]byte, fr frame) int {
	total := 0
outer:
	for i := range frames {
		data, _ := json.Marshal(fr) // want `json.Marshal of fr is loop-invariant`
		if bytes.Equal(frames[i], data) {
			break outer
		}
		frames[i] = append(frames[i], data...)
		total += len(data)
	}
	return total
}

// Not fixed: each of these is reported, and the comment says why moving
// the encoding before the loop would change what the program does.

// The loop appends to the encoded bytes: with the fix every iteration
// would append to the same slice.
func newlines(peers []io.Writer, st status) {
	for _, w := range peers {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		data = append(data, '\n')   // no fix: data is assigned in the loop
		w.Write(data)
	}
}

// The encoding is nested in an if: it may run in no iteration at all.
func maybe(peers []io.Writer, st status, verbose bool) {
	for _, w := range peers {
		if verbose {
			data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
			w.Write(data)               // no fix: not directly in the loop body
		}
	}
}

// The error check names the loop variable: it cannot move before the loop.
func numbered(peers []io.Writer, st status) error {
	for i, w := range peers {
		data, err := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		if err != nil {
			return fmt.Errorf("peer %d: %w", i, err) // no fix: i is the loop's
		}
		w.Write(data)
	}
	return nil
}

// The error branch continues the loop: before the loop it would not
// compile, or would continue another loop.
func skipping(peers []io.Writer, st status) {
	for _, w := range peers {
		data, err := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		if err != nil {
			continue // no fix: a branch statement in the error check
		}
		w.Write(data)
	}
}

type price struct {
	Bid float64
}

// A float may be NaN, so the encoding may fail: hoisted with its check, it
// would return that error also when the loop runs zero times.
func quote(peers []io.Writer, p price) error {
	for _, w := range peers {
		data, err := json.Marshal(p) // want `json.Marshal of p is loop-invariant`
		if err != nil {
			return err // no fix: the encoding may fail
		}
		w.Write(data)
	}
	return nil
}

// A time.Time beyond year 9999 fails to encode, too.
func stamped(peers []io.Writer, at time.Time) error {
	for _, w := range peers {
		data, err := json.Marshal(at) // want `json.Marshal of at is loop-invariant`
		if err != nil {
			return err // no fix: time.Time's MarshalJSON may fail
		}
		w.Write(data)
	}
	return nil
}

type request struct {
	Site *status
}

// The argument dereferences a pointer: hoisted, it would panic for a nil
// req also when the loop runs zero times.
func sites(peers []io.Writer, req *request) {
	for _, w := range peers {
		data, _ := json.Marshal(req.Site) // want `json.Marshal of req.Site is loop-invariant`
		w.Write(data)                     // no fix: req.Site may panic
	}
}

// The bytes go to a function that may modify or keep them: with the fix
// every peer would get the same slice.
func sendAll(peers []string, st status, send func(string, []byte)) {
	for _, p := range peers {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		send(p, data)               // no fix: send may modify data
	}
}

// The bytes are kept in a map that the caller may modify.
func perPeer(peers []string, st status) map[string][]byte {
	out := make(map[string][]byte, len(peers))
	for _, p := range peers {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		out[p] = data               // no fix: the map's values would share one slice
	}
	return out
}

type counted struct {
	N int
}

var encodings int

// MarshalJSON counts its calls, which the fix would make fewer.
func (c counted) MarshalJSON() ([]byte, error) { // want MarshalJSON:`writes global`
	encodings++
	return []byte(fmt.Sprint(c.N)), nil
}

func counts(peers []io.Writer, c counted) {
	for _, w := range peers {
		data, _ := json.Marshal(c) // want `json.Marshal of c is loop-invariant`
		w.Write(data)              // no fix: counted has its own MarshalJSON
	}
}

// An interface holds values of unknown types, whose methods may do anything.
func anyValue(peers []io.Writer, v map[string]any) {
	for _, w := range peers {
		data, _ := json.Marshal(v) // want `json.Marshal of v is loop-invariant`
		w.Write(data)              // no fix: v holds interfaces
	}
}

// The loop takes a lock: another goroutine may change st in between.
func locked(peers []io.Writer, st status, mu *sync.Mutex) {
	for _, w := range peers {
		mu.Lock()
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		mu.Unlock()
		w.Write(data) // no fix: the loop synchronises with other goroutines
	}
}

// The name is taken in the block of the loop.
func taken(peers []io.Writer, st status) []byte {
	for _, w := range peers {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		w.Write(data)               // no fix: data is declared after the loop
	}
	data := []byte("done")
	return data
}

var last []byte

// Hoisted, data would hide the package-level data read after the loop.
func shadowed(peers []io.Writer, st status) []byte {
	for _, w := range peers {
		last, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		w.Write(last)               // no fix: last after the loop is the package's
	}
	return last
}

// A goto could jump over the hoisted declaration.
func jumping(peers []io.Writer, st status) {
	if len(peers) == 0 {
		goto done
	}
	for _, w := range peers {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		w.Write(data)               // no fix: the function has a goto
	}
done:
}

// encode marshals its argument; the loop calls it with the same status.
func encode(st status) []byte {
	data, _ := json.Marshal(st) // want `json\.Marshal of st is loop-invariant in the range loop around encode at hoist\.go:\d+: encode once before the loop`
	return data
}

func viaCall(peers []io.Writer, st status) {
	for _, w := range peers {
		w.Write(encode(st)) // no fix: the encoding is in a callee
	}
}

// The range expression calls a function, which runs after the hoisted
// encoding and may change the value.
func ranged(st status, next func() []io.Writer) {
	for _, w := range next() {
		data, _ := json.Marshal(st) // want `json.Marshal of st is loop-invariant`
		w.Write(data)               // no fix: next() runs between the hoisted encoding and the loop
	}
}

// The encoded bytes are written by a stream encoder: no fix for streams.
func streamed(w io.Writer, st status, n int) {
	enc := json.NewEncoder(w)
	for range n {
		enc.Encode(st) // want `\(\*json.Encoder\).Encode of st is loop-invariant`
	}
}
