// Package unboundedcache defines an Analyzer that reports package-level maps
// that grow by one entry per distinct request-derived key and are never
// pruned.
//
// # Analyzer unboundedcache
//
// unboundedcache: report package-level maps that grow per distinct input key and are never pruned
//
// A package-level map used as a cache lives as long as the process. When
// the code that serves requests adds an entry for every distinct key it
// sees (a modification time, a client address, a user ID, a path) and
// nothing ever removes one, the map is a memory leak with a hit rate: a
// formatted-date cache keyed by the file's modification time gains an
// entry per distinct second seen, forever, and every entry keeps its key,
// its value and a share of the map's buckets reachable. Go maps do not
// shrink when entries are deleted, and never free anything when none are.
// The cache that was meant to save an allocation per request ends by
// holding one allocation per request ever served, and the garbage
// collector scans all of it on every cycle.
//
// The analyzer considers package-level variables of map type and of type
// sync.Map (unexported, declared outside _test.go files), and map or
// sync.Map fields of struct types whose only values are package-level
// variables: an anonymous struct such as
//
//	var lastModified = struct {
//		sync.Mutex
//		m map[int64]string
//	}{m: make(map[int64]string, 1024)}
//
// or an unexported struct type whose values are made only in package-level
// variable initialisers and other code that runs once.
//
// It reports a store, m[k] = v (also m[k] += v and m[k]++), or a Store,
// LoadOrStore or Swap call of a sync.Map, when all of these hold:
//
//   - the store is in code that runs repeatedly: not in init functions,
//     package-level variable initialisers, sync.Once bodies (also a
//     function passed to sync.Once.Do by name), func main outside its
//     loops, unexported functions called only from such code,
//     constructors (New..., With...), code of commands (package main or a
//     package under a cmd directory), _test.go files or test-support
//     packages (packages that import testing);
//   - the key is request-derived and of a type with many values. It is
//     request-derived if it comes, through assignments, arithmetic, field
//     and method selections and calls of the package's functions, from a
//     parameter of an exported function or method, a *http.Request, a
//     time.Time, a parse (strconv, net/url, time), a read (bufio.Scanner
//     Text and Bytes, bufio.Reader Read..., ReadMessage) or a variable
//     filled by Unmarshal or Decode. Keys computed from the package's own
//     tables, constants or struct fields are not. A type has many values
//     if it is a string, an integer wider than 8 bits, a float, a
//     time.Time, an array such as [16]byte, or a struct of such fields.
//     Keys of types with a small or program-defined set of values are not
//     reported: bool, int8 and uint8, named types with declared constants
//     (enums), uintptr (program counters), pointers, interfaces such as
//     reflect.Type (a type cache is bounded by the program's types), and
//     structs that contain one of them;
//   - the function that stores also looks the map up (an index read or a
//     Load), or the store reads and writes an entry (m[k]++, m[k] += v,
//     LoadOrStore, Swap): the get-or-fill shape of a cache, a counter or
//     a set of keys seen. A function that only stores fills a table, such
//     as a loader of caller-supplied configuration, whose lookups are
//     elsewhere;
//   - the value is not supplied by the caller: a store of a parameter of
//     the enclosing function under another key, as in Register(name,
//     driver) or Set(key, value), is a registry or a setter whose growth
//     its callers decide;
//   - nothing in the package's non-test files bounds the map: no delete,
//     clear, Delete, LoadAndDelete, CompareAndDelete or Clear; no len(m)
//     other than a comparison with zero (a size check); no assignment of a
//     new map outside initialisation (m = make(...) in a function that
//     runs repeatedly, except the lazy initialisation under if m == nil);
//     and the map is not passed to a function, returned, stored elsewhere
//     or aliased, where code the analyzer does not follow could prune it.
//
// There is no suggested fix: whether to bound the cache (a size check and
// clear, an LRU, a cache of the last key only) or to drop it is a design
// choice.
//
// For example:
//
//	var dateCache = map[int64]string{}
//	var dateMu sync.Mutex
//
//	func lastModified(mtime int64) string {
//		dateMu.Lock()
//		defer dateMu.Unlock()
//		if s, ok := dateCache[mtime]; ok {
//			return s
//		}
//		s := time.Unix(mtime, 0).UTC().Format(http.TimeFormat)
//		dateCache[mtime] = s // one entry per distinct mtime, forever
//		return s
//	}
//
// Bounded, with a size check that starts over when the map is full:
//
//	const maxDates = 1024
//
//	func lastModified(mtime int64) string {
//		dateMu.Lock()
//		defer dateMu.Unlock()
//		if s, ok := dateCache[mtime]; ok {
//			return s
//		}
//		s := time.Unix(mtime, 0).UTC().Format(http.TimeFormat)
//		if len(dateCache) >= maxDates {
//			clear(dateCache)
//		}
//		dateCache[mtime] = s
//		return s
//	}
package unboundedcache
