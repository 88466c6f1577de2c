// Package a holds server code that makes reusable values per call and per
// loop iteration.
package a

import (
	"bufio"
	"bytes"
	"compress/flate"
	"compress/gzip"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"

	"github.com/klauspost/compress/zstd"
	"github.com/valyala/fastjson"
)

// serveGzip compresses every response it serves.
func serveGzip(w http.ResponseWriter, r *http.Request, body []byte) {
	w.Header().Set("Content-Encoding", "gzip")
	zw := gzip.NewWriter(w) // want `gzip\.NewWriter allocates about 800 KiB of compressor state per call: keep one in a sync\.Pool and call Reset\(w\)`
	zw.Write(body)
	zw.Close()
}

// handler is a closure over the response writer of each request.
func handler(body []byte) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		zw, _ := flate.NewWriter(w, flate.BestSpeed) // want `flate\.NewWriter allocates about 800 KiB of compressor state per call: keep one in a sync\.Pool and call Reset\(w\)`
		defer zw.Close()
		zw.Write(body)
	}
}

// compressLevel compresses one record; compressBatch calls it in a loop.
func compressLevel(data []byte) ([]byte, error) {
	var buf bytes.Buffer                                 // want `bytes\.Buffer in compressLevel is written and dropped per call: reuse one from a sync\.Pool or the caller`
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed) // want `gzip\.NewWriterLevel allocates about 800 KiB of compressor state per call: keep one in a sync\.Pool and call Reset\(w\)`
	if err != nil {
		return nil, err
	}
	defer zw.Close()
	zw.Write(data)
	if err := zw.Flush(); err != nil {
		return nil, err
	}
	return bytes.Clone(buf.Bytes()), nil
}

func compressBatch(records [][]byte) [][]byte {
	var out [][]byte
	for _, r := range records {
		c, _ := compressLevel(r)
		out = append(out, c)
	}
	return out
}

// encodeZstd makes a zstd encoder per message; Publisher.publish calls it
// for each message of a batch.
func encodeZstd(w io.Writer, data []byte) error {
	enc, err := zstd.NewWriter(w) // want `zstd\.NewWriter per call: keep one in a sync\.Pool and call Reset\(w\), or EncodeAll on a shared Encoder`
	if err != nil {
		return err
	}
	enc.Write(data)
	return enc.Close()
}

type Publisher struct{ conn io.Writer }

func (p *Publisher) publish(batch [][]byte) error {
	for _, m := range batch {
		if err := encodeZstd(p.conn, m); err != nil {
			return err
		}
	}
	return nil
}

type DepthUpdate struct {
	Symbol string
	Bids   [][2]float64
}

// parseDepth makes a parser per message, as in the depth-stream report.
func parseDepth(msg []byte) (*DepthUpdate, error) {
	var p fastjson.Parser // want `new fastjson\.Parser per call of parseDepth discards its internal buffers: reuse one per goroutine or pool it`
	v, err := p.ParseBytes(msg)
	if err != nil {
		return nil, err
	}
	u := &DepthUpdate{Symbol: string(v.GetStringBytes("s"))}
	for _, lvl := range v.GetArray("b") {
		u.Bids = append(u.Bids, [2]float64{lvl.GetFloat64("0"), lvl.GetFloat64("1")})
	}
	return u, nil
}

// sumField uses new(fastjson.Parser) per line inside a loop.
func sumField(lines []string) int {
	total := 0
	for _, l := range lines {
		p := new(fastjson.Parser) // want `new fastjson\.Parser in a loop in sumField discards its internal buffers: create one before the loop and reuse it`
		v, err := p.Parse(l)
		if err != nil {
			continue
		}
		total += v.GetInt("n")
	}
	return total
}

// countLines opens each file with a new bufio.Reader.
func countLines(paths []string) (int, error) {
	n := 0
	for _, path := range paths {
		f, err := os.Open(path)
		if err != nil {
			return 0, err
		}
		r := bufio.NewReader(f) // want `bufio\.NewReader allocates a 4 KiB buffer in a loop in countLines: make one before the loop and call Reset\(r\) in it`
		for {
			_, err := r.ReadString('\n')
			if err != nil {
				break
			}
			n++
		}
		f.Close()
	}
	return n, nil
}

type Row struct{ ID, Name string }

// writeRows formats every row into a new buffer.
func writeRows(w io.Writer, rows []Row) error {
	for _, row := range rows {
		var buf bytes.Buffer // want `bytes\.Buffer made in a loop: make one before the loop and call Reset in it`
		fmt.Fprintf(&buf, "%s\t%s\n", row.ID, row.Name)
		if _, err := w.Write(buf.Bytes()); err != nil {
			return err
		}
	}
	return nil
}

// encodeAll encodes each value through a json.Encoder over a new buffer.
func encodeAll(w io.Writer, vs []any) error {
	for _, v := range vs {
		buf := new(bytes.Buffer) // want `bytes\.Buffer made in a loop: make one before the loop and call Reset in it`
		if err := json.NewEncoder(buf).Encode(v); err != nil {
			return err
		}
		buf.WriteTo(w)
	}
	return nil
}

// keys copies the interesting part of each buffer into a string.
func keys(items [][]byte) []string {
	var out []string
	for _, it := range items {
		b := bytes.NewBuffer(make([]byte, 0, 64)) // want `bytes\.NewBuffer made in a loop: make one before the loop and call Reset in it`
		b.Write(bytes.TrimSpace(it))
		b.WriteString(":k")
		out = append(out, b.String())
	}
	return out
}

// inflateAll makes a flate reader per block.
func inflateAll(blocks [][]byte, w io.Writer) error {
	for _, blk := range blocks {
		fr := flate.NewReader(bytes.NewReader(blk)) // want `flate\.NewReader in a loop: make one before the loop and call Reset through flate\.Resetter in it`
		if _, err := io.Copy(w, fr); err != nil {
			return err
		}
		fr.Close()
	}
	return nil
}

// buildObjects uses a fresh arena per event.
func buildObjects(w io.Writer, names []string) {
	var dst []byte
	for _, name := range names {
		var a fastjson.Arena // want `new fastjson\.Arena in a loop in buildObjects discards its internal buffers: create one before the loop and reuse it`
		o := a.NewObject()
		o.Set("name", a.NewString(name))
		dst = o.MarshalTo(dst[:0])
		w.Write(dst)
	}
}

// Handler methods are reported with their receiver type.
type Server struct{ out io.Writer }

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	zw := gzip.NewWriter(w) // want `gzip\.NewWriter allocates about 800 KiB of compressor state per call: keep one in a sync\.Pool and call Reset\(w\)`
	defer func() { zw.Close() }()
	io.Copy(zw, r.Body)
}

// Anonymous readers for each line, used on the spot.
func firstWords(lines []string) []string {
	var out []string
	for _, l := range lines {
		w, _ := bufio.NewReader(strings.NewReader(l)).ReadString(' ') // want `bufio\.NewReader allocates a 4 KiB buffer in a loop in firstWords: make one before the loop and call Reset\(r\) in it`
		out = append(out, w)
	}
	return out
}

// lineKeys builds each key in a new strings.Builder and only looks it up.
func lineKeys(m map[string]int, rows [][]string) int {
	n := 0
	for _, r := range rows {
		var sb strings.Builder // want `strings\.Builder made in a loop in lineKeys: use a bytes\.Buffer or \[\]byte made before the loop, reset in it`
		for _, f := range r {
			sb.WriteString(f)
			sb.WriteByte('|')
		}
		n += m[sb.String()]
	}
	return n
}

// writeFrames makes a scratch slice per frame.
func writeFrames(w io.Writer, frames [][]byte) {
	for _, f := range frames {
		b := make([]byte, 0, len(f)+4) // want `make\(\[\]byte, 0, n\) in a loop in writeFrames: make one before the loop and truncate it with \[:0\] in it`
		b = binary.BigEndian.AppendUint32(b, uint32(len(f)))
		b = append(b, f...)
		w.Write(b)
	}
}
