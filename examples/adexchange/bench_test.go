package adexchange

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// benchNow is the clock of the tests and benchmarks.
var benchNow = time.Date(2026, 3, 2, 12, 0, 0, 0, time.UTC)

// testRequest returns a bid request with three banner impressions, site and
// user first-party data, and three bidder configs: defaults for all bidders,
// then a premium site for five of DefaultBidders and a premium user for five
// others.
func testRequest() *BidRequest {
	var seg strings.Builder
	for i := range 24 {
		fmt.Fprintf(&seg, `{"id":"%d","name":"segment-%d","taxonomy":"iab-content-3.0","score":0.%02d},`, 1000+37*i, i, (i*13)%100)
	}
	segments := json.RawMessage(`{"data":{"section":"sports","pagetype":"article","segments":[` +
		strings.TrimSuffix(seg.String(), ",") + `],"authors":["a.berg","m.okafor"],"paywall":false,"wordcount":1240}}`)
	site := func(keywords string) *Site {
		return &Site{
			ID: "site-42", Name: "Daily Example", Domain: "news.example", Page: "https://news.example/sports/2026/tour",
			Cat: []string{"IAB17", "IAB17-12"}, Keywords: keywords, Ext: segments,
		}
	}
	return &BidRequest{
		ID: "req-1",
		Imp: []Imp{
			{ID: "top", Banner: &Banner{Format: []Format{{728, 90}, {970, 250}}}, BidFloor: 1.2},
			{ID: "side", Banner: &Banner{Format: []Format{{300, 250}, {300, 600}}}, BidFloor: 0.8},
			{ID: "foot", Banner: &Banner{Format: []Format{{320, 50}}}, BidFloor: 0.3},
		},
		Site: site("cycling,tour,stage"),
		User: &User{ID: "u-9f1c", YOB: 1988, Keywords: "sports,travel", Ext: json.RawMessage(`{"data":{"tier":"gold","visits":17}}`)},
		Cur:  []string{"USD"},
		Ext: RequestExt{Prebid: PrebidExt{BidderConfig: []BidderConfig{
			{Bidders: []string{"*"}, Config: ORTB2{
				Site: site("cycling"),
				User: &User{ID: "u-9f1c", Ext: json.RawMessage(`{"data":{"tier":"standard"}}`)},
			}},
			{Bidders: []string{"alpha", "bravo", "charlie", "delta", "golf"}, Config: ORTB2{Site: site("cycling,premium")}},
			{Bidders: []string{"bravo", "delta", "echo", "hotel", "juliet"}, Config: ORTB2{User: &User{
				ID: "u-9f1c", YOB: 1988, Keywords: "sports,travel,premium",
				Ext: json.RawMessage(`{"data":{"tier":"gold","visits":17,"segments":[{"id":"77","value":"high-intent"},{"id":"78","value":"returning"}]}}`),
			}}},
		}}},
	}
}

// testCookie returns a cookie with n UIDs of bidders not in DefaultBidders,
// expiring over the next two weeks.
func testCookie(n int) *Cookie {
	c := &Cookie{UIDs: make(map[string]UIDEntry, n)}
	for i := range n {
		c.UIDs[fmt.Sprintf("ssp-bidder-%02d", i)] = UIDEntry{
			UID:     fmt.Sprintf("%016x", uint64(i)*0x9e3779b97f4a7c15),
			Expires: benchNow.Add(time.Duration((i*37)%n+1) * 5 * time.Hour),
		}
	}
	return c
}

const (
	// trimUIDs is the number of UIDs in BenchmarkCookieTrim's cookie;
	// trimming it to MaxCookieSize removes 21 of them.
	trimUIDs = 60
	// servedUIDs is the number of UIDs in BenchmarkHandleAuction's cookie,
	// which fits; the ten bidders' UIDs push out about as many.
	servedUIDs = 39
)

// BenchmarkAuction measures the auction proper, validation, winner
// selection and the response, on the bids of the ten DefaultBidders for
// three impressions. The bidders are asked once, outside the loop: in a
// real exchange that is network I/O, the same for both forms.
func BenchmarkAuction(b *testing.B) {
	e, err := New(DefaultBidders()...)
	if err != nil {
		b.Fatal(err)
	}
	req := testRequest()
	fpd, err := bidderFPD(req, e.names)
	if err != nil {
		b.Fatal(err)
	}
	seats := e.callBidders(context.Background(), req, fpd)
	for _, bc := range []struct {
		name string
		run  func(*BidRequest, []seatResponse) *BidResponse
	}{{"before", runAuction}, {"after", runAuctionPooled}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				bc.run(req, seats)
			}
		})
	}
}

func BenchmarkFirstPartyData(b *testing.B) {
	req := testRequest()
	bidders := []string{"alpha", "bravo", "charlie", "delta", "echo"}
	for _, bc := range []struct {
		name string
		fpd  func(*BidRequest, []string) (map[string]BidderFPD, error)
	}{{"before", bidderFPD}, {"after", bidderFPDPrepared}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := bc.fpd(req, bidders); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkCookieTrim(b *testing.B) {
	orig := testCookie(trimUIDs)
	for _, bc := range []struct {
		name string
		trim func(*Cookie)
	}{{"before", (*Cookie).trimToFit}, {"after", (*Cookie).trimToFitFast}} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				c := &Cookie{UIDs: maps.Clone(orig.UIDs)}
				bc.trim(c)
			}
		})
	}
}

// BenchmarkHandleAuction measures the request path as served: decoding the
// request, first-party data for ten bidders, the auction and the sync
// cookie, which arrives nearly full.
func BenchmarkHandleAuction(b *testing.B) {
	e, err := New(DefaultBidders()...)
	if err != nil {
		b.Fatal(err)
	}
	e.Now = func() time.Time { return benchNow }
	body, err := json.Marshal(testRequest())
	if err != nil {
		b.Fatal(err)
	}
	cookie, err := testCookie(servedUIDs).Encode()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		r := httptest.NewRequest(http.MethodPost, "/openrtb2/auction", bytes.NewReader(body))
		r.AddCookie(&http.Cookie{Name: CookieName, Value: cookie})
		w := httptest.NewRecorder()
		e.ServeHTTP(w, r)
		if w.Code != http.StatusOK {
			b.Fatalf("status %d: %s", w.Code, w.Body)
		}
	}
}
