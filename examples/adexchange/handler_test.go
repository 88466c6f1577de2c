package adexchange

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func newTestExchange(t *testing.T) *Exchange {
	t.Helper()
	e, err := New(DefaultBidders()...)
	if err != nil {
		t.Fatal(err)
	}
	e.Now = func() time.Time { return benchNow }
	return e
}

// serve posts body with the given sync cookie value ("" for none) to e.
func serve(t *testing.T, e *Exchange, method, body, cookie string) *httptest.ResponseRecorder {
	t.Helper()
	r := httptest.NewRequest(method, "/openrtb2/auction", strings.NewReader(body))
	if cookie != "" {
		r.AddCookie(&http.Cookie{Name: CookieName, Value: cookie})
	}
	w := httptest.NewRecorder()
	e.ServeHTTP(w, r)
	return w
}

// syncCookieOf returns the sync cookie w sets, or nil.
func syncCookieOf(t *testing.T, w *httptest.ResponseRecorder) *Cookie {
	t.Helper()
	for _, hc := range w.Result().Cookies() {
		if hc.Name == CookieName {
			if len(hc.Value) > MaxCookieSize {
				t.Errorf("sync cookie is %d bytes, want at most %d", len(hc.Value), MaxCookieSize)
			}
			c, err := ParseCookie(hc.Value)
			if err != nil {
				t.Fatal(err)
			}
			return c
		}
	}
	return nil
}

func TestServeHTTPAuction(t *testing.T) {
	e := newTestExchange(t)
	body, err := json.Marshal(testRequest())
	if err != nil {
		t.Fatal(err)
	}
	full, err := testCookie(servedUIDs).Encode()
	if err != nil {
		t.Fatal(err)
	}
	w := serve(t, e, http.MethodPost, string(body), full)
	if w.Code != http.StatusOK {
		t.Fatalf("status %d: %s", w.Code, w.Body)
	}
	var resp BidResponse
	if err := json.Unmarshal(w.Body.Bytes(), &resp); err != nil {
		t.Fatal(err)
	}
	imps := map[string]bool{}
	for _, sb := range resp.SeatBid {
		for _, b := range sb.Bid {
			if imps[b.ImpID] {
				t.Errorf("two winners for imp %s", b.ImpID)
			}
			imps[b.ImpID] = true
			if sb.Seat == "echo" {
				t.Errorf("echo bids in EUR but won imp %s", b.ImpID)
			}
		}
	}
	if len(imps) != 3 || resp.ID != "req-1" || resp.Cur != "USD" {
		t.Errorf("response %+v, want id req-1 in USD with winners for 3 imps", resp)
	}
	if resp.Ext == nil || len(resp.Ext.Errors) == 0 {
		t.Errorf("response reports no rejected bids, want echo's at least")
	}

	c := syncCookieOf(t, w)
	if c == nil {
		t.Fatal("no sync cookie set")
	}
	for _, name := range e.names {
		if c.UIDs[name].Expires != benchNow.Add(UIDTTL) {
			t.Errorf("cookie entry of %s = %+v, want one expiring at now+UIDTTL", name, c.UIDs[name])
		}
	}
	if n := len(c.UIDs); n <= len(e.names) || n >= servedUIDs+len(e.names) {
		t.Errorf("cookie keeps %d UIDs, want some but not all of the old ones trimmed", n)
	}
}

func TestServeHTTPErrors(t *testing.T) {
	e := newTestExchange(t)
	good, _ := json.Marshal(testRequest())
	optedOut, _ := (&Cookie{OptOut: true}).Encode()
	for _, tc := range []struct {
		name, method, body, cookie string
		wantCode                   int
		wantUIDs                   int // -1: no cookie set
	}{
		{"GET", http.MethodGet, "", "", http.StatusMethodNotAllowed, -1},
		{"bad JSON", http.MethodPost, `{"id":`, "", http.StatusBadRequest, -1},
		{"no imp", http.MethodPost, `{"id":"r","imp":[]}`, "", http.StatusBadRequest, -1},
		{"duplicate imp", http.MethodPost, `{"id":"r","imp":[{"id":"1","banner":{"format":[{"w":1,"h":1}]}},{"id":"1","banner":{"format":[{"w":1,"h":1}]}}]}`, "", http.StatusBadRequest, -1},
		{"opted out", http.MethodPost, string(good), optedOut, http.StatusOK, -1},
		{"corrupt cookie", http.MethodPost, string(good), "!!", http.StatusOK, len(e.names)},
		{"no cookie", http.MethodPost, string(good), "", http.StatusOK, len(e.names)},
	} {
		w := serve(t, e, tc.method, tc.body, tc.cookie)
		if w.Code != tc.wantCode {
			t.Errorf("%s: status %d, want %d (%s)", tc.name, w.Code, tc.wantCode, w.Body)
		}
		got := -1
		if c := syncCookieOf(t, w); c != nil {
			got = len(c.UIDs)
		}
		if got != tc.wantUIDs {
			t.Errorf("%s: sync cookie with %d UIDs, want %d", tc.name, got, tc.wantUIDs)
		}
	}
}
