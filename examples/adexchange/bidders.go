package adexchange

import (
	"context"
	"hash/fnv"
	"math"
	"strconv"
)

// Bidder is a demand partner taking part in auctions.
type Bidder interface {
	// Name returns the bidder's seat name, unique within an Exchange.
	Name() string
	// MakeBids returns the bidder's bids on req.Request, or an error.
	MakeBids(ctx context.Context, req *BidderRequest) (*BidderResponse, error)
}

// BidderRequest is what a bidder is asked: the request, shared by all
// bidders and not to be modified, and the bidder's first-party data.
type BidderRequest struct {
	Request *BidRequest
	FPD     BidderFPD
}

// BidderResponse is a bidder's answer. Currency is that of all of Bids; ""
// means DefaultCurrency. BuyerUID, if not empty, is the bidder's ID for the
// user, to be kept in the sync cookie.
type BidderResponse struct {
	Currency string
	Bids     []Bid
	BuyerUID string
}

// FakeBidder is an in-process Bidder whose bids are a deterministic
// function of the request, its first-party data (the user object and the
// sizes of the others) and Seat: one bid per
// impression, priced between 0.9 and 0.9+Spread times the floor (or between
// 0.1 and 1.1 for no floor), rounded to the cent. About one bid in
// BadSizeEvery (never if 0) asks for a 1x1 size that no banner accepts, as
// a buggy bidder does.
type FakeBidder struct {
	Seat         string
	Currency     string
	Spread       float64
	BadSizeEvery int
}

// Name returns f.Seat.
func (f *FakeBidder) Name() string { return f.Seat }

// MakeBids returns f's bids on req.Request. It fails only if ctx is done.
func (f *FakeBidder) MakeBids(ctx context.Context, req *BidderRequest) (*BidderResponse, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	h := fnv.New64a()
	h.Write([]byte(f.Seat))
	h.Write(req.FPD.User)
	seed := h.Sum64() ^ uint64(len(req.FPD.Site))<<32 ^ uint64(len(req.FPD.App))

	resp := &BidderResponse{
		Currency: f.Currency,
		Bids:     make([]Bid, 0, len(req.Request.Imp)),
		BuyerUID: f.Seat + "-" + strconv.FormatUint(seed, 36),
	}
	for _, imp := range req.Request.Imp {
		x := mix(seed, imp.ID)
		u := float64(x%1000) / 1000
		price := 0.1 + u
		if imp.BidFloor > 0 {
			price = imp.BidFloor * (0.9 + f.Spread*u)
		}
		bid := Bid{
			ID:    f.Seat + "-" + imp.ID,
			ImpID: imp.ID,
			Price: math.Round(price*100) / 100,
			AdM:   creatives[x%uint64(len(creatives))],
			CrID:  "cr" + strconv.FormatUint(x%uint64(len(creatives)), 10),
			W:     1,
			H:     1,
		}
		if imp.Banner != nil && len(imp.Banner.Format) > 0 {
			size := imp.Banner.Format[(x>>10)%uint64(len(imp.Banner.Format))]
			bid.W, bid.H = size.W, size.H
		}
		if f.BadSizeEvery > 0 && (x>>20)%uint64(f.BadSizeEvery) == 0 {
			bid.W, bid.H = 1, 1
		}
		resp.Bids = append(resp.Bids, bid)
	}
	return resp, nil
}

// creatives is the markup the fake bidders serve.
var creatives = []string{
	`<a href="https://ads.example/click?c=0"><img src="https://ads.example/c0.png"></a>`,
	`<a href="https://ads.example/click?c=1"><img src="https://ads.example/c1.png"></a>`,
	`<a href="https://ads.example/click?c=2"><img src="https://ads.example/c2.png"></a>`,
}

// mix derives a per-impression pseudo-random number from seed and id.
func mix(seed uint64, id string) uint64 {
	x := seed
	for i := 0; i < len(id); i++ {
		x = (x ^ uint64(id[i])) * 0x100000001b3
	}
	x ^= x >> 33
	x *= 0xff51afd7ed558ccd
	x ^= x >> 33
	return x
}

// DefaultBidders returns the ten fake bidders of the example service. One
// of them bids in euros, which USD auctions reject.
func DefaultBidders() []Bidder {
	return []Bidder{
		&FakeBidder{Seat: "alpha", Spread: 0.5, BadSizeEvery: 8},
		&FakeBidder{Seat: "bravo", Spread: 0.6},
		&FakeBidder{Seat: "charlie", Spread: 0.4, BadSizeEvery: 5},
		&FakeBidder{Seat: "delta", Spread: 0.7},
		&FakeBidder{Seat: "echo", Spread: 0.5, Currency: "EUR"},
		&FakeBidder{Seat: "foxtrot", Spread: 0.3},
		&FakeBidder{Seat: "golf", Spread: 0.8, BadSizeEvery: 12},
		&FakeBidder{Seat: "hotel", Spread: 0.45},
		&FakeBidder{Seat: "india", Spread: 0.55},
		&FakeBidder{Seat: "juliet", Spread: 0.65, Currency: DefaultCurrency},
	}
}
