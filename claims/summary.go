package claims

import (
	"regexp"
	"slices"
)

// summaryRE finds the titles of sections that restate results given in
// detail elsewhere: a summary, an overview, the conclusion.
var summaryRE = regexp.MustCompile(`(?i)\bsummary\b|\boverview\b|\bconclusions?\b|\bat a glance\b|\btl;?dr\b|\bhighlights\b|\bkey (?:results|findings|numbers)\b|\bexecutive\b|\brecap\b|\babstract\b`)

// isSummary reports whether section sec or an ancestor is a summary.
func (x *extractor) isSummary(sec int) bool {
	if x.summary == nil {
		x.summary = make([]bool, len(x.sections))
		for k := range x.sections {
			for s := k; s > 0; s = x.sections[s].parent {
				if summaryRE.MatchString(x.sections[s].title) {
					x.summary[k] = true
					break
				}
			}
		}
	}
	return sec >= 0 && sec < len(x.summary) && x.summary[sec]
}

// sizeRE finds the sizes and counts a label names ("500 items", "50UIDs",
// "Batch/256"): numbers of two digits or more, which tell the rows of
// one benchmark at different sizes apart.
var sizeRE = regexp.MustCompile(`\d{2,}`)

// checkSummaryPairs finds a summary restating a detailed result with
// other figures: a before → after pair in a summary section (a table row
// or a sentence) whose subject words are all among those of exactly one
// result of a detailed section (its row or benchmark names and its
// section path; a summary names the subject its own way: "Binary Search
// (500 items)" for the "500 elements" row under "Binary Search vs Linear
// Search"), with the same sizes, for the same quantity, while its figures
// differ from that result's. The claims resting on the summary's pair
// are Contradicted, naming the detailed result's lines. When several
// detailed results fit the subject and differ among themselves, the
// summary's subject is ambiguous and nothing is said; when one of them
// gives the summary's figures, it restates that one.
func (x *extractor) checkSummaryPairs() {
	for _, b := range x.pairs {
		if !x.isSummary(b.section) || x.isPrevious(b.section) || b.p.OldLine != b.p.NewLine || b.p.OldLine < 1 {
			continue
		}
		lab := x.lineSubject(b.p.OldLine)
		bw := dedupe(subjectWords(lab))
		bw = slices.DeleteFunc(bw, func(w string) bool { return sideWords[w] })
		if len(bw) < 2 {
			continue
		}
		bSizes := sizeRE.FindAllString(lab, -1)
		var cands []*docPair
		agrees := false
		for _, a := range x.pairs {
			if a == b || a.section == b.section || a.group == b.group || x.isSummary(a.section) || x.isPrevious(a.section) ||
				a.p.canonicalQ() != b.p.canonicalQ() || overlap(bw, a.words) < len(bw) {
				continue
			}
			if !sameSizes(bSizes, a.subject+" "+x.sections[a.section].title) {
				continue
			}
			so, sn := sameFigure(a.p.Old, b.p.Old), sameFigure(a.p.New, b.p.New)
			if so && sn {
				agrees = true
				break
			}
			if so || sn {
				// One figure restated as the detailed result gives it:
				// the same result, the other figure changed.
				cands = append(cands, a)
			}
		}
		if agrees || len(cands) == 0 {
			continue
		}
		a := cands[0]
		if slices.ContainsFunc(cands[1:], func(o *docPair) bool {
			return !sameFigure(o.p.Old, a.p.Old) || !sameFigure(o.p.New, a.p.New)
		}) {
			continue
		}
		stated, other, line := b.p.New, a.p.New, a.p.NewLine
		if sameFigure(b.p.New, a.p.New) {
			stated, other, line = b.p.Old, a.p.Old, a.p.OldLine
		}
		if truncates(stated, other) {
			// "98 us" for 98,562 ns: a summary cuts digits off.
			continue
		}
		if x.statedElsewhere(stated, b.p.OldLine) {
			// Another figure of the report: a result of its own.
			continue
		}
		for k := range x.rep.Claims {
			c := &x.rep.Claims[k]
			if c.Line != b.p.OldLine && c.Line != b.p.NewLine || c.expected || c.Verdict.fromReport() || !restsOn(c, b.p) {
				continue
			}
			setCross(c, &Cross{Reason: RestatedDiffers, Lines: []int{line}, Stated: stated, Got: other.Value,
				GotUnit: other.Unit, Operands: []Number{other}})
		}
	}
}

// sameSizes reports whether text names every size of sizes (none when
// sizes is empty), and names no size when sizes is empty but for
// numbers of the section title's kind ("8 cores").
func sameSizes(sizes []string, text string) bool {
	have := sizeRE.FindAllString(text, -1)
	if len(sizes) == 0 {
		return true
	}
	for _, s := range sizes {
		if !slices.Contains(have, s) {
			return false
		}
	}
	return true
}

// lineSubject returns what line n (1-based) names as its subject: a table
// row's label, a list item's or labelled line's lead, else the sentence.
func (x *extractor) lineSubject(n int) string {
	dl := &x.lines[n-1]
	if dl.kind == lkTable && dl.table >= 0 {
		t := x.tables[dl.table]
		for ri := range t.rows {
			if t.rows[ri].line == n-1 {
				return rowLabel(&t.rows[ri])
			}
		}
	}
	if l := lineLabel(dl.raw); l != "" {
		return l
	}
	return plain(dl.raw)
}

// truncates reports whether figure a is figure b with its last digits cut
// off rather than rounded: b within [a, a + one step of a's last digit).
func truncates(a, b Number) bool {
	s := a.scale
	if s == 0 {
		s = 1
	}
	lo, hi := a.Value*s, (a.High+a.step)*s
	blo, bhi := b.base()
	return blo < hi && lo <= bhi
}
