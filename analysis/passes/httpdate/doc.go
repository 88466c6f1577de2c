// Package httpdate defines an Analyzer that reports HTTP date headers
// formatted with time.RFC1123 or time.RFC1123Z instead of http.TimeFormat.
//
// # Analyzer httpdate
//
// httpdate: report HTTP date headers formatted with time.RFC1123
//
// An HTTP date (Date, Last-Modified, Expires, If-Modified-Since,
// If-Unmodified-Since, If-Range, Retry-After) must be an IMF-fixdate in
// GMT, such as "Sun, 06 Nov 1994 08:49:37 GMT" (RFC 9110 section 5.6.7).
// time.RFC1123 prints the zone abbreviation of the time's location, which is
// "UTC" for a UTC time and a local name such as "CET" otherwise, and
// time.RFC1123Z prints a numeric offset. Clients and caches that parse
// strictly reject or misread such values, so conditional requests and
// caching stop working; Go's own http.ParseTime rejects
// "Sun, 06 Nov 1994 08:49:37 UTC". The layout for HTTP is http.TimeFormat, applied to a
// UTC time: t.UTC().Format(http.TimeFormat).
//
// The formatting also runs once per request. http.TimeFormat has a
// resolution of one second, so where the header is hot (a Date header with
// the current time) the formatted string can be kept together with its
// Unix second and reused until the second changes. Such a cache holds one
// entry; a map keyed by time grows without bound.
//
// The analyzer reports a Format call with one of these layouts whose result
// is passed to (net/http.Header).Set or Add, or stored in an http.Header map
// or literal, under one of the date headers above, directly or through a
// local variable. It also reports calls, in the same or another package, of
// a function that returns such a Format result, when the call's result is
// set as a date header. It does not report RFC1123 used for logs or other
// text: the layout is not wrong there. The suggested fix, offered where the
// Format result goes only to headers, changes the output from "UTC" to
// "GMT", which is the point of the fix.
//
// For example:
//
//	w.Header().Set("Last-Modified", obj.ModTime.Format(time.RFC1123))
//
// should be:
//
//	w.Header().Set("Last-Modified", obj.ModTime.UTC().Format(http.TimeFormat))
package httpdate
