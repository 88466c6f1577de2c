package a

import (
	"errors"
	"net/url"
)

// parseURI hands the URL to one parser per scheme: each parses the query
// once, and one run takes one case.
func parseURI(u *url.URL) (string, error) {
	switch u.Scheme {
	case "socket":
		return u.Query().Get("db"), nil
	case "sentinel":
		return u.Query().Get("master"), nil
	}
	return "", errors.New("unknown scheme")
}

// branches reads one parameter on each branch of an if: one parse a run.
func branches(u *url.URL, legacy bool) string {
	if legacy {
		return u.Query().Get("v1")
	} else {
		return u.Query().Get("v2")
	}
}

// fallback reads a parameter, then another when the first is missing:
// both run.
func fallback(u *url.URL) string {
	v := u.Query().Get("name")
	if v == "" {
		v = u.Query().Get("id") // want `u.Query\(\) parses the query string again \(2 calls in fallback\)`
	}
	return v
}

// earlyReturn reads the first parameter only on a branch that returns:
// one parse a run.
func earlyReturn(u *url.URL, legacy bool) string {
	if legacy {
		v := u.Query().Get("v1")
		return v
	}
	return u.Query().Get("v2")
}

// notReturning reads a parameter on a branch that goes on: two parses.
func notReturning(u *url.URL, legacy bool) string {
	v := ""
	if legacy {
		v = u.Query().Get("v1")
	}
	return v + u.Query().Get("v2") // want `u.Query\(\) parses the query string again \(2 calls in notReturning\)`
}
