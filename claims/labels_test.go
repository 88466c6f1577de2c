package claims

import (
	"bufio"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// A label is one hand-labelled claim of a report: testdata/labels/*.tsv.
type label struct {
	report   string
	line     int
	figure   string   // the number as written, unit optional
	verdicts []string // acceptable verdicts
	arith    string
}

func readLabels(t *testing.T, path string) []label {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []label
	sc := bufio.NewScanner(f)
	n := 0
	for sc.Scan() {
		n++
		l := sc.Text()
		if l == "" || strings.HasPrefix(l, "#") {
			continue
		}
		parts := strings.Split(l, "\t")
		if len(parts) != 5 {
			t.Fatalf("%s:%d: %d fields, want 5", path, n, len(parts))
		}
		line, err := strconv.Atoi(parts[1])
		if err != nil {
			t.Fatalf("%s:%d: %v", path, n, err)
		}
		out = append(out, label{parts[0], line, parts[2], strings.Split(parts[3], "|"), parts[4]})
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return out
}

// figureKey normalises a figure for matching: the number without
// approximation marks, sign, thousands separators, unit or spaces
// ("~1,113 ns" and "1113" are one key; "2.9-3.8x" keeps its range).
func figureKey(s string) string {
	// A label copied from a bold or italic cell ("**61,480**") keys the
	// figure, not its emphasis; one copied with the brackets or
	// parentheses a table writes around it ("[0.543]", "(5.03)") keys the
	// figure, not them.
	s = strings.Trim(strings.TrimSpace(s), "*_[]()")
	s = strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(s), "~≈"))
	// A label copied with the key a tool prints before the figure
	// ("med=39.7ms", "p(95)=121.6ms", "p = 0.68") or with the equals
	// sign of a sum ("= 20") keys the figure.
	s = labelKeyPrefixRE.ReplaceAllString(s, "")
	s = strings.ReplaceAll(s, ",", "")
	s = strings.TrimLeft(s, "+-−± $€£")
	if m := keyNumberRE.FindString(s); m != "" {
		return m
	}
	s = strings.TrimRight(s, "%x× ")
	return strings.ToLower(s)
}

// labelKeyPrefixRE is a key and an equals sign before a label's figure.
var labelKeyPrefixRE = regexp.MustCompile(`^(?:[A-Za-z][A-Za-z0-9_().]*\s*)?=\s*`)

// keyNumberRE is the leading number of a figure, or range of numbers.
var keyNumberRE = regexp.MustCompile(`^[0-9]*\.?[0-9]+(?:\s*[-–]\s*[0-9]*\.?[0-9]+)?`)

// hasNumber reports whether a label's part starts with a number.
func hasNumber(s string) bool {
	return keyNumberRE.MatchString(strings.TrimLeft(strings.Trim(strings.TrimSpace(s), "*_"), "~≈+-−± "))
}

// pairLabelRE splits a label that states a before and an after figure:
// "4.8 ms → 3.1 ms", "146 to 41", "0.61 µs instead of 1.84 µs",
// "17.9 ms (was 41.3 ms)".
var pairLabelRE = regexp.MustCompile(`\s*(?:→|->|\bto\b|\binstead of\b|\(was\b)\s*`)

// labelKeys are the keys of the figures a label states: one, or the two
// of a before → after label, in the order written.
func labelKeys(fig string) []string {
	parts := pairLabelRE.Split(fig, -1)
	if len(parts) != 2 || !hasNumber(parts[0]) || !hasNumber(parts[1]) {
		return []string{figureKey(fig)}
	}
	return []string{figureKey(parts[0]), figureKey(strings.TrimRight(parts[1], ") "))}
}

// errorVerdicts are the verdicts that say the report is wrong.
var errorVerdicts = []string{"arithmetic-error", "unsupported", "mixes-rows", "contradicted", "not-reproduced"}

func isError(v string) bool { return slices.Contains(errorVerdicts, v) }

// score is what scoreLabels measured on one set of labelled reports.
type score struct {
	labels, found      int
	errors, caught     int // labelled errors, and those verify failed
	fine, falseAlarms  int // labelled consistent, ambiguous or unverifiable, and those verify failed
	unlabelledAlarms   []string
	perVerdict         map[string]*[3]int // true positives, predicted, labelled
	perReport          map[string]*[5]int // labels, found, errors, caught, false alarms
	missed, falseNamed []string
	uncaught           []string
}

func (s *score) extraction() float64 { return float64(s.found) / float64(s.labels) }
func (s *score) recall() float64     { return float64(s.caught) / float64(s.errors) }
func (s *score) falseRate() float64  { return float64(s.falseAlarms) / float64(s.fine) }

// scoreLabels runs Extract on each report and scores its verdicts
// against the labels: a label is found when a claim on its line states
// its figure; the verdict compared is the worst of those claims (a
// failing verdict before ambiguous before the others).
func scoreLabels(t *testing.T, labels []label, reports map[string][]byte) *score {
	t.Helper()
	s := &score{perVerdict: make(map[string]*[3]int), perReport: make(map[string]*[5]int)}
	pv := func(v string) *[3]int {
		if s.perVerdict[v] == nil {
			s.perVerdict[v] = new([3]int)
		}
		return s.perVerdict[v]
	}
	claimsOf := make(map[string][]Claim)
	for name, src := range reports {
		rep, err := Extract(name, src, Options{})
		if err != nil {
			t.Fatal(err)
		}
		claimsOf[name] = rep.Claims
	}
	labelled := make(map[string]bool) // report:line
	for _, l := range labels {
		cs, ok := claimsOf[l.report]
		if !ok {
			// A label may name the report with its extension.
			l.report = strings.TrimSuffix(l.report, filepath.Ext(l.report))
			cs, ok = claimsOf[l.report]
		}
		if !ok {
			t.Fatalf("label for report %s, which is not loaded", l.report)
		}
		labelled[fmt.Sprintf("%s:%d", l.report, l.line)] = true
		s.labels++
		pr := s.perReport[l.report]
		if pr == nil {
			pr = new([5]int)
			s.perReport[l.report] = pr
		}
		pr[0]++
		got := ""
		rank := func(v string) int {
			switch {
			case isError(v):
				return 3
			case v == "ambiguous":
				return 2
			case v == "":
				return 0
			}
			return 1
		}
		// A label is found when the claims of its line state each of
		// its figures (both of a before → after label); the verdict
		// compared is the worst of the claims that state one.
		keys := labelKeys(l.figure)
		seen := make([]bool, len(keys))
		worst := ""
		for _, c := range cs {
			if c.Line != l.line {
				continue
			}
			match := false
			texts := make([]string, 0, len(c.Numbers)+1)
			for _, n := range c.Numbers {
				texts = append(texts, n.Text)
			}
			if c.Cross != nil {
				texts = append(texts, c.Cross.Stated.Text)
			}
			for _, tx := range texts {
				for k, key := range keys {
					if figureKey(tx) == key {
						seen[k], match = true, true
					}
				}
			}
			if match && rank(c.Verdict.String()) > rank(worst) {
				worst = c.Verdict.String()
			}
		}
		if !slices.Contains(seen, false) {
			got = worst
		}
		if got == "" {
			s.missed = append(s.missed, fmt.Sprintf("%s:%d %s (%s)", l.report, l.line, l.figure, strings.Join(l.verdicts, "|")))
			got = "unverifiable" // not found: no verdict
		} else {
			s.found++
			pr[1]++
		}
		labErr := isError(l.verdicts[0])
		for _, v := range l.verdicts {
			pv(v)[2]++
		}
		pv(got)[1]++
		if slices.Contains(l.verdicts, got) {
			pv(got)[0]++
		}
		switch {
		case labErr:
			s.errors++
			pr[2]++
			if isError(got) {
				s.caught++
				pr[3]++
			} else {
				s.uncaught = append(s.uncaught, fmt.Sprintf("%s:%d %s labelled %s, verify says %s", l.report, l.line, l.figure, l.verdicts[0], got))
			}
		default:
			s.fine++
			if isError(got) && !slices.ContainsFunc(l.verdicts, isError) {
				s.falseAlarms++
				pr[4]++
				s.falseNamed = append(s.falseNamed, fmt.Sprintf("%s:%d %s labelled %s, verify says %s", l.report, l.line, l.figure, l.verdicts[0], got))
			}
		}
	}
	names := make([]string, 0, len(claimsOf))
	for n := range claimsOf {
		names = append(names, n)
	}
	slices.Sort(names)
	for _, name := range names {
		for _, c := range claimsOf[name] {
			if c.Verdict.Failed() && !labelled[fmt.Sprintf("%s:%d", name, c.Line)] {
				s.unlabelledAlarms = append(s.unlabelledAlarms, fmt.Sprintf("%s:%d %q %s", name, c.Line, c.Claimed, c.Verdict))
				pv(c.Verdict.String())[1]++
			}
		}
	}
	return s
}

func (s *score) log(t *testing.T, set string) {
	t.Helper()
	t.Logf("%s: %d labels; extracted at their line %d (%.1f%%); errors caught %d of %d (%.1f%%); false alarms %d of %d consistent, ambiguous or unverifiable (%.1f%%); %d alarms on unlabelled claims",
		set, s.labels, s.found, 100*s.extraction(), s.caught, s.errors, 100*s.recall(), s.falseAlarms, s.fine, 100*s.falseRate(), len(s.unlabelledAlarms))
	reps := make([]string, 0, len(s.perReport))
	for r := range s.perReport {
		reps = append(reps, r)
	}
	slices.Sort(reps)
	for _, r := range reps {
		p := s.perReport[r]
		t.Logf("%s: report %s: %d labels, %d extracted, errors caught %d of %d, %d false alarms", set, r, p[0], p[1], p[3], p[2], p[4])
	}
	vs := make([]string, 0, len(s.perVerdict))
	for v := range s.perVerdict {
		vs = append(vs, v)
	}
	slices.Sort(vs)
	for _, v := range vs {
		c := s.perVerdict[v]
		prec, rec := "-", "-"
		if c[1] > 0 {
			prec = fmt.Sprintf("%d/%d", c[0], c[1])
		}
		if c[2] > 0 {
			rec = fmt.Sprintf("%d/%d", c[0], c[2])
		}
		t.Logf("%s: %-18s precision %-7s recall %s", set, v, prec, rec)
	}
	for _, m := range s.missed {
		t.Logf("%s: not extracted: %s", set, m)
	}
	for _, m := range s.uncaught {
		t.Logf("%s: error not caught: %s", set, m)
	}
	for _, m := range s.falseNamed {
		t.Logf("%s: false alarm: %s", set, m)
	}
	for _, m := range s.unlabelledAlarms {
		t.Logf("%s: alarm on an unlabelled claim: %s", set, m)
	}
}

// floors are the scores last measured (go test ./claims -run TestLabels
// -v, 2026-11-26, after the sixth round of fixes: rules for classes of
// misses, see testdata/labels/README.md); a change that lowers one fails
// the test. Extraction and errors caught are minimums, false alarms and
// alarms on unlabelled claims maximums. Issue 14's targets are ≥ 95 %
// extracted, ≥ 2/3 of errors caught, ≤ 3 % false alarms.
//
// Raised after the thirty-eighth round (testdata/labels/README.md,
// "Thirty-eighth round"): extraction of blind1, blind4–6, blind8, blind10,
// blind15, blind17–19, blind23–28, blind30, blind33–37; false alarms of
// blind36 and blind37.
var floors = map[string]struct {
	extraction, recall, falseRate float64
	unlabelled                    int
}{
	"seeds":   {extraction: 219.0 / 223, recall: 27.0 / 35, falseRate: 0.0 / 188, unlabelled: 0},
	"heldout": {extraction: 104.0 / 104, recall: 23.0 / 23, falseRate: 0.0 / 81, unlabelled: 0},
	// blind1 raised in the forty-second round (a binary prefix for a
	// decimal one: 14/16).
	"blind1": {extraction: 96.0 / 97, recall: 14.0 / 16, falseRate: 1.0 / 81, unlabelled: 0},
	// Raised after the thirtieth round (a pair "N down to M": 14/20).
	// Raised in the forty-seventh round (wordFactors: 122/127 extracted).
	// Raised in the fiftieth round (differenceOfNamedRowOff: 15/20).
	"blind2": {extraction: 122.0 / 127, recall: 15.0 / 20, falseRate: 0.0 / 107, unlabelled: 0},
	// After the seventh round (testdata/labels/README.md, "Seventh round").
	// blind3, blind4, blind11 and blind12 raised after the twelfth round
	// (testdata/labels/README.md, "Twelfth round").
	// blind3–blind10, blind14–blind16 and blind18 raised after the
	// nineteenth round (testdata/labels/README.md, "Nineteenth round"),
	// as was blind1's extraction. heldout, blind2, blind3, blind16,
	// blind18 and blind19 raised after the twentieth round
	// (testdata/labels/README.md, "Twentieth round"). blind2, blind6,
	// blind7, blind9, blind11, blind16, blind18, blind19, blind20 and
	// blind21 raised after the twenty-second round (testdata/labels/
	// README.md, "Twenty-second round").
	// Raised in the forty-seventh round (wordFactors: 147/157 extracted).
	// Raised in the forty-seventh round (countOfTotal: 148/157 extracted).
	"blind3": {extraction: 148.0 / 157, recall: 16.0 / 19, falseRate: 0.0 / 138, unlabelled: 0},
	// Raised after the twenty-third round (10/17).
	// Raised after the twenty-fifth round (a time whose prefix slipped:
	// 11/17).
	// Raised in the forty-seventh round (wordFactors: 141/148 extracted).
	"blind4": {extraction: 141.0 / 148, recall: 11.0 / 17, falseRate: 2.0 / 131, unlabelled: 0},
	// Raised after the twenty-eighth round (a factor beside a pair of
	// settings: 0/102).
	// Raised in the forty-seventh round (wordFactors: 107/117 extracted).
	"blind5": {extraction: 107.0 / 117, recall: 10.0 / 15, falseRate: 0.0 / 102, unlabelled: 0},
	// Scored blind once after the seventh round (127/150, 9/17, 11/133,
	// 2), then one bug of that round fixed (a figure per day in
	// parentheses read as another unit of a figure per minute).
	// Raised after the eighteenth round (an amount restated per another
	// period: 10/17).
	// Raised after the twenty-third round (135/150).
	// Raised after the twenty-seventh round (a factor apart from its
	// line's pair: one alarm on an unlabelled claim fewer).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 136/150; a new sentence's own subject: no alarm on an unlabelled
	// claim).
	// Raised in the forty-sixth round (ratioOnSlippedSide: 1/133).
	"blind6": {extraction: 141.0 / 150, recall: 13.0 / 17, falseRate: 1.0 / 133, unlabelled: 0},
	// Scored blind once after the seventh round (120/160, 10/17,
	// 15/143, 1), then developed on in the eighth (testdata/labels/
	// README.md, "Eighth round"). Raised after the twenty-first round
	// (a verb of change is no subject word: 0/143).
	// Raised after the twenty-third round (13/17).
	// Raised after the twenty-seventh round (criterion's change lines:
	// 152/160).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 153/160).
	"blind7": {extraction: 153.0 / 160, recall: 13.0 / 17, falseRate: 0.0 / 143, unlabelled: 0},
	// Scored blind once after the eighth round (166/199, 8/17, 9/182),
	// not developed on; raised after the ninth round.
	// Raised after the twenty-sixth round (a pair mixing two rows, its
	// before figure of two digits: 14/17).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 194/199).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 194/199, 14/17, 1/182).
	// periodWrapped (forty-ninth round): 196/199 extracted.
	"blind8": {extraction: 196.0 / 199, recall: 14.0 / 17, falseRate: 1.0 / 182, unlabelled: 0},
	// Scored blind once after the eighth round (2026-11-27; log of that
	// run: 208/302 extracted, 6/18 caught, 21/284 false alarms, 0
	// unlabelled), then developed on in the ninth (testdata/labels/
	// README.md, "Ninth round").
	// blind1–blind8 raised to their scores after the ninth round.
	// Raised after the eighteenth round (a percentage after "a rise of":
	// 292/302 extracted).
	// Raised in the forty-seventh round (timesFactors: 293/302 extracted).
	"blind9": {extraction: 293.0 / 302, recall: 15.0 / 18, falseRate: 0.0 / 284, unlabelled: 0},
	// Scored blind once after the ninth round (2026-11-27: 302/415
	// extracted, 12/18 caught, 13/397 false alarms, 0 unlabelled), then
	// developed on in the tenth (testdata/labels/README.md, "Tenth
	// round") and raised to its score after it.
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 407/415).
	"blind10": {extraction: 408.0 / 415, recall: 16.0 / 18, falseRate: 1.0 / 397, unlabelled: 0},
	// Scored blind once after the tenth round (2026-11-27): 325/368
	// extracted, 7/17 caught, 32/351 false alarms, 0 unlabelled — the
	// ninth-round reader scored it the same, to the figure. Then developed
	// on in the eleventh (testdata/labels/README.md, "Eleventh round")
	// and raised to its score after it. Raised after the twenty-first
	// round (1/351).
	// Raised after the twenty-ninth round (a clause begun on the line
	// before: 0/351).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 354/368).
	"blind11": {extraction: 354.0 / 368, recall: 15.0 / 17, falseRate: 0.0 / 351, unlabelled: 0},
	// Scored blind once with the tenth-round reader (2026-11-27: 175/220
	// extracted, 5/18 caught, 4/202 false alarms, 0 unlabelled) and once
	// with the eleventh-round reader, which had not seen it either:
	// 179/220, 5/18, 4/202. Now a development set with these floors,
	// raised after the thirteenth round (testdata/labels/README.md,
	// "Thirteenth round").
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 214/220, 11/18, 0/202).
	// Raised in the forty-seventh round (timesFactors: 215/220 extracted).
	// periodWrapped (forty-ninth round): 216/220 extracted.
	"blind12": {extraction: 216.0 / 220, recall: 11.0 / 18, falseRate: 0.0 / 202, unlabelled: 0},
	// Scored blind with the eleventh-round reader (2026-11-27: 152/223
	// extracted, 4/19 caught, 9/204 false alarms, 0 unlabelled) and once
	// with the twelfth, which had not seen it either: 152/223, 5/19,
	// 9/204. Now a development set with these floors.
	// Then raised to its score after a rule developed on it: a factor
	// column beside the only two columns of one unit among more; and
	// again after the thirteenth round, developed on it and blind12.
	// Raised after the twenty-fifth round (a before figure naming its
	// one result: 11/19).
	// Raised after the thirtieth round (a priced CPU: line: 217/223).
	"blind13": {extraction: 217.0 / 223, recall: 11.0 / 19, falseRate: 0.0 / 204, unlabelled: 0},
	// Scored blind with the twelfth-round reader (2026-11-27, session 14:
	// 264/360 extracted, 4/18 caught, 21/342 false alarms, 2 alarms on
	// unlabelled claims) and once with the thirteenth, which had not seen
	// it either: 308/360, 4/18, 21/342, 2. Now a development set with
	// these floors, raised after the fourteenth round (developed on it)
	// and the fifteenth (counts written with a multiplier, multiples of
	// a reference: 328/360).
	// Raised after the eighteenth round (two summaries of one subject:
	// 13/18).
	// Raised in the forty-seventh round (countOfTotal: 334/360 extracted).
	"blind14": {extraction: 334.0 / 360, recall: 15.0 / 18, falseRate: 0.0 / 342, unlabelled: 2},
	// Scored blind with the thirteenth-round reader (2026-11-27, session 14:
	// 218/245 extracted, 7/18 caught, 11/227 false alarms, 0 alarms on
	// unlabelled claims) and once with the fourteenth, which had not seen
	// it either: 219/245, 6/18, 12/227, 0. Now a development set with
	// these floors, raised after the fifteenth round (developed on it):
	// 238/245, 16/18, 1/227, 0.
	"blind15": {extraction: 239.0 / 245, recall: 17.0 / 18, falseRate: 1.0 / 227, unlabelled: 0},
	// Scored blind with the fourteenth-round reader (2026-11-27, session 15:
	// 216/250 extracted, 7/19 caught, 12/231 false alarms, 0 alarms on
	// unlabelled claims) and once with the fifteenth, which had not seen
	// it either: 218/250, 7/19, 13/231, 0. Now a development set with
	// these floors, raised after the seventeenth round (an alarm rests on
	// the figures the claim rests on; testdata/labels/README.md,
	// "Seventeenth round"), as were blind3, blind4, blind5, blind6,
	// blind7, blind8, blind10, blind11, blind12 and blind14.
	// Raised after the eighteenth round (one amount over two periods:
	// 10/19).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 231/250, 13/19, 0/231).
	"blind16": {extraction: 231.0 / 250, recall: 13.0 / 19, falseRate: 0.0 / 231, unlabelled: 0},
	// blind17, scored blind once with the fifteenth round (217/249,
	// 8/18, 9/231) and once with the seventeenth (217/249, 8/18, 7/231).
	// Then developed on in the eighteenth round (testdata/labels/
	// README.md, "Eighteenth round") and raised to its score after it.
	// Raised after the twenty-first round (5/231).
	// Raised after the twenty-third round (218/249, 3/231).
	// Raised after the twenty-seventh round (a table breaks a
	// contradiction: 2/231).
	// Raised after the twenty-ninth round (columns of a statistic and a
	// variant take the unit of the text above, a multiple of a named
	// reference apart from its line's pair: 237/249, 1/231).
	// Raised in the forty-seventh round (the scorer keys "p99=4.61ms" by
	// its figure: 240/249 extracted).
	"blind17": {extraction: 240.0 / 249, recall: 14.0 / 18, falseRate: 1.0 / 231, unlabelled: 0},
	// blind18, scored blind once with the eighteenth round (291/317,
	// 9/19, 5/298), then developed on in the nineteenth.
	// Raised after the twenty-third round (299/317).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 300/317).
	"blind18": {extraction: 305.0 / 317, recall: 14.0 / 19, falseRate: 5.0 / 298, unlabelled: 0},
	// blind19, scored blind once with the nineteenth round (219/246,
	// 9/19, 5/227, two alarms on unlabelled claims), then developed on
	// in the twentieth round.
	// Raised after the twenty-first round (4/227).
	// Raised after the twenty-third round (222/246).
	// Raised after the twenty-sixth round (no alarm on an unlabelled
	// claim: a rate beside its own line's time).
	// Raised after the twenty-ninth round (rows of releases: 3/227).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 224/246).
	// Raised in the thirty-third round (otherSentencePair on: 2/227).
	// Raised in the forty-seventh round (timesFactors: 231/246 extracted).
	"blind19": {extraction: 231.0 / 246, recall: 13.0 / 19, falseRate: 1.0 / 227, unlabelled: 0},
	// blind20, scored blind once with the twentieth round (230/252,
	// 10/18, 12/234): its floors. Raised after the twenty-first round
	// (6/234).
	// Raised after the twenty-eighth round (hours with decimals: 238/252).
	"blind20": {extraction: 238.0 / 252, recall: 14.0 / 18, falseRate: 6.0 / 234, unlabelled: 0},
	// blind21, scored blind once with the twenty-first round (240/250,
	// 11/19, 5/231): its floors.
	// Raised after the twenty-fifth round (a time whose prefix slipped:
	// 17/19).
	// Raised after the twenty-ninth round (a clause begun on the line
	// before: 1/231).
	"blind21": {extraction: 243.0 / 250, recall: 17.0 / 19, falseRate: 1.0 / 231, unlabelled: 0},
	// blind22, scored blind once with the twenty-second round (232/246,
	// 12/17, 5/229, one alarm on an unlabelled claim): its floors.
	// Raised after the twenty-third round (236/246, 16/17, 0/229, none
	// on unlabelled claims).
	"blind22": {extraction: 236.0 / 246, recall: 16.0 / 17, falseRate: 0.0 / 229, unlabelled: 0},
	// blind23, scored blind once with the twenty-third round (295/317,
	// 15/19, 15/298): its floors.
	// Raised after the twenty-sixth round (a factor printed with its
	// spread, a percentage of the figure before it: 301/317, 7/298).
	// Raised after the twenty-seventh round (criterion's change lines,
	// a table breaks a contradiction: 306/317, 6/298).
	// Raised after the twenty-ninth round (a clause begun on the line
	// before: 5/298).
	// Raised after the thirtieth round (figures beside a line's only pair,
	// a new sentence's own subject: 308/317, 4/298).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 308/317, 16/19, 4/298).
	// differenceOfPrintedPair (fifty-fifth round): 1/298 false alarms.
	"blind23": {extraction: 309.0 / 317, recall: 16.0 / 19, falseRate: 1.0 / 298, unlabelled: 0},
	// blind24, scored blind once with the twenty-fourth round (320/335,
	// 6/21, 8/314, one alarm on an unlabelled claim): its floors.
	// Raised after the twenty-fifth round, developed on it (19/21,
	// 2/314).
	// Raised after the twenty-sixth round (a factor printed with its
	// spread: 323/335).
	// Raised after the twenty-seventh round (a size restated in
	// parentheses past words, a factor apart from its line's pair: 0/314).
	// Raised after the twenty-eighth round (hours with decimals, a fall
	// over the whole: 325/335, 20/21).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 326/335).
	"blind24": {extraction: 327.0 / 335, recall: 20.0 / 21, falseRate: 0.0 / 314, unlabelled: 1},
	// blind25, scored blind once with the twenty-fifth round (298/324,
	// 5/21, 14/303, one alarm on an unlabelled claim), then developed on
	// in the twenty-sixth round: 298/324, 5/21, 8/303, 1.
	// Raised after the twenty-seventh round (302/324, 8/21).
	// Raised after the twenty-eighth round (compare.py rows: 311/324,
	// 5/303).
	// Raised after the twenty-ninth round (a conversion past words:
	// 9/21).
	// Raised after the thirtieth round (one amount is no pair, a saving of
	// a named row, mixes also when not alone: 313/324, 11/21, 2/303).
	// Lowered in the thirty-first round (another amount of a priced
	// sentence: 1/303 false alarms).
	// Raised in the thirty-third round ("needed 35 % more space than",
	// the wrong base; a rounded after figure of another row: 13/21).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 313/324, 16/21, 1/303).
	// Raised in the forty-first round (hyperfine spreads: 318/324).
	// Raised in the forty-second round (a pair restated with another
	// figure after: 19/21).
	// Raised in the forty-seventh round (wordFactors: 319/324 extracted).
	// mixedRatioSide (forty-ninth round): 20/21 caught.
	// tenfoldUnitPeriod (fifty-first round): 21/21.
	"blind25": {extraction: 319.0 / 324, recall: 21.0 / 21, falseRate: 0.0 / 303, unlabelled: 1},
	// blind26, scored blind once with the twenty-sixth round (311/338,
	// 12/20, 14/318): its floors.
	// Developed on in the twenty-seventh round and raised to its score
	// after it (316/338, 14/20, 12/318).
	// Raised after the twenty-ninth round (a conversion past words:
	// 15/20).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 318/338).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 320/338, 16/20, 10/318).
	// Raised in the forty-first round (hyperfine spreads, per-item
	// table columns: 334/338).
	// Raised in the forty-fourth round (differenceByFrom: 17/20).
	// Raised in the forty-seventh round (countOfTotal: 335/338 extracted).
	"blind26": {extraction: 335.0 / 338, recall: 17.0 / 20, falseRate: 7.0 / 318, unlabelled: 0},
	// blind27, scored blind once with the twenty-seventh round (316/351,
	// 10/23, 17/328, no alarm on an unlabelled claim): its floors.
	// Developed on in the twenty-eighth round and raised to its score
	// after it (compare.py rows, hours with decimals, a factor beside a
	// pair of settings: 329/351, 11/23, 15/328).
	// Raised after the twenty-ninth round (criterion's throughput
	// changes, a peak as a reference: 330/351, 12/328).
	// Raised after the thirtieth round (other subjects since a block's
	// pair, the last ratio of a list, mixes also when not alone: 337/351,
	// 12/23, 7/328). Raised in the thirty-first round (a range of
	// factors written with "to", a time of a batch is no time per item:
	// 338/351, 5/328).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 338/351, 14/23, 5/328).
	// Raised in the forty-first round (a projection's monthly total:
	// 15/23).
	// Raised in the forty-fourth round (scaledOverOwnSentence: 16/23;
	// wrongBasePercent: 17/23).
	// Raised in the forty-fifth round (rowNamedByPercentile: 18/23).
	// Raised in the forty-seventh round (wordFactors: 346/351 extracted).
	// factorAfterOwnPair (forty-ninth round): 4/328 false alarms;
	// mixedRatioSide: 19/23 caught.
	"blind27": {extraction: 346.0 / 351, recall: 19.0 / 23, falseRate: 4.0 / 328, unlabelled: 0},
	// blind28, scored blind once with the twenty-eighth round (276/289,
	// 6/20, 18/269, no alarm on an unlabelled claim): its floors.
	// Developed on in the twenty-ninth round and raised to its score
	// after it (criterion's ids on their own line, rows of releases,
	// units of statistic columns, …: 8/20, 5/269).
	// Raised after the thirtieth round (figures beside a line's only pair:
	// 277/289).
	// Raised in the thirty-third round (insteadOfAcrossBreak on: 9/20).
	// Raised in the forty-first round (hyperfine's markdown table:
	// 281/289).
	// Raised in the forty-second round (prefix slips of two digits: 10/20).
	// Raised in the forty-fourth round (conversionWrongWay: 11/20).
	// Raised in the forty-fourth round (pairAfterOtherRow: 13/20).
	// Raised in the forty-fifth round (contradictionIsDifference: 2/269).
	// Raised in the forty-seventh round (periodTotalTenfold: 14/20 caught).
	"blind28": {extraction: 281.0 / 289, recall: 14.0 / 20, falseRate: 2.0 / 269, unlabelled: 0},
	// blind29, scored blind once with the twenty-ninth round (335/347,
	// 10/20, 14/327, no alarm on an unlabelled claim): its floors.
	// Raised after the thirtieth round (JMH parameters, one amount is no
	// pair, other subjects since a pair, a priced CPU: line, …: 338/347,
	// 12/20, 4/327).
	// Raised in the thirty-third round (insteadOfAcrossBreak on: 339/347).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 339/347, 13/20, 4/327).
	// Raised in the forty-fourth round (conversionWrongWay: 15/20).
	// Raised in the forty-fourth round (productChain: 16/20).
	// Raised in the forty-fifth round (slipRestatesChange: 17/20).
	// Raised in the forty-seventh round (timesFactors: 340/347 extracted).
	// Raised in the fifty-second round (factorOffPairBefore: 18/20).
	"blind29": {extraction: 340.0 / 347, recall: 18.0 / 20, falseRate: 2.0 / 327, unlabelled: 0},
	// blind30, scored blind once with the thirtieth round (283/306, 5/19,
	// 4/287, one alarm on an unlabelled claim): its floors. Raised in the
	// thirty-first round (pytest-benchmark's table read, ranges of
	// factors, another amount of a priced sentence, a time of a batch:
	// 298/306, 3/287, no alarm on an unlabelled claim).
	// Raised in the thirty-third round ("needed 72.1 % more CPU … than",
	// the wrong base; a rounded after figure of another row: 7/19).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 300/306, 9/19, 2/287).
	// Raised in the forty-second round (a pair restated with another
	// figure after: 11/19).
	// Raised in the forty-fourth round (pairAfterOtherRow: 13/19).
	// Raised in the forty-fifth round (prefixSlipWiderReach: 14/19).
	// Raised in the forty-fifth round (rowNamedByChange: 15/19).
	// percentileRowRestated (forty-ninth round): 16/19 caught.
	// differenceOfPrintedPair (fifty-fifth round): 0/287 false alarms.
	"blind30": {extraction: 305.0 / 306, recall: 16.0 / 19, falseRate: 0.0 / 287, unlabelled: 0},
	// blind31, scored blind once with the thirty-first round (291/302,
	// 11/20, 14/282, one alarm on an unlabelled claim): its floors.
	// Raised in the thirty-third round (a range of percentages written
	// with "to"; the p95 before and p50 after of a row: 13/20, 11/282).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 294/302, 15/20, 10/282).
	// Raised in the forty-fifth round (prefixSlipWiderReach: 16/20).
	// Raised in the forty-fifth round (contradictionIsDifference: 9/282).
	// ratioOfPrintedPair (fifty-fifth round): 8/282 false alarms.
	"blind31": {extraction: 294.0 / 302, recall: 16.0 / 20, falseRate: 8.0 / 282, unlabelled: 1},
	// blind32, scored blind once with the thirty-second round (313/322,
	// 12/21, 27/301, no alarm on an unlabelled claim): its floors.
	// Raised in the thirty-third round (JMH's two runs paired, a range of
	// factors written with "to", a sweep pair read as a sweep, a total
	// of its sentence's size, "needed N % more time than": 13/21,
	// 16/301).
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 313/322, 15/21, 13/301).
	// Raised in the forty-first round (compare.py changes quoted in
	// prose: 314/322).
	// Raised in the forty-fourth round (pairAfterOtherRow: 17/21).
	// Raised in the forty-sixth round (ratioOnSlippedSide: 10/301).
	// Raised in the forty-sixth round (rowOfOtherSetting: 19/21).
	// factorAfterOwnPair (forty-ninth round): 9/301 false alarms.
	// benchstatGeomeanRestated (fifty-fourth round): 20/21.
	// differenceOfPrintedPair (fifty-fifth round): 8/301 false alarms.
	"blind32": {extraction: 314.0 / 322, recall: 20.0 / 21, falseRate: 8.0 / 301, unlabelled: 0},
	// blind33, scored blind once with the thirty-third round (300/330,
	// 13/21, 8/309, two alarms on unlabelled claims): its floors.
	// Raised in the thirty-fourth round (testdata/labels/README.md,
	// "Thirty-fourth round": 313/330, 15/21, 7/309).
	// Raised in the thirty-sixth round (deltaPastSaved on: 2/309).
	// Raised in the forty-fourth round (pairAfterOtherRow: 17/21).
	// Raised in the forty-fifth round (contradictionTableAgrees: 1 alarm on an unlabelled claim).
	"blind33": {extraction: 325.0 / 330, recall: 17.0 / 21, falseRate: 2.0 / 309, unlabelled: 1},
	// blind34, scored blind once with the thirty-fourth round (300/317,
	// 11/20, 19/297, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-fourth round (conversionWrongWay: 15/20).
	// Raised in the forty-fifth round (changeCellOwnRow: 9/297).
	// Raised in the forty-seventh round (periodTotalTenfold: 16/20 caught).
	"blind34": {extraction: 308.0 / 317, recall: 16.0 / 20, falseRate: 9.0 / 297, unlabelled: 0},
	// blind35, scored blind once with the thirty-fifth round (283/302,
	// 10/20, 18/282, no alarm on an unlabelled claim): its floors.
	// Raised in the thirty-sixth round (deltaPastSaved on: 11/20,
	// 12/282).
	// Raised in the forty-second round (a slip of a named row's cell
	// rounded: 12/20).
	// Raised in the forty-fourth round (conversionWrongWay: 13/20).
	// Raised in the forty-fifth round (rowNamedByPercentile: 14/20).
	// Raised in the forty-seventh round (timesFactors: 289/302 extracted).
	// Raised in the forty-seventh round (periodTotalTenfold: 15/20 caught).
	// ratioOfPrintedPair (fifty-fifth round): 5/282 false alarms.
	"blind35": {extraction: 289.0 / 302, recall: 15.0 / 20, falseRate: 5.0 / 282, unlabelled: 0},
	// blind36, scored blind once with the thirty-sixth round (274/285,
	// 10/21, 12/264, one alarm on an unlabelled claim): its floors.
	// Raised in the forty-fourth round (productChain: 14/21;
	// contradictionSparesOtherSide: 1/264).
	// Raised in the forty-fifth round (prefixSlipWiderReach: 15/21).
	// Raised in the forty-fifth round (slipRestatesChange: 16/21).
	// Raised in the forty-seventh round (countOfTotal: 280/285 extracted).
	"blind36": {extraction: 280.0 / 285, recall: 16.0 / 21, falseRate: 1.0 / 264, unlabelled: 1},
	// blind37, scored blind once with the thirty-seventh round (326/374,
	// 13/19, 11/355, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-second round (prefix slips of two digits: 14/19).
	// Raised in the forty-fourth round (differenceByFrom: 15/19).
	// Raised in the forty-sixth round (ratioOnSlippedSide: 6/355).
	// Raised in the forty-sixth round (differenceOnSlippedSide: 5/355).
	// Raised in the forty-seventh round (timesFactors: 340/374 extracted).
	// Raised in the forty-seventh round (periodTotalTenfold: 16/19 caught).
	"blind37": {extraction: 340.0 / 374, recall: 16.0 / 19, falseRate: 4.0 / 355, unlabelled: 0},
	// blind38, scored blind once with the thirty-eighth round (314/326,
	// 13/21, 10/305, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-seventh round (timesFactors: 321/326 extracted).
	// pairSidePrefixSlip (fifty-first round): 15/21.
	"blind38": {extraction: 321.0 / 326, recall: 15.0 / 21, falseRate: 2.0 / 305, unlabelled: 0},
	// blind39, scored blind once with the thirty-ninth round (302/322,
	// 7/22, 9/300, no alarm on an unlabelled claim): its floors.
	// Raised in the fortieth round (9/22) and the forty-first (10/22).
	// The forty-first round set roundedPrefixApart off (it helped
	// blind39 only): 10/300 false alarms, the score before the fortieth
	// round kept it.
	// Raised in the forty-first round (hyperfine spreads: 303/322).
	// Raised in the forty-fourth round (pairAfterOtherRow: 11/22).
	// Raised in the forty-fifth round (prefixSlipWiderReach: 12/22).
	// Raised in the forty-seventh round (timesFactors: 304/322 extracted).
	// periodWrapped (forty-ninth round): 305/322 extracted.
	// percentileRowRestated (forty-ninth round): 13/22 caught.
	// differenceOfPrintedPair (fifty-fifth round): 7/300 false alarms.
	"blind39": {extraction: 305.0 / 322, recall: 13.0 / 22, falseRate: 7.0 / 300, unlabelled: 0},
	// blind40, scored blind once with the fortieth round (302/318,
	// 13/19, 3/299, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-first round (compare.py changes quoted in
	// prose, the geometric mean's sentence past "i.e.": 303/318, 2/299).
	// Raised in the forty-first round (hyperfine spreads, per-item
	// table columns: 307/318).
	"blind40": {extraction: 307.0 / 318, recall: 13.0 / 19, falseRate: 2.0 / 299, unlabelled: 0},
	// blind41, scored blind once with the forty-first round (383/394,
	// 9/19, 6/375, two alarms on unlabelled claims): its floors.
	// Raised in the forty-second round (prefix slips of two digits, a binary prefix for a decimal one: 11/19).
	// Raised again (a pair restated with another figure after: 12/19; a slip of a
	// named row's cell rounded: 13/19).
	// Raised in the forty-fourth round (productChain: 14/19).
	// Raised in the forty-sixth round (ratioOnMisquotedSide: 5/375).
	// differenceOfPrintedPair (fifty-fifth round): 4/375 false alarms.
	"blind41": {extraction: 383.0 / 394, recall: 14.0 / 19, falseRate: 4.0 / 375, unlabelled: 2},
	// blind42, scored blind once with the forty-second round (310/324,
	// 13/20, 7/304, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-third round (a factor the quotient of two figures: 5/304;
	// JMH's ops/ms: 311/324; a factor the quotient of a block's runs: 4/304;
	// of its sentence's figures: 3/304).
	// Raised in the forty-fourth round (scaledOverAfterComma: 14/20;
	// percentOverNew: 16/20).
	// Raised in the forty-seventh round (timesFactors: 312/324 extracted).
	// savedBesidePair (forty-ninth round): 315/324 extracted;
	// periodWrapped: 317/324.
	"blind42": {extraction: 317.0 / 324, recall: 16.0 / 20, falseRate: 3.0 / 304, unlabelled: 0},
	// blind43, scored blind once with the forty-third round (270/282,
	// 18/22, 9/260, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-fourth round (minutesShortM: 19/22, 7/260;
	// contradictionSparesOtherSide: 4/260; differenceByFrom: 20/22).
	// Raised in the forty-fifth round (contradictionIsDifference: 3/260).
	// Raised in the forty-fifth round (totalOverCount: 21/22).
	// Raised in the forty-seventh round (timesFactors: 271/282 extracted).
	"blind43": {extraction: 271.0 / 282, recall: 21.0 / 22, falseRate: 2.0 / 260, unlabelled: 0},
	// blind44, scored blind once with the forty-fourth round (213/222,
	// 12/22, 7/200, one alarm on an unlabelled claim): its floors.
	// Raised in the forty-fifth round (prefixSlipWiderReach: 13/22).
	// Raised in the forty-fifth round (rowDifferencePrefixSlip: 14/22).
	// Raised in the forty-fifth round (savingRestatesSaving: 15/22).
	// Raised in the forty-fifth round (criterionChangeOnPair: 5/200).
	// Raised in the forty-fifth round (contradictionTableAgrees: 3/200).
	// Raised in the forty-fifth round (sameQualifierRestated: 16/22).
	// Raised in the forty-fifth round (expectationDenied: 17/22).
	// Raised in the forty-fifth round (rowNamedByPercentile: 18/22).
	// Raised in the forty-fifth round (wrkCounts: 217/222 extracted).
	// Raised in the forty-fifth round (laterSubsectionNames: 1/200).
	// Raised in the forty-fifth round (operatingDaysYear: 19/22).
	// Raised in the forty-fifth round (totalOverCount: 20/22).
	// Raised in the forty-fifth round (contradictionIsProduct: 0/200).
	"blind44": {extraction: 217.0 / 222, recall: 20.0 / 22, falseRate: 0.0 / 200, unlabelled: 1},
	// blind45, scored blind once with the forty-fifth round (230/259,
	// 9/24, 11/235, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-sixth round (ratioOnMisquotedSide: 10/235).
	// Raised in the forty-sixth round (ratioOnSlippedSide: 9/235).
	// Raised in the forty-sixth round (rowOfOtherSetting: 13/24).
	// Raised in the forty-sixth round (rateTimePerPeriod: 8/235).
	// Raised in the forty-sixth round (rateQuoted: 7/235).
	// Raised in the forty-sixth round (k6Counters: 235/259 extracted).
	// Raised in the forty-sixth round (perfStatRatios: 239/259 extracted).
	// Raised in the forty-sixth round (bdnRatioCells: 245/259 extracted).
	// Raised in the forty-seventh round (ratePerItemWrapped: 14/24
	// caught).
	// Raised in the forty-seventh round (wordFactors: 246/259 extracted;
	// differencePrefixSlip: 15/24 caught; bdnFactorRows: 4/235 false
	// alarms).
	// periodCountOfTen (forty-ninth round): 16/24 caught;
	// percentileRowRestated: 17/24; pairSideOtherRow: 18/24.
	// rateOfOneCoreOff (fifty-first round): 19/24.
	"blind45": {extraction: 246.0 / 259, recall: 19.0 / 24, falseRate: 4.0 / 235, unlabelled: 0},
	// blind46, scored blind once with the forty-sixth round (237/258,
	// 15/24, 6/234, two alarms on unlabelled claims): its floors.
	// Raised in the forty-seventh round (criterionTimeLevel: 240/258
	// extracted); perfStatRates: no alarm on an unlabelled claim (two
	// before); ratePerItemWrapped: 16/24 caught; monthOfThirtyDays: 5/234
	// false alarms.
	// Raised in the forty-seventh round (wordFactors: 243/258 extracted;
	// differencePrefixSlip: 17/24 caught).
	// Raised in the forty-seventh round (the scorer keys "med=39.7ms",
	// "p(95)=121.6ms" by their figures: 247/258 extracted;
	// rowNamedByDown: 18/24 caught; listChainTotals: 19/24 caught).
	// Raised in the forty-seventh round (timesFactors: 248/258 extracted).
	// k6RunPairs: 4/234 false alarms (the floor on false alarms is a
	// ceiling).
	// pValueRestated: 249/258 extracted.
	// periodTableRows: 20/24 caught, 3/234 false alarms.
	// percentileFromSource (forty-ninth round): 21/24 caught;
	// k6PercentileRestated: 22/24; mixedRatioSide: 23/24.
	// ratePrefixedElements (fifty-second round): 24/24.
	"blind46": {extraction: 249.0 / 258, recall: 24.0 / 24, falseRate: 3.0 / 234, unlabelled: 0},
	// blind47, scored blind once with the forty-seventh round (230/246,
	// 10/23, 9/223, one alarm on an unlabelled claim): its floors.
	// percentileFromSource (forty-ninth round): 11/23 caught;
	// periodWrapped: 12/23; periodCountOfTen: 14/23; k6RequestFactor:
	// 5/223 false alarms; pairSideOtherRow: 15/23; pricedAmountOfScale
	// (fiftieth round): 4/223. pairOperandsWrapped (fifty-first round):
	// 3/223. perfCounterFactor (fifty-fourth round): 16/23.
	// differenceOfPrintedPair (fifty-fifth round): 2/223 false alarms.
	"blind47": {extraction: 230.0 / 246, recall: 16.0 / 23, falseRate: 2.0 / 223, unlabelled: 0},
	// blind48, scored blind once with the same reader, a second unseen set
	// for the forty-seventh round (236/253, 11/23, 3/230, one alarm on an
	// unlabelled claim): its floors.
	// Raised in the forty-ninth round (ratePerSecondAsPeriod: 12/23;
	// savedBesidePair: 239/253 extracted; k6PercentileRestated: 13/23;
	// periodWrapped: 240/253 extracted; periodCountOfTen: 14/23).
	// rateOfOneCoreOff (fifty-first round): 15/23; conversionWrongWayRates:
	// 16/23. factorOffPairBefore (fifty-second round): 17/23;
	// rateOfCountOverTime: 18/23.
	"blind48": {extraction: 240.0 / 253, recall: 18.0 / 23, falseRate: 1.0 / 230, unlabelled: 0},
	// blind49, scored blind once with the forty-eighth round (250/259,
	// 13/28, 1/231, no alarm on an unlabelled claim): its floors.
	// Raised in the forty-ninth round (ratePerSecondAsPeriod: 14/28;
	// percentileFromSource: 18/28; savedBesidePair: 253/259 extracted;
	// k6PercentileRestated: 19/28; periodWrapped: 254/259 extracted,
	// 20/28 caught; pairSideOtherRow: 21/28; mixedRatioSide: 22/28;
	// savingOfLabelledRow: 0/231 false alarms). rateOfCountOverTime
	// (fifty-second round): 23/28.
	// differenceSlipOfPrintedPair (fifty-fifth round): 24/28.
	"blind49": {extraction: 254.0 / 259, recall: 24.0 / 28, falseRate: 0.0 / 231, unlabelled: 0},
	// blind50, scored blind once with the forty-ninth round (243/251,
	// 14/25, 5/226, one alarm on an unlabelled claim): its floors.
	// Raised in the fiftieth round (periodDayCountOff: 15/25;
	// pricedAmountOfScale: 4/226 false alarms;
	// percentileFromSourceMixed: 16/25). rateOfOneCoreOff (fifty-first
	// round): 17/25; yearOf360Days: 19/25; conversionSystemOfBytes: 20/25.
	// factorOffPercentBefore (fifty-second round): 21/25.
	"blind50": {extraction: 243.0 / 251, recall: 21.0 / 25, falseRate: 4.0 / 226, unlabelled: 1},
	// blind51, scored blind once with the forty-ninth round, a second
	// unseen set (244/256, 11/24, 5/232, one alarm on an unlabelled
	// claim): its floors. Raised in the fiftieth round
	// (equationResultOff: 12/24; periodDayCountOff: 13/24;
	// percentileFromSourceMixed: 14/24; differenceOfNamedRowOff: 16/24;
	// pointsOfPairOff: 17/24).
	"blind51": {extraction: 244.0 / 256, recall: 17.0 / 24, falseRate: 5.0 / 232, unlabelled: 1},
	// blind52, scored blind once with the fiftieth round (247/257,
	// 14/25, 6/232, one alarm on an unlabelled claim): its floors.
	// rateOfOneCoreOff (fifty-first round): 15/25; yearOf360Days: 16/25;
	// conversionWrongWayRates: 17/25; tenfoldUnitPeriod: 18/25;
	// pairAfterOtherRowCounts with benchstatPrefixStep: 20/25;
	// pairSidePrefixSlip: 21/25; quotientHalfStepAtFigure: 5/232 false
	// alarms; pairOperandsWrapped: 4/232.
	// k6PairWrapped (fifty-second round): 22/25.
	"blind52": {extraction: 247.0 / 257, recall: 22.0 / 25, falseRate: 4.0 / 232, unlabelled: 1},
	// blind53, scored blind once with the fifty-first round (245/255,
	// 17/25, 4/230, no alarm on an unlabelled claim): its floors.
	// k6PercentileRowsMixed (fifty-second round): 19/25;
	// factorOffPairBefore: 20/25; oneCoreRateTenth: 21/25;
	// pairAfterOtherRowAllocs: 22/25.
	// benchstatGeomeanRestated (fifty-fourth round): 23/25.
	"blind53": {extraction: 245.0 / 255, recall: 23.0 / 25, falseRate: 4.0 / 230, unlabelled: 0},
	// blind54, scored blind once with the fifty-second round (247/259,
	// 11/25, 14/234, no alarm on an unlabelled claim): its floors.
	// criterionChangeOwn (fifty-fourth round): 4/234 false alarms;
	// countedNounNotTimes: 3/234.
	"blind54": {extraction: 247.0 / 259, recall: 11.0 / 25, falseRate: 3.0 / 234, unlabelled: 0},
	// blind55, scored blind once with the fifty-third round (252/260,
	// 13/25, 10/235, one alarm on an unlabelled claim): its floors.
	// perfCounterSpacedName (fifty-fourth round): 9/235 false alarms.
	// benchstatGeomeanRestated: 14/25. sectionCasesNoPair: 4/235 false
	// alarms; differenceBeforeNoSide: 2/235; percentInTableHeld: 1/235;
	// k6QuoteHeld: 0/235. k6PairLaterFirst: 15/25; increaseOverSmallerOnly:
	// 16/25; perfCounterFactor: 17/25.
	"blind55": {extraction: 252.0 / 260, recall: 17.0 / 25, falseRate: 0.0 / 235, unlabelled: 1},
	// blind56, scored blind once with the fifty-fourth round (253/257,
	// 14/25, 7/232, two alarms on unlabelled claims): its floors.
	// differenceOwnSentence (fifty-fifth round): 6/232 false alarms.
	// slippedSideOwnClaim: 15/25, 5/232. moneyNotCountDifference: 4/232.
	// differenceOfPrintedPair: 3/232. differenceSlipOfPrintedPair (a time
	// split from the percentage of its claim): 16/25.
	"blind56": {extraction: 253.0 / 257, recall: 16.0 / 25, falseRate: 3.0 / 232, unlabelled: 2},
}

func checkFloors(t *testing.T, set string, s *score) {
	t.Helper()
	f := floors[set]
	if s.extraction() < f.extraction-1e-9 {
		t.Errorf("%s: extraction %.3f, below the measured %.3f", set, s.extraction(), f.extraction)
	}
	if s.recall() < f.recall-1e-9 {
		t.Errorf("%s: errors caught %.3f, below the measured %.3f", set, s.recall(), f.recall)
	}
	if s.falseRate() > f.falseRate+1e-9 {
		t.Errorf("%s: false alarms %.3f, above the measured %.3f", set, s.falseRate(), f.falseRate)
	}
	if len(s.unlabelledAlarms) > f.unlabelled {
		t.Errorf("%s: %d alarms on unlabelled claims, above the measured %d", set, len(s.unlabelledAlarms), f.unlabelled)
	}
}

// TestLabelsSeeds scores verify's verdicts against hand labels of the
// five seed reports (testdata/labels/seeds.tsv); skipped where the seeds
// are absent (see seedReports). Run with -v to see the scores.
func TestLabelsSeeds(t *testing.T) {
	paths := seedReports(t)
	reports := make(map[string][]byte)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		reports[filepath.Base(p)[:3]] = src
	}
	s := scoreLabels(t, readLabels(t, "testdata/labels/seeds.tsv"), reports)
	s.log(t, "seeds")
	checkFloors(t, "seeds", s)
}

// TestLabelsHeldOut scores verify against the reports of
// testdata/heldout, written apart from the seeds with planted and
// natural errors, and labelled in testdata/labels/heldout.tsv.
func TestLabelsHeldOut(t *testing.T) {
	scoreDevSet(t, "heldout", filepath.Join("testdata", "heldout"), "testdata/labels/heldout.tsv")
}

// TestLabelsBlind1 scores verify against the first blind set
// (testdata/blind1, labels in testdata/labels/blind1.tsv): scored blind
// once, then developed on, so now a development set with floors.
func TestLabelsBlind1(t *testing.T) {
	scoreDevSet(t, "blind1", filepath.Join("testdata", "blind1"), "testdata/labels/blind1.tsv")
}

// TestLabelsBlind2 scores verify against the second blind set
// (testdata/blind, labels in testdata/labels/blind.tsv): scored blind
// once, then developed on in the fifth round, so now a development set
// with floors.
func TestLabelsBlind2(t *testing.T) {
	scoreDevSet(t, "blind2", filepath.Join("testdata", "blind"), "testdata/labels/blind.tsv")
}

// TestLabelsBlind3 scores the third blind set (testdata/blind3, labels in
// testdata/labels/blind3.tsv): scored blind once, then developed on in
// the sixth round, so now a development set with floors.
func TestLabelsBlind3(t *testing.T) {
	scoreDevSet(t, "blind3", filepath.Join("testdata", "blind3"), "testdata/labels/blind3.tsv")
}

// scoreDevSet scores verify on a development set of at least three
// reports in dir, labelled in labels, against its floors.
func scoreDevSet(t *testing.T, set, dir, labels string) {
	t.Helper()
	reports := readReports(t, dir)
	if len(reports) < 3 {
		t.Fatalf("%d reports in %s, want at least 3", len(reports), dir)
	}
	s := scoreLabels(t, readLabels(t, labels), reports)
	s.log(t, set)
	checkFloors(t, set, s)
}

// TestLabelsBlind4 scores verify against the fourth blind set
// (testdata/blind4, labels in testdata/labels/blind4.tsv): scored blind
// once after the sixth round and not developed on; its floors keep that
// score from getting worse.
func TestLabelsBlind4(t *testing.T) {
	scoreDevSet(t, "blind4", filepath.Join("testdata", "blind4"), "testdata/labels/blind4.tsv")
}

// TestLabelsBlind5 scores verify against the fifth blind set
// (testdata/blind5, labels in testdata/labels/blind5.tsv): scored blind
// once after the sixth round, then developed on in the seventh, so now a
// development set with floors.
func TestLabelsBlind5(t *testing.T) {
	scoreDevSet(t, "blind5", filepath.Join("testdata", "blind5"), "testdata/labels/blind5.tsv")
}

// TestLabelsBlind6 scores verify against the sixth blind set
// (testdata/blind6, labels in testdata/labels/blind6.tsv): scored blind
// once after the seventh round; its floors keep that score from getting
// worse.
func TestLabelsBlind6(t *testing.T) {
	scoreDevSet(t, "blind6", filepath.Join("testdata", "blind6"), "testdata/labels/blind6.tsv")
}

// TestLabelsBlind7 scores verify against the seventh blind set
// (testdata/blind7, labels in testdata/labels/blind7.tsv): scored blind
// once after the seventh round, then developed on in the eighth, so now a
// development set with floors.
func TestLabelsBlind7(t *testing.T) {
	scoreDevSet(t, "blind7", filepath.Join("testdata", "blind7"), "testdata/labels/blind7.tsv")
}

// TestLabelsBlind8 scores verify against the eighth blind set
// (testdata/blind8, labels in testdata/labels/blind8.tsv): scored blind
// once after the eighth round and not developed on; its floors keep that
// score from getting worse.
func TestLabelsBlind8(t *testing.T) {
	scoreDevSet(t, "blind8", filepath.Join("testdata", "blind8"), "testdata/labels/blind8.tsv")
}

// TestLabelsBlind9 scores verify against the ninth blind set
// (testdata/blind9, labels in testdata/labels/blind9.tsv): scored blind
// once after the eighth round, then developed on in the ninth, so now a
// development set with floors.
func TestLabelsBlind9(t *testing.T) {
	scoreDevSet(t, "blind9", filepath.Join("testdata", "blind9"), "testdata/labels/blind9.tsv")
}

// TestLabelsBlind10 scores verify against the tenth blind set
// (testdata/blind10, labels in testdata/labels/blind10.tsv): scored blind
// once after the ninth round, now a development set with floors.
func TestLabelsBlind10(t *testing.T) {
	scoreDevSet(t, "blind10", filepath.Join("testdata", "blind10"), "testdata/labels/blind10.tsv")
}

// TestLabelsBlind11 scores verify against the eleventh blind set
// (testdata/blind11, labels in testdata/labels/blind11.tsv): scored blind
// once after the tenth round; its floors keep that score from getting
// worse.
func TestLabelsBlind11(t *testing.T) {
	scoreDevSet(t, "blind11", filepath.Join("testdata", "blind11"), "testdata/labels/blind11.tsv")
}

// TestLabelsBlind12 scores verify against the twelfth blind set
// (testdata/blind12, labels in testdata/labels/blind12.tsv): scored blind
// with the tenth- and eleventh-round readers; its floors keep that score
// from getting worse.
func TestLabelsBlind12(t *testing.T) {
	scoreDevSet(t, "blind12", filepath.Join("testdata", "blind12"), "testdata/labels/blind12.tsv")
}

// TestLabelsBlind13 scores verify against the thirteenth blind set
// (testdata/blind13, labels in testdata/labels/blind13.tsv): scored blind
// with the eleventh- and twelfth-round readers; its floors keep that
// score from getting worse.
func TestLabelsBlind13(t *testing.T) {
	scoreDevSet(t, "blind13", filepath.Join("testdata", "blind13"), "testdata/labels/blind13.tsv")
}

// TestLabelsBlind14 scores verify against the fourteenth blind set
// (testdata/blind14, labels in testdata/labels/blind14.tsv): an HPC
// strong-scaling report, an NVMe drive qualification and a message-broker
// benchmark, scored blind with the twelfth- and thirteenth-round readers;
// its floors keep that score from getting worse.
func TestLabelsBlind14(t *testing.T) {
	scoreDevSet(t, "blind14", filepath.Join("testdata", "blind14"), "testdata/labels/blind14.tsv")
}

// TestLabelsBlind15 scores verify against the fifteenth blind set
// (testdata/blind15, labels in testdata/labels/blind15.tsv): an ML
// training-throughput review, a serverless cold-start study and a
// database replication-lag postmortem, scored blind with the thirteenth-
// and fourteenth-round readers; its floors keep that score from getting
// worse.
func TestLabelsBlind15(t *testing.T) {
	scoreDevSet(t, "blind15", filepath.Join("testdata", "blind15"), "testdata/labels/blind15.tsv")
}

// TestLabelsBlind16 scores verify against the sixteenth blind set
// (testdata/blind16, labels in testdata/labels/blind16.tsv): a
// search-index rebuild, a 5G drive test and a container image slimming
// review, scored blind with the fourteenth- and fifteenth-round readers;
// its floors keep that score from getting worse.
func TestLabelsBlind16(t *testing.T) {
	scoreDevSet(t, "blind16", filepath.Join("testdata", "blind16"), "testdata/labels/blind16.tsv")
}

// TestLabelsBlind17 scores verify against the seventeenth blind set
// (testdata/blind17, labels in testdata/labels/blind17.tsv): a checkout
// A/B study, a DNS resolver migration and a payments API SLO review,
// scored blind with the fifteenth- and seventeenth-round readers; its
// floors keep that score from getting worse.
func TestLabelsBlind17(t *testing.T) {
	scoreDevSet(t, "blind17", filepath.Join("testdata", "blind17"), "testdata/labels/blind17.tsv")
}

// TestLabelsBlind18 scores verify against the eighteenth blind set
// (testdata/blind18, labels in testdata/labels/blind18.tsv): a
// data-warehouse engine migration, a 60 Hz game server and a metrics
// downsampling change, scored blind with the eighteenth-round reader; its
// floors keep that score from getting worse.
func TestLabelsBlind18(t *testing.T) {
	scoreDevSet(t, "blind18", filepath.Join("testdata", "blind18"), "testdata/labels/blind18.tsv")
}

// TestLabelsBlind19 scores verify against the nineteenth blind set
// (testdata/blind19, labels in testdata/labels/blind19.tsv): an edge
// proxy rollout, a mobile battery study and a vector index tuning report,
// scored blind with the nineteenth-round reader; its floors keep that
// score from getting worse.
func TestLabelsBlind19(t *testing.T) {
	scoreDevSet(t, "blind19", filepath.Join("testdata", "blind19"), "testdata/labels/blind19.tsv")
}

// TestLabelsBlind20 scores verify against the twentieth blind set
// (testdata/blind20, labels in testdata/labels/blind20.tsv): a
// time-series database ingestion benchmark, a speech-to-text latency and
// cost review and a backup deduplication study, scored blind with the
// twentieth-round reader; its floors keep that score from getting worse.
func TestLabelsBlind20(t *testing.T) {
	scoreDevSet(t, "blind20", filepath.Join("testdata", "blind20"), "testdata/labels/blind20.tsv")
}

// TestLabelsBlind21 scores verify against the twenty-first blind set
// (testdata/blind21, labels in testdata/labels/blind21.tsv): a GraphQL
// gateway entity cache, a mobile game download diet and a stream job
// rescaling review, scored blind with the twenty-first-round reader; its
// floors keep that score from getting worse.
func TestLabelsBlind21(t *testing.T) {
	scoreDevSet(t, "blind21", filepath.Join("testdata", "blind21"), "testdata/labels/blind21.tsv")
}

// TestLabelsBlind22 scores verify against the twenty-second blind set
// (testdata/blind22, labels in testdata/labels/blind22.tsv): a robot
// path-planner speed-up, a storefront JavaScript diet and an SSD
// firmware garbage-collection review, scored blind with the
// twenty-second-round reader; its floors keep that score from getting
// worse.
func TestLabelsBlind22(t *testing.T) {
	scoreDevSet(t, "blind22", filepath.Join("testdata", "blind22"), "testdata/labels/blind22.tsv")
}

// TestLabelsBlind23 scores verify against the twenty-third blind set
// (testdata/blind23, labels in testdata/labels/blind23.tsv): a WAL
// group commit, an AV1 encoding ladder roll-out and a DNS resolver's
// prefetch and negative caching, scored blind with the
// twenty-third-round reader; its floors keep that score from getting
// worse.
func TestLabelsBlind23(t *testing.T) {
	scoreDevSet(t, "blind23", filepath.Join("testdata", "blind23"), "testdata/labels/blind23.tsv")
}

// TestLabelsBlind24 scores verify against the twenty-fourth blind set
// (testdata/blind24, labels in testdata/labels/blind24.tsv): a
// compiler's incremental build, a search index's merge policy and a
// card-payment settlement batch, scored blind with the
// twenty-fourth-round reader; its floors keep that score from getting
// worse.
func TestLabelsBlind24(t *testing.T) {
	scoreDevSet(t, "blind24", filepath.Join("testdata", "blind24"), "testdata/labels/blind24.tsv")
}

// TestLabelsBlind25 scores verify against the twenty-fifth blind set
// (testdata/blind25, labels in testdata/labels/blind25.tsv), scored
// blind with the twenty-fifth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind25(t *testing.T) {
	scoreDevSet(t, "blind25", filepath.Join("testdata", "blind25"), "testdata/labels/blind25.tsv")
}

// TestLabelsBlind26 scores verify against the twenty-sixth blind set
// (testdata/blind26, labels in testdata/labels/blind26.tsv), scored
// blind with the twenty-sixth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind26(t *testing.T) {
	scoreDevSet(t, "blind26", filepath.Join("testdata", "blind26"), "testdata/labels/blind26.tsv")
}

// TestLabelsBlind27 scores verify against the twenty-seventh blind set
// (testdata/blind27, labels in testdata/labels/blind27.tsv), scored
// blind with the twenty-seventh-round reader; its floors keep that
// score from getting worse.
func TestLabelsBlind27(t *testing.T) {
	scoreDevSet(t, "blind27", filepath.Join("testdata", "blind27"), "testdata/labels/blind27.tsv")
}

// TestLabelsBlind28 scores verify against the twenty-eighth blind set
// (testdata/blind28, labels in testdata/labels/blind28.tsv), scored
// blind with the twenty-eighth-round reader; its floors keep that
// score from getting worse.
func TestLabelsBlind28(t *testing.T) {
	scoreDevSet(t, "blind28", filepath.Join("testdata", "blind28"), "testdata/labels/blind28.tsv")
}

// TestLabelsBlind29 scores verify against the twenty-ninth blind set
// (testdata/blind29, labels in testdata/labels/blind29.tsv), scored
// blind with the twenty-ninth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind29(t *testing.T) {
	scoreDevSet(t, "blind29", filepath.Join("testdata", "blind29"), "testdata/labels/blind29.tsv")
}

// TestLabelsBlind30 scores verify against the thirtieth blind set
// (testdata/blind30, labels in testdata/labels/blind30.tsv), scored
// blind with the thirtieth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind30(t *testing.T) {
	scoreDevSet(t, "blind30", filepath.Join("testdata", "blind30"), "testdata/labels/blind30.tsv")
}

// TestLabelsBlind31 scores verify against the thirty-first blind set
// (testdata/blind31, labels in testdata/labels/blind31.tsv), scored
// blind with the thirty-first-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind31(t *testing.T) {
	scoreDevSet(t, "blind31", filepath.Join("testdata", "blind31"), "testdata/labels/blind31.tsv")
}

// TestLabelsBlind32 scores verify against the thirty-second blind set
// (testdata/blind32, labels in testdata/labels/blind32.tsv), scored
// blind with the thirty-second-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind32(t *testing.T) {
	scoreDevSet(t, "blind32", filepath.Join("testdata", "blind32"), "testdata/labels/blind32.tsv")
}

// TestLabelsBlind33 scores verify against the thirty-third blind set
// (testdata/blind33, labels in testdata/labels/blind33.tsv), scored
// blind with the thirty-third-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind33(t *testing.T) {
	scoreDevSet(t, "blind33", filepath.Join("testdata", "blind33"), "testdata/labels/blind33.tsv")
}

// TestLabelsBlind34 scores verify against the thirty-fourth blind set
// (testdata/blind34, labels in testdata/labels/blind34.tsv), scored
// blind with the thirty-fourth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind34(t *testing.T) {
	scoreDevSet(t, "blind34", filepath.Join("testdata", "blind34"), "testdata/labels/blind34.tsv")
}

// TestLabelsBlind35 scores verify against the thirty-fifth blind set
// (testdata/blind35, labels in testdata/labels/blind35.tsv), scored
// blind with the thirty-fifth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind35(t *testing.T) {
	scoreDevSet(t, "blind35", filepath.Join("testdata", "blind35"), "testdata/labels/blind35.tsv")
}

// TestLabelsBlind36 scores verify against the thirty-sixth blind set
// (testdata/blind36, labels in testdata/labels/blind36.tsv), scored
// blind with the thirty-sixth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind36(t *testing.T) {
	scoreDevSet(t, "blind36", filepath.Join("testdata", "blind36"), "testdata/labels/blind36.tsv")
}

// TestLabelsBlind37 scores verify against the thirty-seventh blind set
// (testdata/blind37, labels in testdata/labels/blind37.tsv), scored
// blind with the thirty-seventh-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind37(t *testing.T) {
	scoreDevSet(t, "blind37", filepath.Join("testdata", "blind37"), "testdata/labels/blind37.tsv")
}

// TestLabelsBlind38 scores verify against the thirty-eighth blind set
// (testdata/blind38, labels in testdata/labels/blind38.tsv), scored
// blind with the thirty-eighth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind38(t *testing.T) {
	scoreDevSet(t, "blind38", filepath.Join("testdata", "blind38"), "testdata/labels/blind38.tsv")
}

// TestLabelsBlind39 scores verify against the thirty-ninth blind set
// (testdata/blind39, labels in testdata/labels/blind39.tsv), scored
// blind with the thirty-ninth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind39(t *testing.T) {
	scoreDevSet(t, "blind39", filepath.Join("testdata", "blind39"), "testdata/labels/blind39.tsv")
}

// TestLabelsBlind40 scores verify against the fortieth blind set
// (testdata/blind40, labels in testdata/labels/blind40.tsv), scored
// blind with the fortieth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind40(t *testing.T) {
	scoreDevSet(t, "blind40", filepath.Join("testdata", "blind40"), "testdata/labels/blind40.tsv")
}

// TestLabelsBlind41 scores verify against the forty-first blind set
// (testdata/blind41, labels in testdata/labels/blind41.tsv), scored
// blind with the forty-first-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind41(t *testing.T) {
	scoreDevSet(t, "blind41", filepath.Join("testdata", "blind41"), "testdata/labels/blind41.tsv")
}

// TestLabelsBlind42 scores verify against the forty-second blind set
// (testdata/blind42, labels in testdata/labels/blind42.tsv), scored
// blind with the forty-second-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind42(t *testing.T) {
	scoreDevSet(t, "blind42", filepath.Join("testdata", "blind42"), "testdata/labels/blind42.tsv")
}

// TestLabelsBlind43 scores verify against the forty-third blind set
// (testdata/blind43, labels in testdata/labels/blind43.tsv), scored
// blind with the forty-third-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind43(t *testing.T) {
	scoreDevSet(t, "blind43", filepath.Join("testdata", "blind43"), "testdata/labels/blind43.tsv")
}

// TestLabelsBlind44 scores verify against the forty-fourth blind set
// (testdata/blind44, labels in testdata/labels/blind44.tsv), scored
// blind with the forty-fourth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind44(t *testing.T) {
	scoreDevSet(t, "blind44", filepath.Join("testdata", "blind44"), "testdata/labels/blind44.tsv")
}

// TestLabelsBlind45 scores verify against the forty-fifth blind set
// (testdata/blind45, labels in testdata/labels/blind45.tsv), scored
// blind with the forty-fifth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind45(t *testing.T) {
	scoreDevSet(t, "blind45", filepath.Join("testdata", "blind45"), "testdata/labels/blind45.tsv")
}

// TestLabelsBlind46 scores verify against the forty-sixth blind set
// (testdata/blind46, labels in testdata/labels/blind46.tsv), scored
// blind with the forty-sixth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind46(t *testing.T) {
	scoreDevSet(t, "blind46", filepath.Join("testdata", "blind46"), "testdata/labels/blind46.tsv")
}

// TestLabelsBlind47 scores verify against the forty-seventh blind set
// (testdata/blind47, labels in testdata/labels/blind47.tsv), scored
// blind with the forty-seventh-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind47(t *testing.T) {
	scoreDevSet(t, "blind47", filepath.Join("testdata", "blind47"), "testdata/labels/blind47.tsv")
}

// TestLabelsBlind48 scores verify against the forty-eighth blind set
// (testdata/blind48, labels in testdata/labels/blind48.tsv), scored
// blind with the forty-seventh-round reader, like blind47; its floors
// keep that score from getting worse.
func TestLabelsBlind48(t *testing.T) {
	scoreDevSet(t, "blind48", filepath.Join("testdata", "blind48"), "testdata/labels/blind48.tsv")
}

// TestLabelsBlind49 scores verify against the forty-ninth blind set
// (testdata/blind49, labels in testdata/labels/blind49.tsv), scored
// blind with the forty-eighth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind49(t *testing.T) {
	scoreDevSet(t, "blind49", filepath.Join("testdata", "blind49"), "testdata/labels/blind49.tsv")
}

// TestLabelsBlind50 scores verify against the fiftieth blind set
// (testdata/blind50, labels in testdata/labels/blind50.tsv), scored
// blind with the forty-ninth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind50(t *testing.T) {
	scoreDevSet(t, "blind50", filepath.Join("testdata", "blind50"), "testdata/labels/blind50.tsv")
}

// TestLabelsBlind51 scores verify against the fifty-first blind set
// (testdata/blind51, labels in testdata/labels/blind51.tsv), scored
// blind with the forty-ninth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind51(t *testing.T) {
	scoreDevSet(t, "blind51", filepath.Join("testdata", "blind51"), "testdata/labels/blind51.tsv")
}

// TestLabelsBlind52 scores verify against the fifty-second blind set
// (testdata/blind52, labels in testdata/labels/blind52.tsv), scored
// blind with the fiftieth-round reader; its floors keep that score from
// getting worse.
func TestLabelsBlind52(t *testing.T) {
	scoreDevSet(t, "blind52", filepath.Join("testdata", "blind52"), "testdata/labels/blind52.tsv")
}

// TestLabelsBlind53 scores verify against the fifty-third blind set
// (testdata/blind53, labels in testdata/labels/blind53.tsv), scored
// blind with the fifty-first-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind53(t *testing.T) {
	scoreDevSet(t, "blind53", filepath.Join("testdata", "blind53"), "testdata/labels/blind53.tsv")
}

// TestLabelsBlind54 scores verify against the fifty-fourth blind set
// (testdata/blind54, labels in testdata/labels/blind54.tsv), scored
// blind with the fifty-second-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind54(t *testing.T) {
	scoreDevSet(t, "blind54", filepath.Join("testdata", "blind54"), "testdata/labels/blind54.tsv")
}

// TestLabelsBlind55 scores verify against the fifty-fifth blind set
// (testdata/blind55, labels in testdata/labels/blind55.tsv), scored
// blind with the fifty-third-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind55(t *testing.T) {
	scoreDevSet(t, "blind55", filepath.Join("testdata", "blind55"), "testdata/labels/blind55.tsv")
}

// TestLabelsBlind56 scores verify against the fifty-sixth blind set
// (testdata/blind56, labels in testdata/labels/blind56.tsv), scored
// blind with the fifty-fourth-round reader; its floors keep that score
// from getting worse.
func TestLabelsBlind56(t *testing.T) {
	scoreDevSet(t, "blind56", filepath.Join("testdata", "blind56"), "testdata/labels/blind56.tsv")
}

// TestBlind scores verify against a set of reports written apart from
// the reader and never read while it was developed: testdata/blind57/
// (*.md, *.txt, each named by its file name without the extension) with
// labels in testdata/labels/blind57.tsv, scored by the same code as
// TestLabels. It runs only with PERFPROOF_BLIND=1, so that the set's
// score is read once, on purpose, and has no floors; it skips when the
// set is absent.
func TestBlind(t *testing.T) {
	if os.Getenv("PERFPROOF_BLIND") != "1" {
		t.Skip("set PERFPROOF_BLIND=1 to score the blind set")
	}
	labelPath := filepath.Join("testdata", "labels", "blind57.tsv")
	if _, err := os.Stat(labelPath); err != nil {
		t.Skipf("no blind labels: %v", err)
	}
	reports := readReports(t, filepath.Join("testdata", "blind57"))
	if len(reports) == 0 {
		t.Skip("no blind reports in testdata/blind57")
	}
	s := scoreLabels(t, readLabels(t, labelPath), reports)
	s.log(t, "blind57")
}

// readToFacts reads src as Extract does up to its fact table (structure,
// benchmark runs, claims, verdicts on their own lines, facts), for tests
// that run one cross-document check on what that leaves.
func readToFacts(name, src string) *extractor {
	x := &extractor{name: name, opts: Options{MaxClaims: DefaultMaxClaims}, rep: &Report{Name: name}}
	x.structure([]byte(src))
	x.collectRuns()
	x.extract()
	x.finish()
	x.collectFacts()
	return x
}

// readReports reads the reports of dir (*.md and *.txt), by file name
// without the extension.
func readReports(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	var paths []string
	for _, pat := range []string{"*.md", "*.txt"} {
		m, _ := filepath.Glob(filepath.Join(dir, pat))
		paths = append(paths, m...)
	}
	reports := make(map[string][]byte)
	for _, p := range paths {
		src, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		reports[strings.TrimSuffix(filepath.Base(p), filepath.Ext(p))] = src
	}
	return reports
}
