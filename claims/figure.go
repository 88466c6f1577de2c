package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"
)

// A figure is a Number found in a line, with its place in the line.
type figure struct {
	Number
	start, end int  // byte offsets of the figure and its unit in the scanned text
	sign       byte // '-' or '+' written right before the number, 0 if none
	plusMinus  bool // "±3%": a spread, not a claim
	used       bool // consumed by a claim or a pair
}

// unitInfo describes a unit the scanner recognises.
type unitInfo struct {
	text  string   // as written
	norm  string   // normalised spelling
	q     Quantity // what it measures
	scale float64  // to the quantity's base unit (ns, B, 1/s)
}

// units are matched longest first at the place after a number.
var units = func() []unitInfo {
	u := []unitInfo{
		// time per operation, base nanoseconds
		{"ns/op", "ns/op", Time, 1}, {"µs/op", "µs/op", Time, 1e3}, {"μs/op", "µs/op", Time, 1e3},
		{"us/op", "µs/op", Time, 1e3}, {"ms/op", "ms/op", Time, 1e6}, {"sec/op", "sec/op", Time, 1e9},
		{"s/op", "s/op", Time, 1e9}, {"ns/item", "ns/item", Time, 1}, {"ns/iter", "ns/iter", Time, 1},
		{"nanoseconds", "ns", Time, 1}, {"microseconds", "µs", Time, 1e3}, {"milliseconds", "ms", Time, 1e6},
		{"seconds", "s", Time, 1e9}, {"second", "s", Time, 1e9}, {"secs", "s", Time, 1e9}, {"sec", "s", Time, 1e9},
		{"ns", "ns", Time, 1}, {"µs", "µs", Time, 1e3}, {"μs", "µs", Time, 1e3}, {"us", "µs", Time, 1e3},
		{"ms", "ms", Time, 1e6}, {"s", "s", Time, 1e9},
		// durations of events and projections, in words only ("min" and
		// "h" are as often a minimum and a suffix as a unit)
		{"minutes", "min", Time, 60e9}, {"minute", "min", Time, 60e9}, {"hours", "h", Time, 3600e9},
		{"hour", "h", Time, 3600e9}, {"days", "days", Time, 86400e9}, {"weeks", "weeks", Time, 7 * 86400e9},
		{"years", "years", Time, 365 * 86400e9},
		// throughput, base per second (the thing counted is in the unit)
		{"MB/s", "MB/s", Throughput, 1e6}, {"GB/s", "GB/s", Throughput, 1e9}, {"KB/s", "KB/s", Throughput, 1e3},
		{"KiB/s", "KiB/s", Throughput, 1 << 10}, {"MiB/s", "MiB/s", Throughput, 1 << 20}, {"GiB/s", "GiB/s", Throughput, 1 << 30},
		{"B/s", "B/s", Throughput, 1},
		// bits per second, as bytes per second (÷ 8)
		{"Tbit/s", "Tbit/s", Throughput, 1e12 / 8}, {"Gbit/s", "Gbit/s", Throughput, 1e9 / 8},
		{"Mbit/s", "Mbit/s", Throughput, 1e6 / 8}, {"kbit/s", "kbit/s", Throughput, 1e3 / 8},
		{"Gbps", "Gbit/s", Throughput, 1e9 / 8}, {"Mbps", "Mbit/s", Throughput, 1e6 / 8},
		{"ops/s", "ops/s", Throughput, 1}, {"op/s", "ops/s", Throughput, 1},
		// I/O operations per second, a drive's rate of operations
		{"IOPS", "IOPS", Throughput, 1}, {"iops", "IOPS", Throughput, 1},
		// packets per second, with their SI prefix written into the unit
		{"Gpps", "Gpps", Throughput, 1e9}, {"Mpps", "Mpps", Throughput, 1e6}, {"kpps", "kpps", Throughput, 1e3},
		{"Kpps", "kpps", Throughput, 1e3}, {"pps", "pps", Throughput, 1},
		{"ops/sec", "ops/s", Throughput, 1}, {"qps", "ops/s", Throughput, 1}, {"rps", "req/s", Throughput, 1},
		{"QPS", "ops/s", Throughput, 1}, {"RPS", "req/s", Throughput, 1},
		// memory, base bytes
		{"B/op", "B/op", Memory, 1}, {"KB/op", "KB/op", Memory, 1e3}, {"kB/op", "KB/op", Memory, 1e3},
		{"MB/op", "MB/op", Memory, 1e6}, {"KiB", "KiB", Memory, 1024}, {"MiB", "MiB", Memory, 1 << 20},
		{"GiB", "GiB", Memory, 1 << 30}, {"KB", "KB", Memory, 1e3}, {"kB", "KB", Memory, 1e3},
		{"MB", "MB", Memory, 1e6}, {"GB", "GB", Memory, 1e9}, {"TB", "TB", Memory, 1e12}, {"PB", "PB", Memory, 1e15},
		{"TiB", "TiB", Memory, 1 << 40}, {"PiB", "PiB", Memory, 1 << 50}, {"bytes", "B", Memory, 1}, {"byte", "B", Memory, 1},
		{"B", "B", Memory, 1},
		// allocations
		{"allocs/op", "allocs/op", Allocs, 1}, {"alloc/op", "allocs/op", Allocs, 1},
		{"allocations", "allocs", Allocs, 1}, {"allocation", "allocs", Allocs, 1},
		{"allocs", "allocs", Allocs, 1}, {"alloc", "allocs", Allocs, 1},
		// electric current, charge, potential, power and energy, base
		// A, C, V, W, J (a battery's mAh is charge); the plain "A", "C",
		// "V" and "J" are as often names and grades as units, and are
		// not read.
		{"mA", "mA", Current, 1e-3}, {"µA", "µA", Current, 1e-6}, {"μA", "µA", Current, 1e-6},
		{"uA", "µA", Current, 1e-6}, {"nA", "nA", Current, 1e-9},
		{"mC", "mC", Charge, 1e-3}, {"µC", "µC", Charge, 1e-6}, {"μC", "µC", Charge, 1e-6}, {"uC", "µC", Charge, 1e-6},
		{"mAh", "mAh", Charge, 3.6}, {"Ah", "Ah", Charge, 3600}, {"µAh", "µAh", Charge, 3.6e-3}, {"uAh", "µAh", Charge, 3.6e-3},
		{"mV", "mV", Voltage, 1e-3}, {"µV", "µV", Voltage, 1e-6},
		{"mW", "mW", Power, 1e-3}, {"µW", "µW", Power, 1e-6}, {"uW", "µW", Power, 1e-6}, {"kW", "kW", Power, 1e3}, {"W", "W", Power, 1},
		{"Wh", "Wh", Energy, 3600}, {"mWh", "mWh", Energy, 3.6}, {"kWh", "kWh", Energy, 3.6e6},
		{"mJ", "mJ", Energy, 1e-3}, {"µJ", "µJ", Energy, 1e-6}, {"uJ", "µJ", Energy, 1e-6},
		// frames per second, a rate
		{"fps", "fps", FrameRate, 1}, {"FPS", "fps", FrameRate, 1},
		// ratios
		{"x", "x", Unknown, 1}, {"×", "x", Unknown, 1}, {"%", "%", Unknown, 1},
	}
	if jmhThrptUnits {
		// JMH's throughput in its other time units (-tu ms, us, ns):
		// "thrpt 10 543.218 ± 6.412 ops/ms".
		u = append(u, unitInfo{"ops/ms", "ops/ms", Throughput, 1e3}, unitInfo{"ops/us", "ops/us", Throughput, 1e6},
			unitInfo{"ops/µs", "ops/us", Throughput, 1e6}, unitInfo{"ops/ns", "ops/ns", Throughput, 1e9})
	}
	if lengthUnits {
		// distances, base metres ("m" only apart from its number: "1.204m"
		// is benchstat's milliseconds)
		u = append(u, unitInfo{"km", "km", Length, 1000}, unitInfo{"m", "m", Length, 1},
			unitInfo{"kilometres", "km", Length, 1000}, unitInfo{"kilometers", "km", Length, 1000},
			unitInfo{"metres", "m", Length, 1}, unitInfo{"meters", "m", Length, 1})
	}
	// Longest first, so that "ns/op" wins over "ns" and "MB/s" over "MB".
	for i := 1; i < len(u); i++ {
		for j := i; j > 0 && len(u[j].text) > len(u[j-1].text); j-- {
			u[j], u[j-1] = u[j-1], u[j]
		}
	}
	return u
}()

// otherCurrencies reads an amount after "£" or "€" as money, as one
// after "$" (its unit the currency's sign, what it counts money):
// "£1,236.82 a day", "€4,343". Thirty-fourth round.
const otherCurrencies = true

// lengthUnits reads distances in metres and kilometres ("the mean walk
// per tour falls from 393.0 m to 316.5 m", "335.7 km less walking")
// as figures of a quantity of their own, Length: they had been read as
// bare numbers and dropped. "m" is read only written apart from its
// number. Thirty-fourth round.
const lengthUnits = true

// perTimeWords are the time units after a slash that make a figure a
// rate rather than an amount per operation ("ms/s" of CPU).
var perTimeWords = map[string]bool{"s": true, "sec": true, "second": true, "seconds": true, "ms": true, "min": true,
	"minute": true, "h": true, "hr": true, "hour": true, "day": true, "d": true, "ns": true, "us": true, "op": true}

// throughputSuffixes turn "<word>/second" and "<word> per second" into a
// throughput unit: "allocations/second", "auctions/s", "req/s".
var throughputSuffixes = []string{"/second", "/sec", "/s"}

// multipliers are SI prefixes written right after a number: "1.93M".
var multipliers = map[byte]float64{'K': 1e3, 'k': 1e3, 'M': 1e6, 'G': 1e9}

// isWordRune reports whether r continues a word or an identifier.
func isWordRune(r rune) bool { return r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r) }

// runeBefore returns the rune ending at s[:i], or 0.
func runeBefore(s string, i int) rune {
	if i <= 0 {
		return 0
	}
	r, _ := utf8.DecodeLastRuneInString(s[:i])
	return r
}

// runeAt returns the rune starting at s[i:], or 0.
func runeAt(s string, i int) rune {
	if i >= len(s) {
		return 0
	}
	r, _ := utf8.DecodeRuneInString(s[i:])
	return r
}

// scanNumber reads a decimal number at s[i:]: digits with optional
// thousands separators ("1,577,102") and an optional fraction. It returns
// the value, the text, and the place value of the last digit written.
func scanNumber(s string, i int) (v float64, text string, step float64, end int, ok bool) {
	j := i
	for j < len(s) && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	intDigits := j - i
	if intDigits == 0 && !(j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9') {
		return 0, "", 0, i, false
	}
	// Thousands separators: groups of exactly three digits after a
	// first group of one to three.
	if intDigits > 0 && intDigits <= 3 {
		for j+3 < len(s) && s[j] == ',' && isDigits(s, j+1, 3) && !(j+4 < len(s) && s[j+4] >= '0' && s[j+4] <= '9') {
			j += 4
		}
	}
	step = 1
	if j+1 < len(s) && s[j] == '.' && s[j+1] >= '0' && s[j+1] <= '9' {
		k := j + 1
		for k < len(s) && s[k] >= '0' && s[k] <= '9' {
			k++
		}
		step = math.Pow(10, -float64(k-j-1))
		j = k
	}
	text = s[i:j]
	v, err := strconv.ParseFloat(strings.ReplaceAll(text, ",", ""), 64)
	if err != nil || math.IsInf(v, 0) {
		return 0, "", 0, i, false
	}
	return v, text, step, j, true
}

func isDigits(s string, i, n int) bool {
	if i+n > len(s) {
		return false
	}
	for k := i; k < i+n; k++ {
		if s[k] < '0' || s[k] > '9' {
			return false
		}
	}
	return true
}

// matchUnit returns the unit written at s[i:], after at most one space,
// and the offset after it.
func matchUnit(s string, i int) (u unitInfo, end int, ok bool) {
	j := i
	if j < len(s) && s[j] == ' ' {
		j++
	}
	for _, c := range units {
		if !strings.HasPrefix(s[j:], c.text) {
			continue
		}
		k := j + len(c.text)
		next := runeAt(s, k)
		switch c.norm {
		case "x":
			// "11x faster", "(9x)", "3.4x,": not "0x7f", "2x2", "x86".
			if j != i || isWordRune(next) {
				continue
			}
		default:
			if isWordRune(next) || c.q == Length && c.text == "m" && j == i {
				continue
			}
			// A time or a size per named thing is a time or a size per
			// operation: "ns/line", "µs/request", "B/series".
			if (c.q == Time || c.q == Memory) && !strings.Contains(c.text, "/") && runeAt(s, k) == '/' {
				e := k + 1
				for e < len(s) && isASCIILetter(s[e]) {
					e++
				}
				if w := s[k+1 : e]; e-k-1 >= 2 && !isWordRune(runeAt(s, e)) && !perTimeWords[strings.ToLower(w)] {
					return unitInfo{c.text + "/" + w, c.norm + "/" + w, c.q, c.scale}, e, true
				}
			}
			// "/second" after a counted word is a throughput.
			if c.q == Allocs || c.q == Time && c.norm == "s" {
				for _, suf := range throughputSuffixes {
					if strings.HasPrefix(s[k:], suf) && !isWordRune(runeAt(s, k+len(suf))) {
						return unitInfo{c.text + suf, c.norm + "/s", Throughput, 1}, k + len(suf), true
					}
				}
			}
		}
		return c, k, true
	}
	if prefixedRateUnits {
		if u, k, ok := prefixedRate(s, j); ok {
			return u, k, true
		}
	}
	// "<word>/second", "<word>/s": requests/second, auctions/s; and
	// two words, a qualifier and the counted noun: "Get calls/second",
	// "log lines/s".
	k := j
	for k < len(s) && isASCIILetter(s[k]) {
		k++
	}
	if k > j && k-j <= 20 {
		for _, suf := range throughputSuffixes {
			if strings.HasPrefix(s[k:], suf) && !isWordRune(runeAt(s, k+len(suf))) {
				return unitInfo{s[j:k] + suf, s[j:k] + "/s", Throughput, 1}, k + len(suf), true
			}
		}
		if k-j >= 2 && k+1 < len(s) && s[k] == ' ' && isASCIILetter(s[k+1]) {
			k2 := k + 1
			for k2 < len(s) && isASCIILetter(s[k2]) {
				k2++
			}
			if k2-(k+1) <= 20 && k2-(k+1) >= 3 {
				for _, suf := range throughputSuffixes {
					if strings.HasPrefix(s[k2:], suf) && !isWordRune(runeAt(s, k2+len(suf))) {
						return unitInfo{s[j:k2] + suf, s[j:k2] + "/s", Throughput, 1}, k2 + len(suf), true
					}
				}
			}
		}
	}
	return unitInfo{}, i, false
}

// prefixedRateUnits (thirty-eighth round, from blind37's "1.51 Mnps on 3.3
// and 2.40 Mnps", a chess engine's million nodes per second): a unit word
// made of an SI prefix (K, M, G, T), one or two consonants naming what is
// counted and "ps", per second ("Mnps", "Mrps", "Ktps", "Mqps"), is a
// throughput in that prefix; such figures had been read as bare numbers
// and dropped. Vowels are not read as the counted thing ("Mops" is as
// often a count of operations), nor a lower-case prefix (a word: "keeps").
const prefixedRateUnits = false

// prefixedRate reads a prefixedRateUnits unit at s[j:].
func prefixedRate(s string, j int) (unitInfo, int, bool) {
	if j+4 > len(s) {
		return unitInfo{}, j, false
	}
	var scale float64
	switch s[j] {
	case 'K':
		scale = 1e3
	case 'M':
		scale = 1e6
	case 'G':
		scale = 1e9
	case 'T':
		scale = 1e12
	default:
		return unitInfo{}, j, false
	}
	k := j + 1
	for k < len(s) && k-j <= 3 && s[k] >= 'a' && s[k] <= 'z' && !strings.ContainsRune("aeiouy", rune(s[k])) {
		k++
	}
	if n := k - j - 1; n < 3 || n > 4 || s[k-2:k] != "ps" || isWordRune(runeAt(s, k)) || runeAt(s, k) == '/' {
		return unitInfo{}, j, false
	}
	w := s[j:k]
	return unitInfo{w, w, Throughput, scale}, k, true
}

func isASCIILetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// scanFigures finds the figures of a line: numbers at a word boundary,
// with an optional approximation mark, range, SI multiplier and unit.
// Numbers inside words and identifiers ("Opt10", "x86", "RFC1123") and
// the parts of dates and times ("2025-01-19", "12:30") are skipped.
func scanFigures(s string) []figure {
	var figs []figure
	for i := 0; i < len(s); {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == '.' && i+1 < len(s) && s[i+1] >= '0' && s[i+1] <= '9') {
			i++
			continue
		}
		prev := runeBefore(s, i)
		if isWordRune(prev) || prev == '.' || prev == ',' && i >= 2 && s[i-2] >= '0' && s[i-2] <= '9' {
			i = skipToken(s, i)
			continue
		}
		if (prev == '-' || prev == '/' || prev == ':') && i >= 2 && s[i-2] >= '0' && s[i-2] <= '9' {
			i = skipToken(s, i)
			continue
		}
		if hoursNext(s, i) {
			// "2 h 10 min", "1 h 5 min": one duration written in two
			// units, read as minutes (a step of one minute).
			if f, ok := twoUnitDuration(s, i, hoursMinutesRE, "min", 60e9); ok {
				figs = append(figs, f)
				i = f.end
				continue
			}
		}
		if minutesSeconds {
			// "27 min 40 s", "1 min 5 s": one duration written in two
			// units, read as seconds (a step of one second).
			if f, ok := twoUnitDuration(s, i, minutesSecondsRE, "s", 1e9); ok {
				figs = append(figs, f)
				i = f.end
				continue
			}
		}
		f, end, ok := readFigure(s, i)
		if ok && f.Unit == "" && strings.HasPrefix(s[end:], ":1") && !isWordRune(runeAt(s, end+2)) && runeAt(s, end+2) != ':' &&
			!(runeAt(s, end+2) == '.' && isDigits(s, end+3, 1)) && f.Value >= 1 {
			// "a ratio of 8.03:1": a ratio written as a proportion, a
			// level of its own (not a change).
			f.Unit, f.Quantity, f.scale = ":1", Other, 1
			end += 2
			f.end = end
		}
		if !ok || isWordRune(runeAt(s, end)) || runeAt(s, end) == ':' && isDigits(s, end+1, 1) {
			// "0x7f", "2x2", "64bit", "12:30": part of a word or a time.
			i = skipToken(s, i)
			continue
		}
		if spreadFactor && f.Unit == "x" && len(figs) > 0 {
			if prev := &figs[len(figs)-1]; prev.Unit == "" && !prev.isRange() && spreadBetweenRE.MatchString(s[prev.end:f.start]) {
				// "1.64 ± 0.07 times faster" (hyperfine): the factor is
				// the figure before "±", the one after its spread.
				prev.Unit, prev.Quantity, prev.scale, prev.end = f.Unit, f.Quantity, f.scale, f.end
				f.plusMinus = true
				i = end
				continue
			}
		}
		if sharedWordMultiplier && len(figs) > 0 {
			if prev := &figs[len(figs)-1]; (prev.Unit == "" || prev.Unit == f.Unit) && !prev.isRange() && !strings.ContainsAny(prev.Text, " KkMG") &&
				sharedMultBetweenRE.MatchString(s[prev.end:f.start]) {
				if mult, ok := wordMults[strings.ToLower(f.Text[strings.LastIndexByte(f.Text, ' ')+1:])]; ok {
					// "from 1.51 to 2.40 million nodes per second": the
					// multiplier written once after the second figure
					// is the first's too.
					prev.Value *= mult
					prev.High *= mult
					prev.step *= mult
				}
			}
		}
		figs = append(figs, f)
		i = end
	}
	return figs
}

// sharedWordMultiplier (thirty-eighth round, from blind37's "single-thread
// speed rose from 1.51 to 2.40 million nodes per second, a 59 % gain",
// called an arithmetic error from 1.51 against 2,400,000): in "A to B
// million <unit>" (thousand, billion), A written with no multiplier and
// of B's unit takes B's multiplier.
const sharedWordMultiplier = false

// sharedMultBetweenRE matches the text between the two figures of a
// sharedWordMultiplier pair.
var sharedMultBetweenRE = regexp.MustCompile(`^ (?:to|and|or) $`)

// spreadFactor (twenty-sixth round, from blind25's hyperfine summary
// "1.64 ± 0.07 times faster than …", where the reader took 0.07 for the
// factor and called it unsupported; blind23 and blind24 paste the same
// tool's lines, whose factors were not extracted): a factor written "A ±
// B times" is A, with B its spread, not a claim of its own.
const spreadFactor = true

// spreadBetweenRE matches the text between a factor and its spread.
var spreadBetweenRE = regexp.MustCompile(`^\s*±\s*$`)

// hoursNext reports whether the digits at s[i:] are followed, after at
// most one space, by an "h": the cheap test before hoursMinutesRE.
func hoursNext(s string, i int) bool {
	j := i
	for j < len(s) && j-i < 4 && s[j] >= '0' && s[j] <= '9' {
		j++
	}
	if j < len(s) && s[j] == ' ' {
		j++
	}
	return j < len(s) && s[j] == 'h'
}

// hoursMinutesRE matches a duration written in hours and minutes at the
// start of a text: "2 h 10 min", "1h 5min", "3 hours 20 minutes".
var hoursMinutesRE = regexp.MustCompile(`^(\d{1,3})\s?(?:h|hrs?|hours?)\s+(?:and\s+)?(\d{1,2})\s?(?:min|mins|minutes?)\b`)

// minutesSeconds (thirty-seventh round): a duration written in minutes
// and seconds ("27 min 40 s for v1 against 9 min 12 s for v2, 3.0x faster
// and 18 min 28 s shorter") is one figure in seconds, as "2 h 10 min" is
// one in minutes: its parts had been read as two figures, and a ratio or
// difference checked against the seconds alone (40 s → 12 s).
const minutesSeconds = true

// minutesSecondsRE matches a duration written in minutes and seconds at
// the start of a text: "27 min 40 s", "1min 5s", "3 minutes 20 seconds",
// and under minutesShortM "3 m 52 s".
var minutesSecondsRE = func() *regexp.Regexp {
	m := `min|mins|minutes?`
	if minutesShortM {
		m += `|m`
	}
	return regexp.MustCompile(`^(\d{1,4})\s?(?:` + m + `)\s+(?:and\s+)?(\d{1,2})\s?(?:s|sec|secs|seconds?)\b`)
}()

// minutesShortM (forty-fourth round): a duration written with "m" for
// its minutes, then its seconds ("1 m 38 s", "3 m 52 s", as time(1) and
// many dashboards print them) is one figure in seconds, as "1 min 38 s"
// is: the "m" had been read as no unit, so a table row of such times
// compared 38 s with the new time, and the row's factor (98 s / 12.9 s
// = 7.6x) was unsupported. "m" alone stays unread: only the seconds
// after it make it minutes.
const minutesShortM = true

// skipToken advances past the word or number at s[i:].
func skipToken(s string, i int) int {
	for i < len(s) {
		r, n := utf8.DecodeRuneInString(s[i:])
		if !(isWordRune(r) || r == '.' || r == ',') {
			break
		}
		i += n
	}
	if i < len(s) {
		return i
	}
	return len(s)
}

// readFigure reads one figure whose number starts at s[i].
func readFigure(s string, i int) (figure, int, bool) {
	v, text, step, j, ok := scanNumber(s, i)
	if !ok {
		return figure{}, i, false
	}
	start := i
	f := figure{Number: Number{Text: text, Value: v, High: v, step: step, scale: 1}}
	// Sign, spread and approximation marks before the number: "(-11%)",
	// "±3%", "~75ns", "≈ 6". A hyphen after a word ("Sub-10µs") is not a
	// sign.
	k := start
	switch r := runeBefore(s, k); r {
	case '-', '−', '+':
		if !isWordRune(runeBefore(s, k-utf8.RuneLen(r))) {
			f.sign = '-'
			if r == '+' {
				f.sign = '+'
			}
			k -= utf8.RuneLen(r)
		}
	case '±':
		f.plusMinus = true
		k -= utf8.RuneLen(r)
	}
	kk := k
	if kk > 0 && s[kk-1] == ' ' {
		kk--
	}
	if r := runeBefore(s, kk); r == '~' || r == '≈' {
		f.Approx = true
		k = kk - utf8.RuneLen(r)
	} else if approxWordRE.MatchString(s[max(0, kk-16):kk]) {
		// "about 90%", "roughly 1.8x": approximate in words.
		f.Approx = true
	}
	f.start = k
	j, mult := readMultiplier(s, j)
	if mult != 1 {
		f.Text += s[j-1 : j]
	}
	// A range: "75-100", "2.9–3.8", "52K-161K".
	if r := runeAt(s, j); r == '-' || r == '–' {
		k := j + utf8.RuneLen(r)
		if v2, t2, step2, j2, ok := scanNumber(s, k); ok && !isWordRune(runeBefore(s, k)) {
			j2b, mult2 := readMultiplier(s, j2)
			if mult2 == mult && v2 >= v {
				f.High = v2
				f.Text += string(r) + t2 // the dash as written
				if mult2 != 1 {
					f.Text += s[j2b-1 : j2b]
				}
				f.step = math.Min(step, step2)
				j = j2b
			}
		}
	}
	if m := wordMultRE.FindStringSubmatch(s[j:]); m != nil && mult == 1 {
		// "4.4 million", "239 thousand".
		mult = wordMults[strings.ToLower(m[1])]
		f.Text += m[0]
		j += len(m[0])
		if millionResourceTime && runeBefore(s, f.start) != '$' {
			if m := wordUnitRE.FindStringSubmatchIndex(s[j:]); m != nil && m[4] >= 0 {
				// "14.4 million CPU-seconds", "1.2 million CPU-hours a
				// month": a resource-time in words, multiplied.
				f.Unit, f.Quantity, f.scale = "h", Time, 3600e9
				switch w := strings.ToLower(s[j+m[4] : j+m[5]]); {
				case strings.HasPrefix(w, "minute"):
					f.Unit, f.scale = "min", 60e9
				case strings.HasPrefix(w, "second"):
					f.Unit, f.scale = "s", 1e9
				}
				j = readPeriod(s, j+m[5], &f)
				f.Value *= mult
				f.High *= mult
				f.step *= mult
				f.end = j
				return f, j, true
			}
		}
	}
	dollar := runeBefore(s, f.start) == '$' || f.start > 0 && s[f.start-1] == ' ' && runeBefore(s, f.start-1) == '$'
	currency := "$"
	if !dollar && otherCurrencies {
		// "£1,236.82", "€ 4,343": money in pounds or euros.
		for _, r := range []rune{runeBefore(s, f.start), 0} {
			if r == 0 && f.start > 0 && s[f.start-1] == ' ' {
				r = runeBefore(s, f.start-1)
			}
			if r == '£' || r == '€' {
				dollar, currency = true, string(r)
				break
			}
		}
	}
	if decimalHours && !dollar && mult == 1 && strings.Contains(f.Text, ".") && !strings.Contains(f.Text, ",") {
		if m := decimalHoursRE.FindStringSubmatchIndex(s[j:]); m != nil {
			f.Unit, f.Quantity, f.scale = "h", Time, 3600e9
			j = readPeriod(s, j+m[3], &f)
			f.end = j
			return f, j, true
		}
	}
	if looseTimes && !dollar && mult == 1 && !wordUnitRE.MatchString(s[j:]) {
		if m := looseTimesRE.FindStringIndex(s[j:]); m != nil || looseTimesNamed && looseTimesNamedRE.MatchString(s[j:]) {
			// "102.4 times as long", "33.3 times the events of": a
			// factor whose alarms are withheld (unalarmLooseTimes).
			f.Unit, f.Quantity, f.scale = "x", Unknown, 1
			j += len(" times")
			f.end = j
			return f, j, true
		}
	}
	if m := wordUnitRE.FindStringSubmatchIndex(s[j:]); m != nil && !dollar && mult == 1 && (m[10] < 0 || hoursRestateRE.MatchString(s[:f.start])) {
		// "4.8 min before", "968.6 runner-hours", "5.3 times shorter":
		// units in words that are units only there.
		switch {
		case m[8] >= 0:
			// "76.6 points", "−3.3 pp": a difference of two rates in
			// percent.
			f.Unit, f.Quantity, f.scale = "pp", Other, 1
			j += m[9]
		case m[6] >= 0:
			f.Unit, f.Quantity, f.scale = "x", Unknown, 1
			j += m[7]
		case m[12] >= 0:
			// "the 6.2-fold increase": a factor.
			f.Unit, f.Quantity, f.scale = "x", Unknown, 1
			j += m[13]
		case m[10] >= 0:
			// "106.6 s a day (1.78 h)": hours restating a time in
			// parentheses; elsewhere "h" stays unread ("(24 h)" names
			// a window).
			f.Unit, f.Quantity, f.scale = "h", Time, 3600e9
			j += m[11]
		case m[2] >= 0:
			f.Unit, f.Quantity, f.scale = "min", Time, 60e9
			j += m[3]
		case strings.HasPrefix(strings.ToLower(s[j+m[4]:j+m[5]]), "minute"):
			f.Unit, f.Quantity, f.scale = "min", Time, 60e9
			j += m[5]
		case strings.HasPrefix(strings.ToLower(s[j+m[4]:j+m[5]]), "second"):
			// "224,640 core-seconds", "0.573 CPU-seconds per second".
			f.Unit, f.Quantity, f.scale = "s", Time, 1e9
			j += m[5]
		default:
			f.Unit, f.Quantity, f.scale = "h", Time, 3600e9
			j += m[5]
		}
		if f.Unit != "x" && f.Unit != "pp" {
			j = readPeriod(s, j, &f)
		}
		f.end = j
		return f, j, true
	}
	if u, end, ok := matchUnit(s, j); ok && !dollar {
		f.Unit = u.norm
		f.Quantity = u.q
		f.scale = u.scale
		j = end
	} else if dollar {
		// "$1,176", "$68k": money.
		f.Unit, f.Quantity, f.scale, f.dim = currency, Cost, 1, "$"
	} else if m := countNounRE.FindStringSubmatch(s[j:]); m != nil || moreCountNouns && !dollar && f.Value == math.Trunc(f.Value) &&
		func() bool {
			m = moreCountNounRE.FindStringSubmatch(s[j:])
			// "59,800 new connections per second", "90,000 more players
			// a month": a rate or a change, not a count of things.
			return m != nil && !countChangeLeadRE.MatchString(m[0]) && !countPeriodAfterRE.MatchString(s[j+len(m[0]):])
		}() {
		// "36 cores", "19 brokers": a count of resources, read as a
		// plain number (a quotient's result, a count rounded up) that
		// names what it counts.
		f.dim = strings.ToLower(m[1])
		j += len(m[0])
	}
	j = readPeriod(s, j, &f)
	f.Value *= mult
	f.High *= mult
	f.step *= mult
	f.end = j
	return f, j, true
}

// millionResourceTime (thirty-eighth round, from blind37's "14.4 million
// CPU-seconds" and "1.2 million CPU-hours a month"): a resource-time in
// words ("core-seconds", "CPU-hours") after a count written with a word
// multiplier is read as that time, multiplied, as it is read after a
// plain number; the multiplier had kept the unit from being read and the
// figure was dropped.
const millionResourceTime = true

// looseTimes (thirty-seventh round): "N times" before "as long", "as
// large", … or before "the" and a noun other than the reference nouns
// ("102.4 times as long", "33.3 times the events of the regional one",
// "1.88 times the throughput") is read as a factor, as wordUnitRE reads
// "N times as many"; what it compares is often not a pair the reader can
// name, so such a factor that the report's figures do not confirm is
// left unverifiable, not an alarm, unless its own line's pair gives
// another factor (unalarmLooseTimes).
const looseTimes = true

// looseTimesNamed (thirty-eighth round, from blind37's "about 23 times
// the CPU saving"): "N times the" before a name or an acronym ("the CPU
// saving", "the P99 budget") is read as looseTimes reads "N times the
// events": looseTimesRE took only a lower-case noun.
const looseTimesNamed = false

// looseTimesNamedRE matches the words after a looseTimesNamed factor.
var looseTimesNamedRE = regexp.MustCompile(`^ times (?:the|today['’]s) [A-Z][A-Za-z0-9-]*`)

// looseTimesRE finds the words after a figure that make it a loose
// factor (looseTimes).
var looseTimesRE = regexp.MustCompile(`^ times (?:as (?:long|large|big|slow|high|heavy|costly|expensive)\b|(?:the|today['’]s) [a-z][a-z-]*)`)

// unalarmLooseTimes: see looseTimes.
func (x *extractor) unalarmLooseTimes() {
	if !looseTimes {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || !c.Verdict.fromReport() || c.Line < 1 || c.Line > len(x.lines) || c.stated.Text == "" {
			continue
		}
		if c.Verdict == ArithmeticError && c.Pair != nil && c.Pair.OldLine == c.Line && c.Pair.NewLine == c.Line && !(looseFactorWord && c.looseWord) {
			// Its own line's pair: "12.5 times the documents (1,200 →
			// 15,000)".
			continue
		}
		raw := x.lines[c.Line-1].raw
		at := indexFigure(raw, c.stated.Text)
		rest := raw[max(0, at)+len(c.stated.Text):]
		if at < 0 || !looseTimesRE.MatchString(rest) && !(looseTimesNamed && looseTimesNamedRE.MatchString(rest)) && !((looseFactorThe || looseFactorWord) && c.loose) || wordUnitRE.MatchString(rest) {
			continue
		}
		c.Cross, c.Verdict = nil, Unverifiable
		c.Detail = "a factor written \"N times as …/the …\": what it compares is not a pair of the report's figures the reader can name"
	}
}

// wordUnitRE reads the units in words that are units only where they
// stand: "min" or "mins" not followed by a figure ("4.8 min before",
// "0.9 min,"; "min 2,041" is a minimum), a compound of hours, minutes or
// seconds ("968.6 runner-hours", "259 executor-wall minutes", "224,640
// core-seconds"), and "times"
// before a comparison ("5.3 times shorter", "2.7 times as many", "7.7
// times RabbitMQ", "6.12 times LTE's", "6.1 times what A managed", "7.2
// times the SF7 figure", "5.48 times the LTE median": a reference figure,
// referenceNouns), which states a factor ("5 times a day" is a count),
// "-fold" before a change ("a 6.2-fold increase"),
// percentage points ("76.6 points", "−3.3 pp"), and hours where the "h"
// ends a clause ("(1.78 h)"; read only where it restates a time, see
// hoursRestateRE).
var wordUnitRE = regexp.MustCompile(`^(?: (mins?)(?:[,;.)]|$| [a-zA-Z(])| ?(?:[a-zA-Z]+-[a-zA-Z]+ |[a-zA-Z]+-)(hours?|minutes?|seconds?)\b| (times) (?:faster|slower|shorter|longer|less|more|fewer|lower|higher|smaller|larger|bigger|quicker|cheaper|as (?:many|much|fast|often|quick)|what|(?:the|its|their|our) (?:[^\s,;:()]+ ){0,3}?(?:` + refNouns + `)|[A-Z][\w.-]*[a-z][\w.-]*|[A-Z][A-Z0-9]+['’]s)\b| ?((?:percentage )?points|pp|pts)\b| ?(h|hrs?)(?:[,;)]|\.(?:\s|$)|$)|(-fold) (?:increase|decrease|rise|drop|gain|reduction|more|less|fewer|faster|slower)\b)`)

// decimalHours: a figure with decimals followed by "h" ("aligns in 2.75 h
// instead of 4.58 h", "3.2 h × 8 × $1.008") is a time in hours. "h" was
// read only restating a time in parentheses, since a whole number before
// it often names a window ("(24 h)"); a fraction of an hour does not.
// Twenty-eighth round (testdata/labels/README.md): blind27, blind24.
const decimalHours = true

// decimalHoursRE matches "h" (or "hr", "hrs") after a figure, ending a
// word.
var decimalHoursRE = regexp.MustCompile(`^ ?(hrs?|h)(?:[\s,;:)×]|\.(?:\s|$)|$)`)

// hoursRestateRE matches the text before a figure in hours that restates
// a time in parentheses: "106.6 s a day (", "6,400 seconds (about "; or
// nothing (the text of a parenthesis, read on its own).
var hoursRestateRE = regexp.MustCompile(`^\s*$|\d\s*(?:s|ms|sec|secs|seconds|min|mins|minutes|days)(?:\s+(?:a|per)\s+[a-z]+)?\s*\(\s*(?:~|≈|about|roughly|i\.e\.,?|or)?\s*$`)

// wordMultRE and wordMults read a multiplier written as a word after a
// number: "4.4 million", "239 thousand".
var (
	wordMultRE = regexp.MustCompile(`^ (?i:(thousand|million|billion|trillion))\b`)
	wordMults  = map[string]float64{"thousand": 1e3, "million": 1e6, "billion": 1e9, "trillion": 1e12}
)

// countNounRE reads the resources a plain count is of: "36 cores", "19
// brokers", "15 pods", also after one word that says which ("12 CPU
// nodes", "112 shipper cores", "36 compute-8x16 instances").
var countNounRE = regexp.MustCompile(`^ ?(?:[A-Za-z][A-Za-z0-9-]* )?((?:cores|vCPUs?|CPUs|GPUs|pods|nodes|brokers|servers|instances|machines|replicas|hosts|VMs|backends|shards|executors))\b`)

// moreCountNouns (twenty-third round): whole numbers of things other
// than machines ("167 robots", "312 drive units", "2,400 drives", "48
// workers") are counts that name what they count, as "36 cores" is: a
// summary's and a setup's figures, extracted and checked as restatements.
const moreCountNouns = true

// moreCountNounRE reads the further nouns of moreCountNouns, after at most
// one word that says which ("drive units", "edge sites").
var moreCountNounRE = regexp.MustCompile(`^ ?(?:[A-Za-z][A-Za-z0-9-]* )?((?:robots|drives|disks|SSDs|devices|units|workers|processes|containers|clusters|racks|partitions|tenants|users|clients|customers|players|sessions|connections|jobs|tasks|phones|sensors|vehicles|sites|stores|agents|consumers|producers|topics|regions|zones|datacenters|data centres|data centers))\b`)

// countChangeLeadRE and countPeriodAfterRE find the words that make a
// count of moreCountNouns a change or a rate: "more players", "per
// second", "/s", "a month".
var (
	countChangeLeadRE  = regexp.MustCompile(`(?i)^ ?(?:more|fewer|less|extra|additional|new|added|lost)\b`)
	countPeriodAfterRE = regexp.MustCompile(`(?i)^\s*(?:/|(?:per|an?|each|every)\s+(?:second|sec|s|minute|min|hour|day|week|month|year)\b)`)
)

// periodRE reads the period an amount is stated over, right after it
// (and its unit or counted noun, at most two words): "56.6 TB/day",
// "$294 per month", "1.6 million scans per hour", "$2,265 a day".
var periodRE = regexp.MustCompile(`^((?: [a-zA-Z][a-zA-Z-]*){0,2}?)(?:\s*/\s*| (?:per|a|an|each|every) )(second|sec|minute|min|hour|hr|day|week|month|year)\b`)

// periodSeconds are the lengths of the periods periodRE reads, in
// seconds, low and high: a month is 30 days or a twelfth of a year, a
// year 360 to 365.25 days.
var periodSeconds = map[string][2]float64{
	"second": {1, 1}, "sec": {1, 1}, "minute": {60, 60}, "min": {60, 60}, "hour": {3600, 3600}, "hr": {3600, 3600},
	"day": {86400, 86400}, "week": {7 * 86400, 7 * 86400}, "month": {30 * 86400, 365.25 / 12 * 86400},
	"year": {360 * 86400, 365.25 * 86400},
}

// readPeriod reads the period an amount at s[:j] is stated over, and
// makes f a figure per period: a count per second a throughput
// ("75 requests per second"), any other amount of bytes, money or
// things per period PerPeriod. It returns the offset after what it read.
func readPeriod(s string, j int, f *figure) int {
	switch {
	case f.Quantity == Memory && !strings.Contains(f.Unit, "/"):
		f.dim = "B"
	case f.Quantity == Cost, f.Unit == "" && !f.plusMinus:
	default:
		return j
	}
	m := periodRE.FindStringSubmatch(s[j:])
	if m == nil {
		return j
	}
	noun := strings.TrimSpace(m[1])
	if noun != "" && (f.Unit != "" || strings.ContainsAny(noun, "-")) {
		// Words between a unit and the period are another clause's:
		// "64 KiB block per second".
		return j
	}
	per := periodSeconds[strings.ToLower(m[2])]
	switch {
	case per[0] == 1 && f.Unit == "":
		// "75 requests per second": a count rate, as "requests/s",
		// spelled as a load rather than a unit (dim says so).
		f.Unit, f.Quantity, f.scale, f.dim = noun+"/s", Throughput, 1, "load"
	case per[0] == 1:
		return j
	default:
		if f.Unit == "" && noun != "" {
			f.dim = strings.ToLower(noun)
		}
		unit := f.Unit
		if unit == "" {
			unit = noun
		}
		if unit == "" {
			f.Unit = "per " + strings.ToLower(m[2])
		} else {
			f.Unit = unit + "/" + strings.ToLower(m[2])
		}
		if f.Quantity == Unknown {
			f.scale = 1
		}
		f.Quantity, f.perLo, f.perHi = PerPeriod, per[0], per[1]
	}
	return j + len(m[0])
}

// readMultiplier reads an SI multiplier right after a number ("1.93M",
// "161K") when it is not the start of a unit ("5MB").
func readMultiplier(s string, j int) (int, float64) {
	if j+1 < len(s) && s[j] == ' ' && s[j+1] != ' ' {
		// "2.41 M op/s", "3.1 M records/s", "410 k SETs": a prefix
		// written apart, standing alone as a word.
		if _, ok := multipliers[s[j+1]]; ok && !isWordRune(runeAt(s, j+2)) && runeAt(s, j+2) != '/' {
			if e, m := readMultiplier(s, j+1); m != 1 {
				return e, m
			}
		}
	}
	if j >= len(s) {
		return j, 1
	}
	m, ok := multipliers[s[j]]
	if !ok {
		return j, 1
	}
	if _, _, isUnit := matchUnit(s, j); isUnit {
		return j, 1
	}
	if isWordRune(runeAt(s, j+1)) {
		return j, 1
	}
	return j + 1, m
}

// approxWordRE finds the words before a figure that mark it as
// approximate.
var approxWordRE = regexp.MustCompile(`(?i)\b(?:about|around|roughly|approximately|approx\.?|nearly|almost|circa|some)\s*$`)

// toolFactorRE matches a factor a benchmark tool printed with its
// spread: "1.43 ± 0.01 times faster than x264-slow-1080p".
var toolFactorRE = regexp.MustCompile(`\d\s*±\s*\d[\d.]*\s+times\s+(?:faster|slower)\s+than\b`)

// unalarmToolFactors takes back a closest-pair alarm from a factor read
// by spreadFactor: the tool computed it from the means of two commands
// it names, which the report's pairs need not pair (blind23's "2.03 ±
// 0.02 times faster than svtav1-p8-1080p", against the closest pair of
// another rung); a pair that gives it still makes it consistent.
func (x *extractor) unalarmToolFactors() {
	if !spreadFactor {
		return
	}
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Kind != Speedup || c.Cross == nil || c.Cross.Reason != ClosestPair || c.Line < 1 || c.Line > len(x.lines) ||
			!toolFactorRE.MatchString(x.lines[c.Line-1].raw) {
			continue
		}
		c.Cross, c.Verdict = nil, Unverifiable
		c.Detail = "a factor a benchmark tool printed from the means of two commands it names; no pair of the report gives it"
	}
}

// twoUnitDuration reads at s[i:], with re (two integer groups: a count of
// the larger unit, then of the smaller, under 60 of it), one duration
// written in two units, as a figure in the smaller unit, whose value in
// nanoseconds is scale. ok is false if re does not match there or the
// smaller count is 60 or more.
func twoUnitDuration(s string, i int, re *regexp.Regexp, unit string, scale float64) (f figure, ok bool) {
	m := re.FindStringSubmatchIndex(s[i:])
	if m == nil {
		return figure{}, false
	}
	large, _ := strconv.Atoi(s[i+m[2] : i+m[3]])
	small, _ := strconv.Atoi(s[i+m[4] : i+m[5]])
	if small >= 60 {
		return figure{}, false
	}
	v := float64(large*60 + small)
	return figure{Number: Number{Text: s[i : i+m[5]], Value: v, High: v, step: 1, scale: scale,
		Unit: unit, Quantity: Time}, start: i, end: i + m[1]}, true
}
