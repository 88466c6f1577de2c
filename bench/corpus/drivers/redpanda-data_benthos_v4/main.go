// Command redpanda-data_benthos_v4 drives a Benthos v4 log pipeline under a realistic load and
// profiles it.
//
// Benthos is used above all as a log/event pipeline: consume events, parse them, transform and
// enrich them with Bloblang, filter, count them in metrics, batch them and write them to a sink.
// This driver builds such a stream in-process with the public API (service.NewStreamBuilder +
// SetYAML, public/service/stream_builder.go) from a YAML config assembled from the copy's own
// component docs (corpus copy /tmp/perfproof-corpus/redpanda-data_benthos_v4):
//
//   - input http_server (internal/impl/io/input_http_server.go): log shippers POST batches of
//     newline-delimited log lines to /ingest/{source}; the path parameter, headers and query
//     become metadata. It uses the service-wide HTTP server, here set with SetHTTPMux to a
//     gorilla/mux router (what Benthos' own api package uses) served on 127.0.0.1:0. The input's
//     `unarchive: {format: lines}` processor splits each POST into one message per log line.
//   - buffer memory with a batch_policy (buffer_memory.go: "appropriate when consuming messages
//     from inputs that do not gracefully handle back pressure"; batches of 500 events or 100 ms).
//   - pipeline processors: a `switch` on the source; nginx access lines are parsed with `grok`
//     and a custom pattern definition for the nginx "combined" format, built from NOTSPACE/DATA/
//     INT captures the way processor_grok.go's "VPC Flow Logs" example defines VPCFLOWLOG (the
//     stock COMBINEDAPACHELOG pattern, with its IPv6/HTTPDATE sub-patterns, is what users replace
//     for speed), then mapped to typed fields (ts_strptime/ts_format); JSON application logs are
//     parsed and normalised with `mapping` (level lowercase, ts_parse/ts_format, e-mail replaced
//     by its sha256 for PII); a `catch` logs and drops lines that failed to parse
//     (processor_log.go); a `mapping` drops debug events (root = if ... { deleted() }); a
//     `mutation` adds routing fields; a `metric` counter log_events_total labelled by source and
//     level (processor_metric.go "Counter" example), exported by the json_api metrics exporter on
//     /stats.
//   - output file, with output processors `archive: {format: lines}` and `compress: {algorithm:
//     gzip}`, one gzip file per batch under a date directory (the object-storage pattern: one
//     object per batch), in a temp dir removed at the end.
//
// The load: 3 client goroutines POST pre-generated bodies of 200 lines each over loopback:
//
//	app    60% of POSTs  NDJSON application logs, ~390 B/line (~78 KB/POST): 15 % debug (dropped
//	                     by the pipeline), 68 % info, 12 % warn, 5 % error, 0.2 % truncated lines
//	nginx  40% of POSTs  nginx "combined" access log lines, ~230 B/line (~46 KB/POST)
//
// Every POST's status is checked (200 expected). "Messages processed" are measured from the
// stream itself: the log_events_total counter read from /stats. At the end, after the clients stop,
// the driver waits for the pipeline to drain and checks that exactly the events it sent (minus
// debug and malformed lines) were counted; a shortfall above 1 % or more than 1 % failed POSTs
// exits 1.
package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"time"

	"github.com/gorilla/mux"
	_ "github.com/redpanda-data/benthos/v4/public/components/io"
	_ "github.com/redpanda-data/benthos/v4/public/components/pure"
	"github.com/redpanda-data/benthos/v4/public/service"
)

const name = "redpanda-data_benthos_v4"

const streamConfig = `
input:
  http_server:
    path: /ingest/{source}
    allowed_verbs: [ POST ]
    timeout: 10s
  processors:
    - unarchive:
        format: lines

buffer:
  memory:
    limit: 10485760
    batch_policy:
      enabled: true
      count: 500
      period: 100ms

pipeline:
  threads: 2
  processors:
    - switch:
        - check: '@source == "nginx"'
          processors:
            - grok:
                expressions:
                  - '%{NGINXACCESS}'
                pattern_definitions:
                  NGINXACCESS: '%{NOTSPACE:clientip} %{NOTSPACE:ident} %{NOTSPACE:auth} \[%{DATA:timestamp}\] "%{WORD:verb} %{NOTSPACE:request} HTTP/%{NOTSPACE:httpversion}" %{INT:response:int} %{INT:bytes:int} "%{DATA:referrer}" "%{DATA:agent}"'
            - mapping: |
                let status = this.response
                root.ts = this.timestamp.ts_strptime("%d/%b/%Y:%H:%M:%S %z").ts_format("2006-01-02T15:04:05.000Z07:00", "UTC")
                root.level = if $status >= 500 { "error" } else if $status >= 400 { "warn" } else { "info" }
                root.service = "edge-nginx"
                root.msg = this.verb + " " + this.request
                root.client_ip = this.clientip
                root.http.method = this.verb
                root.http.path = this.request.split("?").index(0)
                root.http.status = $status
                root.http.bytes = this.bytes
                root.http.referrer = this.referrer
                root.http.user_agent = this.agent
        - processors:
            - mapping: |
                root = this
                root.level = this.level.lowercase()
                root.ts = this.ts.ts_parse("2006-01-02T15:04:05.999999Z07:00").ts_format("2006-01-02T15:04:05.000Z07:00", "UTC")
                root.user.email = deleted()
                root.user.email_sha256 = this.user.email.hash("sha256").encode("hex")
    - catch:
        - log:
            level: WARN
            message: 'dropping unparseable ${! @source } log line: ${! error() }'
        - mapping: 'root = deleted()'
    - mapping: 'root = if this.level == "debug" { deleted() }'
    - mutation: |
        root.source = @source
        root.env = "prod"
        root.pipeline = "logs-ingest"
        root.ingested_at = now()
    - metric:
        type: counter
        name: log_events_total
        labels:
          source: ${! @source }
          level: ${! json("level") }

output:
  file:
    path: '${OUT_DIR}/${! now().ts_format("2006-01-02") }/events-${! uuid_v4() }.jsonl.gz'
    codec: all-bytes
  processors:
    - archive:
        format: lines
    - compress:
        algorithm: gzip
`

// muxAdapter gives a gorilla/mux router the HandleFunc signature StreamBuilder.SetHTTPMux wants.
type muxAdapter struct{ r *mux.Router }

func (m muxAdapter) HandleFunc(pattern string, h func(http.ResponseWriter, *http.Request)) {
	m.r.HandleFunc(pattern, h)
}

// ---- the load data ----

type body struct {
	data     []byte
	expected int // lines the pipeline should count (not debug, not malformed)
}

var (
	services  = []string{"checkout", "cart", "catalog", "payments", "auth", "search"}
	paths     = []string{"/api/v1/cart/items", "/api/v1/products/%d", "/api/v1/checkout", "/api/v1/search?q=shoes&page=%d", "/api/v1/orders/%d", "/healthz", "/static/app.%d.js"}
	methods   = []string{"GET", "GET", "GET", "POST", "GET", "PUT", "DELETE"}
	msgs      = []string{"request completed", "cache miss, loading from database", "payment authorised", "user session refreshed", "inventory reserved", "slow query detected", "upstream timeout, retrying"}
	agents    = []string{"Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36", "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1", "curl/8.4.0", "Go-http-client/1.1"}
	referrers = []string{"-", "https://shop.example.com/", "https://www.google.com/", "https://shop.example.com/cart"}
)

func pickLevel(rng *rand.Rand) string {
	n := rng.IntN(100)
	switch {
	case n < 15:
		return "debug"
	case n < 83:
		return "INFO"
	case n < 95:
		return "warn"
	default:
		return "error"
	}
}

func appBody(rng *rand.Rand, lines int, t time.Time) body {
	var b bytes.Buffer
	exp := 0
	for i := 0; i < lines; i++ {
		lvl := pickLevel(rng)
		svc := services[rng.IntN(len(services))]
		pi := rng.IntN(len(paths))
		p := paths[pi]
		if strings.Contains(p, "%d") {
			p = fmt.Sprintf(p, rng.IntN(5000))
		}
		status := 200
		if lvl == "warn" {
			status = 404
		} else if lvl == "error" {
			status = 502
		}
		line := fmt.Sprintf(`{"ts":"%s","level":"%s","service":"%s","host":"%s-%x","msg":"%s","trace_id":"%016x%016x","span_id":"%016x","http":{"method":"%s","path":"%s","status":%d,"duration_ms":%.3f},"user":{"id":"u-%d","email":"user%d@example.com"},"region":"eu-west-1"}`,
			t.Add(time.Duration(i)*time.Millisecond).UTC().Format("2006-01-02T15:04:05.000000Z07:00"), lvl, svc, svc, rng.Uint32(),
			msgs[rng.IntN(len(msgs))], rng.Uint64(), rng.Uint64(), rng.Uint64(), methods[pi], p, status,
			rng.Float64()*250, rng.IntN(100000), rng.IntN(100000))
		if rng.IntN(500) == 0 { // a truncated line, as shippers produce on rotation
			line = line[:len(line)/2]
		} else if lvl != "debug" {
			exp++
		}
		b.WriteString(line)
		b.WriteByte('\n')
	}
	return body{data: b.Bytes(), expected: exp}
}

func nginxBody(rng *rand.Rand, lines int, t time.Time) body {
	var b bytes.Buffer
	for i := 0; i < lines; i++ {
		pi := rng.IntN(len(paths))
		p := paths[pi]
		if strings.Contains(p, "%d") {
			p = fmt.Sprintf(p, rng.IntN(5000))
		}
		status := []int{200, 200, 200, 200, 200, 200, 304, 301, 404, 500}[rng.IntN(10)]
		fmt.Fprintf(&b, "%d.%d.%d.%d - - [%s] \"%s %s HTTP/1.1\" %d %d \"%s\" \"%s\"\n",
			10+rng.IntN(200), rng.IntN(256), rng.IntN(256), 1+rng.IntN(254),
			t.Add(time.Duration(i)*time.Millisecond).UTC().Format("02/Jan/2006:15:04:05 -0700"),
			methods[pi], p, status, 200+rng.IntN(40000), referrers[rng.IntN(len(referrers))], agents[rng.IntN(len(agents))])
	}
	return body{data: b.Bytes(), expected: lines}
}

// ---- the driver ----

func main() {
	f := registerWindowFlags()
	f.parse()
	os.Exit(run(f))
}

func run(f *loadFlags) int {
	outDir, err := os.MkdirTemp("", "benthos-drive-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(outDir)

	// Data first: 32 bodies of 200 lines per source.
	const linesPerPost = 200
	rng := rand.New(rand.NewPCG(7, 11))
	t0 := time.Date(2026, 11, 27, 4, 0, 0, 0, time.UTC)
	var appBodies, nginxBodies []body
	for i := 0; i < 32; i++ {
		appBodies = append(appBodies, appBody(rng, linesPerPost, t0.Add(time.Duration(i)*time.Second)))
		nginxBodies = append(nginxBodies, nginxBody(rng, linesPerPost, t0.Add(time.Duration(i)*time.Second)))
	}

	// The stream, on a router served on loopback.
	router := mux.NewRouter()
	sb := service.NewStreamBuilder()
	sb.SetHTTPMux(muxAdapter{router})
	sb.SetLogger(slog.New(slog.NewJSONHandler(io.Discard, &slog.HandlerOptions{Level: slog.LevelInfo})))
	sb.SetEnvVarLookupFunc(func(k string) (string, bool) {
		if k == "OUT_DIR" {
			return outDir, true
		}
		return "", false
	})
	if err := sb.SetYAML(streamConfig); err != nil {
		fmt.Fprintln(os.Stderr, "config:", err)
		return 1
	}
	if err := sb.SetMetricsYAML("json_api: {}"); err != nil {
		fmt.Fprintln(os.Stderr, "metrics config:", err)
		return 1
	}
	stream, err := sb.Build()
	if err != nil {
		fmt.Fprintln(os.Stderr, "build:", err)
		return 1
	}
	streamDone := make(chan error, 1)
	go func() { streamDone <- stream.Run(context.Background()) }()

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	srv := &http.Server{Handler: router, ReadHeaderTimeout: 10 * time.Second}
	srvDone := make(chan error, 1)
	go func() { srvDone <- srv.Serve(ln) }()
	base := "http://" + ln.Addr().String()

	const workers = 3
	client := keepAliveClient(workers, 15*time.Second)
	if err := waitReady(100, func() (*http.Response, error) {
		return client.Post(base+"/ingest/app", "application/x-ndjson", strings.NewReader(`{"ts":"2026-11-27T04:00:00Z","level":"debug","msg":"ready?","user":{"email":"x@example.com"}}`+"\n"))
	}); err != nil {
		fmt.Fprintln(os.Stderr, "stream not ready:", err)
		return 1
	}

	var (
		okPosts, failPosts [2]atomic.Int64 // 0 app, 1 nginx
		linesSent          [2]atomic.Int64
		expected           atomic.Int64
		firstErr           = errorSample{max: 1}
	)
	stopClients := startClients(workers, 3, func(r *rand.Rand) {
		src, bodies, ctype := 0, appBodies, "application/x-ndjson"
		if r.IntN(100) >= 60 {
			src, bodies, ctype = 1, nginxBodies, "text/plain"
		}
		bd := bodies[r.IntN(len(bodies))]
		url := base + "/ingest/" + []string{"app", "nginx"}[src]
		if err := post(client, url, ctype, bd.data); err != nil {
			failPosts[src].Add(1)
			firstErr.record(err)
			return
		}
		okPosts[src].Add(1)
		linesSent[src].Add(linesPerPost)
		expected.Add(int64(bd.expected))
	})

	var (
		processedBase, processedEnd int64
		statsErr                    error
		okBase, failBase, linesBase [2]int64
	)
	elapsed, err := profileWindow(f.cpuprofile, 4*time.Second, f.duration, func() error {
		var err error
		if processedBase, err = processed(client, base); err != nil {
			return fmt.Errorf("stats: %w", err)
		}
		for i := 0; i < 2; i++ {
			okBase[i], failBase[i], linesBase[i] = okPosts[i].Load(), failPosts[i].Load(), linesSent[i].Load()
		}
		return nil
	}, func() {
		processedEnd, statsErr = processed(client, base)
	})
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	var okN, failN, linesN [2]int64
	for i := 0; i < 2; i++ {
		okN[i], failN[i], linesN[i] = okPosts[i].Load()-okBase[i], failPosts[i].Load()-failBase[i], linesSent[i].Load()-linesBase[i]
	}
	stopClients()
	if statsErr != nil {
		fmt.Fprintln(os.Stderr, "stats:", statsErr)
		return 1
	}

	// Drain: every accepted event should reach the counter.
	want := expected.Load()
	var got int64
	for deadline := time.Now().Add(30 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if got, err = processed(client, base); err == nil && got >= want {
			break
		}
	}

	if err := writeAllocProfile(f.memprofile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	var written int64
	if files, _ := filepath.Glob(filepath.Join(outDir, "*", "*.jsonl.gz")); len(files) > 0 {
		for _, f := range files {
			if st, err := os.Stat(f); err == nil {
				written += st.Size()
			}
		}
	}

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := stream.Stop(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "stream stop:", err)
	}
	if err := <-streamDone; err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "stream:", err)
	}
	client.CloseIdleConnections()
	if err := srv.Shutdown(ctx); err != nil {
		fmt.Fprintln(os.Stderr, "http shutdown:", err)
	}
	<-srvDone

	posts := okN[0] + okN[1] + failN[0] + failN[1]
	fails := failN[0] + failN[1]
	msgsIn := linesN[0] + linesN[1]
	lost := want - got
	summary := fmt.Sprintf("%s: %d messages processed in %s (%d requests: app_posts %d, nginx_posts %d; lines_in %d: app %d, nginx %d; %d KiB gzip written), %d errors",
		name, processedEnd-processedBase, elapsed.Round(time.Millisecond), posts, okN[0]+failN[0], okN[1]+failN[1],
		msgsIn, linesN[0], linesN[1], written/1024, fails)
	if fails > 0 {
		fmt.Printf("first error: %v\n", firstErr.messages()[0])
	}
	fmt.Printf("pipeline check: %d events expected over the whole run, %d counted\n", want, got)
	return finish(withinBudget(posts, fails) && lost*100 <= want && processedEnd > processedBase, func() {
		fmt.Printf("app posts: ok %d failed %d; nginx posts: ok %d failed %d; events lost %d\n", okN[0], failN[0], okN[1], failN[1], lost)
	}, summary)
}

func post(client *http.Client, url, ctype string, data []byte) error {
	req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(data))
	if err != nil {
		return err
	}
	req.Header.Set("Content-Type", ctype)
	req.Header.Set("User-Agent", "log-shipper/1.4")
	resp, err := client.Do(req)
	if err != nil {
		return err
	}
	_, err = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if err != nil {
		return err
	}
	if resp.StatusCode != http.StatusOK {
		return fmt.Errorf("POST %s: status %d", url, resp.StatusCode)
	}
	return nil
}

// processed reads the stream's log_events_total counters (all label sets) from /stats.
func processed(client *http.Client, base string) (int64, error) {
	resp, err := client.Get(base + "/stats")
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		return 0, fmt.Errorf("/stats: status %d", resp.StatusCode)
	}
	var m map[string]json.RawMessage
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil {
		return 0, err
	}
	var n int64
	for k, v := range m {
		if strings.HasPrefix(k, "log_events_total") {
			var c int64
			if err := json.Unmarshal(v, &c); err != nil {
				return 0, fmt.Errorf("/stats %s: %w", k, err)
			}
			n += c
		}
	}
	return n, nil
}
