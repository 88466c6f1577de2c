// Package cache holds real positives: package-level maps that code serving
// requests fills with one entry per distinct input key and that nothing in
// the package ever prunes.
package cache

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// lastModified is the "1024-entry cache" of formatted dates: the size is
// only the initial capacity hint.
var lastModified = struct {
	sync.RWMutex
	m map[int64]string
}{m: make(map[int64]string, 1024)}

// FormatLastModified formats a Unix modification time for Last-Modified.
func FormatLastModified(mtime int64) string {
	lastModified.RLock()
	s, ok := lastModified.m[mtime]
	lastModified.RUnlock()
	if ok {
		return s
	}
	s = time.Unix(mtime, 0).UTC().Format(http.TimeFormat)
	lastModified.Lock()
	lastModified.m[mtime] = s // want `lastModified\.m grows by one entry per distinct int64 key and is never pruned: bound it \(an LRU, a size check\) or drop it`
	lastModified.Unlock()
	return s
}

var (
	dateMu    sync.Mutex
	dateCache = map[time.Time]string{}
)

// httpDate caches by time.Time: one entry per distinct instant.
func httpDate(t time.Time) string {
	dateMu.Lock()
	defer dateMu.Unlock()
	if s, ok := dateCache[t]; ok {
		return s
	}
	s := t.UTC().Format(http.TimeFormat)
	dateCache[t] = s // want `dateCache grows by one entry per distinct time.Time key`
	return s
}

func ServeFile(w http.ResponseWriter, r *http.Request, mod time.Time) {
	w.Header().Set("Last-Modified", httpDate(mod))
}

type route struct {
	pattern string
	handler http.Handler
}

// routes memoises the route of every request path ever seen.
var routes sync.Map

func match(path string) *route { return &route{pattern: path} }

func lookup(r *http.Request) *route {
	if v, ok := routes.Load(r.URL.Path); ok {
		return v.(*route)
	}
	rt := match(r.URL.Path)
	routes.Store(r.URL.Path, rt) // want `routes grows by one entry per distinct string key and is never pruned: bound it \(an LRU, a size check\) or drop it`
	return rt
}

var (
	hitsMu sync.Mutex
	hits   = make(map[string]int)
)

// countHit counts requests per client address, for ever.
func countHit(r *http.Request) {
	hitsMu.Lock()
	hits[r.RemoteAddr]++ // want `hits grows by one entry per distinct string key`
	hitsMu.Unlock()
}

// etagCache is a named type whose only value is the package-level etags.
type etagCache struct {
	mu sync.Mutex
	m  map[[16]byte]string
}

var etags = &etagCache{m: make(map[[16]byte]string)}

func (c *etagCache) get(sum [16]byte) string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if s, ok := c.m[sum]; ok {
		return s
	}
	s := `"` + strconv.FormatUint(uint64(sum[0])<<8|uint64(sum[1]), 16) + `"`
	c.m[sum] = s // want `etags.m grows by one entry per distinct \[16\]byte key`
	return s
}

func ETag(sum [16]byte) string { return etags.get(sum) }

type session struct {
	id      uint64
	created time.Time
}

var sessions sync.Map

// Touch creates a session per ID on first sight and never expires one.
func Touch(id uint64) {
	sessions.LoadOrStore(id, &session{id: id, created: time.Now()}) // want `sessions grows by one entry per distinct uint64 key`
}

type kind int

const (
	kindRead kind = iota
	kindWrite
)

type quotaKey struct {
	user string
	kind kind
}

var quotas = map[quotaKey]int{}
var quotaMu sync.Mutex

// Charge keys by user and operation: the user makes the key set open.
func Charge(user string, write bool) {
	k := quotaKey{user: user, kind: kindRead}
	if write {
		k.kind = kindWrite
	}
	quotaMu.Lock()
	quotas[k] += 1 // want `quotas grows by one entry per distinct quotaKey key`
	quotaMu.Unlock()
}

// lazy is initialised on first use: the assignment under the nil check is
// not a bound.
var lazy map[string][]byte
var lazyMu sync.Mutex

func Body(name string) []byte {
	lazyMu.Lock()
	defer lazyMu.Unlock()
	if lazy == nil {
		lazy = make(map[string][]byte)
	}
	if b, ok := lazy[name]; ok {
		return b
	}
	b := []byte("<html>" + name + "</html>")
	lazy[name] = b // want `lazy grows by one entry per distinct string key`
	return b
}

// seen deduplicates message IDs and keeps every one.
var seen = map[string]struct{}{}

func Deliver(msgID string, deliver func()) {
	if _, dup := seen[msgID]; dup {
		return
	}
	seen[msgID] = struct{}{} // want `seen grows by one entry per distinct string key`
	deliver()
}
