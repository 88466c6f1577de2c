package claims

import (
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// periodScaledTotal: an amount stated over a long period right after
// the same amount over a short one ("£1,236.82 a day, or about £371,000
// a month over a 30-day month", "13.7 core-hours a day, or 4,100
// core-hours a month", "39.9 runner-hours per weekday. Over a 21-weekday
// month that is roughly 8,390 runner-hours a month", "184.3 GB … about
// 5.03 TB a month over 30 nights") is the short period's amount times
// the number of short periods in the long one: the number the sentence
// states ("over a 30-day month", "over 30 nights"), or else a calendar's
// (28 to 31 days a month, 20 to 23 weekdays, 250 to 366 days a year, 48
// to 52.2 weeks). Such totals had been left unverifiable when their
// amounts are times in words (hours a day are no amount per period to
// checkPeriodRestated), written apart from their unit by a line break,
// of another currency than the dollar, or linked by a sentence of their
// own. Thirty-fourth round (checkPeriodScaled).
const periodScaledTotal = true

// monthOfThirtyDays (forty-seventh round): a yearly amount after a
// monthly one ("saving $734 a month and $8,935 a year") is often the same
// daily amount taken over 365 days and over a 30-day month, not the
// month's amount times twelve: $24.48 × 30 = $734.40, × 365 = $8,935.20,
// while $734 × 12 = $8,808 called the year an arithmetic error. When
// twelve months do not give the year, 365/30 months (12.17) at the
// month's rounding make it consistent; a year neither gives keeps its
// alarm. No cost beyond one comparison per scaled total.
const monthOfThirtyDays = true

// periodPerItem: a total written per item before its period ("46.8 TB
// per node per 30-day month" after "15.6 TB of host writes per node per
// day") is read as one over that period, as "46.8 TB a month" is.
// Thirty-fifth round.
const periodPerItem = false

// projectedPeriodScaled (thirty-seventh round): periodScaledTotal also
// for a total in a sentence the reader takes for a projection ("22.0
// core-hours a day, or 6,600 core-hours over a 30-day month" after "the
// two estimates"): the total is the daily amount times the days whatever
// the estimate assumes. Only the alarm: a projection's total that holds
// stays unverifiable (nineteenth round). Measured and left off: +1 caught
// on blind27, its origin only. On from the forty-first round: it now
// helps a second set, blind39 ("the old path would have burned … . The
// saving, 30.6 CPU-hours per day, is about 91.8 CPU-hours a month", +1
// caught), and adds no false alarm anywhere.
const projectedPeriodScaled = true

// scaledChangeParallel (thirty-ninth round): periodScaledTotal also for
// a change over the short period and the total of that change over the
// long one, each written with the same word of change after it ("59.03
// GB less; over a 30-day month that is 413 GB less"): the word had made
// the two figures two things.
const scaledChangeParallel = false

// scaledThatIsLead (forty-first round): periodScaledTotal also for a
// total whose sentence opens with "That is" or "This is" ("… 43.35
// CPU-hours per day." / "That is 13,005 CPU-hours over a 30-day month."),
// within a line or as the first line of a paragraph after the one whose
// last amount it scales: the sentence break had parted the two figures.
const scaledThatIsLead = false

// scaledThatLeadRE starts a sentence that restates the one before.
var scaledThatLeadRE = regexp.MustCompile(`(?i)^\W*(?:that|this)\s+(?:is|comes\s+to|works\s+out|amounts\s+to|adds\s+up\s+to)\b`)

// changeWordAfterRE finds a word of change right after an amount.
var changeWordAfterRE = regexp.MustCompile(`(?i)^\s*(less|more|fewer|saved|lower|higher)\b`)

// scaledOverOwnSentence (forty-fourth round): the number of short
// periods a total is over is read in its own sentence only; an over
// phrase of the sentence after it ("… 1.14 TB an hour and 27.4 TiB a
// day. Over a 30-day month the saving comes to 8.2 PB") counts the
// periods of another total, and had made the day's total look like one
// over days, read against the hour's amount as none.
const scaledOverOwnSentence = true

// scaledOverAfterComma (forty-fourth round): a total over a long period
// linked to the amount over a short one by a comma alone, after words
// about the amount and its period, is read as that amount's total when
// it states the number of periods right after it ("v8 avoids 64.3 GB of
// garbage a day, 1.93 TiB over a 30-day month"): the comma after words
// had been no link.
const scaledOverAfterComma = true

// scaledWordsCommaRE is the link of scaledOverAfterComma: a few words
// (what the amount is of), the amount's period, a comma.
var scaledWordsCommaRE = regexp.MustCompile(`(?i)^\s*(?:[a-z][a-z-]*\s+){0,4}(?:a|an|per|each|every)\s+(?:` + shortPeriodWords + `)\s*,\s*$`)

// shortPeriodWords are the periods an amount may be stated per, as a
// regular expression.
const shortPeriodWords = `weekday|working[\s-]day|business[\s-]day|trading[\s-]day|night|day|week|month|hour|minute|second`

var (
	// scaledPeriodOwnRE reads the period right after a total: "a
	// month", "runner-hours a month" (its unit written after a line
	// break), "per year".
	scaledPeriodOwnRE = regexp.MustCompile(`(?i)^\s*(?:([a-z][a-z-]*)\s+)?(?:a|an|per|each|every)\s+(` + shortPeriodWords + `|year)\b`)
	// scaledPeriodRE reads the period after the earlier amount, a few
	// words on: "core-hours a day", "hours of readers staring at a
	// half-drawn page removed every day".
	scaledPeriodRE = regexp.MustCompile(`(?i)^[^,.;:()]{0,60}?\b(?:a|an|per|each|every)\s+(` + shortPeriodWords + `)\b`)
	// scaledOverRE reads the number of short periods a total is over,
	// and the long period when it names it: "over a 30-day month",
	// "over 30 nights", "Over a 21-weekday month", "over the month's 21
	// trading days", "over a year of 252 trading days".
	scaledOverRE = regexp.MustCompile(`(?i)\b(?:over|across|for|in)\s+(?:a\s+|an\s+|the\s+)?(\d+(?:\.\d+)?)[- ](` + shortPeriodWords + `)s?(?:\s+(week|month|year)\b)?` +
		`|\bover\s+(?:a|the)\s+(week|month|year)(?:['’]s|\s+of)\s+(\d+(?:\.\d+)?)\s+(` + shortPeriodWords + `)s?\b`)
	// scaledOverAfterRE finds a total's long period written as the
	// number of short periods it is over, right after it: "6,600
	// core-hours over a 30-day month".
	scaledOverAfterRE = regexp.MustCompile(`(?i)^\s*(?:([a-z][a-z-]*)\s+)?(?:over|across|in)\s`)
	// scaledLinkRE finds a word that makes the later figure a
	// restatement of the earlier one.
	scaledLinkRE = regexp.MustCompile(`(?i)\bor\b|\b(?:that|which)\s+is\b|\bthat['’]s\b|\bi\.e\.|\bcomes\s+to\b|\badds?\s+up\s+to\b|\bworks\s+out\b|\bamounts\s+to\b|\babout\b|\broughly\b|\baround\b|\bapproximately\b|\bnearly\b|≈|~`)
	// scaledOtherRE finds a word that makes the two figures two things.
	scaledOtherRE = regexp.MustCompile(`(?i)\b(?:and|but|while|whereas|against|versus|vs|instead|compared|than|from|plus|minus|less|more|fewer|extra|each)\b|[+×*/=]`)
	// scaledAndRE is a link of the earlier amount's period and a comma
	// or "and" alone: "$440.83 a month and $1,322 a year", "1,511 hours
	// a week and about 9,065 hours a month", "64.4 node-hours per
	// trading day, 1,932 node-hours over the month's 21 trading days".
	scaledAndRE = regexp.MustCompile(`(?i)^\s*(?:(?:a|an|per|each|every)\s+(?:` + shortPeriodWords + `))?\s*(?:,\s*(?:and\s+)?|and\s+)(?:about|roughly|around|approximately|nearly|some|~|≈)?\s*[$£€]?\s*$`)
	// andWordRE finds "and".
	andWordRE = regexp.MustCompile(`(?i)\band\b`)
	// scaledOverLeadRE starts a sentence that scales the one before:
	// "Over a 21-weekday month that is".
	scaledOverLeadRE = regexp.MustCompile(`(?i)^\W*(?:over|across|for|in)\s`)
	// periodCountRE finds a period right after a count of them:
	// "21-weekday", "30 nights".
	// scaledPerItemRE reads the period of a total stated per item
	// first: "per node per 30-day month", "TB per drive a year".
	scaledPerItemRE = regexp.MustCompile(`(?i)^\s*(?:([a-z][a-z-]*)\s+)?(?:per|each)\s+([a-z][a-z-]*)\s+(?:per|a|an|each|every)\s+(?:\d+[- ](?:day|weekday|week|night)\s+)?(week|month|year)\b`)
	// periodWordRE is a period word or an article.
	periodWordRE  = regexp.MustCompile(`(?i)^(?:a|an|the|` + shortPeriodWords + `|year|days|weeks|months|years|hours)$`)
	periodCountRE = regexp.MustCompile(`(?i)^[- ](?:weekday|working|business|trading|night|day|week|month|year|hour|minute|second)`)
)

// periodKind names the kind of a period word: "day" (a day or a night),
// "weekday" (a working, business or trading day), "week", "month",
// "year", "hour", "minute" or "second".
func periodKind(w string) string {
	w = strings.ToLower(strings.Join(strings.Fields(strings.ReplaceAll(w, "-", " ")), " "))
	switch w {
	case "night", "day":
		return "day"
	case "weekday", "working day", "business day", "trading day":
		return "weekday"
	}
	return w
}

// scaledOver reads an over phrase of scaledOverRE: the number of short
// periods, their kind and the long period ("" when not named).
func scaledOver(m []string) (v float64, short, long string, ok bool) {
	num, sh, lg := m[1], m[2], m[3]
	if num == "" {
		num, sh, lg = m[5], m[6], m[4]
	}
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || !(v > 1) {
		return 0, "", "", false
	}
	return v, periodKind(sh), strings.ToLower(lg), true
}

// calendarCounts are the numbers of short periods in a long one a
// total may have been taken over, low and high.
var calendarCounts = map[[2]string][2]float64{
	{"day", "week"}: {5, 7}, {"day", "month"}: {28, 31}, {"day", "year"}: {250, 366},
	{"weekday", "week"}: {5, 5}, {"weekday", "month"}: {20, 23}, {"weekday", "year"}: {250, 262},
	{"week", "month"}: {4, 4.43}, {"week", "year"}: {48, 52.2}, {"month", "year"}: {12, 12},
	{"second", "minute"}: {60, 60}, {"second", "hour"}: {3600, 3600}, {"second", "day"}: {86400, 86400},
	{"minute", "hour"}: {60, 60}, {"minute", "day"}: {1440, 1440}, {"hour", "day"}: {24, 24}, {"hour", "week"}: {168, 168},
}

// scaledPeriodName names a period of sec seconds as periodKind does
// ("" for none): a month is 28 to 31 days, a year 360 to 366.
func scaledPeriodName(sec float64) string {
	d := sec / 86400
	switch {
	case d >= 360 && d <= 366:
		return "year"
	case d >= 28 && d <= 31:
		return "month"
	}
	if p := periodName(sec); p != "period" {
		return p
	}
	return ""
}

// scaledAmount returns what a figure counts ("$" money, "B" bytes, "t"
// time, "n:<noun>" things) and its amount in the base unit.
func scaledAmount(n Number) (kind string, lo, hi float64, ok bool) {
	lo, hi = n.base()
	switch {
	case n.Quantity == Cost || n.dim == "$":
		return "$", lo, hi, true
	case n.Quantity == Memory && !strings.Contains(n.Unit, "/s") || n.Quantity == PerPeriod && n.dim == "B":
		return "B", lo, hi, true
	case n.Quantity == Time && !strings.Contains(n.Unit, "/") || n.Quantity == PerPeriod && periodTime(n):
		return "t", lo, hi, true
	case n.Quantity == PerPeriod || (n.Quantity == Count || n.Quantity == Unknown) && n.Unit == "":
		return "n:" + n.dim, lo, hi, true
	}
	return "", 0, 0, false
}

// checkPeriodScaled checks, on every unverifiable claim of prose, each
// figure stated over a week, month or year against the nearest earlier
// figure of its sentence (or of the sentence before, when its own opens
// with "Over a 21-weekday month") that counts the same thing over a
// shorter period (see periodScaledTotal). A total the earlier amount
// gives is consistent; any other an arithmetic error.
func (x *extractor) checkPeriodScaled() {
	if !periodScaledTotal {
		return
	}
	var add []Claim
	for k := range x.rep.Claims {
		c := &x.rep.Claims[k]
		if c.Verdict != Unverifiable || c.expected && !projectedPeriodScaled || c.Kind != Absolute || x.lines[c.Line-1].kind != lkProse {
			continue
		}
		scan := blankCode(plain(x.lines[c.Line-1].raw))
		text := scan
		if prev := x.wrappedLine(c.Line-1, c.Line-2); prev != "" {
			text = prev + " " + scan
		} else if prev := x.paragraphBefore(c.Line - 1); scaledThatIsLead && prev != "" && scaledThatLeadRE.MatchString(scan) {
			// "… **43.35 CPU-hours per day**." / "That is 13,005
			// CPU-hours over a 30-day month.": the total restates the
			// last amount of the paragraph before.
			text = prev + " " + scan
		}
		var figs []figure
		for _, n := range c.Numbers {
			if n.isRange() || !(n.Value > 0) {
				continue
			}
			if figs == nil {
				figs = x.figuresOf(text)
			}
			at := lastWritten(text, figs, n, scan)
			if at < 1 {
				continue
			}
			cx, ok := x.periodScaled(c, text, figs, at)
			if !ok || c.expected && cx.verdict() == Consistent {
				// A projection's total that holds stays a projection.
				continue
			}
			add = append(add, alarmOnFigure(c, n, cx)...)
			break
		}
	}
	x.addClaims(add)
}

// periodScaled checks figs[at] of text (the claim's line, with the line
// before when its sentence wraps) as a total over a longer period.
func (x *extractor) periodScaled(c *Claim, text string, figs []figure, at int) (*Cross, bool) {
	f := figs[at]
	n := f.Number
	// The total's own period, and its unit when a line break parts them.
	after := text[f.end:]
	if !strings.ContainsAny(after, ".;") {
		if next := x.wrappedLine(c.Line-1, c.Line); next != "" {
			after += " " + next
		}
	}
	var long, word string
	if n.Quantity == PerPeriod && n.perLo > 0 {
		long = scaledPeriodName(n.perLo)
	} else if m := scaledPeriodOwnRE.FindStringSubmatch(after); m != nil {
		long, word = periodKind(m[2]), strings.ToLower(m[1])
	} else if m := scaledPerItemRE.FindStringSubmatch(after); periodPerItem && m != nil && !periodWordRE.MatchString(m[2]) {
		// "46.8 TB per node per 30-day month": the total of one item
		// (a node, a user) over its period.
		long, word = periodKind(m[3]), strings.ToLower(m[1])
	} else if m := scaledOverAfterRE.FindStringSubmatch(after); m != nil {
		// "6,600 core-hours over a 30-day month".
		if om := scaledOverRE.FindStringSubmatch(after); om != nil && strings.Index(after, om[0]) <= len(m[0]) {
			if _, _, lg, ok := scaledOver(om); ok {
				long, word = lg, strings.ToLower(m[1])
			}
		}
	}
	kind, lo, hi, ok := scaledAmount(n)
	if !ok {
		return nil, false
	}
	// The earlier amount: the nearest figure before it that counts the
	// same thing.
	j := at - 1
	var okind string
	var olo, ohi float64
	for ; j >= 0; j-- {
		o := figs[j].Number
		if o.isRange() || !(o.Value > 0) || periodCountRE.MatchString(text[figs[j].end:]) {
			// "a 21-weekday month": a count of periods.
			continue
		}
		var ok bool
		okind, olo, ohi, ok = scaledAmount(o)
		if !ok {
			continue
		}
		if okind == kind && (n.Unit != "" || word == "") {
			break
		}
		if n.Unit == "" && word != "" && okind != "" && strings.HasSuffix(strings.ToLower(strings.TrimSpace(text[figs[j].start:figs[j].end])), word) {
			// "8,390\nrunner-hours a month" against "39.9
			// runner-hours": the unit written after the break.
			lo, hi = n.Value*o.scale-n.step/2*o.scale, n.Value*o.scale+n.step/2*o.scale
			kind = okind
			break
		}
	}
	if j < 0 {
		return nil, false
	}
	o := figs[j]
	link := text[o.end:f.start]
	if scaledChangeParallel {
		// "59.03 GB less; over a 30-day month that is 413 GB less": a
		// change over two periods, its word written after each amount.
		if m := changeWordAfterRE.FindStringSubmatch(link); m != nil {
			if am := changeWordAfterRE.FindStringSubmatch(after); am != nil && strings.EqualFold(am[1], m[1]) {
				link = link[len(m[0]):]
			}
		}
	}
	and := scaledAndRE.MatchString(link)
	// "64.3 GB of garbage a day, 1.93 TiB over a 30-day month": words
	// about the amount, its period and a comma, then the total with the
	// number of periods it is over.
	commaOver := scaledOverAfterComma && !and && scaledWordsCommaRE.MatchString(link) && scaledOverAfterRE.MatchString(after)
	if !and && !commaOver && (scaledOtherRE.MatchString(link) || !scaledLinkRE.MatchString(link) && !scaledOverRE.MatchString(link)) {
		return nil, false
	}
	if breaks := sentenceBreaks(link); len(breaks) > 1 || len(breaks) == 1 && !scaledOverLeadRE.MatchString(link[breaks[0]:]) &&
		!(scaledThatIsLead && scaledThatLeadRE.MatchString(strings.TrimLeft(link[breaks[0]+1:], " \t\"')*_"))) {
		return nil, false
	}
	if !(lo >= olo) {
		// A total over the longer period smaller than the amount over
		// the shorter one: not the same thing.
		return nil, false
	}
	// The earlier amount's period, and the number of them the total
	// is over.
	var short string
	if o.Quantity == PerPeriod && o.perLo > 0 {
		short = scaledPeriodName(o.perLo)
	} else if m := scaledPeriodRE.FindStringSubmatch(text[o.end:]); m != nil && len(m[0]) <= len(link) {
		short = periodKind(m[1])
	}
	var cnt [2]float64
	rest := link + after
	if scaledOverOwnSentence {
		// "… 1.14 TB an hour and 27.4 TiB a day. Over a 30-day month
		// the saving …": the next sentence's over phrase is another
		// total's.
		if b := sentenceBreaks(after); len(b) > 0 {
			rest = link + after[:b[0]]
		}
	}
	if m := scaledOverRE.FindStringSubmatch(rest); m != nil {
		v, over, lg, ok := scaledOver(m)
		if !ok {
			return nil, false
		}
		if long == "" && strings.Contains(link, m[0]) {
			// "Over a 30-day month that comes to 3,487.6 CPU-hours".
			long = lg
		}
		if short == "" && regexp.MustCompile(`(?i)\b(?:one|a|an|each|every|per)\s+`+regexp.QuoteMeta(strings.ToLower(strings.TrimSuffix(m[2]+m[6], "s")))+`\b`).MatchString(text[:o.start]) {
			// "One night is therefore 184.3 GB …, about 5.03 TB a
			// month over 30 nights".
			short = over
		}
		if over != short || lg != "" && lg != long {
			return nil, false
		}
		cnt = [2]float64{v, v}
	} else {
		var ok bool
		if commaOver {
			// The comma links the total only through the count it
			// states.
			return nil, false
		}
		if cnt, ok = calendarCounts[[2]string{short, long}]; !ok || and && !andWordRE.MatchString(link) {
			// A comma alone links a total only to the number of
			// periods its sentence states.
			return nil, false
		}
	}
	if short == "" || long == "" || short == long {
		return nil, false
	}
	if _, ok := calendarCounts[[2]string{short, long}]; !ok {
		return nil, false
	}
	amount := n
	amount.scale, amount.Value, amount.High, amount.step = 1, (lo+hi)/2, (lo+hi)/2, hi-lo
	if approxLinkRE.MatchString(strings.TrimRight(link, " $£€")) || n.Approx {
		amount.Approx = true
	}
	glo, ghi := olo*cnt[0], ohi*cnt[1]
	oline := c.Line
	if o.start < len(text)-len(blankCode(plain(x.lines[c.Line-1].raw))) {
		oline--
		for oline > 1 && strings.TrimSpace(x.lines[oline-1].raw) == "" {
			oline--
		}
	}
	scale := n.scale
	if scale == 0 || kind != "" && n.Unit == "" && word != "" {
		scale = (hi + lo) / 2 / n.Value
	}
	if !(scale > 0) {
		scale = 1
	}
	cx := &Cross{Derivation: Total, Lines: []int{oline}, Stated: n, Got: (glo + ghi) / 2 / scale, GotUnit: n.Unit,
		Operands: []Number{o.Number, {Text: trimFloat((cnt[0]+cnt[1])/2, 4), Value: (cnt[0] + cnt[1]) / 2, High: (cnt[0] + cnt[1]) / 2}}}
	if rangeMatch(amount, glo, ghi) {
		cx.Reason = DerivedHolds
		return cx, true
	}
	if monthOfThirtyDays && short == "month" && long == "year" && cnt == calendarCounts[[2]string{short, long}] {
		// "$734 a month and $8,935 a year": both from one daily
		// amount, the month over 30 days and the year over 365.
		if f := 365.0 / 30; rangeMatch(amount, olo*f, ohi*f) {
			cx.Reason, cx.Got = DerivedHolds, olo*f/scale
			cx.Operands[1] = Number{Text: "365/30", Value: f, High: f}
			return cx, true
		}
	}
	if x.figureAlarmed(oline, o.Number) {
		// "616,000 s, or 17.1 hours a day. Over a 30-day month that is
		// about 5,130 hours": the amount it rests on is itself wrong.
		return nil, false
	}
	for k := j - 1; k >= 0; k-- {
		// "$7.63 an hour, $183 a day, $54,900 a month, and about
		// $66,800 a year": an earlier amount of the list gives it.
		e := figs[k]
		ek, elo, ehi, ok := scaledAmount(e.Number)
		if !ok || ek != kind || sentenceBreakRE.MatchString(text[e.end:f.start]) {
			continue
		}
		var es string
		if e.Quantity == PerPeriod && e.perLo > 0 {
			es = scaledPeriodName(e.perLo)
		} else if m := scaledPeriodRE.FindStringSubmatch(text[e.end:]); m != nil && e.end+len(m[0]) <= figs[k+1].start {
			es = periodKind(m[1])
		}
		if ec, ok := calendarCounts[[2]string{es, long}]; ok && rangeMatch(amount, elo*ec[0], ehi*ec[1]) {
			return nil, false
		}
	}
	cx.Reason = DerivedOff
	return cx, true
}

// paragraphBefore returns the last line of the paragraph of prose before
// line i (0-based) when line i opens a paragraph after one blank line;
// "" otherwise.
func (x *extractor) paragraphBefore(i int) string {
	if i < 2 || x.lines[i].kind != lkProse || x.lines[i-1].kind != lkBlank || x.lines[i-2].kind != lkProse {
		return ""
	}
	return blankCode(plain(x.lines[i-2].raw))
}

// figureAlarmed reports whether a claim of line stating n has an alarm.
func (x *extractor) figureAlarmed(line int, n Number) bool {
	for i := range x.rep.Claims {
		c := &x.rep.Claims[i]
		if c.Line == line && c.Verdict.Failed() && slices.ContainsFunc(c.Numbers, func(m Number) bool { return m.Text == n.Text }) {
			return true
		}
	}
	return false
}
