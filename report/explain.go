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
		fix: "Measure the encoded size of each element once, then drop elements while subtracting their sizes, and encode the result a single time.",
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
	"httpdate": {
		why: "time.RFC1123 writes the zone of the time's location, which strict HTTP clients reject, and the header is formatted afresh on every request although it changes at most once a second.",
		fix: "Format t.UTC() with http.TimeFormat; for a hot Date header, keep the string with its Unix second and reuse it until the second changes.",
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
	"profile": {
		why: "The profile itself shows this line among the top allocation sites or spending a large share of CPU in reflection-based encoding; no static check recognised the pattern.",
		fix: "Follow the hint in the message: reuse or pre-size the allocation, pool it, or replace the reflective encoder on this path.",
	},
}
