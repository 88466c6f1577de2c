package svc

import (
	"fmt"
	"net"
	"net/http"
)

// Proxy formats its endpoints once, then takes connections one by one:
// the loop over ports is set-up, the accept loop runs once per
// connection, not per message.
func Proxy(l net.Listener, ports []int) {
	var addrs []string
	for _, p := range ports {
		addr := fmt.Sprintf("%d", p) // proxy: set-up
		addrs = append(addrs, addr)
	}
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		tag := fmt.Sprintf("%d", len(addrs)) // proxy: per connection
		_, _ = c.Write([]byte(tag))
		c.Close()
	}
}

// Serve accepts connections and serves each in a goroutine: the accept
// loop runs per connection, serveConn's read loop per message.
func Serve(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		hello := fmt.Sprintf("%d", 1) // serve: per connection
		_, _ = c.Write([]byte(hello))
		go serveConn(c)
	}
}

func serveConn(c net.Conn) {
	buf := make([]byte, 512)
	for {
		n, err := c.Read(buf)
		if err != nil {
			return
		}
		ack := fmt.Sprintf("%d", n) // serve: per message
		_, _ = c.Write([]byte(ack))
	}
}

// Relay accepts and reads in one loop (one message per connection, as a
// request-per-connection protocol does): it is a consumer loop.
func Relay(l net.Listener) {
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		buf := make([]byte, 64)
		n, _ := c.Read(buf)
		_, _ = c.Write([]byte(fmt.Sprintf("%d", n))) // relay: per message
		c.Close()
	}
}

// Pool runs the tasks its callers send: a worker pool, not a consumer of
// messages. Its loop reaches no literal sent to it.
func Pool(tasks chan func()) {
	for fn := range tasks {
		fn()
	}
}

// Serializer runs callbacks received as values of an interface type.
func Serializer(q chan any) {
	for {
		select {
		case cb := <-q:
			if f, ok := cb.(func()); ok {
				f()
			}
		}
	}
}

// Submit sends a task to the pool; the task's work runs once per call of
// Submit, which nothing here calls in a loop.
func Submit(tasks chan func(), n int) {
	tasks <- func() {
		_ = fmt.Sprintf("%d", n) // pool: task
	}
}

// Events consumes messages and calls a handler stored in a field per
// message: a consumer loop.
type Events struct{ handle func(int) }

func (e *Events) Run(ch chan int) {
	for m := range ch {
		e.handle(m)
		_ = fmt.Sprintf("%d", m) // events: per message
	}
}

// Recover writes a stack trace after a handler panicked: an error path,
// whatever the handler's traffic.
func Recover(w http.ResponseWriter, r *http.Request) {
	defer func() {
		if err := recover(); err != nil {
			_ = fmt.Sprintf("%d", r.ContentLength) // recover: after a panic
			dumpStack(w)
		}
	}()
	_ = fmt.Sprintf("%d", r.ContentLength) // recover: per request
}

func dumpStack(w http.ResponseWriter) {
	w.Header().Set("X-Depth", fmt.Sprintf("%d", 3)) // recover: callee after a panic
}

// Limited refuses requests without a token: the refusal writes 401 and is
// an error path; the request served is not.
func Limited(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Token") == "" {
		w.Header().Set("Retry-After", fmt.Sprintf("%d", r.ContentLength)) // refuse: 401 block
		w.WriteHeader(http.StatusUnauthorized)
		return
	}
	switch r.Method {
	case http.MethodDelete:
		w.Header().Set("Allow-Length", fmt.Sprintf("%d", r.ProtoMajor)) // refuse: 405 case
		w.WriteHeader(http.StatusMethodNotAllowed)
		return
	}
	w.Header().Set("X-Length", fmt.Sprintf("%d", r.ContentLength)) // refuse: served
	w.WriteHeader(http.StatusOK)
	refuse(w, r)
}

// refuse answers 429 with the request's length: the whole function is an
// error response.
func refuse(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Refused", fmt.Sprintf("%d", r.ContentLength)) // refuse: 429 function
	w.WriteHeader(429)
}

// reply writes v as the answer with status: the service's own helper, as
// many write JSON.
func reply(w http.ResponseWriter, status int, v any) error {
	w.WriteHeader(status)
	_, err := fmt.Fprint(w, v)
	return err
}

type answer struct{ Error, Size string }

// Assign refuses an unknown rack through reply with a 400 status, and
// answers the request served through the same helper with 200.
func Assign(w http.ResponseWriter, r *http.Request) {
	if r.Header.Get("Rack") == "" {
		w.Header().Set("X-Rack", fmt.Sprintf("%d", r.ContentLength)) // refuse: helper given a 400 status
		reply(w, http.StatusBadRequest, answer{Error: "no rack"})
		return
	}
	if err := lookup(w, r); err != nil {
		return
	}
	w.Header().Set("X-Size", fmt.Sprintf("%d", r.ContentLength)) // refuse: helper given 200
	reply(w, http.StatusOK, answer{Size: "1"})
}

func lookup(w http.ResponseWriter, r *http.Request) error {
	if r.ContentLength < 0 {
		w.Header().Set("X-Minor", fmt.Sprintf("%d", r.ProtoMinor)) // refuse: returned answer with 409
		return reply(w, http.StatusConflict, answer{Error: "conflict"})
	}
	return nil
}
