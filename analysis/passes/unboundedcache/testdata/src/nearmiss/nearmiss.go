// Package nearmiss holds package-level maps that are bounded, filled once,
// keyed by a closed set, or not package-level at all: none is reported.
package nearmiss

import (
	"container/list"
	"database/sql/driver"
	"encoding/json"
	"io"
	"net/http"
	"reflect"
	"runtime"
	"strings"
	"sync"
	"time"
)

// Bounded by a size check: the map starts over when full.
var (
	fmtMu    sync.Mutex
	fmtCache = make(map[int64]string)
)

const maxFormatted = 1024

func FormatUnix(sec int64) string {
	fmtMu.Lock()
	defer fmtMu.Unlock()
	if s, ok := fmtCache[sec]; ok {
		return s
	}
	s := time.Unix(sec, 0).UTC().Format(http.TimeFormat)
	if len(fmtCache) >= maxFormatted {
		clear(fmtCache)
	}
	fmtCache[sec] = s // bounded: size check and clear above
	return s
}

// An LRU: entries are evicted with delete.
type lruEntry struct {
	key string
	val []byte
}

var (
	lruMu    sync.Mutex
	lruIndex = map[string]*list.Element{}
	lruOrder = list.New()
)

func LRUPut(key string, val []byte) {
	lruMu.Lock()
	defer lruMu.Unlock()
	lruIndex[key] = lruOrder.PushFront(&lruEntry{key, val}) // bounded: evicted below
	if lruOrder.Len() > 256 {
		last := lruOrder.Back()
		lruOrder.Remove(last)
		delete(lruIndex, last.Value.(*lruEntry).key)
	}
}

// Cleared periodically by a janitor goroutine.
var (
	geoMu    sync.Mutex
	geoCache = map[string]string{}
)

func Country(ip string) string {
	geoMu.Lock()
	defer geoMu.Unlock()
	if c, ok := geoCache[ip]; ok {
		return c
	}
	c := strings.ToUpper(ip[:2])
	geoCache[ip] = c // bounded: the janitor empties the map every minute
	return c
}

func janitor() {
	for range time.Tick(time.Minute) {
		geoMu.Lock()
		geoCache = make(map[string]string) // a reassignment outside initialisation
		geoMu.Unlock()
	}
}

// A sync.Map whose entries are deleted when they expire.
var tokens sync.Map

func Issue(tok string) {
	tokens.Store(tok, time.Now()) // bounded: Delete in revoke
}

func revoke(tok string) { tokens.Delete(tok) }

// Registries filled from init and from package-level initialisers.
var mimeTypes = map[string]string{".html": "text/html"}

func init() {
	for _, ext := range []string{".css", ".js"} {
		mimeTypes[ext] = "text/" + ext[1:] // init runs once
	}
}

// A registry: the caller supplies the value and decides how many.
var drivers = map[string]driver.Driver{}

func Register(name string, d driver.Driver) {
	if _, dup := drivers[name]; dup {
		panic("register called twice for driver " + name)
	}
	drivers[name] = d // the caller's value: a registry
}

// Keyed by an enum: at most three entries.
type Level int

const (
	Debug Level = iota
	Info
	Error
)

var levelCounts = map[Level]int{}

func LogAt(l Level, msg string) {
	levelCounts[l]++ // Level has declared constants: a closed set
	_ = msg
}

// Keyed by bool and by byte: at most 2 and 256 entries.
var (
	compressCache = map[bool][]byte{}
	classCache    = map[byte]string{}
)

func Header(gzip bool, class byte) ([]byte, string) {
	compressCache[gzip] = []byte("x") // two keys at most
	classCache[class] = string(rune(class))
	return compressCache[gzip], classCache[class]
}

// A type cache, bounded by the program's types.
var fieldCache sync.Map

func Fields(t reflect.Type) []string {
	if f, ok := fieldCache.Load(t); ok {
		return f.([]string)
	}
	var names []string
	for i := range t.NumField() {
		names = append(names, t.Field(i).Name)
	}
	fieldCache.Store(t, names) // reflect.Type: one entry per type in the program
	return names
}

// Keyed by program counters: one entry per call site.
var frames = map[uintptr]string{}
var framesMu sync.Mutex

func caller() string {
	pc, _, _, _ := runtime.Caller(1)
	framesMu.Lock()
	defer framesMu.Unlock()
	if s, ok := frames[pc]; ok {
		return s
	}
	s := runtime.FuncForPC(pc).Name()
	frames[pc] = s // uintptr keys are code addresses
	return s
}

// Filled under sync.Once, by a literal and by name.
var (
	tableOnce sync.Once
	table     map[string]int
	namesOnce sync.Once
	names     = map[int]string{}
)

func lookupTable(k string) int {
	tableOnce.Do(func() {
		table = make(map[string]int)
		for i, s := range strings.Fields("a b c") {
			table[s] = i // once
		}
	})
	return table[k]
}

func loadNames() {
	for i, s := range strings.Fields("x y z") {
		names[i] = s // only called through namesOnce.Do
	}
}

func name(i int) string {
	namesOnce.Do(loadNames)
	return names[i]
}

// A constant key: one entry.
var last = map[string]time.Time{}

func touch() { last["touch"] = time.Now() }

// Passed to a function the analyzer does not follow, which may prune it.
var pending = map[string]int{}

func Enqueue(id string) {
	pending[id]++ // pending escapes to expire
	expire(pending)
}

func expire(m map[string]int) {
	for k, v := range m {
		if v > 3 {
			delete(m, k)
		}
	}
}

// Updates of existing keys only.
var weights = map[string]float64{"a": 1, "b": 2}

func decay() {
	for k := range weights {
		weights[k] = weights[k] / 2 // the range key: no new entries
	}
}

func Bump(k string) {
	if _, ok := weights[k]; ok {
		weights[k] = weights[k] + 1 // guarded by the lookup: no new entries
	}
}

// A map field of a type made per server: not package-level.
type server struct {
	cache map[string]string
}

func newServer() *server { return &server{cache: map[string]string{}} }

func (s *server) Get(path string) string {
	if v, ok := s.cache[path]; ok {
		return v
	}
	s.cache[path] = path // one map per server, which dies with it
	return path
}

var defaultServer = newServer()

// Exported: other packages may prune it.
var Sessions = map[string]int{}

func Login(user string) { Sessions[user]++ }

// A constructor runs a few times per process.
var instances = map[string]*server{}

func NewNamed(name string) *server {
	s := newServer()
	instances[name] = s // constructors are rarely called
	return s
}

// A local map lives as long as its call.
func dedup(ids []string) []string {
	m := map[string]bool{}
	var out []string
	for _, id := range ids {
		if !m[id] {
			m[id] = true
			out = append(out, id)
		}
	}
	return out
}

// Filled in a loop by a helper that only init calls: a one-time fill.
var byCode = map[string]int{}

func buildCodes(codes []string) {
	for i, c := range codes {
		byCode[c] = i // buildCodes runs once, from init
	}
}

func init() { buildCodes(strings.Fields("ok moved notfound")) }

// Keys that come from the package's own values, not from callers: the
// names of settings declared by the program.
type setting struct {
	name  string
	value string
}

var settingCache sync.Map

func (s *setting) lookup() string {
	if v, ok := settingCache.Load(s.name); ok {
		return v.(string)
	}
	settingCache.Store(s.name, s.value) // s.name is not request-derived
	return s.value
}

// A table loaded from configuration the caller supplies: the loader only
// stores, and the lookups are elsewhere. Not a cache: it holds what the
// caller gave it.
var aliases = map[string]string{}

func LoadAliases(r io.Reader) error {
	var m map[string]string
	if err := json.NewDecoder(r).Decode(&m); err != nil {
		return err
	}
	for k, v := range m {
		aliases[k] = v // a load, with no lookup in this function
	}
	return nil
}

func Alias(name string) string {
	if a, ok := aliases[name]; ok {
		return a
	}
	return name
}
