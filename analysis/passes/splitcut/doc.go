// Package splitcut defines an Analyzer that reports strings.Split and
// bytes.Split whose result is used only for its first field or its first
// two, where strings.Cut and bytes.Cut return them without allocating.
//
// # Analyzer splitcut
//
// splitcut: report strings.Split and bytes.Split used only for their first one or two fields
//
// strings.Split(s, sep) counts the separators in s, allocates a []string
// of that many fields plus one and fills it; SplitN(s, sep, n) does the
// same for at most n fields. Code that takes only the first field
// (strings.Split(addr, ":")[0]) or the two sides of the first separator
// (kv := strings.SplitN(param, "=", 2), then kv[0] and kv[1]) pays for the
// slice and throws it away. strings.Cut(s, sep) (Go 1.18) returns the text
// before the first separator, the text after it and whether it was found,
// as substrings of s, without allocating; bytes.Cut does the same for
// byte slices.
//
// Measured in this project (BenchmarkSplit: go run ./cmd/perfproof
// compare -variants split,cut -bench Split -count 10 -benchtime 200ms
// ./analysis/passes/splitcut, 10 interleaved rounds on 2 shared cores
// under load 3.2–4.0, 2026-11-28): the host of a "host:port" address takes
// 91.0 % less time with Cut (95 % CI 86.1–94.0 %; medians 209 ns and 18.5
// ns) and 0 allocations instead of 1 (48 B); the two sides of a
// "key=value" parameter 86.6 % less (76.8–91.9 %; 164 ns and 23.5 ns), 0
// allocations instead of 1 (32 B).
//
// The check reports a call of Split or SplitN of package strings or bytes
// whose separator is a non-empty constant (an empty one splits after
// every UTF-8 sequence) when its result is
//
//   - indexed at once with the constant 0 or 1 (strings.Split(addr,
//     ":")[0]); or
//   - assigned with := to a variable whose every use in the function is
//     parts[0] or parts[1] read as a value, or len(parts) compared with 1
//     or 2 so that it says whether the separator was found (≥ 2, > 1,
//     != 1; < 2, ≤ 1, == 1) or that there are exactly two fields (== 2,
//     != 2), or switched on with cases 1 and 2 only. A length compared
//     with anything else (len(parts) == 3, != 6, > 2) counts fields
//     beyond the second, which Cut does not give: not reported.
//
// SplitN counts when n is a constant other than 0 and 1. The
// SuggestedFix is exact, and offered only where Cut reads the same as the
// split and the file is built with Go 1.18 or later (a module whose go.mod
// names an older Go gets the report alone): x :=
// strings.Split(s, sep)[0] becomes x, _, _ := strings.Cut(s, sep); parts :=
// strings.SplitN(s, sep, 2) becomes before, after, found :=
// strings.Cut(s, sep), with parts[0] and parts[1] replaced by before and
// after, and len(parts) == 2 (or ≥ 2, > 1, != 1) by found, len(parts) < 2
// (or ≤ 1, == 1, != 2) by !found; a name the function already uses is not
// taken (before2), and one the uses do not need is _. A Split's second
// field ends at the next separator where Cut's after runs to the end of s,
// and len(parts) == 2 says there is no second separator: a Split whose
// second field or exact count is used is reported, with the difference in
// the message, but not rewritten — the fix is SplitN(s, sep, 2)'s when
// the text has one separator, and a second check otherwise.
//
// Not reported: a split whose result goes anywhere else (ranged over,
// returned, passed, indexed with a variable or at 2 and beyond, its
// length used otherwise), a separator that may be empty, and code that
// runs once (init, package variables, main
// outside loops) or in tests outside a benchmark's loop.
package splitcut
