package claims

import (
	"math"
	"regexp"
	"strconv"
	"strings"
)

var (
	// stepRE finds a loop over a collection in fixed-size groups in
	// source code, the group size in a submatch: Go "for i := 0; i <
	// len(b); i += 64" and "slices.Chunk(b, 64)", Rust ".chunks(64)",
	// Python "range(0, len(b), 64)".
	stepRE = regexp.MustCompile(`for\s+\w+\s*:?=\s*0\s*;\s*\w+\s*<=?\s*[^;{]+;\s*\w+\s*\+=\s*(\d+)\b|` +
		`slices\.Chunk\([^,()]+(?:\([^()]*\))?,\s*(\d+)\s*\)|\.chunks(?:_exact)?\(\s*(\d+)\s*\)|\brange\(\s*0\s*,\s*[^,()]+(?:\([^()]*\))?,\s*(\d+)\s*\)`)
	// countRE finds a count of operations a sentence states: "8 write
	// calls", "4 round trips", "21 marshal operations".
	countRE = regexp.MustCompile(`(?i)\b(\d[\d,]*)\s+(?:[a-z]+[\s-]){0,2}?(?:calls?|operations|ops|writes|reads|syscalls|system calls|round[- ]trips|requests|batches|chunks|iterations|passes|flushes|invocations)\b`)
	// sizeOfRE finds the size of the collection a sentence is about:
	// "a 256-line batch", "a batch of 1,000 records".
	sizeOfRE = regexp.MustCompile(`(?i)\b(\d[\d,]*)[\s-](?:lines?|records?|items?|elements?|entr(?:y|ies)|messages?|rows?|keys?|events?|documents?|objects?|values?)\b`)
)

func atoiComma(s string) (int, bool) {
	n, err := strconv.Atoi(strings.ReplaceAll(s, ",", ""))
	return n, err == nil && n > 0
}

// codeStep returns the group size of the one fixed-step loop of the code
// block around 0-based line i, 0 when it has none or several.
func (x *extractor) codeStep(i int) (step, line int) {
	for j := i; j < len(x.lines) && x.lines[j].block == x.lines[i].block; j++ {
		for _, m := range stepRE.FindAllStringSubmatch(x.lines[j].raw, -1) {
			for _, g := range m[1:] {
				if k, ok := atoiComma(g); ok {
					if step != 0 && step != k {
						return 0, 0
					}
					step, line = k, j+1
				}
			}
		}
	}
	return step, line
}

// codeReach is how many lines from a code block a sentence may count
// what the block does.
const codeReach = 30

// nearCodeBlock returns the first line (0-based) of the code block nearest
// to line j in its section, looking up then down within codeReach lines;
// -1 if none.
func (x *extractor) nearCodeBlock(j int) int {
	sec := x.lines[j].section
	for k := j - 1; k >= 0 && k >= j-codeReach && x.lines[k].section == sec; k-- {
		if x.lines[k].kind == lkCode {
			for k > 0 && x.lines[k-1].kind == lkCode && x.lines[k-1].block == x.lines[k].block {
				k--
			}
			return k
		}
	}
	for k := j + 1; k < len(x.lines) && k <= j+codeReach && x.lines[k].section == sec; k++ {
		if x.lines[k].kind == lkCode {
			return k
		}
	}
	return -1
}

// checkCodeCounts checks a count of operations read from code the report
// shows: a sentence near a code block of its section that loops over a
// collection in groups of K ("i += 64") and states both the collection's
// size M ("a 256-line batch") and a count of calls ("8 write calls") is
// recomputed as ⌈M/K⌉; a count that is neither that nor M (the one call
// per item the change replaced) is an ArithmeticError. The count becomes a
// claim of its own (Kind Absolute, Quantity Count).
func (x *extractor) checkCodeCounts() {
	var added []Claim
	steps := make(map[int][2]int) // code block start → step, its line
	for j := range x.lines {
		dl := &x.lines[j]
		if dl.kind != lkProse || x.isPrevious(int(dl.section)) || len(x.rep.Claims)+len(added) >= x.opts.MaxClaims {
			continue
		}
		s := blankCode(plain(dl.raw))
		sm := sizeOfRE.FindStringSubmatch(s)
		if sm == nil || !countRE.MatchString(s) {
			continue
		}
		b := x.nearCodeBlock(j)
		if b < 0 {
			continue
		}
		st, ok := steps[b]
		if !ok {
			k, kl := x.codeStep(b)
			st = [2]int{k, kl}
			steps[b] = st
		}
		k, kline := st[0], st[1]
		m, ok := atoiComma(sm[1])
		if k < 2 || !ok || m <= k {
			continue
		}
		want := int(math.Ceil(float64(m) / float64(k)))
		for _, cm := range countRE.FindAllStringSubmatchIndex(s, -1) {
			text := s[cm[2]:cm[3]]
			n, ok := atoiComma(text)
			if !ok || n == m {
				continue
			}
			c, num := x.countClaim(j, text, n, s[cm[0]:cm[1]])
			if c == nil {
				continue
			}
			reason := DerivedHolds
			if n != want {
				reason = DerivedOff
			}
			size := Number{Text: sm[1], Value: float64(m), High: float64(m), Quantity: Count, step: 1, scale: 1}
			group := Number{Text: strconv.Itoa(k), Value: float64(k), High: float64(k), Quantity: Count, step: 1, scale: 1}
			setCross(c, &Cross{Reason: reason, Derivation: CodeCount, Lines: []int{j + 1, kline}, Stated: num,
				Got: float64(want), Operands: []Number{size, group}})
			added = append(added, *c)
		}
	}
	if len(added) > 0 {
		x.rep.Claims = append(x.rep.Claims, added...)
		Sort(x.rep.Claims)
	}
}

// paybackRE finds a count of operations that pays a cost back: "paid back
// after 3 small validations", "breaks even after 12 requests".
var paybackRE = regexp.MustCompile(`(?i)\b(?:paid\s+back|pays?\s+(?:itself\s+)?back|pays?\s+for\s+itself|breaks?\s+even|amorti[sz]ed)\s+(?:after|within|in)\s+(?:about\s+)?(\d[\d,]*)\b`)

// checkPaybacks checks a count of operations that pays back a one-off
// cost with a saving per operation: a sentence that states the count
// ("paid back after 3 small validations"), one saving per operation
// ("each of which saves 8.46 µs") and one other figure of its quantity,
// the cost ("The extra 27.4 µs"), needs ⌈cost/saving⌉ operations, within
// the rounding of both figures; another count is an ArithmeticError. The
// sentence may start on the line before. The count becomes a claim of its
// own (Kind Absolute, Quantity Count).
func (x *extractor) checkPaybacks() {
	var added []Claim
	for j := range x.lines {
		dl := &x.lines[j]
		if dl.kind != lkProse || x.isPrevious(int(dl.section)) || len(x.rep.Claims)+len(added) >= x.opts.MaxClaims {
			continue
		}
		s := blankCode(plain(dl.raw))
		m := paybackRE.FindStringSubmatchIndex(s)
		if m == nil {
			continue
		}
		text := s
		if k := strings.Index(s[m[1]:], ". "); k >= 0 {
			text = s[:m[1]+k]
		}
		if k := strings.LastIndex(text[:m[0]], ". "); k >= 0 {
			text = text[k+2:]
		} else {
			text = x.sentenceLead(j) + " " + text
		}
		var saving, cost []Number
		figs := scanFigures(text)
		for _, f := range figs {
			if f.Quantity != Time && f.Quantity != Memory || f.Unit == "" || !(f.Value > 0) {
				continue
			}
			if lo, hi, _ := savingClause(text, figs, f.Number); hi > lo && savingRE.MatchString(text[lo:hi]) {
				saving = append(saving, f.Number)
			} else {
				cost = append(cost, f.Number)
			}
		}
		if len(saving) != 1 || len(cost) != 1 || canonical(saving[0].Quantity) != canonical(cost[0].Quantity) {
			continue
		}
		ctext := s[m[2]:m[3]]
		n, ok := atoiComma(ctext)
		if !ok || n <= 0 {
			continue
		}
		clo, chi := cost[0].base()
		slo, shi := saving[0].base()
		if !(slo > 0) {
			continue
		}
		wantLo, wantHi := math.Ceil(clo/shi-1e-9), math.Ceil(chi/slo-1e-9)
		c, num := x.countClaim(j, ctext, n, s[m[0]:m[1]])
		if c == nil {
			continue
		}
		reason := DerivedHolds
		if float64(n) < wantLo || float64(n) > wantHi {
			reason = DerivedOff
		}
		setCross(c, &Cross{Reason: reason, Derivation: CodeCount, Lines: []int{j + 1}, Stated: num,
			Got: math.Ceil(cost[0].mid() / saving[0].mid()), Operands: []Number{cost[0], saving[0]}})
		added = append(added, *c)
	}
	if len(added) > 0 {
		x.rep.Claims = append(x.rep.Claims, added...)
		Sort(x.rep.Claims)
	}
}

// countClaim returns a new claim, on 0-based line j, of the count n
// written as text in the words claimed, with the count as its one number;
// nil if the line's claim is one the reader already expects.
func (x *extractor) countClaim(j int, text string, n int, claimed string) (*Claim, Number) {
	c := x.newClaim(j, Absolute)
	if c.expected {
		return nil, Number{}
	}
	num := Number{Text: text, Value: float64(n), High: float64(n), Quantity: Count, step: 1, scale: 1}
	c.Numbers = []Number{num}
	c.Quantity = Count
	c.Claimed = strings.TrimSpace(claimed)
	c.Verdict, c.Arithmetic = Unverifiable, Unverifiable
	x.subject(c)
	return c, num
}
