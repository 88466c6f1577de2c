package svc

import (
	"fmt"
	"net/http"
)

// The handlers below are registered through a table (no route string is
// an argument of a call), so only their names say whom they serve.

// serveExpvar answers the monitoring scraper.
func serveExpvar(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Vars", fmt.Sprintf("%d", r.ContentLength)) // operator: expvar handler
}

type healthChecker struct{}

// ServeHTTP answers the load balancer's probe: the receiver's name says
// so.
func (healthChecker) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Checks", fmt.Sprintf("%d", r.ContentLength)) // operator: method of a health checker
}

// getObjectVersion serves traffic: "version" is not an operator's word
// (an object store's versions are its data).
func getObjectVersion(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Version", fmt.Sprintf("%d", r.ContentLength)) // operator: object versions served
	debugStats(w, r.ContentLength)
}

// debugStats is no handler: its words say nothing of who calls it.
func debugStats(w http.ResponseWriter, n int64) {
	w.Header().Set("X-Debug", fmt.Sprintf("%d", n)) // operator: helper named debug
}

var table = map[string]http.HandlerFunc{
	"vars":    serveExpvar,
	"object":  getObjectVersion,
	"healthz": healthChecker{}.ServeHTTP,
}
