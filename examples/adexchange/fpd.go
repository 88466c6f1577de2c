package adexchange

import (
	"encoding/json"
	"fmt"
)

// BidderFPD is the first-party data one bidder receives: the JSON of the
// site, app and user objects it is sent, nil for absent ones. The slices may
// be shared between bidders; callers must not modify them.
type BidderFPD struct {
	Site json.RawMessage
	App  json.RawMessage
	User json.RawMessage
}

// baseFPD encodes the request's own site, app and user objects.
func baseFPD(req *BidRequest) (BidderFPD, error) {
	var base BidderFPD
	var err error
	if req.Site != nil {
		if base.Site, err = json.Marshal(req.Site); err != nil {
			return BidderFPD{}, fmt.Errorf("encoding site: %w", err)
		}
	}
	if req.App != nil {
		if base.App, err = json.Marshal(req.App); err != nil {
			return BidderFPD{}, fmt.Errorf("encoding app: %w", err)
		}
	}
	if req.User != nil {
		if base.User, err = json.Marshal(req.User); err != nil {
			return BidderFPD{}, fmt.Errorf("encoding user: %w", err)
		}
	}
	return base, nil
}

// bidderFPD returns the first-party data of each of bidders: the request's
// objects, each replaced by that of the last bidder config in
// req.Ext.Prebid.BidderConfig that applies to the bidder and sets it. It
// fails if a config that applies to one of bidders cannot be encoded.
//
// It is on the request path and deliberately slow: applyBidderConfig
// encodes a config once for every bidder it applies to, although the
// encoding does not depend on the bidder. bidderFPDPrepared is the fixed form.
func bidderFPD(req *BidRequest, bidders []string) (map[string]BidderFPD, error) {
	base, err := baseFPD(req)
	if err != nil {
		return nil, err
	}
	cfgs := req.Ext.Prebid.BidderConfig
	fpd := make(map[string]BidderFPD, len(bidders))
	for _, bidder := range bidders {
		if fpd[bidder], err = applyBidderConfig(base, bidder, cfgs); err != nil {
			return nil, err
		}
	}
	return fpd, nil
}

// applyBidderConfig returns base with the objects of the configs in cfgs
// that apply to bidder put in place, later configs taking precedence.
func applyBidderConfig(base BidderFPD, bidder string, cfgs []BidderConfig) (BidderFPD, error) {
	out := base
	for i := range cfgs {
		cfg := &cfgs[i]
		if !cfg.appliesTo(bidder) {
			continue
		}
		if cfg.Config.Site != nil {
			site, err := json.Marshal(cfg.Config.Site)
			if err != nil {
				return BidderFPD{}, fmt.Errorf("encoding bidder config %d site: %w", i, err)
			}
			out.Site = site
		}
		if cfg.Config.App != nil {
			app, err := json.Marshal(cfg.Config.App)
			if err != nil {
				return BidderFPD{}, fmt.Errorf("encoding bidder config %d app: %w", i, err)
			}
			out.App = app
		}
		if cfg.Config.User != nil {
			user, err := json.Marshal(cfg.Config.User)
			if err != nil {
				return BidderFPD{}, fmt.Errorf("encoding bidder config %d user: %w", i, err)
			}
			out.User = user
		}
	}
	return out, nil
}

// preparedConfig is a bidder config with its objects encoded, once it is
// first needed.
type preparedConfig struct {
	encoded         bool
	site, app, user json.RawMessage // nil if the config leaves the object alone
}

// bidderFPDPrepared returns what bidderFPD returns, error included, but
// encodes each config at most once per call, the first time it applies to a
// bidder, and hands the same bytes to every bidder it applies to. Configs
// that apply to none of bidders are never encoded, as in bidderFPD.
func bidderFPDPrepared(req *BidRequest, bidders []string) (map[string]BidderFPD, error) {
	base, err := baseFPD(req)
	if err != nil {
		return nil, err
	}
	cfgs := req.Ext.Prebid.BidderConfig
	prepared := make([]preparedConfig, len(cfgs))
	fpd := make(map[string]BidderFPD, len(bidders))
	for _, bidder := range bidders {
		out := base
		for i := range cfgs {
			if !cfgs[i].appliesTo(bidder) {
				continue
			}
			p := &prepared[i]
			if !p.encoded {
				if *p, err = prepareConfig(i, &cfgs[i].Config); err != nil {
					return nil, err
				}
			}
			if p.site != nil {
				out.Site = p.site
			}
			if p.app != nil {
				out.App = p.app
			}
			if p.user != nil {
				out.User = p.user
			}
		}
		fpd[bidder] = out
	}
	return fpd, nil
}

// prepareConfig encodes the objects of config i, failing as
// applyBidderConfig does.
func prepareConfig(i int, c *ORTB2) (preparedConfig, error) {
	p := preparedConfig{encoded: true}
	var err error
	if c.Site != nil {
		if p.site, err = json.Marshal(c.Site); err != nil {
			return p, fmt.Errorf("encoding bidder config %d site: %w", i, err)
		}
	}
	if c.App != nil {
		if p.app, err = json.Marshal(c.App); err != nil {
			return p, fmt.Errorf("encoding bidder config %d app: %w", i, err)
		}
	}
	if c.User != nil {
		if p.user, err = json.Marshal(c.User); err != nil {
			return p, fmt.Errorf("encoding bidder config %d user: %w", i, err)
		}
	}
	return p, nil
}
