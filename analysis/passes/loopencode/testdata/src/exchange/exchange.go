// Package exchange runs the first-party-data step of an auction.
package exchange

import (
	"encoding/json"
	"fpd"
	"io"
)

type auction struct {
	Bidders []string
	Req     *fpd.Request
	Configs []fpd.Config
}

// bidderData calls a function of another package that encodes the configs
// once per bidder: reported at the call.
func bidderData(a *auction) (map[string][]byte, error) {
	out := make(map[string][]byte, len(a.Bidders))
	for _, b := range a.Bidders {
		site, _, err := fpd.ApplyBidderConfig(b, a.Configs) // want `fpd\.ApplyBidderConfig runs json\.Marshal of loop-invariant cfgs\[i\]\.Site in the loop at line \d+: encode once before it`
		if err != nil {
			return nil, err
		}
		out[b] = site
	}
	return out, nil
}

type processor struct {
	enabled bool
}

// apply merges the user data of the configs that list bidder into a copy
// of base. The marshalled value depends only on cfgs.
func (p *processor) apply(base *fpd.Request, bidder string, cfgs []fpd.Config) *fpd.Request {
	out := *base
	out.Ext = make(map[string]json.RawMessage, len(base.Ext)+1)
	for k, v := range base.Ext {
		out.Ext[k] = v
	}
	for i := range cfgs {
		if !contains(cfgs[i].Bidders, bidder) || cfgs[i].User == nil {
			continue
		}
		user, err := json.Marshal(cfgs[i].User) // want `json\.Marshal of cfgs\[i\]\.User is invariant in the loop calling p\.apply at exchange\.go:\d+: encode once before it`
		if err == nil {
			out.Ext["user"] = user
		}
	}
	return &out
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// process builds one request per bidder: each call of apply encodes the
// same user data again.
func (p *processor) process(base *fpd.Request, bidders []string, cfgs []fpd.Config) map[string]*fpd.Request {
	out := make(map[string]*fpd.Request, len(bidders))
	for _, b := range bidders {
		if p.enabled {
			out[b] = p.apply(base, b, cfgs)
		}
	}
	return out
}

// fanOut encodes the request's site once per bidder.
func fanOut(req *fpd.Request, bidders []string, send func(bidder string, site []byte) error) error {
	for _, b := range bidders {
		site, err := json.Marshal(req.Site) // want `json\.Marshal of req\.Site is loop-invariant in the range loop at line \d+: hoist it before the loop and reuse the bytes`
		if err != nil {
			return err
		}
		if err := send(b, site); err != nil {
			return err
		}
	}
	return nil
}

type heartbeat struct {
	Node string
	Seq  int
}

// beat writes the same heartbeat n times.
func beat(w io.Writer, hb *heartbeat, n int) error {
	enc := json.NewEncoder(w)
	for i := 0; i < n; i++ {
		if err := enc.Encode(hb); err != nil { // want `\(\*json\.Encoder\)\.Encode of hb is loop-invariant in the loop at line \d+: encode once before the loop and write the bytes`
			return err
		}
	}
	return nil
}

// Near misses.

// The encoded value is the loop variable.
func perBidder(bidders []string) [][]byte {
	var out [][]byte
	for _, b := range bidders {
		data, _ := json.Marshal(b) // fine: b changes every iteration
		out = append(out, data)
	}
	return out
}

// The encoded value is indexed by the loop index.
func perConfig(cfgs []fpd.Config) [][]byte {
	var out [][]byte
	for i := range cfgs {
		data, _ := json.Marshal(cfgs[i]) // fine: cfgs[i] changes every iteration
		out = append(out, data)
	}
	return out
}

// The loop changes the value before encoding it.
func withIDs(req *fpd.Request, ids []string) [][]byte {
	var out [][]byte
	for _, id := range ids {
		req.ID = id
		data, _ := json.Marshal(req) // fine: req.ID was just changed
		out = append(out, data)
	}
	return out
}

// The loop runs at most once.
func first(site *fpd.Site, bidders []string) ([]byte, error) {
	for range bidders {
		return json.Marshal(site) // fine: the loop body runs once
	}
	return nil, nil
}

// The loop writes the map it encodes.
func counts(bidders []string) [][]byte {
	seen := make(map[string]int)
	var out [][]byte
	for _, b := range bidders {
		seen[b]++
		data, _ := json.Marshal(seen) // fine: seen changes every iteration
		out = append(out, data)
	}
	return out
}

// encodeSite marshals its parameter; the loop passes a different site
// each time.
func encodeSite(s *fpd.Site) []byte {
	data, _ := json.Marshal(s) // fine: called with the loop variable's site
	return data
}

func sites(cfgs []fpd.Config) [][]byte {
	var out [][]byte
	for _, c := range cfgs {
		out = append(out, encodeSite(c.Site))
	}
	return out
}

// A closure captures the per-iteration loop variable.
func closures(bidders []string) [][]byte {
	var out [][]byte
	for _, b := range bidders {
		enc := func() []byte {
			data, _ := json.Marshal(b) // fine: b is a new variable every iteration
			return data
		}
		out = append(out, enc())
	}
	return out
}

// The stream encoder writes a different event each time.
func events(w io.Writer, evs []heartbeat) error {
	enc := json.NewEncoder(w)
	for _, ev := range evs {
		if err := enc.Encode(ev); err != nil { // fine: ev changes every iteration
			return err
		}
	}
	return nil
}

// The loop already encodes lazily, once.
func lazy(site *fpd.Site, bidders []string, send func(string, []byte)) {
	var cached []byte
	for _, b := range bidders {
		if cached == nil {
			cached, _ = json.Marshal(site) // fine: cached across iterations
		}
		send(b, cached)
	}
}

type cookie struct {
	UIDs map[string]string
}

// The loop shrinks the cookie it measures.
func trim(c *cookie, max int) {
	for len(c.UIDs) > 0 {
		data, _ := json.Marshal(c) // fine: delete below changes c.UIDs
		if len(data) <= max {
			return
		}
		for k := range c.UIDs {
			delete(c.UIDs, k)
			break
		}
	}
}

// A call in the loop modifies the value.
func normalize(s *fpd.Site) { s.Domain = "" }

func normalized(site *fpd.Site, bidders []string) [][]byte {
	var out [][]byte
	for range bidders {
		normalize(site)
		data, _ := json.Marshal(site) // fine: normalize writes site in the loop
		out = append(out, data)
	}
	return out
}

type toucher interface{ Touch(*fpd.Site) }

// An interface method may change the value.
func touched(t toucher, site *fpd.Site, bidders []string) [][]byte {
	var out [][]byte
	for range bidders {
		t.Touch(site)
		data, _ := json.Marshal(site) // fine: Touch may write site
		out = append(out, data)
	}
	return out
}

// A function of another package writes its argument before encoding it.
func users(u *fpd.User, bidders []string) [][]byte {
	var out [][]byte
	for range bidders {
		data, _ := fpd.EncodeUser(u) // fine: EncodeUser writes u, so it is not summarised
		out = append(out, data)
	}
	return out
}

// Constants cost little to encode.
func pings(w io.Writer, n int) {
	for range n {
		data, _ := json.Marshal("ping") // fine: a constant
		w.Write(data)
	}
}

type blockIDs []int64

// Hash encodes its receiver.
func (a blockIDs) Hash() []byte { // want Hash:`encodes json.Marshal\(a\)@exchange.go:\d+ on p0`
	j, _ := json.Marshal(a)
	return j
}

// A map's range value is another entry on every iteration: neither its
// encoding nor a method of it that encodes the receiver is invariant.
func snapshotHashes(m map[string]blockIDs) [][]byte {
	var out [][]byte
	for _, ids := range m {
		out = append(out, ids.Hash()) // fine: ids is this iteration's entry
	}
	return out
}

func entryJSON(m map[string]*fpd.Site) [][]byte {
	var out [][]byte
	for k, s := range m {
		data, _ := json.Marshal(s) // fine: s is this iteration's entry
		out = append(out, data, []byte(k))
	}
	return out
}

// A string's range value is another rune on every iteration.
func runeJSON(s string) [][]byte {
	var out [][]byte
	for _, r := range s {
		data, _ := json.Marshal(r) // fine: r is this iteration's rune
		out = append(out, data)
	}
	return out
}

// A value from outside the loop stays invariant in a range over a map.
func siteByKey(m map[string]int, site *fpd.Site) map[string][]byte {
	out := make(map[string][]byte, len(m))
	for k := range m {
		data, _ := json.Marshal(site) // want `json\.Marshal of site is loop-invariant in the range loop at line \d+: hoist it before the loop and reuse the bytes`
		out[k] = data
	}
	return out
}
