package claims

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// cp1252 maps the runes Windows-1252 puts at bytes 0x80-0x9F to those
// bytes; the runes U+00A0-U+00FF are their own bytes.
var cp1252 = map[rune]byte{
	'€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
	'Š': 0x8A, '‹': 0x8B, 'Œ': 0x8C, 'Ž': 0x8E, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
	'–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9A, '›': 0x9B, 'œ': 0x9C, 'ž': 0x9E, 'Ÿ': 0x9F,
}

// fixMojibake repairs text that was UTF-8, decoded as Windows-1252 and
// encoded as UTF-8 again ("Î¼s" for "µs", "â†’" for "→"): each run of
// runes that Windows-1252 can encode and that holds a lead byte of a
// multi-byte UTF-8 sequence is re-encoded, and kept when the bytes are
// valid UTF-8.
func fixMojibake(s string) string {
	if !strings.ContainsAny(s, "ÂÃÄÅÆÇÈÉÊËÌÍÎÏÐÑÒÓÔÕÖ×ØÙÚÛÜÝÞßàáâãäåæçèéêëìíîïðñòóôõö÷øùúûüýþÿ") {
		return s
	}
	var out strings.Builder
	var run []byte
	lead := false
	flush := func() {
		if lead && utf8.Valid(run) {
			out.Write(run)
		} else {
			for _, b := range run {
				out.WriteRune(decode1252(b))
			}
		}
		run, lead = run[:0], false
	}
	for _, r := range s {
		b, ok := cp1252[r]
		if !ok && r >= 0xA0 && r <= 0xFF {
			b, ok = byte(r), true
		}
		if !ok {
			flush()
			out.WriteRune(r)
			continue
		}
		if b >= 0xC2 {
			lead = true
		}
		run = append(run, b)
	}
	flush()
	return out.String()
}

// decode1252 is the inverse of the cp1252 table for one byte ≥ 0x80.
func decode1252(b byte) rune {
	for r, c := range cp1252 {
		if c == b {
			return r
		}
	}
	return rune(b)
}

var (
	linkRE     = regexp.MustCompile(`!?\[([^\]]*)\]\([^)]*\)`)
	htmlTagRE  = regexp.MustCompile(`</?[A-Za-z][A-Za-z0-9]*[^>]*>`)
	emphasisRE = regexp.MustCompile(`(^|[^\w*])\*([^*\s](?:[^*]*[^*\s])?)\*`)
)

// plain removes Markdown emphasis, links and HTML tags from s, keeping
// code spans with their backquotes: the text a reader sees.
func plain(s string) string {
	if strings.Contains(s, "](") {
		s = linkRE.ReplaceAllString(s, "$1")
	}
	if strings.Contains(s, "<") {
		s = htmlTagRE.ReplaceAllString(s, " ")
	}
	s = strings.ReplaceAll(s, "**", "")
	s = strings.ReplaceAll(s, "~~", "")
	if strings.Contains(s, "*") {
		s = emphasisRE.ReplaceAllString(s, "$1$2")
	}
	return strings.TrimSpace(s)
}

// blankCode replaces the content of code spans with spaces, so that the
// numbers in code (`make([]byte, 0, 4096)`) are not read as figures. An
// unclosed backquote is left alone.
func blankCode(s string) string {
	if !strings.Contains(s, "`") {
		return s
	}
	b := []byte(s)
	for i := 0; i < len(b); {
		if b[i] != '`' {
			i++
			continue
		}
		n := 0
		for i+n < len(b) && b[i+n] == '`' {
			n++
		}
		fence := strings.Repeat("`", n)
		end := strings.Index(string(b[i+n:]), fence)
		if end < 0 {
			break
		}
		for k := i + n; k < i+n+end; k++ {
			b[k] = ' '
		}
		i += n + end + n
	}
	return string(b)
}

// cut shortens s to at most n bytes at a rune boundary, marking the cut.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && n < len(s) && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n] + "…"
}

var (
	headingRE   = regexp.MustCompile(`^ {0,3}(#{1,6})[ \t]+(.*?)[ \t]*#*[ \t]*$`)
	fenceRE     = regexp.MustCompile("^ {0,3}(```+|~~~+)[ \t]*([^`\\s]*)")
	listRE      = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])\s+`)
	labelRE     = regexp.MustCompile(`^\s*(?:[-*+]|\d+[.)])?\s*(?:\*\*|__)?([^:*|]{1,60}?)(?:\*\*|__)?\s*:(?:\*\*|__)?\s+(.*)$`)
	benchFlagRE = regexp.MustCompile(`-(?:test\.)?bench[= ]+(?:'([^']*)'|"([^"]*)"|([^\s'"` + "`" + `]+))`)
	benchNameRE = regexp.MustCompile(`\bBenchmark[A-Z0-9_][\w/.\-=:,()+]*`)
	// gbenchNameRE matches a Google Benchmark name in prose:
	// "BM_PoolLock_after/real_time/threads:2", "BM_Sort/1024".
	gbenchNameRE = regexp.MustCompile(`\bBM_\w+(?:/[\w.\-=:]+)*`)
)

// outputLangs are fence info strings of blocks that hold program output
// (benchmark results, measurements) rather than source code.
var outputLangs = map[string]bool{
	"": true, "text": true, "txt": true, "console": true, "output": true, "plain": true,
	"plaintext": true, "benchstat": true, "log": true, "none": true, "shell-session": true,
}

// normName returns a benchmark name without the "Benchmark" prefix and
// the GOMAXPROCS suffix: "BenchmarkCookieTrim/after-8" → "CookieTrim/after".
func normName(n string) string {
	n = strings.TrimPrefix(n, "Benchmark")
	n = strings.TrimRight(n, ".,:;)")
	if i := strings.LastIndexByte(n, '-'); i >= 0 && i+1 < len(n) && isDigits(n, i+1, len(n)-i-1) {
		n = n[:i]
	}
	return n
}

// squash lowercases s and keeps only letters and digits, for matching
// names written differently: "Cookie trim" and "CookieTrim".
func squash(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}
