// Package frames builds the frames and request checks of a small message
// protocol: length-prefixed frames, batches whose ids must be distinct,
// and address lists gathered from several fields.
package frames

import (
	"encoding/binary"
	"errors"
)

// A BatchError says which entry of a batch was rejected.
type BatchError struct{ ID string }

func (e *BatchError) Error() string { return "duplicate id " + e.ID }

// Entry is one entry of a batch.
type Entry struct{ ID, Body string }

// CheckDistinct rejects a batch with a repeated id: the set grows to one
// key per entry unless the batch is rejected, returning a concrete error
// type.
func CheckDistinct(entries []Entry) error {
	seen := map[string]struct{}{} // want `seen grows to up to len\(entries\) entries without a size hint: make it with make\(map\[string\]struct\{\}, len\(entries\)\)`
	for _, e := range entries {
		if _, ok := seen[e.ID]; ok {
			return &BatchError{ID: e.ID}
		}
		seen[e.ID] = struct{}{}
	}
	return nil
}

var errDup = errors.New("duplicate key")

// CheckWrites rejects deletes and writes that repeat a key: two loops
// fill one set, to len(deletes)+len(writes) keys.
func CheckWrites(deletes, writes []string) error {
	keys := make(map[string]bool) // want `keys grows to a known size without a size hint: make it with make\(map\[string\]bool, len\(deletes\)\+len\(writes\)\)`
	for _, k := range deletes {
		if keys[k] {
			return errDup
		}
		keys[k] = true
	}
	for _, k := range writes {
		if keys[k] {
			return errDup
		}
		keys[k] = true
	}
	return nil
}

// Unique keeps the first of each id: the set is filtered by continue.
func Unique(entries []Entry) []Entry {
	seen := make(map[string]bool) // want `seen grows to up to len\(entries\) entries without a size hint: make it with make\(map\[string\]bool, len\(entries\)\)`
	var out []Entry
	for _, e := range entries {
		if seen[e.ID] {
			continue
		}
		seen[e.ID] = true
		out = append(out, e)
	}
	return out
}

// A Request carries the names a certificate is issued for.
type Request struct {
	DNSNames []string
	Emails   []string
	IPs      []IP
}

// IP is an address.
type IP [4]byte

func (ip IP) String() string { return string(ip[:]) }

// Names gathers every name of a request: two appends of slices and a
// loop, len(r.DNSNames)+len(r.Emails)+len(r.IPs) elements.
func Names(r *Request) []string {
	names := []string{} // want `names grows by append to a known length: make it with make\(\[\]string, 0, len\(r.DNSNames\)\+len\(r.Emails\)\+len\(r.IPs\)\)`
	names = append(names, r.DNSNames...)
	names = append(names, r.Emails...)
	for _, ip := range r.IPs {
		names = append(names, ip.String())
	}
	if len(names) == 0 {
		names = append(names, "localhost")
	}
	return names
}

// Frame prefixes a payload with its 2-byte length: the make of 2 bytes is
// grown again by the append.
func Frame(payload []byte) []byte {
	l := make([]byte, 2) // want `l is made with length 2 and grown by append to 2\+len\(payload\) elements: make it with make\(\[\]byte, 2, 2\+len\(payload\)\)`
	binary.BigEndian.PutUint16(l, uint16(len(payload)))
	l = append(l, payload...)
	return l
}

// Field returns a length-prefixed field in one expression.
func Field(field string) []byte {
	n := make([]byte, 4) // want `n is made with length 4 and grown by append to 4\+len\(field\) elements: make it with make\(\[\]byte, 4, 4\+len\(field\)\)`
	binary.BigEndian.PutUint32(n, uint32(len(field)))
	return append(n, field...)
}

// Tagged writes a tag and a length byte before the payload.
func Tagged(tag, length byte, payload []byte) []byte {
	var b []byte // want `b grows by append to 2\+len\(payload\) elements: make it with make\(\[\]byte, 0, 2\+len\(payload\)\)`
	b = append(b, tag, length)
	b = append(b, payload...)
	return b
}

// Header has constant appends only: whether they outgrow the first array
// depends on the allocator's size classes.
func Header(a, b, c byte) []byte {
	h := []byte{}
	h = append(h, a, b)
	h = append(h, c)
	return h
}

// Copy appends once to an empty slice: one allocation of the right size.
func Copy(src []byte) []byte {
	out := []byte{}
	out = append(out, src...)
	return out
}

// Counted makes a slice with a length and appends in a loop: most often a
// bug (n zero elements first), not a missing capacity.
func Counted(rows []Entry) []string {
	ids := make([]string, 2)
	for _, r := range rows {
		ids = append(ids, r.ID)
	}
	return ids
}

// Moved changes the source of the second append between the make and it.
func Moved(a, b []byte) []byte {
	out := []byte{}
	out = append(out, a...)
	b = b[1:]
	out = append(out, b...)
	return out
}

// Dropped deletes from the set in the loop: not a fill.
func Dropped(entries []Entry) map[string]bool {
	seen := make(map[string]bool)
	for _, e := range entries {
		if seen[e.ID] {
			delete(seen, e.ID)
		}
		seen[e.ID] = true
	}
	return seen
}

// Counts stores conditionally: not one entry per iteration.
func Counts(entries []Entry) map[string]int {
	n := make(map[string]int)
	for _, e := range entries {
		if v, ok := n[e.ID]; ok {
			n[e.ID] = v + 1
			continue
		}
		n[e.ID] = 1
	}
	return n
}

// A List is a container that says its length.
type List interface {
	Len() int
	Get(i int) string
}

// Values reads every element of a list: list.Len() is read again before
// the loop, an upper bound as the check does not follow what Get does.
func Values(list List) []string {
	values := make([]string, 0) // want `values grows by append to up to list.Len\(\) elements: make it with make\(\[\]string, 0, list.Len\(\)\)`
	for i := 0; i < list.Len(); i++ {
		values = append(values, list.Get(i))
	}
	return values
}

// A Counter has a Len that is not a plain length: it takes an argument.
type Counter struct{}

// Len counts the entries of kind k.
func (Counter) Len(k int) int { return k }

// Kinds is not reported: Len(k) is no container's length.
func Kinds(c Counter) []int {
	out := make([]int, 0)
	for i := 0; i < c.Len(3); i++ {
		out = append(out, i)
	}
	return out
}

// Words decodes big-endian 16-bit words into its named result, which
// starts as a nil slice: a counted loop stepping by 2 fills it.
func Words(b []byte) (out []uint16) { // want `out grows by append to \(len\(b\)\+1\)/2 elements: make it with make\(\[\]uint16, 0, \(len\(b\)\+1\)/2\)`
	for i := 0; i < len(b); i += 2 {
		out = append(out, uint16(b[i])<<8|uint16(b[i+1]))
	}
	return
}

// IDs appends a header and then one id per entry to its named result:
// the appends sum to the size.
func IDs(entries []Entry) (ids []string, err error) { // want `ids grows by append to 1\+len\(entries\) elements: make it with make\(\[\]string, 0, 1\+len\(entries\)\)`
	ids = append(ids, "header")
	for _, e := range entries {
		ids = append(ids, e.ID)
	}
	return ids, nil
}

// Names fills a named result only after the loop has set it from
// somewhere else: not reported.
func Names(entries []Entry, prev []string) (names []string) {
	names = prev
	for _, e := range entries {
		names = append(names, e.ID)
	}
	return names
}
