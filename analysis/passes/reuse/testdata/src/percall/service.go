// Package percall holds service code that makes a scratch buffer on every
// call of a function and drops it when the call returns. Every report here
// has Category "percall".
package percall

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

type Order struct {
	ID    string  `json:"id"`
	Price float64 `json:"price"`
}

type API struct {
	orders map[string]*Order
}

// getOrder renders JSON into a fresh buffer and copies it to the response.
func (a *API) getOrder(w http.ResponseWriter, r *http.Request) {
	o := a.orders[r.URL.Query().Get("id")]
	var buf bytes.Buffer // want `bytes\.Buffer in API\.getOrder is written and dropped per call: reuse one from a receiver field, a sync\.Pool or the caller`
	if err := json.NewEncoder(&buf).Encode(o); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(buf.Len()))
	w.Write(buf.Bytes())
}

// listOrders: the same with new(bytes.Buffer) in a handler function.
func listOrders(orders []*Order) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		buf := new(bytes.Buffer) // want `bytes\.Buffer is written and dropped per call: reuse one from a sync\.Pool or the caller`
		buf.WriteByte('[')
		for i, o := range orders {
			if i > 0 {
				buf.WriteByte(',')
			}
			fmt.Fprintf(buf, `{"id":%q,"price":%g}`, o.ID, o.Price)
		}
		buf.WriteByte(']')
		buf.WriteTo(w)
	}
}

type Level int

type Logger struct {
	mu  sync.Mutex
	out io.Writer
}

// log formats each line in a new buffer and writes it under the lock.
func (l *Logger) log(lvl Level, msg string, kv ...any) {
	buf := bytes.NewBuffer(make([]byte, 0, 256)) // want `bytes\.NewBuffer is written and dropped per call: reuse one from a receiver field, a sync\.Pool or the caller`
	buf.WriteString(time.Now().UTC().Format(time.RFC3339))
	buf.WriteString(" level=")
	buf.WriteString(strconv.Itoa(int(lvl)))
	buf.WriteString(" msg=")
	buf.WriteString(strconv.Quote(msg))
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(buf, " %v=%v", kv[i], kv[i+1])
	}
	buf.WriteByte('\n')
	l.mu.Lock()
	l.out.Write(buf.Bytes())
	l.mu.Unlock()
}

// logf builds the line with a strings.Builder and hands its text to the
// writer only.
func (l *Logger) logf(format string, args ...any) {
	var sb strings.Builder // want `strings\.Builder is written and dropped per call: reuse a bytes\.Buffer from a receiver field, a sync\.Pool or the caller`
	sb.WriteString(time.Now().Format(time.Kitchen))
	sb.WriteByte(' ')
	fmt.Fprintf(&sb, format, args...)
	sb.WriteByte('\n')
	io.WriteString(l.out, sb.String())
}

// bytesNil uses bytes.NewBuffer(nil), a helper that writes into it, and
// copies the result out.
func (l *Logger) audit(user, action string) {
	buf := bytes.NewBuffer(nil) // want `bytes\.NewBuffer is written and dropped per call: reuse one from a receiver field, a sync\.Pool or the caller`
	writeField(buf, "user", user)
	writeField(buf, "action", action)
	l.out.Write(buf.Bytes())
}

// writeField writes into the buffer and keeps nothing.
func writeField(w io.Writer, k, v string) {
	io.WriteString(w, k)
	io.WriteString(w, "=")
	io.WriteString(w, v)
	io.WriteString(w, " ")
}

type Msg struct {
	Topic string
	Seq   uint64
	Body  []byte
}

type Encoder struct {
	conn net.Conn
}

// WriteMsg makes a scratch []byte for every message.
func (e *Encoder) WriteMsg(m *Msg) error {
	buf := make([]byte, 0, 16+len(m.Topic)+len(m.Body)) // want `make\(\[\]byte, 0, n\) is grown and dropped per call: reuse a slice from a receiver field, a sync\.Pool or the caller`
	buf = binary.BigEndian.AppendUint16(buf, uint16(len(m.Topic)))
	buf = append(buf, m.Topic...)
	buf = binary.BigEndian.AppendUint64(buf, m.Seq)
	buf = binary.BigEndian.AppendUint32(buf, uint32(len(m.Body)))
	buf = append(buf, m.Body...)
	_, err := e.conn.Write(buf)
	return err
}

// frame has a constant capacity, but the slice goes to an io.Writer: an
// interface call, so the compiler puts it on the heap.
func frame(w io.Writer, kind byte, payload []byte) error {
	hdr := make([]byte, 0, 64) // want `make\(\[\]byte, 0, n\) in frame is grown and dropped per call: reuse a slice from a sync\.Pool or the caller`
	hdr = append(hdr, kind)
	hdr = appendLen(hdr, len(payload))
	hdr = append(hdr, payload...)
	_, err := w.Write(hdr)
	return err
}

// appendLen is an append-style helper: it returns its argument extended.
func appendLen(dst []byte, n int) []byte {
	return strconv.AppendInt(dst, int64(n), 10)
}

// send coalesces a message into one write with a bufio.Writer per call.
func (e *Encoder) send(m *Msg) error {
	bw := bufio.NewWriter(e.conn) // want `bufio\.NewWriter allocates a 4 KiB buffer, dropped per call: reuse one with Reset\(w\)`
	bw.WriteString(m.Topic)
	bw.WriteByte(' ')
	bw.Write(m.Body)
	return bw.Flush()
}

// writeWithHeader writes a header block, built by http.Header.Write into a
// buffer per message, before the body.
func writeWithHeader(w io.Writer, key, value string, body []byte) error {
	var hb bytes.Buffer // want `bytes\.Buffer in writeWithHeader is written and dropped per call: reuse one from a sync\.Pool or the caller`
	hb.WriteString("NATS/1.0\r\n")
	http.Header{key: {value}}.Write(&hb)
	hb.WriteString("\r\n")
	if _, err := w.Write(hb.Bytes()); err != nil {
		return err
	}
	_, err := w.Write(body)
	return err
}

// quoteAll's bytes.Buffer builds its result (return b.String()): String
// copies the text, so the buffer can go back to a pool and be reused.
func quoteAll(fields []string) string {
	b := &bytes.Buffer{} // want `bytes\.Buffer in quoteAll is dropped per call after String copies its text: pool it, Put it back after String`
	for _, f := range fields {
		b.WriteString(strconv.Quote(f))
		b.WriteByte(' ')
	}
	return b.String()
}
