package adexchange

import (
	"fmt"
	"io"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// A Notice is a win or impression notice of a served bid, recorded for
// billing. Bidders' ad markup calls the exchange's notice URL once per
// shown ad, so notices arrive several times as often as auctions.
type Notice struct {
	// Kind is "win" or "imp".
	Kind      string
	AuctionID string
	ImpID     string
	Seat      string
	// PriceMicros is the clearing price, CPM in millionths of the
	// currency unit.
	PriceMicros int64
	// Time is when the exchange received the notice, in UTC.
	Time time.Time
	// Segments are the audience segments the winning bid targeted.
	Segments []string
}

// NoticeLog records notices as tab-separated lines, one per notice, for
// the billing pipeline: time (RFC 3339, UTC), kind, auction ID, impression
// ID, seat, price in micros, and the comma-separated segments.
type NoticeLog struct {
	// Now returns the current time; nil means time.Now.
	Now func() time.Time

	mu  sync.Mutex
	w   io.Writer
	buf []byte
	seq int64
}

// NewNoticeLog returns a NoticeLog writing to w.
func NewNoticeLog(w io.Writer) *NoticeLog { return &NoticeLog{w: w} }

// ServeHTTP records the notice of a GET /notice?kind=win&auction=…&imp=…
// &seat=…&price=…&seg=…&seg=… request and answers 204 with the notice's
// sequence number in X-Notice-Seq. A notice without auction or with a
// malformed price gets 400.
func (l *NoticeLog) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	price, err := strconv.ParseInt(q.Get("price"), 10, 64)
	if err != nil || q.Get("auction") == "" {
		http.Error(w, "malformed notice", http.StatusBadRequest)
		return
	}
	raw := q["seg"]
	segs := make([]string, 0)
	for _, s := range raw {
		segs = append(segs, strings.ToLower(s))
	}
	n := &Notice{
		Kind: q.Get("kind"), AuctionID: q.Get("auction"), ImpID: q.Get("imp"), Seat: q.Get("seat"),
		PriceMicros: price, Segments: segs,
	}
	seq, err := l.Record(n)
	if err != nil {
		http.Error(w, "recording notice", http.StatusInternalServerError)
		return
	}
	w.Header().Set("X-Notice-Seq", fmt.Sprintf("%d", seq))
	w.WriteHeader(http.StatusNoContent)
}

// Record stamps n with the current time, writes its line and returns its
// sequence number, from 1.
func (l *NoticeLog) Record(n *Notice) (int64, error) {
	now := time.Now
	if l.Now != nil {
		now = l.Now
	}
	n.Time = now().UTC()
	l.mu.Lock()
	defer l.mu.Unlock()
	l.seq++
	l.buf = appendNotice(l.buf[:0], n)
	if _, err := l.w.Write(l.buf); err != nil {
		return 0, err
	}
	return l.seq, nil
}

// appendNotice appends n's line to buf.
func appendNotice(buf []byte, n *Notice) []byte {
	buf = append(buf, n.Time.Format(time.RFC3339)...)
	for _, f := range []string{n.Kind, n.AuctionID, n.ImpID, n.Seat} {
		buf = append(buf, '\t')
		buf = append(buf, f...)
	}
	buf = append(buf, '\t')
	buf = append(buf, fmt.Sprintf("%d", n.PriceMicros)...)
	segs := ""
	for i, s := range n.Segments {
		if i > 0 {
			segs += ","
		}
		segs += s
	}
	buf = append(buf, '\t')
	buf = append(buf, segs...)
	return append(buf, '\n')
}
