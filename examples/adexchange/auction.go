package adexchange

import (
	"fmt"
	"slices"
	"strings"
	"sync"
)

// runAuction validates the bids in seats and builds the response to req.
//
// It is on the request path and deliberately slow: validBids and errs start
// empty in every auction and grow by appending, reallocating a few times per
// auction. runAuctionPooled is the fixed form.
func runAuction(req *BidRequest, seats []seatResponse) *BidResponse {
	validBids := []ValidatedBid{}
	var errs []error
	for _, s := range seats {
		if s.err != nil {
			errs = append(errs, fmt.Errorf("bidder %s: %w", s.seat, s.err))
			continue
		}
		if s.resp == nil {
			continue
		}
		for i := range s.resp.Bids {
			bid := &s.resp.Bids[i]
			if err := validateBid(req, s.resp.Currency, bid); err != nil {
				errs = append(errs, &BidError{Seat: s.seat, BidID: bid.ID, Err: err})
				continue
			}
			validBids = append(validBids, ValidatedBid{Seat: s.seat, Bid: *bid})
		}
	}
	return buildResponse(req, seats, validBids, errs)
}

// auctionScratch holds the slices one auction works in. Pooled values have
// length-zero slices whose elements are all zero, so the pool keeps no bids
// or errors of past auctions alive.
type auctionScratch struct {
	bids []ValidatedBid
	errs []error
}

// maxPooledBids bounds the capacity of the slices returned to the pool, so
// that one huge auction does not pin a huge array for good.
const maxPooledBids = 1024

var scratchPool = sync.Pool{New: func() any { return new(auctionScratch) }}

// runAuctionPooled returns the same response as runAuction, working in
// slices reused across auctions. The slices are appended to through the
// pooled *auctionScratch, so their growth is kept, and cleared before they
// go back to the pool. buildResponse copies what it keeps out of them.
// The simpler fix, make([]ValidatedBid, 0, n) per auction, still allocates
// both slices every time and measured slower than the pool.
func runAuctionPooled(req *BidRequest, seats []seatResponse) *BidResponse {
	sc := scratchPool.Get().(*auctionScratch)
	for _, s := range seats {
		if s.err != nil {
			sc.errs = append(sc.errs, fmt.Errorf("bidder %s: %w", s.seat, s.err))
			continue
		}
		if s.resp == nil {
			continue
		}
		for i := range s.resp.Bids {
			bid := &s.resp.Bids[i]
			if err := validateBid(req, s.resp.Currency, bid); err != nil {
				sc.errs = append(sc.errs, &BidError{Seat: s.seat, BidID: bid.ID, Err: err})
				continue
			}
			sc.bids = append(sc.bids, ValidatedBid{Seat: s.seat, Bid: *bid})
		}
	}
	resp := buildResponse(req, seats, sc.bids, sc.errs)

	clear(sc.bids)
	clear(sc.errs)
	sc.bids, sc.errs = sc.bids[:0], sc.errs[:0]
	if cap(sc.bids) <= maxPooledBids && cap(sc.errs) <= maxPooledBids {
		scratchPool.Put(sc)
	}
	return resp
}

// buildResponse picks the winning bid of each impression of req among
// validBids and reports errs. It retains neither slice.
func buildResponse(req *BidRequest, seats []seatResponse, validBids []ValidatedBid, errs []error) *BidResponse {
	resp := &BidResponse{ID: req.ID, Cur: requestCurrency(req)}

	var winners []*ValidatedBid // in impression order
	for _, imp := range req.Imp {
		var best *ValidatedBid
		for i := range validBids {
			vb := &validBids[i]
			if vb.Bid.ImpID == imp.ID && (best == nil || beats(vb, best)) {
				best = vb
			}
		}
		if best != nil {
			winners = append(winners, best)
		}
	}
	slices.SortStableFunc(winners, func(a, b *ValidatedBid) int { return strings.Compare(a.Seat, b.Seat) })
	for _, w := range winners {
		if n := len(resp.SeatBid); n > 0 && resp.SeatBid[n-1].Seat == w.Seat {
			resp.SeatBid[n-1].Bid = append(resp.SeatBid[n-1].Bid, w.Bid)
			continue
		}
		resp.SeatBid = append(resp.SeatBid, SeatBid{Seat: w.Seat, Bid: []Bid{w.Bid}})
	}

	if len(errs) > 0 {
		resp.Ext = &ResponseExt{Errors: make([]string, len(errs))}
		for i, err := range errs {
			resp.Ext.Errors[i] = err.Error()
		}
	}

	for _, s := range seats {
		if s.err == nil && s.resp != nil && s.resp.BuyerUID != "" {
			if resp.buyerUIDs == nil {
				resp.buyerUIDs = make(map[string]string)
			}
			resp.buyerUIDs[s.seat] = s.resp.BuyerUID
		}
	}
	return resp
}
