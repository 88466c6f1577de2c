package adexchange

import (
	"errors"
	"slices"
)

// Errors wrapped by bid validation, one per rule.
var (
	ErrUnknownImp     = errors.New("unknown imp id")
	ErrBelowFloor     = errors.New("price not above floor")
	ErrSizeNotAllowed = errors.New("size not allowed")
	ErrEmptyAdM       = errors.New("empty adm")
	ErrCurrency       = errors.New("currency not accepted")
)

// DefaultCurrency is the currency of requests that name none, and of bidder
// responses that name none (OpenRTB 2.6, section 3.2.1).
const DefaultCurrency = "USD"

// ValidatedBid is a bid that passed validation, with the seat that made it.
type ValidatedBid struct {
	Seat string
	Bid  Bid
}

// requestCurrency returns the currency the auction is held in: the first
// one the request accepts.
func requestCurrency(req *BidRequest) string {
	if len(req.Cur) == 0 {
		return DefaultCurrency
	}
	return req.Cur[0]
}

// BidError reports why a bid of a seat was rejected. Err is one of the
// validation errors (ErrUnknownImp and so on).
type BidError struct {
	Seat  string
	BidID string
	Err   error
}

func (e *BidError) Error() string {
	return "bidder " + e.Seat + ": bid " + e.BidID + ": " + e.Err.Error()
}

func (e *BidError) Unwrap() error { return e.Err }

// validateBid checks bid, made in currency cur, against req: the bid must
// name an impression of req, be in the auction currency, pay more than the
// impression's floor (and more than zero), offer a size its banner accepts
// and carry markup. It returns the error of the first rule broken.
func validateBid(req *BidRequest, cur string, bid *Bid) error {
	if cur == "" {
		cur = DefaultCurrency
	}
	i := slices.IndexFunc(req.Imp, func(imp Imp) bool { return imp.ID == bid.ImpID })
	if i < 0 {
		return ErrUnknownImp
	}
	imp := &req.Imp[i]
	switch {
	case cur != requestCurrency(req):
		return ErrCurrency
	case !(bid.Price > imp.BidFloor && bid.Price > 0): // also rejects NaN
		return ErrBelowFloor
	case imp.Banner == nil || !slices.Contains(imp.Banner.Format, Format{W: bid.W, H: bid.H}):
		return ErrSizeNotAllowed
	case bid.AdM == "":
		return ErrEmptyAdM
	}
	return nil
}

// beats reports whether a wins over b for the same impression: the higher
// price wins; on equal prices the lower seat name, then the lower bid ID.
func beats(a, b *ValidatedBid) bool {
	if a.Bid.Price != b.Bid.Price {
		return a.Bid.Price > b.Bid.Price
	}
	if a.Seat != b.Seat {
		return a.Seat < b.Seat
	}
	return a.Bid.ID < b.Bid.ID
}
