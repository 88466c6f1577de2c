// Command caddyserver_caddy_v2 drives Caddy v2 as the web front end of an application under a
// realistic load and profiles it.
//
// The most common Caddy deployment is one site in front of an application: it serves a
// single-page application's assets from disk, proxies /api/* to the application server, sets
// security headers, compresses responses and writes an access log (the log, request_header,
// header, encode, reverse_proxy and file_server directives, in the order
// caddyconfig/httpcaddyfile/directives.go runs them; README.md "Features"). This driver runs exactly that in-process, the way
// cmd/caddy does: the standard modules are imported (modules/standard) and a JSON config is
// loaded with caddy.Load (caddy.go). The config is the JSON the Caddyfile adapter produces for
//
//	:PORT {
//		log { output discard }
//		request_header X-Real-IP {remote_host}
//		request_header -X-Debug-Token
//		header {
//			Strict-Transport-Security "max-age=31536000; includeSubDomains"
//			X-Content-Type-Options nosniff
//			X-Frame-Options DENY
//			Referrer-Policy strict-origin-when-cross-origin
//			+Vary Accept-Encoding
//			-Server
//			-X-Powered-By
//			Location http://app.internal:8080 {scheme}://{hostport}
//		}
//		encode gzip
//		handle /api/* { reverse_proxy 127.0.0.1:UPSTREAM }
//		handle { root * ASSETS; file_server }
//	}
//
// (the header forms are those of modules/caddyhttp/headers/caddyfile.go: set, +add, -delete, and
// a search/replace whose replacement is a placeholder; a delete makes the header handler defer
// its operations to write time), with the admin endpoint off, automatic HTTPS off, storage in a
// temporary directory and a loopback listener. The access log is the server's `logs` on a logger
// whose writer is the `discard` module (logging.go), JSON-encoded as by default.
//
// The upstream is a plain net/http server on loopback, the application: it answers JSON with
// precomputed bodies (so that its own CPU stays small beside Caddy's), sets Server and
// X-Powered-By (which Caddy deletes) and, on POST, a Location on its internal host name (which
// Caddy rewrites). It checks that Caddy's request headers arrived (X-Real-IP set, X-Forwarded-For
// added by reverse_proxy, X-Debug-Token removed) and answers 400 otherwise.
//
// The load: 8 client goroutines on keep-alive connections, each request drawn at random, with
// Accept-Encoding: gzip as browsers send it:
//
//	api  75%  proxied to the upstream
//	     product_list  22%  GET /api/v1/products?page=N      JSON ~7.5 KB (gzipped by Caddy)
//	     product_get   28%  GET /api/v1/products/{id}        JSON ~1.2 KB (gzipped)
//	     cart_get      15%  GET /api/v1/cart                 JSON ~600 B (gzipped)
//	     cart_add      10%  POST /api/v1/cart/items          ~120 B JSON body, 201 + Location, 90 B answer
//	static 25%  file_server from the asset directory
//	     index.html      4%  ~14 KB HTML
//	     app.js          2%  ~160 KB JavaScript bundle (cached long by browsers)
//	     app.css         3%  ~40 KB stylesheet
//	     logo.svg        3%  ~5 KB SVG
//	     img/*.webp     13%  ~25 KB images (not compressed: not a compressible type)
//
// About a third of the static requests are browser revalidations with If-None-Match (the ETag
// of an earlier answer) and must get 304; an API-heavy mix because a single-page application
// fetches its assets once per visit and then talks to the API. Every answer is checked: its
// status, its decoded length against what the upstream or the file holds, that GETs of
// compressible content larger than encode's minimum length came back gzip-encoded, that the
// security headers are set and Server deleted, and that Location was rewritten to Caddy's own
// address. More than 1 % failures (or none run) exits 1.
//
// No client library beyond net/http; caddy's own module graph provides everything imported.
package main

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"fmt"
	"io"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/caddyserver/caddy/v2"
	_ "github.com/caddyserver/caddy/v2/modules/standard"
)

const name = "caddyserver_caddy_v2"

// ---- the upstream application ----

type upstream struct {
	lists    [][]byte // product list pages
	products [][]byte // product detail documents
	cart     []byte
	added    []byte
}

func jsonOf(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func newUpstream(rng *rand.Rand) *upstream {
	words := []string{"classic", "leather", "running", "wool", "organic", "cotton", "trail", "slim", "waterproof", "linen", "vintage", "canvas"}
	kinds := []string{"shoe", "jacket", "shirt", "backpack", "scarf", "boot", "hoodie", "sock"}
	product := func(id int) map[string]any {
		title := words[rng.IntN(len(words))] + " " + words[rng.IntN(len(words))] + " " + kinds[rng.IntN(len(kinds))]
		return map[string]any{
			"id": id, "sku": fmt.Sprintf("SKU-%06d", id), "title": title,
			"price":  map[string]any{"amount": 1000 + rng.IntN(20000), "currency": "EUR"},
			"rating": float64(rng.IntN(50)) / 10, "reviews": rng.IntN(900), "in_stock": rng.IntN(10) > 0,
			"image":  fmt.Sprintf("/img/p%d.webp", id%16),
			"badges": []string{"new", "eco"}[:rng.IntN(3)],
		}
	}
	u := &upstream{}
	for p := 0; p < 16; p++ {
		items := make([]map[string]any, 20)
		for i := range items {
			items[i] = product(p*20 + i)
		}
		u.lists = append(u.lists, jsonOf(map[string]any{"page": p + 1, "per_page": 20, "total": 4817, "items": items}))
	}
	for id := 0; id < 64; id++ {
		d := product(id)
		desc := make([]string, 0, 12)
		for i := 0; i < 12; i++ {
			desc = append(desc, words[rng.IntN(len(words))])
		}
		d["description"] = strings.Join(desc, " ") + ". Made to last, designed for everyday wear, with a fit that works from the office to the trail."
		d["sizes"] = []string{"XS", "S", "M", "L", "XL"}
		d["colors"] = []string{"black", "navy", "olive", "sand"}
		d["attributes"] = map[string]any{"material": words[id%len(words)], "weight_g": 200 + id*7, "origin": "PT", "care": "machine wash 30C"}
		d["related"] = []int{id + 1, id + 2, id + 3, id + 5, id + 8}
		u.products = append(u.products, jsonOf(d))
	}
	var lines []map[string]any
	for i, id := range []int{12, 117, 203, 340} {
		p := product(id)
		lines = append(lines, map[string]any{"sku": p["sku"], "title": p["title"], "qty": 1 + i%2, "price": p["price"], "image": p["image"]})
	}
	u.cart = jsonOf(map[string]any{"id": "c-8c1f2e", "currency": "EUR", "items": lines,
		"subtotal": 16097, "shipping": 0, "tax": 3219, "total": 19316, "coupon": nil, "updated_at": "2026-11-27T04:00:00Z"})
	u.added = []byte(`{"ok":true,"cart":"c-8c1f2e","items":4,"total":21915,"updated_at":"2026-11-27T04:00:01Z"}`)
	return u
}

func (u *upstream) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// What Caddy must have done to the request on its way.
	if r.Header.Get("X-Real-Ip") == "" || r.Header.Get("X-Forwarded-For") == "" || r.Header.Get("X-Debug-Token") != "" {
		http.Error(w, "request headers not rewritten by the proxy", http.StatusBadRequest)
		return
	}
	h := w.Header()
	h.Set("Server", "gunicorn")
	h.Set("X-Powered-By", "shop-api/3.2")
	h.Set("Content-Type", "application/json")
	path := r.URL.Path
	switch {
	case r.Method == http.MethodGet && path == "/api/v1/products":
		page, _ := strconv.Atoi(r.URL.Query().Get("page"))
		w.Write(u.lists[page%len(u.lists)])
	case r.Method == http.MethodGet && strings.HasPrefix(path, "/api/v1/products/"):
		id, err := strconv.Atoi(path[len("/api/v1/products/"):])
		if err != nil {
			http.NotFound(w, r)
			return
		}
		w.Write(u.products[id%len(u.products)])
	case r.Method == http.MethodGet && path == "/api/v1/cart":
		w.Write(u.cart)
	case r.Method == http.MethodPost && path == "/api/v1/cart/items":
		var item struct {
			SKU string `json:"sku"`
			Qty int    `json:"qty"`
		}
		if err := json.NewDecoder(r.Body).Decode(&item); err != nil || item.SKU == "" || item.Qty < 1 {
			http.Error(w, "bad item", http.StatusUnprocessableEntity)
			return
		}
		h.Set("Location", "http://app.internal:8080/api/v1/cart/items/"+item.SKU)
		w.WriteHeader(http.StatusCreated)
		w.Write(u.added)
	default:
		http.NotFound(w, r)
	}
}

// ---- the assets ----

type asset struct {
	path   string // URL path
	size   int
	gzip   bool // compressible: Caddy's encode must gzip it
	weight int  // per mille of all requests
}

// makeAssets writes the asset directory and returns its files.
func makeAssets(dir string, rng *rand.Rand) ([]asset, error) {
	text := func(n int, unit func(i int) string) []byte {
		var b bytes.Buffer
		for i := 0; b.Len() < n; i++ {
			b.WriteString(unit(i))
		}
		return b.Bytes()[:n]
	}
	ident := func() string {
		const letters = "abcdefghijklmnopqrstuvwxyz"
		b := make([]byte, 2+rng.IntN(8))
		for i := range b {
			b[i] = letters[rng.IntN(len(letters))]
		}
		return string(b)
	}
	files := map[string][]byte{
		"/index.html": text(14<<10, func(i int) string {
			return fmt.Sprintf("<div class=\"card %s\"><a href=\"/p/%d\"><img src=\"/img/p%d.webp\" alt=\"%s\"></a><span>%s</span></div>\n", ident(), i, i%16, ident(), ident())
		}),
		"/app.js": text(160<<10, func(i int) string {
			return fmt.Sprintf("function %s(%s,%s){var %s=%s.%s(%d);if(%s){return %s.%s(%s)}return null}\n", ident(), ident(), ident(), ident(), ident(), ident(), rng.IntN(1000), ident(), ident(), ident(), ident())
		}),
		"/app.css": text(40<<10, func(i int) string {
			return fmt.Sprintf(".%s-%d{margin:%dpx %dpx;color:#%06x;display:flex}\n", ident(), i, rng.IntN(24), rng.IntN(24), rng.IntN(1<<24))
		}),
		"/logo.svg": text(5<<10, func(i int) string {
			return fmt.Sprintf("<path d=\"M%d %d L%d %d Z\" fill=\"#%06x\"/>\n", rng.IntN(512), rng.IntN(512), rng.IntN(512), rng.IntN(512), rng.IntN(1<<24))
		}),
	}
	assets := []asset{
		{"/index.html", len(files["/index.html"]), true, 40},
		{"/app.js", len(files["/app.js"]), true, 20},
		{"/app.css", len(files["/app.css"]), true, 30},
		{"/logo.svg", len(files["/logo.svg"]), true, 30},
	}
	for i := 0; i < 16; i++ {
		img := make([]byte, 20<<10+rng.IntN(10<<10))
		for j := range img {
			img[j] = byte(rng.Uint32())
		}
		copy(img, "RIFF\x00\x00\x00\x00WEBPVP8 ")
		p := fmt.Sprintf("/img/p%d.webp", i)
		files[p] = img
		assets = append(assets, asset{p, len(img), false, 130 / 16})
	}
	for p, data := range files {
		full := filepath.Join(dir, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			return nil, err
		}
		if err := os.WriteFile(full, data, 0o644); err != nil {
			return nil, err
		}
	}
	return assets, nil
}

// ---- the Caddy config ----

func caddyConfig(port int, upstreamAddr, assetDir, storageDir string) ([]byte, error) {
	hdrs := func(kv ...string) map[string][]string {
		m := map[string][]string{}
		for i := 0; i < len(kv); i += 2 {
			m[kv[i]] = []string{kv[i+1]}
		}
		return m
	}
	cfg := map[string]any{
		"admin":   map[string]any{"disabled": true},
		"storage": map[string]any{"module": "file_system", "root": storageDir},
		"logging": map[string]any{"logs": map[string]any{
			"default": map[string]any{"writer": map[string]any{"output": "stderr"}, "level": "WARN",
				"exclude": []string{"http.log.access.log0"}},
			"log0": map[string]any{"writer": map[string]any{"output": "discard"},
				"encoder": map[string]any{"format": "json"}, "include": []string{"http.log.access.log0"}},
		}},
		"apps": map[string]any{"http": map[string]any{"servers": map[string]any{"srv0": map[string]any{
			"listen":          []string{fmt.Sprintf("127.0.0.1:%d", port)},
			"automatic_https": map[string]any{"disable": true},
			"logs":            map[string]any{"default_logger_name": "log0"},
			"routes": []any{map[string]any{"handle": []any{
				map[string]any{"handler": "headers", "request": map[string]any{
					"set": hdrs("X-Real-Ip", "{http.request.remote.host}"), "delete": []string{"X-Debug-Token"}}},
				map[string]any{"handler": "headers", "response": map[string]any{
					"set": hdrs("Strict-Transport-Security", "max-age=31536000; includeSubDomains",
						"X-Content-Type-Options", "nosniff", "X-Frame-Options", "DENY",
						"Referrer-Policy", "strict-origin-when-cross-origin"),
					"add":    hdrs("Vary", "Accept-Encoding"),
					"delete": []string{"Server", "X-Powered-By"},
					"replace": map[string]any{"Location": []any{map[string]any{
						"search": "http://app.internal:8080", "replace": "{http.request.scheme}://{http.request.hostport}"}}},
					"deferred": true,
				}},
				map[string]any{"handler": "encode", "encodings": map[string]any{"gzip": map[string]any{}}, "prefer": []string{"gzip"}},
				map[string]any{"handler": "subroute", "routes": []any{
					map[string]any{"group": "group0", "match": []any{map[string]any{"path": []string{"/api/*"}}},
						"handle": []any{map[string]any{"handler": "reverse_proxy",
							"upstreams": []any{map[string]any{"dial": upstreamAddr}}}}},
					map[string]any{"group": "group0", "handle": []any{
						map[string]any{"handler": "vars", "root": assetDir},
						map[string]any{"handler": "file_server"}}},
				}},
			}}},
		}}}},
	}
	return json.Marshal(cfg)
}

// ---- the driver ----

const (
	opProductList = iota
	opProductGet
	opCartGet
	opCartAdd
	opStatic
	opRevalidate
	nOps
)

var opNames = [nOps]string{"product_list", "product_get", "cart_get", "cart_add", "static", "static_304"}

func main() {
	f := registerWindowFlags()
	f.parse()
	os.Exit(run(f))
}

func run(f *loadFlags) int {
	tmp, err := os.MkdirTemp("", "caddy-drive-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(tmp)
	rng := rand.New(rand.NewPCG(5, 17))
	assetDir := filepath.Join(tmp, "site")
	assets, err := makeAssets(assetDir, rng)
	if err != nil {
		fmt.Fprintln(os.Stderr, "assets:", err)
		return 1
	}
	up := newUpstream(rng)

	upLn, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	upSrv := &http.Server{Handler: up, ReadHeaderTimeout: 10 * time.Second}
	go upSrv.Serve(upLn)
	defer upSrv.Close()

	// A free loopback port for Caddy's listener.
	probe, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	port := probe.Addr().(*net.TCPAddr).Port
	probe.Close()

	cfg, err := caddyConfig(port, upLn.Addr().String(), assetDir, filepath.Join(tmp, "storage"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := caddy.Load(cfg, true); err != nil {
		fmt.Fprintln(os.Stderr, "caddy load:", err)
		return 1
	}
	defer caddy.Stop()
	base := fmt.Sprintf("http://127.0.0.1:%d", port)
	hostport := fmt.Sprintf("127.0.0.1:%d", port)

	const workers = 8
	client := keepAliveClient(workers, 15*time.Second)
	if err := waitReady(100, func() (*http.Response, error) { return client.Get(base + "/api/v1/cart") }); err != nil {
		fmt.Fprintln(os.Stderr, "caddy not ready:", err)
		return 1
	}

	// ETags of the assets, for the revalidations.
	etags := make([]string, len(assets))
	for i, a := range assets {
		resp, err := client.Get(base + a.path)
		if err != nil {
			fmt.Fprintln(os.Stderr, "asset:", err)
			return 1
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		if etags[i] = resp.Header.Get("Etag"); resp.StatusCode != http.StatusOK || etags[i] == "" {
			fmt.Fprintf(os.Stderr, "asset %s: status %d, etag %q\n", a.path, resp.StatusCode, etags[i])
			return 1
		}
	}
	staticTotal := 0
	for _, a := range assets {
		staticTotal += a.weight
	}

	var (
		okOps, failOps [nOps]atomic.Int64
		bytesIn        atomic.Int64
		sample         = errorSample{max: 5}
	)
	skus := make([]string, 200)
	for i := range skus {
		skus[i] = fmt.Sprintf("SKU-%06d", rng.IntN(4817))
	}
	stopClients := startClients(workers, 9, func(r *rand.Rand) {
		var (
			op   int
			req  *http.Request
			err  error
			want int // decoded body length expected
			gz   bool
		)
		n := r.IntN(1000)
		switch {
		case n < 220:
			op = opProductList
			page := r.IntN(16)
			req, err = http.NewRequest(http.MethodGet, base+"/api/v1/products?page="+strconv.Itoa(page)+"&sort=popular", nil)
			want, gz = len(up.lists[page]), true
		case n < 500:
			op = opProductGet
			id := r.IntN(4817)
			req, err = http.NewRequest(http.MethodGet, base+"/api/v1/products/"+strconv.Itoa(id), nil)
			want, gz = len(up.products[id%len(up.products)]), true
		case n < 650:
			op = opCartGet
			req, err = http.NewRequest(http.MethodGet, base+"/api/v1/cart", nil)
			want, gz = len(up.cart), true
		case n < 750:
			op = opCartAdd
			body := fmt.Sprintf(`{"sku":%q,"qty":%d,"source":"product_page","currency":"EUR","client_ts":%d}`, skus[r.IntN(len(skus))], 1+r.IntN(3), time.Now().UnixMilli())
			req, err = http.NewRequest(http.MethodPost, base+"/api/v1/cart/items", strings.NewReader(body))
			if err == nil {
				req.Header.Set("Content-Type", "application/json")
			}
			want = len(up.added)
		default:
			k := r.IntN(staticTotal)
			i := 0
			for ; k >= assets[i].weight; i++ {
				k -= assets[i].weight
			}
			a := assets[i]
			op = opStatic
			req, err = http.NewRequest(http.MethodGet, base+a.path, nil)
			want, gz = a.size, a.gzip
			if err == nil && r.IntN(3) == 0 {
				op = opRevalidate
				req.Header.Set("If-None-Match", etags[i])
				want, gz = 0, false
			}
		}
		if err != nil {
			failOps[op].Add(1)
			sample.record(err)
			return
		}
		req.Header.Set("User-Agent", "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36")
		req.Header.Set("Accept-Language", "en-GB,en;q=0.9")
		req.Header.Set("Cookie", "session=7d1c0e5f9a2b4c3d8e6f; consent=1")
		req.Header.Set("Accept-Encoding", "gzip")
		if r.IntN(50) == 0 {
			req.Header.Set("X-Debug-Token", "leaked-by-a-client")
		}
		n64, err := do(client, req, op, want, gz, hostport)
		if err != nil {
			failOps[op].Add(1)
			sample.record(fmt.Errorf("%s: %w", opNames[op], err))
			return
		}
		okOps[op].Add(1)
		bytesIn.Add(n64)
	})

	var okBase, failBase, okN, failN [nOps]int64
	var bytesBase, bytesN int64
	elapsed, err := profileWindow(f.cpuprofile, 4*time.Second, f.duration, func() error {
		for i := range okBase {
			okBase[i], failBase[i] = okOps[i].Load(), failOps[i].Load()
		}
		bytesBase = bytesIn.Load()
		return nil
	}, func() {
		for i := range okN {
			okN[i], failN[i] = okOps[i].Load()-okBase[i], failOps[i].Load()-failBase[i]
		}
		bytesN = bytesIn.Load() - bytesBase
	})
	stopClients()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	if err := writeAllocProfile(f.memprofile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	client.CloseIdleConnections()

	var total, fails int64
	parts := make([]string, nOps)
	for i := range okN {
		total += okN[i] + failN[i]
		fails += failN[i]
		parts[i] = fmt.Sprintf("%s %d", opNames[i], okN[i]+failN[i])
	}
	fmt.Printf("%d KiB of compressed or plain bodies received in the window\n", bytesN/1024)
	summary := fmt.Sprintf("%s: %d ops in %s (%s), %d errors", name, total, elapsed.Round(time.Millisecond), strings.Join(parts, ", "), fails)
	return finish(withinBudget(total, fails), func() {
		for i := range okN {
			fmt.Printf("%s: ok %d failed %d\n", opNames[i], okN[i], failN[i])
		}
		for _, m := range sample.messages() {
			fmt.Println("error:", m)
		}
	}, summary)
}

// do sends req and checks the answer: status, headers Caddy sets and deletes, compression, and
// the decoded length. It returns the bytes received on the wire (compressed when gzip).
func do(client *http.Client, req *http.Request, op, want int, gz bool, hostport string) (int64, error) {
	resp, err := client.Do(req)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var body io.Reader = resp.Body
	var wire countingReader
	encoded := resp.Header.Get("Content-Encoding") == "gzip"
	if encoded {
		wire.r = resp.Body
		zr, err := gzip.NewReader(&wire)
		if err != nil {
			return 0, err
		}
		body = zr
	}
	got, err := io.Copy(io.Discard, body)
	if err != nil {
		return 0, err
	}
	if !encoded {
		wire.n = got
	}
	wantStatus := http.StatusOK
	switch op {
	case opCartAdd:
		wantStatus = http.StatusCreated
	case opRevalidate:
		wantStatus = http.StatusNotModified
	}
	h := resp.Header
	switch {
	case resp.StatusCode != wantStatus:
		return 0, fmt.Errorf("status %d, want %d", resp.StatusCode, wantStatus)
	case int(got) != want:
		return 0, fmt.Errorf("%d bytes decoded, want %d", got, want)
	case gz && want >= 512 && !encoded: // encode's default minimum_length
		return 0, fmt.Errorf("%d-byte answer not gzip-encoded", got)
	case h.Get("X-Content-Type-Options") != "nosniff" || h.Get("Strict-Transport-Security") == "":
		return 0, fmt.Errorf("security headers missing")
	case h.Get("Server") != "" || h.Get("X-Powered-By") != "":
		return 0, fmt.Errorf("upstream headers not deleted")
	case op == opCartAdd && !strings.HasPrefix(h.Get("Location"), "http://"+hostport+"/api/v1/cart/items/"):
		return 0, fmt.Errorf("location not rewritten: %q", h.Get("Location"))
	}
	return wire.n, nil
}

// countingReader counts the bytes read through it.
type countingReader struct {
	r io.Reader
	n int64
}

func (c *countingReader) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
