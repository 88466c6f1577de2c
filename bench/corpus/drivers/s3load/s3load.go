// The S3 workload that the drivers of S3 servers share (johannesboyne_gofakes3 and
// versity_versitygw; the data set, the mix and its reasons are in their top comments): runS3
// parses the flags, starts the server (by the driver's s3Server), fills the bucket, loads it with
// concurrent S3 clients over loopback HTTP, profiles the load phase (harness; allocation sampling
// is off until the load starts, so neither profile counts the setup), and prints the
// per-operation report, whose last line is the summary drive.sh prints. The clients check each
// request's status (and, for GETs, the byte count); the run does not count when more than 1 % of
// operations failed or none ran.

package main

import (
	"bytes"
	"context"
	"crypto/md5"
	"encoding/base64"
	"encoding/binary"
	"flag"
	"fmt"
	"hash/crc32"
	"io"
	"log"
	"math/rand/v2"
	"net/http"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"
)

// Allocation sampling is off until the load starts (see startProfiles).
func init() { runtime.MemProfileRate = 0 }

const (
	bucket       = "perfproof-load"
	seedPrefixes = 20
	deleteBatch  = 32
	partSize     = 5 << 20
	lastPartSize = 1 << 20
	parts        = 3
)

var largeSizes = []int{512 << 10, 1 << 20, 4 << 20, 8 << 20}

// ops, in the order of the table in the drivers' top comments.
const (
	opGet = iota
	opRangeGet
	opHead
	opPut
	opList
	opMultipart
	opDelete
	numOps
)

var opNames = [numOps]string{"GET", "GET-range", "HEAD", "PUT", "LIST", "MULTIPART", "DELETE-OBJECTS"}

// weights out of 10000 (DeleteObjects follows the writes instead).
var opWeights = [...]struct{ op, weight int }{
	{opGet, 5705}, {opRangeGet, 1000}, {opHead, 1500}, {opPut, 1500}, {opList, 290}, {opMultipart, 5},
}

// s3Server is what a driver provides: its S3 server and the way its clients authenticate.
type s3Server struct {
	// start starts the server (exiting through log.Fatal if it cannot) and returns its base URL
	// and a function that stops it.
	start func() (base string, stop func())
	// sign gives a request, all of whose other headers are set, the authentication headers the
	// server expects; body is the request's body (nil for none).
	sign func(ctx context.Context, req *http.Request, body []byte) error
}

// runS3 runs the workload against srv and returns the exit code: 0, or 1 when the run does not
// count.
func runS3(srv s3Server) int {
	f := registerLoadFlags()
	clients := flag.Int("clients", 16, "concurrent clients")
	objects := flag.Int("objects", 1000, "small objects in the bucket before the load")
	maxOps := flag.Int64("maxops", 10_000_000, "stop after this many operations, even before -duration")
	seed := flag.Uint64("seed", 1, "random seed")
	f.parse()
	log.SetFlags(log.Ltime | log.Lmicroseconds)
	if *objects < 1000 || *objects%seedPrefixes != 0 {
		log.Fatalf("-objects must be a multiple of %d and at least 1000 (a listing page is 1000 keys)", seedPrefixes)
	}

	base, stop := srv.start()

	d := newDriver(base, srv.sign, *clients, *objects, *seed)
	start := time.Now()
	if err := d.setup(); err != nil {
		log.Fatalf("setup: %v", err)
	}
	log.Printf("setup: bucket %s with %d objects of 1-8 KiB and %d large ones in %v",
		bucket, *objects, len(largeSizes), time.Since(start).Round(time.Millisecond))

	stopProfiles := startProfiles(f.cpuprofile, f.memprofile)
	elapsed := d.run(f.duration, *maxOps)
	stopProfiles()

	stop()

	return d.report(elapsed)
}

// startProfiles starts the CPU profile and allocation sampling; the function it returns stops
// the CPU profile and writes the allocation profile.
func startProfiles(cpuPath, memPath string) func() {
	stopCPU, err := startCPUProfile(cpuPath)
	if err != nil {
		log.Fatal(err)
	}
	runtime.MemProfileRate = 512 * 1024 // the runtime's default
	return func() {
		if err := stopCPU(); err != nil {
			log.Fatal(err)
		}
		if err := writeAllocProfile(memPath); err != nil {
			log.Fatal(err)
		}
	}
}

type driver struct {
	base    string
	sign    func(ctx context.Context, req *http.Request, body []byte) error
	clients int
	seed    uint64
	http    *http.Client
	payload []byte // random bytes; bodies are slices of it

	small []object // the seed objects, in Zipf rank order (rank 0 the hottest)
	large []object

	stats  [numOps]opStats
	maxOps int64
	ops    atomic.Int64 // operations begun

	errs errorSample // the first 10 errors
}

type object struct {
	key  string
	size int
}

type opStats struct {
	count   atomic.Int64
	errors  atomic.Int64
	nanos   atomic.Int64
	maxNano atomic.Int64
	bytes   atomic.Int64
}

func newDriver(base string, sign func(context.Context, *http.Request, []byte) error, clients, objects int, seed uint64) *driver {
	r := rand.New(rand.NewPCG(seed, 0x5eed))
	payload := make([]byte, 16<<20)
	for i := 0; i+8 <= len(payload); i += 8 {
		binary.LittleEndian.PutUint64(payload[i:], r.Uint64())
	}
	d := &driver{
		base:    base,
		sign:    sign,
		clients: clients,
		seed:    seed,
		payload: payload,
		errs:    errorSample{max: 10},
		http: &http.Client{
			Timeout: time.Minute,
			Transport: &http.Transport{
				MaxIdleConns:        4 * clients,
				MaxIdleConnsPerHost: 4 * clients,
				DisableCompression:  true,
				IdleConnTimeout:     time.Minute,
			},
		},
	}
	perPrefix := objects / seedPrefixes
	for p := 0; p < seedPrefixes; p++ {
		for i := 0; i < perPrefix; i++ {
			d.small = append(d.small, object{
				key:  fmt.Sprintf("seed/p%02d/obj-%06d.dat", p, p*perPrefix+i),
				size: 1024 + r.IntN(7*1024+1),
			})
		}
	}
	// Hotness is independent of the key's place in the listing.
	r.Shuffle(len(d.small), func(i, j int) { d.small[i], d.small[j] = d.small[j], d.small[i] })
	for i, size := range largeSizes {
		d.large = append(d.large, object{key: fmt.Sprintf("large/blob-%d.bin", i), size: size})
	}
	return d
}

// body returns n bytes of the payload, starting at a place that depends on salt.
func (d *driver) body(n int, salt uint64) []byte {
	off := int(salt % uint64(len(d.payload)-n+1))
	return d.payload[off : off+n]
}

func (d *driver) setup() error {
	if _, _, err := d.do(nil, "PUT", "/"+bucket, nil, nil, nil, 200); err != nil {
		return fmt.Errorf("create bucket: %w", err)
	}
	all := append(append([]object(nil), d.small...), d.large...)
	work := make(chan object)
	errs := make(chan error, 8)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for o := range work {
				h := http.Header{"Content-Type": {"application/octet-stream"}}
				if _, _, err := d.do(nil, "PUT", "/"+bucket+"/"+o.key, nil, h, d.body(o.size, hashKey(o.key)), 200); err != nil {
					errs <- fmt.Errorf("put %s: %w", o.key, err)
					return
				}
			}
		}()
	}
	var err error
feed:
	for _, o := range all {
		select {
		case work <- o:
		case err = <-errs:
			break feed
		}
	}
	close(work)
	wg.Wait()
	if err == nil {
		select {
		case err = <-errs:
		default:
		}
	}
	return err
}

func hashKey(k string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(k); i++ {
		h = (h ^ uint64(k[i])) * 1099511628211
	}
	return h
}

// run starts the clients and returns when they have stopped, -duration later (or after -maxops
// operations).
func (d *driver) run(duration time.Duration, maxOps int64) time.Duration {
	d.maxOps = maxOps
	start := time.Now()
	deadline := start.Add(duration)
	var wg sync.WaitGroup
	for c := 0; c < d.clients; c++ {
		wg.Add(1)
		go func(c int) {
			defer wg.Done()
			d.client(c, deadline)
		}(c)
	}
	wg.Wait()
	return time.Since(start)
}

type client struct {
	d       *driver
	id      int
	r       *rand.Rand
	zipf    *rand.Zipf
	seq     int
	written []string // keys put and not yet deleted
}

func (d *driver) client(id int, deadline time.Time) {
	r := rand.New(rand.NewPCG(d.seed, uint64(id)+1))
	c := &client{d: d, id: id, r: r, zipf: rand.NewZipf(r, 1.1, 1, uint64(len(d.small)-1))}
	for time.Now().Before(deadline) && d.ops.Add(1) <= d.maxOps {
		op := -1
		w := r.IntN(10000)
		for _, ow := range opWeights {
			if w < ow.weight {
				op = ow.op
				break
			}
			w -= ow.weight
		}
		if op < 0 {
			panic("weights do not add up to 10000")
		}
		c.do(op)
		if len(c.written) >= deleteBatch {
			c.do(opDelete)
		}
	}
	if len(c.written) > 0 { // leave the bucket as it was
		c.do(opDelete)
	}
}

func (c *client) do(op int) {
	start := time.Now()
	n, err := c.run(op)
	el := time.Since(start).Nanoseconds()
	s := &c.d.stats[op]
	s.count.Add(1)
	s.nanos.Add(el)
	s.bytes.Add(n)
	for {
		m := s.maxNano.Load()
		if el <= m || s.maxNano.CompareAndSwap(m, el) {
			break
		}
	}
	if err != nil {
		s.errors.Add(1)
		c.d.errs.record(fmt.Errorf("%s: %w", opNames[op], err))
	}
}

func (c *client) hotObject() object {
	if c.r.IntN(100) == 0 {
		return c.d.large[c.r.IntN(len(c.d.large))]
	}
	return c.d.small[c.zipf.Uint64()]
}

func (c *client) newKey() string {
	c.seq++
	return fmt.Sprintf("new/c%02d/%08d-%04x.dat", c.id, c.seq, c.r.IntN(1<<16))
}

// run does one operation and returns the payload bytes it moved.
func (c *client) run(op int) (int64, error) {
	d := c.d
	switch op {
	case opGet:
		o := c.hotObject()
		n, _, err := d.do(nil, "GET", "/"+bucket+"/"+o.key, nil, nil, nil, 200)
		if err == nil && n != int64(o.size) {
			err = fmt.Errorf("%s: got %d bytes, want %d", o.key, n, o.size)
		}
		return n, err

	case opRangeGet:
		var o object
		var first, length int
		if c.r.IntN(10) < 7 {
			o = d.large[c.r.IntN(len(d.large))]
			length = 64<<10 + c.r.IntN(1<<20-64<<10+1)
			if length > o.size {
				length = o.size
			}
			first = c.r.IntN(o.size - length + 1)
		} else {
			o = d.small[c.zipf.Uint64()]
			length = 1024
		}
		h := http.Header{"Range": {fmt.Sprintf("bytes=%d-%d", first, first+length-1)}}
		n, _, err := d.do(nil, "GET", "/"+bucket+"/"+o.key, nil, h, nil, 206)
		if err == nil && n != int64(length) {
			err = fmt.Errorf("%s range %d+%d: got %d bytes", o.key, first, length, n)
		}
		return n, err

	case opHead:
		if c.r.IntN(10) == 0 {
			key := fmt.Sprintf("new/c%02d/absent-%08d.dat", c.id, c.r.IntN(1e8))
			_, _, err := d.do(nil, "HEAD", "/"+bucket+"/"+key, nil, nil, nil, 404)
			return 0, err
		}
		o := c.d.small[c.zipf.Uint64()]
		_, resp, err := d.do(nil, "HEAD", "/"+bucket+"/"+o.key, nil, nil, nil, 200)
		if err == nil && resp.ContentLength != int64(o.size) {
			err = fmt.Errorf("HEAD %s: Content-Length %d, want %d", o.key, resp.ContentLength, o.size)
		}
		return 0, err

	case opPut:
		key := c.newKey()
		body := d.body(1024+c.r.IntN(7*1024+1), c.r.Uint64())
		h := http.Header{
			"Content-Type":                 {"application/octet-stream"},
			"X-Amz-Meta-Origin":            {fmt.Sprintf("client-%d", c.id)},
			"X-Amz-Checksum-Crc32":         {crc32Base64(body)},
			"X-Amz-Sdk-Checksum-Algorithm": {"CRC32"},
		}
		_, _, err := d.do(nil, "PUT", "/"+bucket+"/"+key, nil, h, body, 200)
		if err == nil {
			c.written = append(c.written, key)
		}
		return int64(len(body)), err

	case opList:
		q := map[string]string{"list-type": "2", "max-keys": "1000"}
		_, body, err := d.doRead(nil, "GET", "/"+bucket, q, nil, nil, 200)
		if err != nil {
			return 0, err
		}
		total := int64(len(body))
		if k := bytes.Count(body, []byte("<Key>")); k != 1000 {
			return total, fmt.Errorf("first page has %d keys, want 1000", k)
		}
		token := xmlField(body, "NextContinuationToken")
		if token == "" {
			return total, fmt.Errorf("first page has no continuation token")
		}
		if c.r.IntN(2) == 0 {
			q["continuation-token"] = token
			_, body, err = d.doRead(nil, "GET", "/"+bucket, q, nil, nil, 200)
			total += int64(len(body))
			if err == nil && bytes.Count(body, []byte("<Key>")) == 0 {
				err = fmt.Errorf("second page is empty")
			}
		}
		return total, err

	case opMultipart:
		key := c.newKey()
		_, body, err := d.doRead(nil, "POST", "/"+bucket+"/"+key, map[string]string{"uploads": ""},
			http.Header{"Content-Type": {"application/octet-stream"}}, nil, 200)
		if err != nil {
			return 0, err
		}
		uploadID := xmlField(body, "UploadId")
		if uploadID == "" {
			return 0, fmt.Errorf("no UploadId in %q", body)
		}
		var total int64
		var complete strings.Builder
		complete.WriteString("<CompleteMultipartUpload>")
		for p := 1; p <= parts; p++ {
			size := partSize
			if p == parts {
				size = lastPartSize
			}
			part := d.body(size, c.r.Uint64())
			q := map[string]string{"partNumber": strconv.Itoa(p), "uploadId": uploadID}
			_, resp, err := d.do(nil, "PUT", "/"+bucket+"/"+key, q, nil, part, 200)
			if err != nil {
				return total, err
			}
			total += int64(size)
			fmt.Fprintf(&complete, "<Part><PartNumber>%d</PartNumber><ETag>%s</ETag></Part>", p, resp.Header.Get("ETag"))
		}
		complete.WriteString("</CompleteMultipartUpload>")
		q := map[string]string{"uploadId": uploadID}
		_, body, err = d.doRead(nil, "POST", "/"+bucket+"/"+key, q, nil, []byte(complete.String()), 200)
		if err == nil && bytes.Contains(body, []byte("<Error>")) {
			err = fmt.Errorf("complete: %s", body)
		}
		if err == nil {
			c.written = append(c.written, key)
		}
		return total, err

	case opDelete:
		var req strings.Builder
		req.WriteString(`<Delete xmlns="http://s3.amazonaws.com/doc/2006-03-01/">`)
		for _, k := range c.written {
			fmt.Fprintf(&req, "<Object><Key>%s</Key></Object>", k)
		}
		req.WriteString("<Quiet>false</Quiet></Delete>")
		payload := []byte(req.String())
		sum := md5.Sum(payload)
		h := http.Header{"Content-Md5": {base64.StdEncoding.EncodeToString(sum[:])}, "Content-Type": {"application/xml"}}
		_, body, err := d.doRead(nil, "POST", "/"+bucket, map[string]string{"delete": ""}, h, payload, 200)
		if err == nil {
			if bytes.Contains(body, []byte("<Error>")) {
				err = fmt.Errorf("delete: %s", body)
			} else if n := bytes.Count(body, []byte("<Deleted>")); n != len(c.written) {
				err = fmt.Errorf("deleted %d of %d keys", n, len(c.written))
			}
		}
		c.written = c.written[:0]
		return int64(len(payload)), err
	}
	return 0, fmt.Errorf("unknown op %d", op)
}

func crc32Base64(b []byte) string {
	var sum [4]byte
	binary.BigEndian.PutUint32(sum[:], crc32.ChecksumIEEE(b))
	return base64.StdEncoding.EncodeToString(sum[:])
}

// xmlField returns the text of the first <name> element in body.
func xmlField(body []byte, name string) string {
	open := "<" + name + ">"
	i := bytes.Index(body, []byte(open))
	if i < 0 {
		return ""
	}
	rest := body[i+len(open):]
	j := bytes.Index(rest, []byte("</"+name+">"))
	if j < 0 {
		return ""
	}
	return string(rest[:j])
}

// do sends a request and discards the response body, returning its length.
func (d *driver) do(ctx context.Context, method, path string, query map[string]string, h http.Header, body []byte, want int) (int64, *http.Response, error) {
	resp, err := d.send(ctx, method, path, query, h, body)
	if err != nil {
		return 0, nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != want {
		msg, _ := io.ReadAll(io.LimitReader(resp.Body, 512))
		return 0, resp, fmt.Errorf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, msg)
	}
	n, err := io.Copy(io.Discard, resp.Body)
	return n, resp, err
}

// doRead sends a request and returns the response body.
func (d *driver) doRead(ctx context.Context, method, path string, query map[string]string, h http.Header, body []byte, want int) (*http.Response, []byte, error) {
	resp, err := d.send(ctx, method, path, query, h, body)
	if err != nil {
		return nil, nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err == nil && resp.StatusCode != want {
		if len(b) > 512 {
			b = b[:512]
		}
		err = fmt.Errorf("%s %s: status %d, want %d: %s", method, path, resp.StatusCode, want, b)
	}
	return resp, b, err
}

func (d *driver) send(ctx context.Context, method, path string, query map[string]string, h http.Header, body []byte) (*http.Response, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	u := d.base + path
	if len(query) > 0 {
		keys := make([]string, 0, len(query))
		for k := range query {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var qs strings.Builder
		for i, k := range keys {
			if i > 0 {
				qs.WriteByte('&')
			}
			qs.WriteString(k)
			if v := query[k]; v != "" || k != "uploads" && k != "delete" {
				qs.WriteByte('=')
				qs.WriteString(queryEscape(v))
			}
		}
		u += "?" + qs.String()
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, u, rd)
	if err != nil {
		return nil, err
	}
	for k, v := range h {
		req.Header[k] = v
	}
	req.Header.Set("User-Agent", "perfproof-load/1.0")
	if err := d.sign(ctx, req, body); err != nil {
		return nil, err
	}
	return d.http.Do(req)
}

// queryEscape escapes a query value the way SigV4 canonicalises it (RFC 3986 unreserved kept).
func queryEscape(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		ch := s[i]
		if 'A' <= ch && ch <= 'Z' || 'a' <= ch && ch <= 'z' || '0' <= ch && ch <= '9' || ch == '-' || ch == '_' || ch == '.' || ch == '~' {
			b.WriteByte(ch)
		} else {
			fmt.Fprintf(&b, "%%%02X", ch)
		}
	}
	return b.String()
}

// report prints the per-operation figures and, last, the summary line; it returns the exit code,
// 1 when the run does not count (no operations, or more than 1 % failed).
func (d *driver) report(elapsed time.Duration) int {
	var total, errs int64
	fmt.Printf("%-15s %9s %7s %10s %10s %12s\n", "op", "count", "errors", "mean", "max", "payload MB")
	for op := 0; op < numOps; op++ {
		s := &d.stats[op]
		n := s.count.Load()
		total += n
		errs += s.errors.Load()
		mean := time.Duration(0)
		if n > 0 {
			mean = time.Duration(s.nanos.Load() / n)
		}
		fmt.Printf("%-15s %9d %7d %10v %10v %12.1f\n", opNames[op], n, s.errors.Load(),
			mean.Round(time.Microsecond), time.Duration(s.maxNano.Load()).Round(time.Microsecond),
			float64(s.bytes.Load())/1e6)
	}
	for _, e := range d.errs.messages() {
		fmt.Println("error:", e)
	}
	ok := withinBudget(total, errs)
	verdict := "ok"
	if !ok {
		verdict = "FAILED (more than 1 % errors, or no operations)"
	}
	return finish(ok, nil, fmt.Sprintf("%d operations in %v (%.0f/s) by %d clients, %d errors: %s",
		total, elapsed.Round(time.Millisecond), float64(total)/elapsed.Seconds(), d.clients, errs, verdict))
}
