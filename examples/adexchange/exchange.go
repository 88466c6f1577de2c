// Package adexchange is perfproof's bundled example: a small OpenRTB-style
// auction service with in-process bidders, first-party data per bidder and a
// user-sync cookie.
//
// Its request path (Exchange.ServeHTTP, which calls Exchange.HandleAuction)
// carries three hot-path problems on purpose, so that perfproof has something
// real to find, measure and rank:
//
//   - runAuction (auction.go) grows its validBids and errs slices from empty
//     in every auction. runAuctionPooled is the fixed form: it reuses the
//     slices of a pooled auctionScratch.
//   - bidderFPD (fpd.go) calls applyBidderConfig once per bidder, and that
//     json.Marshals every bidder config applying to the bidder, although the
//     encoding depends only on the config. bidderFPDPrepared is the fixed
//     form: it encodes each config at most once per request.
//   - Cookie.trimToFit (cookie.go) re-encodes the whole cookie after removing
//     each UID, O(n²) in the number of UIDs. Cookie.trimToFitFast is the fixed
//     form: it encodes the cookie once and each removed entry once, and
//     removes exactly the same UIDs.
//
// The fixed forms are tested to give the same results as the slow ones and
// are measured beside them by the X/before and X/after benchmarks; they are
// deliberately not wired into the request path, which BenchmarkHandleAuction
// measures as served.
package adexchange

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"
)

// BidRequest is the subset of an OpenRTB 2.x bid request the exchange uses.
type BidRequest struct {
	ID   string     `json:"id"`
	Imp  []Imp      `json:"imp"`
	Site *Site      `json:"site,omitempty"`
	App  *App       `json:"app,omitempty"`
	User *User      `json:"user,omitempty"`
	Cur  []string   `json:"cur,omitempty"`
	Ext  RequestExt `json:"ext"`
}

// Imp is one impression on offer. BidFloor is in the request currency, CPM.
type Imp struct {
	ID       string  `json:"id"`
	Banner   *Banner `json:"banner,omitempty"`
	BidFloor float64 `json:"bidfloor,omitempty"`
}

// Banner lists the creative sizes an impression accepts.
type Banner struct {
	Format []Format `json:"format"`
}

// Format is a creative size in pixels.
type Format struct {
	W int `json:"w"`
	H int `json:"h"`
}

// Site describes the publisher's web site. Ext holds first-party data.
type Site struct {
	ID       string          `json:"id,omitempty"`
	Name     string          `json:"name,omitempty"`
	Domain   string          `json:"domain,omitempty"`
	Page     string          `json:"page,omitempty"`
	Cat      []string        `json:"cat,omitempty"`
	Keywords string          `json:"keywords,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

// App describes the publisher's application. Ext holds first-party data.
type App struct {
	ID     string          `json:"id,omitempty"`
	Name   string          `json:"name,omitempty"`
	Bundle string          `json:"bundle,omitempty"`
	Cat    []string        `json:"cat,omitempty"`
	Ext    json.RawMessage `json:"ext,omitempty"`
}

// User describes the end user. YOB is the year of birth, 0 if unknown; Ext
// holds first-party data.
type User struct {
	ID       string          `json:"id,omitempty"`
	YOB      int             `json:"yob,omitempty"`
	Keywords string          `json:"keywords,omitempty"`
	Ext      json.RawMessage `json:"ext,omitempty"`
}

// RequestExt is the request's ext object.
type RequestExt struct {
	Prebid PrebidExt `json:"prebid"`
}

// PrebidExt carries the per-bidder first-party data configs.
type PrebidExt struct {
	BidderConfig []BidderConfig `json:"bidderconfig,omitempty"`
}

// BidderConfig gives the bidders it names (or all bidders, for "*") their
// own site, app or user object in place of the request's.
type BidderConfig struct {
	Bidders []string `json:"bidders"`
	Config  ORTB2    `json:"config"`
}

// ORTB2 holds the objects of a BidderConfig; nil ones are left as they are.
type ORTB2 struct {
	Site *Site `json:"site,omitempty"`
	App  *App  `json:"app,omitempty"`
	User *User `json:"user,omitempty"`
}

func (c *BidderConfig) appliesTo(bidder string) bool {
	return slices.Contains(c.Bidders, bidder) || slices.Contains(c.Bidders, "*")
}

// Bid is one bid of a bidder. Price is CPM in the bidder's currency.
type Bid struct {
	ID    string  `json:"id"`
	ImpID string  `json:"impid"`
	Price float64 `json:"price"`
	AdM   string  `json:"adm"`
	CrID  string  `json:"crid,omitempty"`
	W     int     `json:"w"`
	H     int     `json:"h"`
}

// BidResponse is the exchange's answer: one winning bid per impression that
// received a valid bid, grouped by seat in ascending seat order.
type BidResponse struct {
	ID      string       `json:"id"`
	SeatBid []SeatBid    `json:"seatbid,omitempty"`
	Cur     string       `json:"cur"`
	Ext     *ResponseExt `json:"ext,omitempty"`

	// buyerUIDs maps a seat that answered to the user ID it asked the
	// exchange to remember in the sync cookie.
	buyerUIDs map[string]string
}

// SeatBid holds the winning bids of one seat, in impression order.
type SeatBid struct {
	Seat string `json:"seat"`
	Bid  []Bid  `json:"bid"`
}

// ResponseExt reports why bids or bidders were rejected.
type ResponseExt struct {
	Errors []string `json:"errors,omitempty"`
}

// ErrInvalidRequest is wrapped by the errors HandleAuction returns for
// requests that cannot be auctioned.
var ErrInvalidRequest = errors.New("invalid bid request")

// Exchange runs auctions among a fixed set of bidders. Its zero value has no
// bidders; use New.
type Exchange struct {
	bidders []Bidder // in ascending name order
	names   []string // names of bidders, same order

	// Now returns the current time; nil means time.Now.
	Now func() time.Time
}

// New returns an Exchange auctioning among bidders. It returns an error if
// two bidders share a name.
func New(bidders ...Bidder) (*Exchange, error) {
	e := &Exchange{bidders: slices.Clone(bidders)}
	slices.SortFunc(e.bidders, func(a, b Bidder) int { return strings.Compare(a.Name(), b.Name()) })
	for i, b := range e.bidders {
		if i > 0 && b.Name() == e.names[i-1] {
			return nil, fmt.Errorf("creating exchange: duplicate bidder %q", b.Name())
		}
		e.names = append(e.names, b.Name())
	}
	return e, nil
}

func (e *Exchange) now() time.Time {
	if e.Now != nil {
		return e.Now()
	}
	return time.Now()
}

// seatResponse is what one bidder returned, or the error it failed with.
type seatResponse struct {
	seat string
	resp *BidderResponse
	err  error
}

// HandleAuction asks every bidder for bids on req, validates them and keeps
// the best valid bid of each impression. It returns an error wrapping
// ErrInvalidRequest if req has no impressions, an impression without ID or
// banner sizes, or duplicate impression IDs. Bidder failures and invalid
// bids are reported in the response's Ext.Errors.
//
// This is the request path: it deliberately uses the slow bidderFPD and
// runAuction (see the package doc).
func (e *Exchange) HandleAuction(ctx context.Context, req *BidRequest) (*BidResponse, error) {
	if err := checkRequest(req); err != nil {
		return nil, err
	}
	fpd, err := bidderFPD(req, e.names)
	if err != nil {
		return nil, fmt.Errorf("%w: %w", ErrInvalidRequest, err)
	}
	return runAuction(req, e.callBidders(ctx, req, fpd)), nil
}

// callBidders asks each bidder, in name order, for bids on req.
func (e *Exchange) callBidders(ctx context.Context, req *BidRequest, fpd map[string]BidderFPD) []seatResponse {
	seats := make([]seatResponse, 0, len(e.bidders))
	for _, b := range e.bidders {
		resp, err := b.MakeBids(ctx, &BidderRequest{Request: req, FPD: fpd[b.Name()]})
		seats = append(seats, seatResponse{seat: b.Name(), resp: resp, err: err})
	}
	return seats
}

func checkRequest(req *BidRequest) error {
	if len(req.Imp) == 0 {
		return fmt.Errorf("%w: no imp", ErrInvalidRequest)
	}
	for i, imp := range req.Imp {
		switch {
		case imp.ID == "":
			return fmt.Errorf("%w: imp %d: empty id", ErrInvalidRequest, i)
		case imp.Banner == nil || len(imp.Banner.Format) == 0:
			return fmt.Errorf("%w: imp %q: no banner format", ErrInvalidRequest, imp.ID)
		}
		for _, prev := range req.Imp[:i] {
			if prev.ID == imp.ID {
				return fmt.Errorf("%w: duplicate imp id %q", ErrInvalidRequest, imp.ID)
			}
		}
	}
	return nil
}
