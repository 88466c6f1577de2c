package api

import (
	"errors"
	"sync"
)

var errEmpty = errors.New("api: empty pull request")

// releaseIfEmpty puts wr back when it asked for nothing, and says so in
// its first result; the error says whether that was a mistake.
func (wr *waiting) releaseIfEmpty() (bool, error) {
	if wr.n > 0 {
		return false, nil
	}
	var err error
	if wr.hb < 0 {
		err = errEmpty
	}
	wr.recycle()
	return true, err
}

// Process reads wr only on the path where releaseIfEmpty did not put it
// back: the caller returns when it did.
func Process(wr *waiting) (int, error) { // want Process:`puts p0 into wrPool`
	if handled, err := wr.releaseIfEmpty(); handled {
		return 0, err
	}
	use(wr) // fine: wr was not put back on this path
	return len(wr.reply), nil
}

// ProcessLate reads wr on the path where releaseIfEmpty put it back.
func ProcessLate(wr *waiting) []byte { // want ProcessLate:`returns r0<-p0; puts p0 into wrPool`
	if handled, _ := wr.releaseIfEmpty(); handled {
		return wr.reply // want `pointer wr\.reply into wr used after wr is put back into wrPool: move the Put after its last use`
	}
	return nil
}

func use(wr *waiting) { wr.hb++ }

// A Message is a pooled message of a connection.
type Message struct {
	id   int
	opts []int
}

// Conn keeps its messages' pool.
type Conn struct {
	msgs sync.Pool
	seen int
}

// ReleaseMessage puts m back into the connection's pool.
func (cc *Conn) ReleaseMessage(m *Message) { // want ReleaseMessage:`puts p1 into cc.msgs`
	m.opts = m.opts[:0]
	cc.msgs.Put(m)
}

// rejectUnknown answers and releases a message with options it does not
// know, and says so in its first result.
func (cc *Conn) rejectUnknown(m *Message) (bool, error) {
	if len(m.opts) == 0 {
		return false, nil
	}
	var err error
	if m.id < 0 {
		err = errEmpty
	}
	cc.ReleaseMessage(m)
	return true, err
}

// Receive uses m only when rejectUnknown did not release it.
func (cc *Conn) Receive(m *Message) error { // want Receive:`puts p1 into cc`
	if handled, err := cc.rejectUnknown(m); handled {
		return err
	}
	cc.check(m) // fine: m was not put back on this path
	return nil
}

// ReceiveLate uses m when rejectUnknown released it.
func (cc *Conn) ReceiveLate(m *Message) error { // want ReceiveLate:`puts p1 into cc`
	if handled, _ := cc.rejectUnknown(m); handled {
		cc.check(m) // want `m used after it is put back into cc \(rejectUnknown at handled.go:87\): move the Put after its last use`
	}
	return nil
}

func (cc *Conn) check(m *Message) { cc.seen = m.id }

// An Exchange is a block-wise transfer that a message opens.
type Exchange struct{ id int }

// openExchange opens the exchange of m, or releases m and returns nil
// when it cannot.
func (cc *Conn) openExchange(m *Message) (*Exchange, error) {
	if m.id <= 0 {
		cc.ReleaseMessage(m)
		return nil, errEmpty
	}
	return &Exchange{id: m.id}, nil
}

// Start uses m only when openExchange gave an exchange, that is did not
// release m.
func (cc *Conn) Start(m *Message) int { // want Start:`puts p1 into cc`
	ex, _ := cc.openExchange(m)
	if ex == nil {
		return 0
	}
	cc.check(m) // fine: m was not put back on this path
	return ex.id
}

// StartLate uses m when openExchange released it.
func (cc *Conn) StartLate(m *Message) int { // want StartLate:`puts p1 into cc`
	if ex, _ := cc.openExchange(m); ex != nil {
		return ex.id
	}
	cc.check(m) // want `m used after it is put back into cc \(openExchange at handled.go:121\): move the Put after its last use`
	return 0
}

// handleSpecial releases req itself when it is a ping, and says so; its
// other branch defers the release of the response it makes. A function
// with defers returns through result variables: return true is a store
// of true, then the defers, then a load.
func (cc *Conn) handleSpecial(req *Message) bool {
	if req.id == 0 {
		cc.ReleaseMessage(req)
		return true
	}
	resp, _ := cc.msgs.Get().(*Message)
	defer cc.ReleaseMessage(resp)
	cc.check(resp)
	return false
}

// Serve uses req only when handleSpecial did not release it.
func (cc *Conn) Serve(req *Message) { // want Serve:`puts p1 into cc`
	if cc.handleSpecial(req) {
		return
	}
	cc.check(req) // fine: req was not put back on this path
}

// ServeLate uses req when handleSpecial released it.
func (cc *Conn) ServeLate(req *Message) { // want ServeLate:`puts p1 into cc`
	if !cc.handleSpecial(req) {
		return
	}
	cc.check(req) // want `req used after it is put back into cc \(handleSpecial at handled.go:\d+\): move the Put after its last use`
}
