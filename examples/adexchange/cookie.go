package adexchange

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
	"time"
)

// CookieName is the name of the user-sync cookie.
const CookieName = "uids"

// MaxCookieSize is the largest encoded cookie value the exchange sets, in
// bytes. Browsers keep at least 4096 bytes of name, value and attributes per
// cookie (RFC 6265, section 6.1); the rest is left for those.
const MaxCookieSize = 4000

// UIDTTL is how long a bidder's user ID is kept after it was last seen.
const UIDTTL = 14 * 24 * time.Hour

// UIDEntry is the user ID one bidder knows the user by.
type UIDEntry struct {
	UID     string    `json:"uid"`
	Expires time.Time `json:"expires"`
}

// Cookie is the user-sync cookie: the user's ID at each bidder, keyed by
// bidder name. Its value is base64url(JSON).
type Cookie struct {
	UIDs   map[string]UIDEntry `json:"uids"`
	OptOut bool                `json:"optout,omitempty"`
}

// ParseCookie decodes a cookie value made by Cookie.Encode.
func ParseCookie(value string) (*Cookie, error) {
	data, err := base64.URLEncoding.DecodeString(value)
	if err != nil {
		return nil, fmt.Errorf("decoding %s cookie: %w", CookieName, err)
	}
	var c Cookie
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, fmt.Errorf("decoding %s cookie: %w", CookieName, err)
	}
	if c.UIDs == nil {
		c.UIDs = make(map[string]UIDEntry)
	}
	return &c, nil
}

// Encode returns the cookie value: base64url of the cookie's JSON.
func (c *Cookie) Encode() (string, error) {
	data, err := json.Marshal(c)
	if err != nil {
		return "", fmt.Errorf("encoding %s cookie: %w", CookieName, err)
	}
	return base64.URLEncoding.EncodeToString(data), nil
}

// SetUID records uid as the user's ID at bidder until expires, unless the
// user opted out.
func (c *Cookie) SetUID(bidder, uid string, expires time.Time) {
	if c.OptOut {
		return
	}
	if c.UIDs == nil {
		c.UIDs = make(map[string]UIDEntry)
	}
	c.UIDs[bidder] = UIDEntry{UID: uid, Expires: expires}
}

// DropExpired removes the UIDs that expired before now.
func (c *Cookie) DropExpired(now time.Time) {
	for k, e := range c.UIDs {
		if e.Expires.Before(now) {
			delete(c.UIDs, k)
		}
	}
}

// expiresFirst orders UIDs by expiry time, then by bidder name: the order in
// which trimming removes them.
func expiresFirst(ka string, a UIDEntry, kb string, b UIDEntry) int {
	if c := a.Expires.Compare(b.Expires); c != 0 {
		return c
	}
	return strings.Compare(ka, kb)
}

// trimToFit removes the UIDs that expire first until the encoded cookie is
// at most MaxCookieSize bytes, or no UIDs are left.
//
// It is on the request path and deliberately slow: it encodes the whole
// cookie again after each removal, and scans for the next UID to remove, so
// trimming k of n UIDs costs k+1 encodings of O(n) each. trimToFitFast is the
// fixed form.
func (c *Cookie) trimToFit() {
	for len(c.UIDs) > 0 {
		data, _ := json.Marshal(c)
		if len(base64.URLEncoding.EncodeToString(data)) <= MaxCookieSize {
			break
		}
		var oldest string
		first := true
		for k, e := range c.UIDs {
			if first || expiresFirst(k, e, oldest, c.UIDs[oldest]) < 0 {
				oldest, first = k, false
			}
		}
		delete(c.UIDs, oldest)
	}
}

// trimToFitFast removes the same UIDs as trimToFit. It encodes the cookie
// once, then subtracts from that size the encoded size of each UID it
// removes, in removal order: the key, a colon, the entry and the comma that
// separated it from the rest (the last remaining UID has no comma).
// Encoding a UID alone gives the same bytes as encoding it inside the map,
// and the order of map keys in the JSON does not change its length.
func (c *Cookie) trimToFitFast() {
	if len(c.UIDs) == 0 {
		return
	}
	data, err := json.Marshal(c)
	if err != nil || base64.URLEncoding.EncodedLen(len(data)) <= MaxCookieSize {
		return // trimToFit, too, stops at once when encoding fails
	}
	keys := make([]string, 0, len(c.UIDs))
	for k := range c.UIDs {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, func(a, b string) int { return expiresFirst(a, c.UIDs[a], b, c.UIDs[b]) })

	size, n := len(data), 0
	for n < len(keys) && base64.URLEncoding.EncodedLen(size) > MaxCookieSize {
		size -= encodedEntrySize(keys[n], c.UIDs[keys[n]])
		if n < len(keys)-1 {
			size-- // comma
		}
		n++
	}
	for _, k := range keys[:n] {
		delete(c.UIDs, k)
	}
}

// encodedEntrySize returns the length of `"key":{entry}` in the cookie JSON.
func encodedEntrySize(key string, e UIDEntry) int {
	k, _ := json.Marshal(key)
	v, _ := json.Marshal(e)
	return len(k) + 1 + len(v)
}
