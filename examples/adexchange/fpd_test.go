package adexchange

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestBidderFPD(t *testing.T) {
	req := testRequest()
	fpd, err := bidderFPD(req, []string{"alpha", "echo", "foxtrot"})
	if err != nil {
		t.Fatal(err)
	}
	// Config 0 (all bidders) sets site and user, config 1 a premium site for
	// alpha, config 2 a premium user for echo.
	for _, tc := range []struct {
		bidder, siteKeywords, userKeywords string
	}{
		{"alpha", "cycling,premium", ""},
		{"echo", "cycling", "sports,travel,premium"},
		{"foxtrot", "cycling", ""},
	} {
		var site Site
		var user User
		if err := json.Unmarshal(fpd[tc.bidder].Site, &site); err != nil {
			t.Fatalf("%s: site: %v", tc.bidder, err)
		}
		if err := json.Unmarshal(fpd[tc.bidder].User, &user); err != nil {
			t.Fatalf("%s: user: %v", tc.bidder, err)
		}
		if site.Keywords != tc.siteKeywords || user.Keywords != tc.userKeywords {
			t.Errorf("%s: keywords site %q, user %q; want %q, %q",
				tc.bidder, site.Keywords, user.Keywords, tc.siteKeywords, tc.userKeywords)
		}
	}

	req.Ext.Prebid.BidderConfig = nil
	fpd, err = bidderFPD(req, []string{"alpha"})
	if err != nil {
		t.Fatal(err)
	}
	if base, _ := baseFPD(req); !reflect.DeepEqual(fpd["alpha"], base) {
		t.Errorf("without configs, bidderFPD = %s, want the request's objects %s", fpd["alpha"].Site, base.Site)
	}
}

// randomFPDRequest returns a request with up to five random bidder configs
// over the bidders a to f; one ext in twenty is not valid JSON.
func randomFPDRequest(rng *rand.Rand) *BidRequest {
	ext := func() json.RawMessage {
		switch rng.IntN(20) {
		case 0:
			return json.RawMessage(`{"data":`) // cannot be encoded
		case 1, 2, 3:
			return nil
		}
		return json.RawMessage(fmt.Sprintf(`{ "data": {"n": %d, "tag": "<t&%d>"} }`, rng.IntN(100), rng.IntN(9)))
	}
	maybe := func() bool { return rng.IntN(2) == 0 }
	site := func() *Site {
		if maybe() {
			return nil
		}
		return &Site{ID: fmt.Sprint(rng.IntN(100)), Page: "https://p.example/" + fmt.Sprint(rng.IntN(9)), Ext: ext()}
	}
	app := func() *App {
		if maybe() {
			return nil
		}
		return &App{Bundle: fmt.Sprint("b", rng.IntN(9)), Ext: ext()}
	}
	user := func() *User {
		if maybe() {
			return nil
		}
		return &User{YOB: 1950 + rng.IntN(60), Ext: ext()}
	}
	req := &BidRequest{Site: site(), App: app(), User: user()}
	for range rng.IntN(6) {
		cfg := BidderConfig{Config: ORTB2{Site: site(), App: app(), User: user()}}
		for _, b := range []string{"a", "b", "c", "d", "e", "f", "*"} {
			if rng.IntN(4) == 0 {
				cfg.Bidders = append(cfg.Bidders, b)
			}
		}
		req.Ext.Prebid.BidderConfig = append(req.Ext.Prebid.BidderConfig, cfg)
	}
	return req
}

func TestBidderFPDPreparedMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	failures := 0
	for i := range 3000 {
		req := randomFPDRequest(rng)
		bidders := []string{"a", "b", "c", "d", "e"}[:rng.IntN(6)]
		slow, slowErr := bidderFPD(req, bidders)
		fast, fastErr := bidderFPDPrepared(req, bidders)
		if fmt.Sprint(fastErr) != fmt.Sprint(slowErr) {
			t.Fatalf("request %d: bidderFPDPrepared error = %v, want %v", i, fastErr, slowErr)
		}
		if slowErr != nil {
			failures++
			continue
		}
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("request %d: bidderFPDPrepared = %v, want %v", i, fast, slow)
		}
	}
	if failures == 0 || failures > 1500 {
		t.Errorf("%d of 3000 random requests failed to encode; the test needs some, not most", failures)
	}
}
