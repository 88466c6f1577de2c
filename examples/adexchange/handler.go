package adexchange

import (
	"encoding/json"
	"errors"
	"net/http"
)

// maxBodyBytes bounds the size of a bid request body.
const maxBodyBytes = 1 << 20

// ServeHTTP serves OpenRTB auctions: it decodes a POSTed BidRequest, runs
// HandleAuction, records the user IDs of the bidders that answered in the
// sync cookie, and writes the BidResponse as JSON. Malformed or invalid
// requests get 400, other methods than POST 405.
func (e *Exchange) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost {
		w.Header().Set("Allow", http.MethodPost)
		http.Error(w, "method not allowed", http.StatusMethodNotAllowed)
		return
	}
	var req BidRequest
	if err := json.NewDecoder(http.MaxBytesReader(w, r.Body, maxBodyBytes)).Decode(&req); err != nil {
		http.Error(w, "decoding bid request: "+err.Error(), http.StatusBadRequest)
		return
	}
	resp, err := e.HandleAuction(r.Context(), &req)
	if errors.Is(err, ErrInvalidRequest) {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if err != nil {
		http.Error(w, "running auction: "+err.Error(), http.StatusInternalServerError)
		return
	}
	if c := e.syncCookie(r, resp); c != nil {
		http.SetCookie(w, c)
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(resp)
}

// syncCookie returns the request's sync cookie with expired UIDs dropped,
// the user IDs of the bidders in resp recorded and trimmed to fit
// MaxCookieSize, or nil if the user opted out. A cookie that cannot be
// decoded is replaced.
//
// It is on the request path and deliberately trims with the slow
// Cookie.trimToFit.
func (e *Exchange) syncCookie(r *http.Request, resp *BidResponse) *http.Cookie {
	c := &Cookie{UIDs: make(map[string]UIDEntry)}
	if hc, err := r.Cookie(CookieName); err == nil {
		if parsed, err := ParseCookie(hc.Value); err == nil {
			c = parsed
		}
	}
	if c.OptOut {
		return nil
	}
	now := e.now()
	c.DropExpired(now)
	for seat, uid := range resp.buyerUIDs {
		c.SetUID(seat, uid, now.Add(UIDTTL))
	}
	c.trimToFit()
	value, err := c.Encode()
	if err != nil {
		return nil
	}
	return &http.Cookie{
		Name:     CookieName,
		Value:    value,
		Path:     "/",
		MaxAge:   int(UIDTTL.Seconds()),
		Secure:   true,
		HttpOnly: true,
		SameSite: http.SameSiteNoneMode,
	}
}
