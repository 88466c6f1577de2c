// Command mochi-mqtt_server_v2 drives the Mochi MQTT broker under an IoT fleet's load and profiles
// it.
//
// An MQTT broker's production traffic is a fleet of devices, each on its own long-lived
// connection, publishing small telemetry messages to per-device topics, and a few backend
// subscribers on wildcard filters that consume them. The broker is started in-process as its
// examples start it (examples/tcp/main.go: mqtt.New, the allow-all auth hook, a TCP listener,
// here on 127.0.0.1:0). The module has no MQTT client among its dependencies, so the clients are
// a minimal MQTT 3.1.1/5 client written here over TCP (CONNECT, SUBSCRIBE, PUBLISH at QoS 0 and 1,
// PUBACK, PINGREQ, DISCONNECT) that encodes and decodes every packet with the module's own
// packets package.
//
// The fleet: -devices devices (default 200) in 10 sites, half speaking MQTT 5 (with a content
// type and a user property on each PUBLISH), half 3.1.1. Each device connects with a clean
// session, publishes a retained "online" birth status at QoS 1, then:
//
//	fast devices (80 %)  one message every -interval (default 7 ms, with ±20 % jitter); a slow
//	                     device (20 %) one every 3 s, with keep-alive 2 s, so it sends PINGREQ
//	                     between its messages, as idle devices do
//	telemetry            96 % of messages, fleet/<site>/<device>/telemetry, a JSON reading of
//	                     120–600 B; QoS 0 from 60 % of devices, QoS 1 from the others
//	events               3 %, fleet/<site>/<device>/events, an alarm at QoS 1
//	status               1 %, fleet/<site>/<device>/status, retained, QoS 1
//
// A QoS 1 publish waits for its PUBACK (one in flight per device, as a constrained device does).
// Every client sends PINGREQ when it has sent nothing for its keep-alive period.
//
// The backend: analytics (v5) on fleet/+/+/telemetry at QoS 0; a site monitor on fleet/site-0/#
// at QoS 1; alarms on fleet/+/+/events at QoS 1; a status dashboard on fleet/+/+/status at QoS 1;
// an archive of two members of the shared subscription $share/archive/fleet/+/+/telemetry at
// QoS 1. Subscribers acknowledge QoS 1 deliveries at once. Every second a dashboard page
// connects, subscribes to one site's statuses and must receive that site's retained status of
// every device, then disconnects.
//
// The subscribers that receive at QoS 1 speak 3.1.1, not 5: in v2.7.9 a PUBACK from an MQTT 5
// client with messages in flight calls Inflight.NextImmediate (server.go:720), which holds the
// inflight map's read lock and takes it again in GetAll (inflight.go:95-99); when a publisher's
// Inflight.Set queues for the write lock between the two, the client's inflight map deadlocks,
// and with it every publisher whose message matches that client (seen here within seconds with
// MQTT 5 subscribers at QoS 1; a 3.1.1 client has no send quota and never takes that path).
//
// Checks, fail-closed: at most 1 % of publishes fail (no PUBACK in 5 s, a write error); after
// the clients stop and the broker drains, each subscriber has received exactly what was
// published to its filter (at most 1 % short, none over), and at most 1 % of dashboard pages
// miss a retained status.
package main

import (
	"bufio"
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"os"
	"runtime/pprof"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	mqtt "github.com/mochi-mqtt/server/v2"
	"github.com/mochi-mqtt/server/v2/hooks/auth"
	"github.com/mochi-mqtt/server/v2/listeners"
	"github.com/mochi-mqtt/server/v2/packets"
)

const name = "mochi-mqtt_server_v2"

const sites = 10

// ---- a minimal MQTT client on the module's packets package ----

type client struct {
	id        string
	version   byte // 4 (3.1.1) or 5
	keepalive time.Duration
	conn      net.Conn
	r         *bufio.Reader

	wmu      sync.Mutex
	wbuf     bytes.Buffer
	lastSent atomic.Int64 // unix nanoseconds

	nextID  uint16
	acks    chan uint16 // PUBACK packet ids (QoS 1 publishes, one in flight)
	subacks chan packets.Packet
	pings   atomic.Int64 // PINGRESP received
	onPub   func(pk *packets.Packet)
	readErr atomic.Value // error
	done    chan struct{}
}

// dial connects and completes CONNECT/CONNACK; the reader goroutine is started by start.
func dial(addr, id string, version byte, keepalive time.Duration) (*client, error) {
	conn, err := net.DialTimeout("tcp", addr, 5*time.Second)
	if err != nil {
		return nil, err
	}
	c := &client{id: id, version: version, keepalive: keepalive, conn: conn, r: bufio.NewReaderSize(conn, 16*1024),
		acks: make(chan uint16, 4), subacks: make(chan packets.Packet, 1), done: make(chan struct{})}
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Connect}, ProtocolVersion: version,
		Connect: packets.ConnectParams{ProtocolName: []byte("MQTT"), Clean: true,
			Keepalive: uint16(keepalive / time.Second), ClientIdentifier: id}}
	if version == 5 {
		pk.Properties.ReceiveMaximum = 1024
	}
	if err := c.write(&pk); err != nil {
		conn.Close()
		return nil, err
	}
	conn.SetReadDeadline(time.Now().Add(5 * time.Second))
	ack, err := c.read()
	conn.SetReadDeadline(time.Time{})
	if err != nil {
		conn.Close()
		return nil, fmt.Errorf("connack: %w", err)
	}
	if ack.FixedHeader.Type != packets.Connack || ack.ReasonCode != 0 {
		conn.Close()
		return nil, fmt.Errorf("connect %s: packet type %d, reason %#x", id, ack.FixedHeader.Type, ack.ReasonCode)
	}
	return c, nil
}

// write encodes pk and writes it.
func (c *client) write(pk *packets.Packet) error {
	c.wmu.Lock()
	defer c.wmu.Unlock()
	c.wbuf.Reset()
	pk.ProtocolVersion = c.version
	var err error
	switch pk.FixedHeader.Type {
	case packets.Connect:
		err = pk.ConnectEncode(&c.wbuf)
	case packets.Publish:
		err = pk.PublishEncode(&c.wbuf)
	case packets.Puback:
		err = pk.PubackEncode(&c.wbuf)
	case packets.Subscribe:
		err = pk.SubscribeEncode(&c.wbuf)
	case packets.Pingreq:
		err = pk.PingreqEncode(&c.wbuf)
	case packets.Disconnect:
		err = pk.DisconnectEncode(&c.wbuf)
	default:
		err = fmt.Errorf("cannot encode packet type %d", pk.FixedHeader.Type)
	}
	if err != nil {
		return err
	}
	c.conn.SetWriteDeadline(time.Now().Add(5 * time.Second))
	_, err = c.conn.Write(c.wbuf.Bytes())
	c.lastSent.Store(time.Now().UnixNano())
	return err
}

// read reads and decodes one packet.
func (c *client) read() (packets.Packet, error) {
	var pk packets.Packet
	b, err := c.r.ReadByte()
	if err != nil {
		return pk, err
	}
	if err := pk.FixedHeader.Decode(b); err != nil {
		return pk, err
	}
	if pk.FixedHeader.Remaining, _, err = packets.DecodeLength(c.r); err != nil {
		return pk, err
	}
	body := make([]byte, pk.FixedHeader.Remaining)
	if _, err := io.ReadFull(c.r, body); err != nil {
		return pk, err
	}
	pk.ProtocolVersion = c.version
	switch pk.FixedHeader.Type {
	case packets.Connack:
		err = pk.ConnackDecode(body)
	case packets.Publish:
		err = pk.PublishDecode(body)
	case packets.Puback:
		err = pk.PubackDecode(body)
	case packets.Suback:
		err = pk.SubackDecode(body)
	case packets.Pingresp:
		err = pk.PingrespDecode(body)
	case packets.Disconnect:
		err = pk.DisconnectDecode(body)
	default:
		err = fmt.Errorf("unexpected packet type %d", pk.FixedHeader.Type)
	}
	return pk, err
}

// start runs the reader goroutine: it answers QoS 1 deliveries with PUBACK, hands them and QoS 0
// ones to onPub, and passes on PUBACKs, SUBACKs and PINGRESPs.
func (c *client) start() {
	go func() {
		defer close(c.done)
		for {
			pk, err := c.read()
			if err != nil {
				c.readErr.Store(err)
				return
			}
			switch pk.FixedHeader.Type {
			case packets.Publish:
				if c.onPub != nil {
					c.onPub(&pk)
				}
				if pk.FixedHeader.Qos == 1 {
					ack := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Puback}, PacketID: pk.PacketID}
					if err := c.write(&ack); err != nil {
						c.readErr.Store(err)
						return
					}
				}
			case packets.Puback:
				c.acks <- pk.PacketID
			case packets.Suback:
				c.subacks <- pk
			case packets.Pingresp:
				c.pings.Add(1)
			case packets.Disconnect:
				c.readErr.Store(fmt.Errorf("disconnected by the broker, reason %#x", pk.ReasonCode))
				return
			}
		}
	}()
}

func (c *client) packetID() uint16 {
	c.nextID++
	if c.nextID == 0 {
		c.nextID = 1
	}
	return c.nextID
}

func (c *client) subscribe(filter string, qos byte) error {
	pk := packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Subscribe, Qos: 1}, PacketID: c.packetID(),
		Filters: packets.Subscriptions{{Filter: filter, Qos: qos}}}
	if err := c.write(&pk); err != nil {
		return err
	}
	select {
	case ack := <-c.subacks:
		if len(ack.ReasonCodes) != 1 || ack.ReasonCodes[0] > 2 {
			return fmt.Errorf("subscribe %s: reason codes %v", filter, ack.ReasonCodes)
		}
		return nil
	case <-c.done:
		return fmt.Errorf("subscribe %s: %v", filter, c.readErr.Load())
	case <-time.After(5 * time.Second):
		return fmt.Errorf("subscribe %s: no SUBACK in 5s", filter)
	}
}

// publish sends a PUBLISH; at QoS 1 it waits for the PUBACK.
func (c *client) publish(pk *packets.Packet) error {
	pk.FixedHeader.Type = packets.Publish
	if pk.FixedHeader.Qos > 0 {
		pk.PacketID = c.packetID()
	}
	if err := c.write(pk); err != nil {
		return err
	}
	if pk.FixedHeader.Qos == 0 {
		return nil
	}
	timer := time.NewTimer(5 * time.Second)
	defer timer.Stop()
	for {
		select {
		case id := <-c.acks:
			if id == pk.PacketID {
				return nil
			}
		case <-c.done:
			return fmt.Errorf("publish %s: %v", pk.TopicName, c.readErr.Load())
		case <-timer.C:
			return fmt.Errorf("publish %s: no PUBACK in 5s", pk.TopicName)
		}
	}
}

// pingIfIdle sends PINGREQ when nothing was sent for the keep-alive period.
func (c *client) pingIfIdle() error {
	if time.Since(time.Unix(0, c.lastSent.Load())) < c.keepalive {
		return nil
	}
	return c.write(&packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Pingreq}})
}

func (c *client) close() {
	c.write(&packets.Packet{FixedHeader: packets.FixedHeader{Type: packets.Disconnect}})
	c.conn.Close()
	<-c.done
}

// ---- the load ----

type counters struct {
	published [3]atomic.Int64 // telemetry, events, status (acknowledged or written)
	qos1      atomic.Int64
	retained  atomic.Int64
	failed    atomic.Int64
	site0     atomic.Int64 // messages published to fleet/site-0/...
}

// subscriber is one backend consumer (or a shared group's members) with its expected count.
type subscriber struct {
	name     string
	filter   string
	qos      byte
	version  byte
	members  int
	expected func(c *counters) int64
	got      atomic.Int64
	clients  []*client
}

func telemetryPayload(rng *rand.Rand, dev string, seq int, buf []byte) []byte {
	buf = buf[:0]
	buf = fmt.Appendf(buf, `{"device":"%s","seq":%d,"ts":%d,"temp_c":%.2f,"humidity":%.1f,"battery_mv":%d,"rssi":%d,"readings":[`,
		dev, seq, time.Now().UnixMilli(), 15+rng.Float64()*20, 30+rng.Float64()*50, 3000+rng.IntN(1200), -40-rng.IntN(60))
	n := rng.IntN(12)
	for i := 0; i < n; i++ {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = fmt.Appendf(buf, `{"ch":%d,"v":%.4f}`, i, rng.Float64()*1000)
	}
	return append(buf, "]}"...)
}

func main() {
	f := registerWindowFlags()
	devices := flag.Int("devices", 200, "devices in the fleet, one connection each")
	interval := flag.Duration("interval", 7*time.Millisecond, "a fast device's time between messages")
	f.parse()
	watchdog(f.duration + 2*time.Minute)
	os.Exit(run(f, *devices, *interval))
}

func run(f *loadFlags, nDevices int, interval time.Duration) int {
	srv := mqtt.New(&mqtt.Options{
		Logger:                 slog.New(slog.NewTextHandler(io.Discard, nil)),
		SysTopicResendInterval: 10,
	})
	if err := srv.AddHook(new(auth.AllowHook), nil); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	tcp := listeners.NewTCP(listeners.Config{ID: "t1", Address: "127.0.0.1:0"})
	if err := srv.AddListener(tcp); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	serveErr := make(chan error, 1)
	go func() { serveErr <- srv.Serve() }()
	addr := tcp.Address()

	var (
		cnt      counters
		firstErr = errorSample{max: 3}
	)
	subs := []*subscriber{
		{name: "analytics", filter: "fleet/+/+/telemetry", qos: 0, version: 5, members: 1,
			expected: func(c *counters) int64 { return c.published[0].Load() }},
		{name: "site-monitor", filter: "fleet/site-0/#", qos: 1, version: 4, members: 1,
			expected: func(c *counters) int64 { return c.site0.Load() }},
		{name: "alarms", filter: "fleet/+/+/events", qos: 1, version: 4, members: 1,
			expected: func(c *counters) int64 { return c.published[1].Load() }},
		{name: "status-dashboard", filter: "fleet/+/+/status", qos: 1, version: 4, members: 1,
			expected: func(c *counters) int64 { return c.published[2].Load() }},
		{name: "archive", filter: "$share/archive/fleet/+/+/telemetry", qos: 1, version: 4, members: 2,
			expected: func(c *counters) int64 { return c.published[0].Load() }},
	}
	var stopping atomic.Bool
	var bg sync.WaitGroup
	fail := func(err error) {
		cnt.failed.Add(1)
		firstErr.record(err)
	}
	for _, s := range subs {
		for m := 0; m < s.members; m++ {
			c, err := dial(addr, fmt.Sprintf("backend-%s-%d", s.name, m), s.version, 5*time.Second)
			if err != nil {
				fmt.Fprintln(os.Stderr, "subscriber:", err)
				return 1
			}
			s := s
			c.onPub = func(pk *packets.Packet) { s.got.Add(1) }
			c.start()
			if err := c.subscribe(s.filter, s.qos); err != nil {
				fmt.Fprintln(os.Stderr, "subscriber:", err)
				return 1
			}
			s.clients = append(s.clients, c)
			bg.Add(1)
			go func() { // keep-alive
				defer bg.Done()
				for !stopping.Load() {
					time.Sleep(250 * time.Millisecond)
					if err := c.pingIfIdle(); err != nil && !stopping.Load() {
						fail(fmt.Errorf("%s ping: %w", c.id, err))
					}
				}
			}()
		}
	}

	// The fleet: connect every device and publish its retained birth status.
	devs := make([]*client, nDevices)
	for i := range devs {
		version := byte(4)
		if i%2 == 0 {
			version = 5
		}
		keepalive := 10 * time.Second
		if i%5 == 4 { // slow devices
			keepalive = 2 * time.Second
		}
		c, err := dial(addr, fmt.Sprintf("dev-%04d", i), version, keepalive)
		if err != nil {
			fmt.Fprintln(os.Stderr, "device:", err)
			return 1
		}
		c.start()
		devs[i] = c
	}
	devTopic := func(i int) string { return fmt.Sprintf("fleet/site-%d/dev-%04d/", i%sites, i) }
	for i, c := range devs {
		pk := packets.Packet{TopicName: devTopic(i) + "status", FixedHeader: packets.FixedHeader{Qos: 1, Retain: true},
			Payload: []byte(`{"state":"online","fw":"2.4.1"}`)}
		if err := c.publish(&pk); err != nil {
			fmt.Fprintln(os.Stderr, "birth:", err)
			return 1
		}
		cnt.published[2].Add(1)
		cnt.retained.Add(1)
		if i%sites == 0 {
			cnt.site0.Add(1)
		}
	}

	for i, c := range devs {
		bg.Add(1)
		go func(i int, c *client) {
			defer bg.Done()
			rng := rand.New(rand.NewPCG(uint64(i+1), 5))
			prefix := devTopic(i)
			qos1Telemetry := i%5 == 1 || i%5 == 3
			slow := i%5 == 4
			every := interval
			if slow {
				every = 3 * time.Second
			}
			var payload []byte
			next := time.Now().Add(time.Duration(rng.Int64N(int64(every))))
			for seq := 0; !stopping.Load(); {
				if d := time.Until(next); d > 0 {
					if d > 200*time.Millisecond {
						d = 200 * time.Millisecond
					}
					time.Sleep(d)
					if err := c.pingIfIdle(); err != nil {
						fail(fmt.Errorf("%s ping: %w", c.id, err))
						return
					}
					continue
				}
				next = next.Add(every + time.Duration(rng.Int64N(int64(every)*2/5)) - every/5)
				seq++
				pk := packets.Packet{}
				kind := 0
				switch n := rng.IntN(100); {
				case n < 96:
					pk.TopicName = prefix + "telemetry"
					payload = telemetryPayload(rng, c.id, seq, payload)
					pk.Payload = payload
					if qos1Telemetry {
						pk.FixedHeader.Qos = 1
					}
				case n < 99:
					kind = 1
					pk.TopicName = prefix + "events"
					pk.Payload = fmt.Appendf(nil, `{"device":"%s","alarm":"threshold","sensor":"temp_c","value":%.2f,"ts":%d}`, c.id, 40+rng.Float64()*10, time.Now().UnixMilli())
					pk.FixedHeader.Qos = 1
				default:
					kind = 2
					pk.TopicName = prefix + "status"
					pk.Payload = fmt.Appendf(nil, `{"state":"online","fw":"2.4.1","uptime_s":%d,"free_heap":%d}`, seq, 20000+rng.IntN(40000))
					pk.FixedHeader.Qos = 1
					pk.FixedHeader.Retain = true
				}
				if c.version == 5 {
					pk.Properties.PayloadFormat, pk.Properties.PayloadFormatFlag = 1, true
					pk.Properties.ContentType = "application/json"
					pk.Properties.User = []packets.UserProperty{{Key: "fw", Val: "2.4.1"}}
				}
				if err := c.publish(&pk); err != nil {
					fail(fmt.Errorf("%s: %w", c.id, err))
					return
				}
				cnt.published[kind].Add(1)
				if pk.FixedHeader.Qos == 1 {
					cnt.qos1.Add(1)
				}
				if pk.FixedHeader.Retain {
					cnt.retained.Add(1)
				}
				if i%sites == 0 {
					cnt.site0.Add(1)
				}
			}
		}(i, c)
	}

	// Dashboard pages: connect, subscribe to one site's statuses, read its retained statuses.
	var pages, pagesFailed atomic.Int64
	bg.Add(1)
	go func() {
		defer bg.Done()
		for k := 0; !stopping.Load(); k++ {
			time.Sleep(time.Second)
			if stopping.Load() {
				return
			}
			site := k % sites
			want := int64(0)
			for i := range devs {
				if i%sites == site {
					want++
				}
			}
			pages.Add(1)
			if err := dashboardPage(addr, k, site, want); err != nil {
				pagesFailed.Add(1)
				firstErr.record(err)
			}
		}
	}()

	var (
		msgBase, sentBase, pingBase, failBase int64
		pubBase                               [3]int64
		qos1Base                              int64
	)
	pings := func() int64 {
		var n int64
		for _, c := range devs {
			n += c.pings.Load()
		}
		return n
	}
	elapsed, err := profileWindow(f.cpuprofile, 3*time.Second, f.duration, func() error {
		msgBase, sentBase = atomic.LoadInt64(&srv.Info.MessagesReceived), atomic.LoadInt64(&srv.Info.MessagesSent)
		pingBase, failBase, qos1Base = pings(), cnt.failed.Load(), cnt.qos1.Load()
		for k := range pubBase {
			pubBase[k] = cnt.published[k].Load()
		}
		return nil
	}, nil)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}
	msgN := atomic.LoadInt64(&srv.Info.MessagesReceived) - msgBase
	sentN := atomic.LoadInt64(&srv.Info.MessagesSent) - sentBase
	pingN, failN, qos1N := pings()-pingBase, cnt.failed.Load()-failBase, cnt.qos1.Load()-qos1Base
	var pubN [3]int64
	for k := range pubN {
		pubN[k] = cnt.published[k].Load() - pubBase[k]
	}
	stopping.Store(true)
	bg.Wait()

	// Drain: every subscriber should receive what was published to its filter.
	for deadline := time.Now().Add(15 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		all := true
		for _, s := range subs {
			if s.got.Load() < s.expected(&cnt) {
				all = false
			}
		}
		if all {
			break
		}
	}
	time.Sleep(200 * time.Millisecond) // anything over the expected count arrives too
	if err := writeAllocProfile(f.memprofile); err != nil {
		fmt.Fprintln(os.Stderr, err)
		return 1
	}

	good := true
	for _, s := range subs {
		want, got := s.expected(&cnt), s.got.Load()
		fmt.Printf("subscriber %-16s %-36s want %8d got %8d\n", s.name, s.filter, want, got)
		if got > want || (want-got)*100 > want || want == 0 {
			good = false
		}
	}
	for _, c := range devs {
		c.close()
	}
	for _, s := range subs {
		for _, c := range s.clients {
			c.close()
		}
	}
	srv.Close()
	<-serveErr

	var published int64
	for k := range cnt.published {
		published += cnt.published[k].Load()
	}
	fmt.Printf("whole run: %d published (%d QoS 1, %d retained), %d failed; %d dashboard pages, %d failed; broker dropped %d\n",
		published, cnt.qos1.Load(), cnt.retained.Load(), cnt.failed.Load(), pages.Load(), pagesFailed.Load(),
		atomic.LoadInt64(&srv.Info.MessagesDropped))
	for _, m := range firstErr.messages() {
		fmt.Println("error:", m)
	}
	good = good && withinBudget(published, cnt.failed.Load()) && pages.Load() > 0 && pagesFailed.Load()*100 <= pages.Load()
	summary := fmt.Sprintf("%s: %d messages processed in %s (%d devices: telemetry %d, events %d, retained status %d, QoS 1 %d; %d deliveries; %d pings), %d errors",
		name, msgN, elapsed.Round(time.Millisecond), nDevices, pubN[0], pubN[1], pubN[2], qos1N, sentN, pingN, failN)
	return finish(good && msgN > 0, nil, summary)
}

// watchdog ends a run that hangs (a broker deadlock, a client that never stops) after d, with a
// dump of every goroutine on stderr.
func watchdog(d time.Duration) {
	time.AfterFunc(d, func() {
		fmt.Fprintf(os.Stderr, "%s: the run did not end in %s; goroutines:\n", name, d)
		pprof.Lookup("goroutine").WriteTo(os.Stderr, 2)
		os.Exit(1)
	})
}

// dashboardPage is a dashboard page load: a fresh connection subscribes to one site's device
// statuses and must receive the retained status of each of its want devices.
func dashboardPage(addr string, k, site int, want int64) error {
	c, err := dial(addr, fmt.Sprintf("dashboard-%d", k), 4, 5*time.Second)
	if err != nil {
		return err
	}
	defer c.close()
	var got atomic.Int64
	all := make(chan struct{})
	c.onPub = func(pk *packets.Packet) {
		if pk.FixedHeader.Retain && strings.HasSuffix(pk.TopicName, "/status") && got.Add(1) == want {
			close(all)
		}
	}
	c.start()
	if err := c.subscribe(fmt.Sprintf("fleet/site-%d/+/status", site), 1); err != nil {
		return err
	}
	select {
	case <-all:
		return nil
	case <-time.After(3 * time.Second):
		return fmt.Errorf("dashboard %d: %d of %d retained statuses", k, got.Load(), want)
	case <-c.done:
		if err, _ := c.readErr.Load().(error); err != nil && !errors.Is(err, net.ErrClosed) {
			return err
		}
		return fmt.Errorf("dashboard %d: connection closed", k)
	}
}
