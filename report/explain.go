package report

// An explanation says, for one check, why the code it reports costs time or
// memory and what the usual fix is. Both are whole sentences.
type explanation struct {
	why, fix string
}

// explanations is keyed by finding.Finding.Analyzer: the checks under
// analysis/passes and "profile", the profile-only findings of
// cost.Hotspots. It is only ever indexed, never ranged over, so the output
// does not depend on map order.
var explanations = map[string]explanation{
	"loopencode": {
		why: "The encoder walks the value by reflection and builds a fresh output buffer on every iteration, although the value is the same each time.",
		fix: "Encode the value once before the loop and reuse the bytes inside it.",
	},
	"trimloop": {
		why: "Each pass of the loop removes one element and then serializes the whole value again to measure it, so trimming k elements from n costs about k·n instead of n.",
		fix: "Measure the encoded size of each element once, then drop elements while subtracting their sizes, and encode the result a single time; or search for the number of elements to drop (a binary search needs O(log n) encodings).",
	},
	"fmtnumber": {
		why: "fmt boxes the number in an interface, parses the format string at run time and allocates the result, where strconv formats the same digits directly.",
		fix: "Call the matching strconv function (Itoa, FormatInt, FormatFloat) or its Append form.",
	},
	"fmtwrite": {
		why: "Going through fmt to write text that needs no formatting adds a format parse, interface boxing and often a copy of the bytes into a string.",
		fix: "Write the bytes or the string to the writer directly, with Write or io.WriteString.",
	},
	"scannercopy": {
		why: "Text copies the scanner's buffer into a new string and the conversion back to []byte copies it a second time.",
		fix: "Use Bytes, which returns the scanner's buffer without copying, and copy it only if it must outlive the next Scan.",
	},
	"parsezero": {
		why: "A full floating-point parse, with its rounding logic and error value, is far more work than deciding whether the text spells zero.",
		fix: "When the input is known to be a plain decimal, decide zero with a loop over its bytes; otherwise parse once and keep the number.",
	},
	"addrkey": {
		why: "String formats the address's IP and port into a new string on every call, only for the map to hash it or the comparison to read it and drop it, once per packet on a UDP server.",
		fix: "Key the map by the address's netip.AddrPort (AddrPort() of a *net.UDPAddr or *net.TCPAddr, or ReadFromUDPAddrPort) and compare AddrPort values.",
	},
	"queryonce": {
		why: "url.URL.Query keeps nothing: each call parses the whole raw query string again, unescaping every pair into a new url.Values map, so reading n parameters with a Query call each parses it n times.",
		fix: "Call Query once, keep the url.Values in a variable and read every parameter from it.",
	},
	"httpdate": {
		why: "time.RFC1123 writes the zone of the time's location, which strict HTTP clients reject, and the header is formatted afresh on every request although it changes at most once a second.",
		fix: "Format t.UTC() with http.TimeFormat; for a hot Date header, keep the string with its Unix second and reuse it until the second changes.",
	},
	"binaryrw": {
		why: "binary.Write and binary.Read encode the value through a scratch slice allocated on every call, and a struct, an array or a named type goes through reflection field by field.",
		fix: "Append the value with the byte order's Append methods (binary.BigEndian.AppendUint32(buf.AvailableBuffer(), v)) and write once; read into a scratch array the caller keeps and decode with Uint16, Uint32 or Uint64.",
	},
	"compileonce": {
		why: "The pattern is the same on every call, yet it is parsed and compiled again each time, which allocates and costs far more than the match itself.",
		fix: "Compile it once into a package-level variable (regexp.MustCompile or template.Must) and reuse it.",
	},
	"sortedsearch": {
		why: "The slice is kept sorted by the key being searched, yet the search scans it element by element: O(n) comparisons where O(log n) would do.",
		fix: "Search it with slices.BinarySearch, slices.BinarySearchFunc or sort.Search.",
	},
	"reuse": {
		why: "The value carries sizeable internal state, such as compression tables or buffers, that is allocated and initialised on each call only to be thrown away.",
		fix: "Keep the value and Reset it between uses, or take it from a sync.Pool.",
	},
	"concatloop": {
		why: "Go strings are immutable, so each s += x allocates a new string and copies all of s into it: building a string of n parts in a loop copies O(n²) bytes and allocates once per iteration.",
		fix: "Build the string in a strings.Builder declared before the loop and read it once after, or collect the parts and join them with strings.Join.",
	},
	"deferloop": {
		why: "A deferred call runs when the function returns, not when the iteration ends: a defer in a loop allocates a defer record per iteration, and what it releases (an iterator, a file, a lock) stays held until the whole loop is done.",
		fix: "Run the loop body in a function literal called in place (func() { ... }()), so that its defers run at the end of each iteration, or release explicitly at the end of the iteration.",
	},
	"eagerlog": {
		why: "The logger drops a debug record only inside the call, after Go has evaluated its arguments: the message is formatted, joined or encoded on every call and then thrown away while debug logging is off.",
		fix: "Pass the values to the logger as arguments (printf-style arguments, slog attributes, zap fields), which it formats only for a record it keeps, or put the call under a level check (if logger.Enabled(ctx, slog.LevelDebug)).",
	},
	"lossyparse": {
		why: "A parser that builds a float64 digit by digit rounds at every step, so many decimal strings parse to a neighbour of the value strconv.ParseFloat, a JSON decoder or another service gives for the same text; equality tests and map keys on the result then fail for some inputs.",
		fix: "Parse with strconv.ParseFloat, or divide the integer of all the digits once by an exact power of ten, or keep prices as integer ticks.",
	},
	"makecap": {
		why: "A slice or map made empty and filled in a loop grows by reallocation: append copies every element into a larger array each time the capacity runs out, and a map rehashes every entry on each growth, although the final size is known before the loop.",
		fix: "Make it with the known size: make([]T, 0, n) for a slice, make(map[K]V, n) for a map.",
	},
	"poolreset": {
		why: "A reset applied to a copy of a pooled slice header or struct leaves the pooled object unchanged, so the pool keeps stale data and references alive and a grown buffer is lost and allocated again; putting a non-pointer value converts it to an interface, which allocates on every Put.",
		fix: "Reset and store back through the pointer the pool handed out (*bp = b[:0]) before the Put, and pool pointers rather than slices, strings or structs.",
	},
	"splitcut": {
		why: "strings.Split and bytes.Split count the separators and allocate a slice holding every field, although the code keeps only the first field or the two sides of the first separator.",
		fix: "Take them with strings.Cut or bytes.Cut (before, after, found), which returns substrings without allocating; a Split's second field ends at the next separator where Cut's after runs to the end.",
	},
	"splitwrite": {
		why: "Each Write on an unbuffered file, pipe or socket is a system call, so a message written in parts costs one system call per part, and the reader may see (or another writer interleave with) half a message.",
		fix: "Build the whole message, delimiter included, in a buffer the code reuses and write it once, write through a bufio.Writer flushed per message, or use net.Buffers for a header and payload on a socket.",
	},
	"timeformat": {
		why: "time.Time.Format walks its layout, computes the date and clock and allocates a new string on every call, even when the text is the same for the whole second or is copied straight into bytes.",
		fix: "For the current time, keep the text and reuse it until the second (or millisecond) changes; elsewhere use AppendFormat into a reused or caller-provided buffer.",
	},
	"unboundedcache": {
		why: "A package-level map that gains an entry per distinct key seen while serving requests and never loses one grows for the life of the process, and the garbage collector scans all of it on every cycle.",
		fix: "Bound the cache, with an LRU or a size check that clears it, or drop the cache if its hit rate does not pay for it.",
	},
	"useafterput": {
		why: "After Put, the next Get in any goroutine hands the same memory to another user who overwrites it, so a slice, unsafe string or result that still points into the pooled object silently turns into another request's data.",
		fix: "Copy what must outlive the Put (bytes.Clone, strings.Clone) before putting the object back, or move the Put after the last use.",
	},
	"profile": {
		why: "The profile itself shows this line among the top allocation sites or spending a large share of CPU in reflection-based encoding; no static check recognised the pattern.",
		fix: "Follow the hint in the message: reuse or pre-size the allocation, pool it, or replace the reflective encoder on this path.",
	},
}
