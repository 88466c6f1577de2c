package adexchange

import (
	"errors"
	"math"
	"math/rand/v2"
	"reflect"
	"testing"
)

func TestValidateBid(t *testing.T) {
	req := testRequest() // imp "top": 728x90 or 970x250, floor 1.2; "foot": floor 0.3
	ok := Bid{ID: "b", ImpID: "top", Price: 1.5, AdM: "<div/>", W: 728, H: 90}
	for _, tc := range []struct {
		name string
		cur  string
		edit func(*Bid)
		want error
	}{
		{"valid", "USD", func(*Bid) {}, nil},
		{"default currency", "", func(*Bid) {}, nil},
		{"unknown imp", "USD", func(b *Bid) { b.ImpID = "nope" }, ErrUnknownImp},
		{"other currency", "EUR", func(*Bid) {}, ErrCurrency},
		{"price at floor", "USD", func(b *Bid) { b.Price = 1.2 }, ErrBelowFloor},
		{"price below floor", "USD", func(b *Bid) { b.Price = 0.5 }, ErrBelowFloor},
		{"NaN price", "USD", func(b *Bid) { b.Price = math.NaN() }, ErrBelowFloor},
		{"size of another imp", "USD", func(b *Bid) { b.W, b.H = 300, 250 }, ErrSizeNotAllowed},
		{"empty adm", "USD", func(b *Bid) { b.AdM = "" }, ErrEmptyAdM},
	} {
		bid := ok
		tc.edit(&bid)
		if err := validateBid(req, tc.cur, &bid); !errors.Is(err, tc.want) {
			t.Errorf("%s: validateBid(%+v, %q) = %v, want %v", tc.name, bid, tc.cur, err, tc.want)
		}
	}
}

// auctionRunners are the two forms of the auction, which must agree.
var auctionRunners = []struct {
	name string
	run  func(*BidRequest, []seatResponse) *BidResponse
}{{"runAuction", runAuction}, {"runAuctionPooled", runAuctionPooled}}

func TestRunAuctionWinners(t *testing.T) {
	req := testRequest()
	bid := func(id, imp string, price float64, w, h int) Bid {
		return Bid{ID: id, ImpID: imp, Price: price, AdM: "<div/>", W: w, H: h}
	}
	seats := []seatResponse{
		{seat: "alpha", resp: &BidderResponse{BuyerUID: "a-1", Bids: []Bid{
			bid("a1", "top", 2.0, 728, 90),
			bid("a2", "side", 0.9, 300, 250),
		}}},
		{seat: "bravo", resp: &BidderResponse{Bids: []Bid{
			bid("b2", "top", 2.5, 970, 250),
			bid("b1", "top", 2.5, 728, 90),  // same seat and price: lower bid ID wins
			bid("b3", "foot", 0.3, 320, 50), // at the floor
		}}},
		{seat: "charlie", resp: &BidderResponse{Bids: []Bid{
			bid("0c", "top", 2.5, 728, 90),  // ties with bravo, whose seat sorts first
			bid("c2", "side", 5.0, 728, 90), // best price, wrong size
		}}},
		{seat: "delta", err: errors.New("timeout")},
	}
	want := []SeatBid{
		{Seat: "alpha", Bid: []Bid{bid("a2", "side", 0.9, 300, 250)}},
		{Seat: "bravo", Bid: []Bid{bid("b1", "top", 2.5, 728, 90)}},
	}
	wantErrs := []string{
		"bidder bravo: bid b3: price not above floor",
		"bidder charlie: bid c2: size not allowed",
		"bidder delta: timeout",
	}
	for _, r := range auctionRunners {
		resp := r.run(req, seats)
		if !reflect.DeepEqual(resp.SeatBid, want) {
			t.Errorf("%s: SeatBid = %+v, want %+v", r.name, resp.SeatBid, want)
		}
		if resp.Ext == nil || !reflect.DeepEqual(resp.Ext.Errors, wantErrs) {
			t.Errorf("%s: Ext = %+v, want errors %q", r.name, resp.Ext, wantErrs)
		}
		if want := map[string]string{"alpha": "a-1"}; !reflect.DeepEqual(resp.buyerUIDs, want) {
			t.Errorf("%s: buyerUIDs = %v, want %v", r.name, resp.buyerUIDs, want)
		}
	}
}

// randomSeats returns bids of up to six seats on req, a fair share of them
// invalid.
func randomSeats(rng *rand.Rand, req *BidRequest) []seatResponse {
	seats := make([]seatResponse, rng.IntN(7))
	for i := range seats {
		seats[i].seat = string(rune('a' + i))
		if rng.IntN(8) == 0 {
			seats[i].err = errors.New("no bid")
			continue
		}
		resp := &BidderResponse{Currency: []string{"", "USD", "EUR"}[rng.IntN(3)], BuyerUID: "u"}
		for j := range rng.IntN(12) {
			imp := req.Imp[rng.IntN(len(req.Imp))]
			f := imp.Banner.Format[rng.IntN(len(imp.Banner.Format))]
			if rng.IntN(6) == 0 {
				f = Format{1, 1}
			}
			resp.Bids = append(resp.Bids, Bid{
				ID: string(rune('A' + j)), ImpID: imp.ID, AdM: "<div/>", W: f.W, H: f.H,
				Price: float64(rng.IntN(8)) / 4, // many ties
			})
		}
		seats[i].resp = resp
	}
	return seats
}

func TestRunAuctionPooledMatches(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	req := testRequest()
	var kept []*BidResponse
	var want []*BidResponse
	for range 2000 {
		seats := randomSeats(rng, req)
		slow, fast := runAuction(req, seats), runAuctionPooled(req, seats)
		if !reflect.DeepEqual(fast, slow) {
			t.Fatalf("runAuctionPooled = %+v, want %+v", fast, slow)
		}
		kept, want = append(kept, fast), append(want, slow)
	}
	// Responses must not share memory with the pooled slices, which later
	// auctions overwrote.
	for i := range kept {
		if !reflect.DeepEqual(kept[i], want[i]) {
			t.Fatalf("response %d changed after later auctions: %+v, want %+v", i, kept[i], want[i])
		}
	}
	// Scratch slices go back to the pool with no bids or errors left in them.
	sc := scratchPool.Get().(*auctionScratch)
	defer scratchPool.Put(sc)
	for i, vb := range sc.bids[:cap(sc.bids)] {
		if vb != (ValidatedBid{}) {
			t.Errorf("pooled bids[%d] = %+v, want zero", i, vb)
		}
	}
	for i, err := range sc.errs[:cap(sc.errs)] {
		if err != nil {
			t.Errorf("pooled errs[%d] = %v, want nil", i, err)
		}
	}
}
