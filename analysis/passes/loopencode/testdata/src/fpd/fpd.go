// Package fpd merges first-party data from publisher bidder configs into
// the requests sent to each bidder.
package fpd

import (
	"encoding/json"
	"slices"
)

// Site, App and User are the first-party data objects a config can carry.
type Site struct {
	ID     string
	Domain string
	Cat    []string
	Ext    json.RawMessage
}

type App struct {
	Bundle string
	Ext    json.RawMessage
}

type User struct {
	Keywords string
	Ext      json.RawMessage
}

// Config is a publisher-supplied config for the bidders it lists.
type Config struct {
	Bidders []string
	Site    *Site
	App     *App
	User    *User
}

// Request is the part of a bid request that first-party data changes.
type Request struct {
	ID   string
	Site *Site
	Ext  map[string]json.RawMessage
}

// ApplyBidderConfig returns the site and app data of the configs that list
// bidder, encoded as JSON. The encoded values depend only on cfgs.
func ApplyBidderConfig(bidder string, cfgs []Config) (site, app []byte, err error) { // want ApplyBidderConfig:`encodes json.Marshal\(cfgs\[i\]\.Site\)@fpd.go:\d+ on p1; encodes json.Marshal\(cfgs\[i\]\.App\)@fpd.go:\d+ on p1`
	for i := range cfgs {
		if !slices.Contains(cfgs[i].Bidders, bidder) {
			continue
		}
		if cfgs[i].Site != nil {
			if site, err = json.Marshal(cfgs[i].Site); err != nil {
				return nil, nil, err
			}
		}
		if cfgs[i].App != nil {
			if app, err = json.Marshal(cfgs[i].App); err != nil {
				return nil, nil, err
			}
		}
	}
	return site, app, nil
}

// EncodeUser encodes u after blanking its keywords, which it modifies:
// the caller's user changes, so the encoding is not summarised.
func EncodeUser(u *User) ([]byte, error) { // want EncodeUser:`writes p0`
	u.Keywords = ""
	return json.Marshal(u)
}

// SetExt stores v under key in the request extension.
func (r *Request) SetExt(key string, v json.RawMessage) { // want SetExt:`writes p0 p2; groups \[1 0 1\]`
	r.Ext[key] = v
}

// SiteOf returns the request's site.
func SiteOf(r *Request) *Site { // want SiteOf:`returns p0`
	return r.Site
}
