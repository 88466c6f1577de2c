// Command nats-io_nats-server_v2 drives a NATS server with JetStream under a broker's production
// mix and profiles it.
//
// The server runs in-process (server.NewServer with options: 127.0.0.1, a random port, JetStream
// with its file store in a temp dir, no logging, no signal handling), and the clients are
// nats.go and its jetstream package (the nats.go the server's own go.mod requires), each role on
// a connection of its own as separate services would be. The mix, with the default rates:
//
//	core fan-out     3 publishers, 20,000 msg/s together (-core-rate), to orders.<region>.<event>
//	                 (3 regions, 4 events), JSON of 100 B–2 KiB with headers (Content-Type,
//	                 Trace-Id, Source); 6 subscribers on wildcards: an audit log on orders.>,
//	                 a regional service on orders.eu.*, a notifier on orders.*.created, a US
//	                 warehouse on orders.us.>, and two members of queue group "shipping" on
//	                 orders.*.shipped
//	request/reply    2 requesters, 2,000 requests/s together, to svc.pricing.quote, answered by
//	                 2 responders in queue group "pricing" (a header and a JSON quote)
//	JetStream        stream EVENTS (events.>, file storage, direct gets allowed): one publisher
//	                 waiting for each ack (1,500 msg/s) and one async publisher (3,000 msg/s, up
//	                 to 256 acks pending), with a Nats-Msg-Id on each, to events.<entity>.<id>
//	                 (3 entities × 500 ids); a durable pull consumer (explicit ack) that fetches
//	                 batches of up to 100 and acks each message
//	direct gets      single gets by sequence (800/s) and last-by-subject (800/s) on EVENTS with
//	                 the stream's get-message API ($JS.API.DIRECT.GET, as Stream.GetMsg and
//	                 GetLastMsgForSubject send it when AllowDirect is set); batched gets (100/s,
//	                 10 messages from a sequence, read until the end-of-batch status 204); a KV
//	                 bucket "config" of 200 keys, read with KeyValue.Get (a direct last-by-
//	                 subject get) at 2,000/s and written with Put at 200/s
//
// The summary's "messages processed" is the server's count of messages in (Varz InMsgs) during the
// window: publishes, requests and replies, JetStream API requests, acks.
//
// Checks, fail-closed: after the clients stop and the server drains, every core subscriber has
// received exactly what was published to its subjects (at most 1 % short, none over; the queue
// group's members together), the consumer has acked every message the stream acknowledged (none
// pending), and at most 1 % of publishes, requests, gets and fetches failed.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math/rand/v2"
	"os"
	"runtime/pprof"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
)

const name = "nats-io_nats-server_v2"

var (
	regions  = []string{"us", "eu", "ap"}
	events   = []string{"created", "updated", "shipped", "cancelled"}
	entities = []string{"order", "customer", "payment"}
)

const idsPerEntity = 500

// pacer spaces a loop's iterations every `every` on average, sleeping when ahead by 1 ms or more.
type pacer struct {
	every time.Duration
	next  time.Time
}

func (p *pacer) wait() {
	if p.next.IsZero() {
		p.next = time.Now()
	}
	p.next = p.next.Add(p.every)
	if d := time.Until(p.next); d >= time.Millisecond {
		time.Sleep(d)
	} else if d < -time.Second { // far behind: do not burst to catch up
		p.next = time.Now()
	}
}

func perWorker(rate float64, workers int) time.Duration {
	return time.Duration(float64(time.Second) * float64(workers) / rate)
}

// op counts one kind of operation.
type op struct {
	name     string
	ok, fail atomic.Int64
}

func orderPayload(rng *rand.Rand, region, event string, seq int64) []byte {
	b := fmt.Appendf(nil, `{"order_id":"ord-%d-%d","region":"%s","event":"%s","ts":%d,"customer":"cus-%d","lines":[`,
		seq, rng.IntN(1e6), region, event, time.Now().UnixMilli(), rng.IntN(100000))
	target := 100 + rng.IntN(1948) // 100 B – 2 KiB
	for i := 0; len(b) < target-40; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = fmt.Appendf(b, `{"sku":"SKU-%05d","qty":%d,"price":%.2f}`, rng.IntN(99999), 1+rng.IntN(5), rng.Float64()*200)
	}
	return append(b, "]}"...)
}

func main() {
	f := registerWindowFlags()
	coreRate := flag.Float64("core-rate", 20000, "core messages published per second")
	f.parse()
	time.AfterFunc(f.duration+3*time.Minute, func() {
		fmt.Fprintf(os.Stderr, "%s: the run did not end in time; goroutines:\n", name)
		pprof.Lookup("goroutine").WriteTo(os.Stderr, 2)
		os.Exit(1)
	})
	os.Exit(run(f, *coreRate))
}

func run(f *loadFlags, coreRate float64) int {
	storeDir, err := os.MkdirTemp("", "nats-drive-")
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	defer os.RemoveAll(storeDir)
	srv, err := server.NewServer(&server.Options{Host: "127.0.0.1", Port: -1, JetStream: true, StoreDir: storeDir,
		NoLog: true, NoSigs: true})
	if err != nil {
		fmt.Fprintln(os.Stderr, "server:", err)
		return 1
	}
	go srv.Start()
	if !srv.ReadyForConnections(10 * time.Second) {
		fmt.Fprintln(os.Stderr, "server not ready")
		return 1
	}
	defer func() { srv.Shutdown(); srv.WaitForShutdown() }()
	url := srv.ClientURL()
	var conns []*nats.Conn
	connect := func(role string) *nats.Conn {
		nc, err := nats.Connect(url, nats.Name(role), nats.MaxReconnects(0))
		if err != nil {
			fmt.Fprintln(os.Stderr, "connect:", err)
			os.Exit(1)
		}
		conns = append(conns, nc)
		return nc
	}
	defer func() {
		for _, nc := range conns {
			nc.Close()
		}
	}()
	ctx := context.Background()
	errs := errorSample{max: 5}
	var malformed atomic.Int64 // core deliveries without their header or payload

	// ---- core subscribers ----
	type sub struct {
		name, subject string
		match         func(region, event string) bool
		got           atomic.Int64
	}
	subs := []*sub{
		{name: "audit", subject: "orders.>", match: func(r, e string) bool { return true }},
		{name: "eu-service", subject: "orders.eu.*", match: func(r, e string) bool { return r == "eu" }},
		{name: "notifier", subject: "orders.*.created", match: func(r, e string) bool { return e == "created" }},
		{name: "us-warehouse", subject: "orders.us.>", match: func(r, e string) bool { return r == "us" }},
		{name: "shipping (queue)", subject: "orders.*.shipped", match: func(r, e string) bool { return e == "shipped" }},
	}
	for _, s := range subs {
		members := 1
		if s.name == "shipping (queue)" {
			members = 2
		}
		for m := 0; m < members; m++ {
			nc := connect("sub-" + s.name)
			handler := func(msg *nats.Msg) {
				if msg.Header.Get("Trace-Id") == "" || len(msg.Data) < 100 {
					malformed.Add(1)
					errs.record(fmt.Errorf("%s: message on %s without its header or payload", s.name, msg.Subject))
				}
				s.got.Add(1)
			}
			var err error
			if members > 1 {
				_, err = nc.QueueSubscribe(s.subject, "shipping", handler)
			} else {
				_, err = nc.Subscribe(s.subject, handler)
			}
			if err == nil {
				err = nc.Flush()
			}
			if err != nil {
				fmt.Fprintln(os.Stderr, "subscribe:", err)
				return 1
			}
		}
	}
	// published[region][event]
	var published [3][4]atomic.Int64

	// ---- request/reply responders ----
	for m := 0; m < 2; m++ {
		nc := connect("pricing")
		_, err := nc.QueueSubscribe("svc.pricing.quote", "pricing", func(msg *nats.Msg) {
			var req struct {
				SKU string `json:"sku"`
				Qty int    `json:"qty"`
			}
			resp := nats.NewMsg(msg.Reply)
			if err := json.Unmarshal(msg.Data, &req); err != nil {
				resp.Header.Set("Nats-Service-Error-Code", "400")
				resp.Data = []byte(`{"error":"bad request"}`)
			} else {
				resp.Header.Set("Content-Type", "application/json")
				resp.Data = fmt.Appendf(nil, `{"sku":"%s","qty":%d,"unit_price":%.2f,"currency":"EUR","valid_for_s":30}`, req.SKU, req.Qty, 9.99+float64(len(req.SKU)))
			}
			msg.RespondMsg(resp)
		})
		if err == nil {
			err = nc.Flush()
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "responder:", err)
			return 1
		}
	}

	// ---- JetStream: the stream, the consumer, the KV bucket ----
	jsAdmin, err := jetstream.New(connect("admin"))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	stream, err := jsAdmin.CreateOrUpdateStream(ctx, jetstream.StreamConfig{Name: "EVENTS", Subjects: []string{"events.>"},
		Storage: jetstream.FileStorage, AllowDirect: true, MaxMsgs: 5_000_000, Duplicates: 2 * time.Minute})
	if err != nil {
		fmt.Fprintln(os.Stderr, "stream:", err)
		return 1
	}
	cons, err := jsAdmin.CreateOrUpdateConsumer(ctx, "EVENTS", jetstream.ConsumerConfig{Durable: "processor",
		AckPolicy: jetstream.AckExplicitPolicy, FilterSubject: "events.>", MaxAckPending: 10000, AckWait: 30 * time.Second})
	if err != nil {
		fmt.Fprintln(os.Stderr, "consumer:", err)
		return 1
	}
	kv, err := jsAdmin.CreateKeyValue(ctx, jetstream.KeyValueConfig{Bucket: "config", History: 1, Storage: jetstream.FileStorage})
	if err != nil {
		fmt.Fprintln(os.Stderr, "kv:", err)
		return 1
	}
	const kvKeys = 200
	for k := 0; k < kvKeys; k++ {
		if _, err := kv.Put(ctx, fmt.Sprintf("svc.feature-%03d", k), fmt.Appendf(nil, `{"enabled":true,"rollout":%d}`, k%100)); err != nil {
			fmt.Fprintln(os.Stderr, "kv put:", err)
			return 1
		}
	}

	var (
		stopping atomic.Bool
		wg       sync.WaitGroup
		jsLast   atomic.Uint64 // the highest sequence the stream acknowledged
	)
	spawn := func(n int, stream uint64, every time.Duration, body func(w int, rng *rand.Rand)) {
		for w := 0; w < n; w++ {
			wg.Add(1)
			go func(w int) {
				defer wg.Done()
				rng := rand.New(rand.NewPCG(uint64(w+1), stream))
				p := pacer{every: every}
				for !stopping.Load() {
					if every > 0 {
						p.wait()
					}
					body(w, rng)
				}
			}(w)
		}
	}
	record := func(o *op, err error) {
		if err != nil {
			o.fail.Add(1)
			errs.record(fmt.Errorf("%s: %w", o.name, err))
			return
		}
		o.ok.Add(1)
	}
	ops := struct {
		core, request, jsSync, jsAsync, fetch, acked, getSeq, getLast, getBatch, kvGet, kvPut op
	}{core: op{name: "core publish"}, request: op{name: "request"}, jsSync: op{name: "js publish"},
		jsAsync: op{name: "js async publish"}, fetch: op{name: "fetch"}, acked: op{name: "ack"},
		getSeq: op{name: "direct get"}, getLast: op{name: "direct get last"}, getBatch: op{name: "batched get"},
		kvGet: op{name: "kv get"}, kvPut: op{name: "kv put"}}

	// Core publishers.
	pubConns := []*nats.Conn{connect("orders-pub-0"), connect("orders-pub-1"), connect("orders-pub-2")}
	var coreSeq atomic.Int64
	spawn(3, 1, perWorker(coreRate, 3), func(w int, rng *rand.Rand) {
		ri, ei := rng.IntN(3), rng.IntN(4)
		msg := nats.NewMsg("orders." + regions[ri] + "." + events[ei])
		msg.Header.Set("Content-Type", "application/json")
		msg.Header.Set("Trace-Id", strconv.FormatUint(rng.Uint64(), 16))
		msg.Header.Set("Source", "order-service")
		msg.Data = orderPayload(rng, regions[ri], events[ei], coreSeq.Add(1))
		err := pubConns[w].PublishMsg(msg)
		record(&ops.core, err)
		if err == nil {
			published[ri][ei].Add(1)
		}
	})

	// Requesters.
	reqConns := []*nats.Conn{connect("checkout-0"), connect("checkout-1")}
	spawn(2, 2, perWorker(2000, 2), func(w int, rng *rand.Rand) {
		msg := nats.NewMsg("svc.pricing.quote")
		msg.Header.Set("Trace-Id", strconv.FormatUint(rng.Uint64(), 16))
		msg.Data = fmt.Appendf(nil, `{"sku":"SKU-%05d","qty":%d,"customer":"cus-%d"}`, rng.IntN(99999), 1+rng.IntN(5), rng.IntN(100000))
		resp, err := reqConns[w].RequestMsg(msg, 2*time.Second)
		if err == nil && (resp.Header.Get("Nats-Service-Error-Code") != "" || len(resp.Data) == 0) {
			err = fmt.Errorf("error reply %q", resp.Data)
		}
		record(&ops.request, err)
	})

	// JetStream publishers.
	eventMsg := func(rng *rand.Rand, id string) *nats.Msg {
		ent := entities[rng.IntN(len(entities))]
		msg := nats.NewMsg(fmt.Sprintf("events.%s.%d", ent, rng.IntN(idsPerEntity)))
		msg.Header.Set("Content-Type", "application/json")
		msg.Header.Set(jetstream.MsgIDHeader, id)
		msg.Data = fmt.Appendf(nil, `{"id":"%s","entity":"%s","ts":%d,"amount":%.2f,"status":"%s","note":"%0*d"}`,
			id, ent, time.Now().UnixMilli(), rng.Float64()*500, events[rng.IntN(4)], 50+rng.IntN(400), 0)
		return msg
	}
	jsSyncPub, _ := jetstream.New(connect("events-pub-sync"))
	spawn(1, 3, perWorker(1500, 1), func(w int, rng *rand.Rand) {
		ack, err := jsSyncPub.PublishMsg(ctx, eventMsg(rng, fmt.Sprintf("s-%d", rng.Uint64())))
		if err == nil {
			for last := jsLast.Load(); ack.Sequence > last && !jsLast.CompareAndSwap(last, ack.Sequence); last = jsLast.Load() {
			}
		}
		record(&ops.jsSync, err)
	})
	jsAsyncPub, _ := jetstream.New(connect("events-pub-async"), jetstream.WithPublishAsyncMaxPending(256),
		jetstream.WithPublishAsyncErrHandler(func(_ jetstream.JetStream, _ *nats.Msg, err error) {
			record(&ops.jsAsync, err)
		}))
	var asyncAcks sync.WaitGroup
	spawn(1, 4, perWorker(3000, 1), func(w int, rng *rand.Rand) {
		fut, err := jsAsyncPub.PublishMsgAsync(eventMsg(rng, fmt.Sprintf("a-%d", rng.Uint64())))
		if err != nil {
			record(&ops.jsAsync, err)
			return
		}
		asyncAcks.Add(1)
		go func() {
			defer asyncAcks.Done()
			select {
			case <-fut.Ok():
				ops.jsAsync.ok.Add(1)
			case <-fut.Err(): // counted by the error handler
			}
		}()
	})

	// The pull consumer.
	spawn(1, 5, 0, func(w int, rng *rand.Rand) {
		batch, err := cons.Fetch(100, jetstream.FetchMaxWait(500*time.Millisecond))
		if err != nil {
			record(&ops.fetch, err)
			return
		}
		for msg := range batch.Messages() {
			record(&ops.acked, msg.Ack())
		}
		if err := batch.Error(); err != nil && !errors.Is(err, nats.ErrTimeout) {
			record(&ops.fetch, err)
			return
		}
		ops.fetch.ok.Add(1)
	})

	// Direct gets, single and batched, on EVENTS.
	readerConn := connect("events-reader")
	readerJS, _ := jetstream.New(readerConn)
	readStream, err := readerJS.Stream(ctx, "EVENTS")
	if err != nil {
		fmt.Fprintln(os.Stderr, "stream lookup:", err)
		return 1
	}
	spawn(1, 6, perWorker(800, 1), func(w int, rng *rand.Rand) {
		last := jsLast.Load()
		if last == 0 {
			return
		}
		m, err := readStream.GetMsg(ctx, 1+rng.Uint64N(last))
		if err == nil && m.Header.Get(jetstream.MsgIDHeader) == "" {
			err = fmt.Errorf("seq %d without its Nats-Msg-Id", m.Sequence)
		}
		record(&ops.getSeq, err)
	})
	spawn(1, 7, perWorker(800, 1), func(w int, rng *rand.Rand) {
		if jsLast.Load() < 5000 { // wait until most subjects have a message
			return
		}
		subj := fmt.Sprintf("events.%s.%d", entities[rng.IntN(3)], rng.IntN(idsPerEntity))
		m, err := readStream.GetLastMsgForSubject(ctx, subj)
		if errors.Is(err, jetstream.ErrMsgNotFound) {
			err = nil
		} else if err == nil && m.Subject != subj {
			err = fmt.Errorf("last for %s is on %s", subj, m.Subject)
		}
		record(&ops.getLast, err)
	})
	batchConn := connect("events-batch-reader")
	spawn(1, 8, perWorker(100, 1), func(w int, rng *rand.Rand) {
		last := jsLast.Load()
		if last < 20 {
			return
		}
		record(&ops.getBatch, batchGet(batchConn, "EVENTS", 1+rng.Uint64N(last-10), 10))
	})

	// KV reads and writes.
	kvConn := connect("config-reader")
	kvJS, _ := jetstream.New(kvConn)
	kvRead, err := kvJS.KeyValue(ctx, "config")
	if err != nil {
		fmt.Fprintln(os.Stderr, "kv lookup:", err)
		return 1
	}
	spawn(2, 9, perWorker(2000, 2), func(w int, rng *rand.Rand) {
		e, err := kvRead.Get(ctx, fmt.Sprintf("svc.feature-%03d", rng.IntN(kvKeys)))
		if err == nil && len(e.Value()) == 0 {
			err = fmt.Errorf("key %s empty", e.Key())
		}
		record(&ops.kvGet, err)
	})
	spawn(1, 10, perWorker(200, 1), func(w int, rng *rand.Rand) {
		_, err := kv.Put(ctx, fmt.Sprintf("svc.feature-%03d", rng.IntN(kvKeys)), fmt.Appendf(nil, `{"enabled":%t,"rollout":%d}`, rng.IntN(2) == 0, rng.IntN(101)))
		record(&ops.kvPut, err)
	})

	// ---- the window ----
	all := []*op{&ops.core, &ops.request, &ops.jsSync, &ops.jsAsync, &ops.fetch, &ops.acked, &ops.getSeq, &ops.getLast, &ops.getBatch, &ops.kvGet, &ops.kvPut}
	base := make([]int64, len(all))
	var inMsgsBase int64
	var varzErr error
	elapsed, err := profileWindow(f.cpuprofile, 4*time.Second, f.duration, func() error {
		for i, o := range all {
			base[i] = o.ok.Load()
		}
		v, err := srv.Varz(nil)
		if err != nil {
			return err
		}
		inMsgsBase = v.InMsgs
		return nil
	}, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	window := make([]int64, len(all))
	for i, o := range all {
		window[i] = o.ok.Load() - base[i]
	}
	v, varzErr := srv.Varz(nil)
	var inMsgs int64
	if varzErr == nil {
		inMsgs = v.InMsgs - inMsgsBase
	}
	stopping.Store(true)
	wg.Wait()
	select {
	case <-jsAsyncPub.PublishAsyncComplete():
	case <-time.After(10 * time.Second):
		errs.record(errors.New("async publishes not acknowledged in 10s"))
	}
	asyncAcks.Wait()

	// Drain: core deliveries, and the consumer through the whole stream.
	for _, nc := range pubConns {
		nc.Flush()
	}
	want := func(s *sub) int64 {
		var n int64
		for ri, r := range regions {
			for ei, e := range events {
				if s.match(r, e) {
					n += published[ri][ei].Load()
				}
			}
		}
		return n
	}
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		done := true
		for _, s := range subs {
			if s.got.Load() < want(s) {
				done = false
			}
		}
		if done {
			break
		}
	}
	jsPublished := ops.jsSync.ok.Load() + ops.jsAsync.ok.Load()
	var ci *jetstream.ConsumerInfo
	for deadline := time.Now().Add(20 * time.Second); time.Now().Before(deadline); {
		batch, err := cons.Fetch(500, jetstream.FetchMaxWait(200*time.Millisecond))
		if err == nil {
			for msg := range batch.Messages() {
				record(&ops.acked, msg.DoubleAck(ctx))
			}
		}
		if ci, err = cons.Info(ctx); err == nil && ci.NumPending == 0 && ci.NumAckPending == 0 {
			break
		}
	}
	time.Sleep(200 * time.Millisecond) // anything over the expected counts arrives too
	if err := writeAllocProfile(f.memprofile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	good := varzErr == nil && window[0] > 0
	for _, s := range subs {
		w, g := want(s), s.got.Load()
		fmt.Printf("subscriber %-17s %-18s want %8d got %8d\n", s.name, s.subject, w, g)
		if g > w || (w-g)*100 > w || w == 0 {
			good = false
		}
	}
	si, err := stream.Info(ctx)
	if err != nil || ci == nil {
		fmt.Println("stream/consumer info:", err)
		good = false
	} else {
		fmt.Printf("stream EVENTS: %d messages, %d acknowledged to publishers; consumer: %d acked, delivered to seq %d, %d pending, %d awaiting ack, %d redelivered\n",
			si.State.Msgs, jsPublished, ops.acked.ok.Load(), ci.Delivered.Stream, ci.NumPending, ci.NumAckPending, ci.NumRedelivered)
		if si.State.Msgs != uint64(jsPublished) || ci.NumPending != 0 || ci.NumAckPending != 0 || ops.acked.ok.Load() < jsPublished {
			good = false
		}
	}
	var failed int64
	for _, o := range all {
		fmt.Printf("%-17s ok %8d failed %5d\n", o.name, o.ok.Load(), o.fail.Load())
		if !withinBudget(o.ok.Load()+o.fail.Load(), o.fail.Load()) {
			good = false
		}
		failed += o.fail.Load()
	}
	for _, m := range errs.messages() {
		fmt.Println("error:", m)
	}
	summary := fmt.Sprintf("%s: %d messages processed in %s (core publishes %d, requests %d, js publishes %d, js acked by consumer %d, fetches %d, direct gets %d single + %d last-by-subject + %d batches, kv gets %d, kv puts %d), %d errors",
		name, inMsgs, elapsed.Round(time.Millisecond), window[0], window[1], window[2]+window[3], window[5], window[4],
		window[6], window[7], window[8], window[9], window[10], failed)
	return finish(good && malformed.Load() == 0, nil, summary)
}

// batchGet reads n messages from seq with one batched direct-get request: the server answers
// with one message each, then an end-of-batch message with status 204.
func batchGet(nc *nats.Conn, stream string, seq uint64, n int) error {
	inbox := nats.NewInbox()
	sub, err := nc.SubscribeSync(inbox)
	if err != nil {
		return err
	}
	defer sub.Unsubscribe()
	req := fmt.Appendf(nil, `{"seq":%d,"batch":%d}`, seq, n)
	if err := nc.PublishRequest("$JS.API.DIRECT.GET."+stream, inbox, req); err != nil {
		return err
	}
	got := 0
	for {
		m, err := sub.NextMsg(2 * time.Second)
		if err != nil {
			return fmt.Errorf("batch from %d: after %d messages: %w", seq, got, err)
		}
		if st := m.Header.Get("Status"); st != "" {
			if st == "204" && got == n {
				return nil
			}
			return fmt.Errorf("batch from %d: status %s %s after %d messages", seq, st, m.Header.Get("Description"), got)
		}
		if m.Header.Get("Nats-Sequence") == "" {
			return fmt.Errorf("batch from %d: a message without Nats-Sequence", seq)
		}
		got++
	}
}
