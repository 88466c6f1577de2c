package prove

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A Pair names two benchmarks of one package that are compared with each
// other, such as the "X/before" and "X/after" variants of a benchmark, or
// the same benchmark on two sides of a change.
type Pair struct {
	// Benchmark is the name the comparison is reported under: for
	// variants, the name without the variant word ("X" for "X/before"
	// and "X/after").
	Benchmark string
	// Old and New are the two benchmarks' full names without the
	// "Benchmark" prefix and the GOMAXPROCS suffix, as in
	// benchrun.Sample.Name: "CookieTrim/before".
	Old, New string
}

// DefaultVariants are the variant words RunVariants pairs when
// Options.Variants is empty, in order of preference.
var DefaultVariants = [][2]string{{"before", "after"}, {"old", "new"}}

// FindVariants pairs the benchmark names that differ only in a variant
// word: for the words ("before", "after"), "X/before" with "X/after",
// "X_Before_Y" with "X_After_Y", "X/before/n=10" with "X/after/n=10", and
// "EncodeBefore" with "EncodeAfter". A word matches a whole element of the
// name between the separators '/' and '_', ignoring case, or the
// capitalised end of an element ("EncodeOld"); of several, the last one in
// the name counts. The words of variants are tried in order; a name
// belongs to the first pair of words it matches.
//
// Pairs come in the order of their first name in names. unpaired lists
// the names that hold a variant word but have no counterpart; names
// without any variant word are in neither result.
func FindVariants(names []string, variants [][2]string) (pairs []Pair, unpaired []string) {
	type sides struct {
		label    string
		old, new string
		first    int
	}
	bykey := make(map[string]*sides)
	var order []string
	for i, name := range names {
		for _, v := range variants {
			key, which, ok := matchVariant(name, v)
			if !ok {
				continue
			}
			key = v[0] + "\x01" + v[1] + "\x01" + key
			s := bykey[key]
			if s == nil {
				s = &sides{label: variantLabel(key[strings.LastIndexByte(key, '\x01')+1:], v), first: i}
				bykey[key] = s
				order = append(order, key)
			}
			if which == 0 && s.old == "" {
				s.old = name
			} else if which == 1 && s.new == "" {
				s.new = name
			}
			break
		}
	}
	for _, key := range order {
		s := bykey[key]
		switch {
		case s.old != "" && s.new != "":
			pairs = append(pairs, Pair{Benchmark: s.label, Old: s.old, New: s.new})
		case s.old != "":
			unpaired = append(unpaired, s.old)
		default:
			unpaired = append(unpaired, s.new)
		}
	}
	return pairs, unpaired
}

// matchVariant finds the last element of name that is, or ends in, one of
// the words v, and returns name with the word replaced by "\x00" and
// which word matched.
func matchVariant(name string, v [2]string) (key string, which int, ok bool) {
	end := len(name)
	for end > 0 {
		start := strings.LastIndexAny(name[:end], "/_") + 1
		elem := name[start:end]
		for w, word := range v {
			if strings.EqualFold(elem, word) {
				return name[:start] + "\x00" + name[end:], w, true
			}
			if n := len(word); len(elem) > n && strings.EqualFold(elem[len(elem)-n:], word) {
				r, _ := utf8.DecodeRuneInString(elem[len(elem)-n:])
				prev, _ := utf8.DecodeLastRuneInString(elem[:len(elem)-n])
				if unicode.IsUpper(r) && (unicode.IsLower(prev) || unicode.IsDigit(prev)) {
					return name[:end-n] + "\x00" + name[end:], w, true
				}
			}
		}
		end = start - 1
	}
	return "", 0, false
}

// variantLabel returns key, a name with the variant word replaced by
// "\x00", without the word and one separator next to it: "X/\x00" → "X",
// "X_\x00_Y" → "X_Y". A name that is nothing but the word reads
// "before→after".
func variantLabel(key string, v [2]string) string {
	left, right, _ := strings.Cut(key, "\x00")
	trimmed := strings.TrimRight(left, "/_")
	if len(left)-len(trimmed) > 1 {
		trimmed = left[:len(left)-1]
	}
	if trimmed == "" {
		return v[0] + "→" + v[1] + right
	}
	if trimmed == left {
		return left + right // a camel-case suffix: "Encode\x00"
	}
	return trimmed + right
}

// nameRegexp returns a -test.bench regular expression that selects the
// benchmark name (without the "Benchmark" prefix) and nothing else: the
// testing package matches each '/'-separated level of a benchmark's name
// against the same level of the expression.
func nameRegexp(name string) string {
	elems := strings.Split(name, "/")
	for i, e := range elems {
		if i == 0 {
			e = "Benchmark" + e
		}
		elems[i] = "^" + regexp.QuoteMeta(e) + "$"
	}
	return strings.Join(elems, "/")
}
