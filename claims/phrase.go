package claims

import (
	"regexp"
	"strings"
)

// A sense says how a stated factor or percentage maps to the ratio
// new/old of a lower-is-better quantity.
type sense int

const (
	senseNone sense = iota
	// senseFaster: "X% faster", "X% improvement": a time reduction
	// 1 − new/old, or a throughput gain old/new − 1; the report does not
	// say which.
	senseFaster
	// senseReduce: "X% less memory", "X% fewer allocations", "-X%":
	// 1 − new/old.
	senseReduce
	// senseIncrease: "X% more memory", "+X%": new/old − 1.
	senseIncrease
	// senseSlower: "X% slower": a time increase new/old − 1, or a
	// throughput loss 1 − old/new.
	senseSlower
	// senseGain: "X% more throughput": old/new − 1 in time per
	// operation.
	senseGain
	// senseFactorBetter: "11x faster", "5x fewer allocations": old/new.
	senseFactorBetter
	// senseFactorWorse: "2x slower", "3x more memory": new/old.
	senseFactorWorse
)

// improves reports whether the sense claims an improvement.
func (s sense) improves() bool {
	switch s {
	case senseFaster, senseReduce, senseGain, senseFactorBetter:
		return true
	}
	return false
}

// A phrase is a claim found in a line's text.
type phrase struct {
	fig        *figure // the stated factor or percentage; nil for word forms
	kind       Kind
	q          Quantity // what the words say is compared, Unknown if not said
	sense      sense
	text       string // the claim as written
	start, end int
	// guessed is set when q is Time only because a factor's words name
	// no quantity ("32x fewer"): a pair beside it of another quantity
	// is still its own.
	guessed bool
	// loose is set for a factor read by looseFactorThe ("1.68× the old
	// node"): its alarms are withheld unless its own line's pair gives
	// another factor (unalarmLooseTimes).
	loose bool
	// looseWord is set for a factor read by looseFactorWord: its
	// alarms are withheld whatever pair it was checked against.
	looseWord bool
}

// Direction words after a figure, and the sense of a percentage with them.
var percentWords = map[string]sense{
	"faster": senseFaster, "quicker": senseFaster, "speedier": senseFaster,
	"speedup": senseFaster, "speed-up": senseFaster, "improvement": senseFaster, "improvements": senseFaster, "improved": senseFaster,
	"better": senseFaster, "gain": senseFaster, "boost": senseFaster, "performance": senseFaster,
	"less": senseReduce, "fewer": senseReduce, "lower": senseReduce, "smaller": senseReduce,
	"reduction": senseReduce, "reduced": senseReduce, "decrease": senseReduce, "decreased": senseReduce,
	"cheaper": senseReduce, "saving": senseReduce, "savings": senseReduce, "saved": senseReduce,
	"shorter": senseReduce, "drop": senseReduce, "cut": senseReduce,
	"drops": senseReduce, "dropped": senseReduce, "cuts": senseReduce, "fell": senseReduce, "falls": senseReduce,
	"below": senseReduce, "above": senseIncrease,
	"slower": senseSlower, "worse": senseSlower, "regression": senseSlower, "penalty": senseSlower,
	"more": senseIncrease, "higher": senseIncrease, "larger": senseIncrease, "bigger": senseIncrease, "longer": senseIncrease,
	"increase": senseIncrease, "increased": senseIncrease, "extra": senseIncrease,
	"throughput": senseGain,
}

// weightWords (twenty-third round): "a 44 % lighter bundle", "a 30 %
// leaner image", "20 % heavier pages" are changes of a size, as "smaller"
// and "larger" are: they were read as levels and never checked.
const weightWords = true

func init() {
	if weightWords {
		for _, w := range []string{"lighter", "leaner", "slimmer", "thinner"} {
			percentWords[w] = senseReduce
		}
		percentWords["heavier"] = senseIncrease
	}
}

// baselineAfterRE finds, after a factor, the baseline it is a multiple of:
// "what RabbitMQ managed", a capitalised name ("RabbitMQ", "RabbitMQ's"),
// an acronym's own ("LTE's").
var baselineAfterRE = regexp.MustCompile(`^\s*(?:what\s+[\w.-]+(?:\s+(?:managed|did|had|does|gets|got|delivers|delivered|reached))?|[A-Z][\w.-]*[a-z][\w.-]*(?:['’]s)?|[A-Z][A-Z0-9]+['’]s)\b`)

// boundRefRE finds the bound a percentage below or above refers to: "the
// SLO", "its limit", "target".
var boundRefRE = regexp.MustCompile(`(?i)^(?:(?:the|its|our|their|a)\s+)?(?:[a-z0-9-]+\s+)?(?:slo|sla|limit|target|threshold|budget|cap|ceiling|quota|max|maximum|minimum|goal)s?\b`)

// referenceNouns are the nouns that name a reference figure a factor is
// a multiple of ("the A100 baseline", "its normal rate", "the LTE
// median"), for multipleOfRE and wordUnitRE.
const referenceNouns = `baseline|figures?|numbers?|rate|price|cost|charge|normal|reference|previous|old\s+one|traffic|load|volume|median|mean`

// peakReference: a peak is a reference figure too ("2.08 times the 3
// November peak", "6.7x the daily peak"): the factor is a multiple of
// it, not a speed-up of a pair. Twenty-ninth round (testdata/labels/
// README.md).
const peakReference = true

// refNouns are the reference nouns the readers use: referenceNouns, and
// a peak under peakReference.
var refNouns = func() string {
	if peakReference {
		return referenceNouns + `|peaks?`
	}
	return referenceNouns
}()

// multipleOfRE finds, after a factor, the reference figure it is a
// multiple of, named by a noun of reference within a few words: "the
// A100 baseline", "its normal rate", "the price of", "the node20
// figures", "the $18.30 snapshot charge", "the traffic", "the
// node-hours of …", "the new build's 33.5 ms", "the 1,840 tokens per
// second of …"; "4.3× headroom" is a multiple of a load. "4x the size"
// names no reference and stays no claim.
var multipleOfRE = regexp.MustCompile(`(?i)^\s*(?:(?:the|its|their|our|that)\s+(?:[^\s,;:()]+\s+){0,3}?(?:` + refNouns + `)\b|(?:the|its|their|our)\s+[a-z][\w-]*\s+of\b|the\s+(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*['’]s\b|the\s+[$€£]?\d|(?:headroom|margin)\b)`)

// looseFactorThe (thirty-eighth round, from blind37's "66.9 Mnps at 32
// threads, 1.82x the old release"; blind17's "1.68× the capacity",
// blind23's "2.03x the encode time" were dropped too): a factor written with "x" or "×" before "the", "its", "their"
// or "today's" and a word is read as a factor, as looseTimes reads "N
// times the …", and left unverifiable when the report's figures do not
// confirm it (unalarmLooseTimes).
const looseFactorThe = true

// looseFactorTheRE matches the words after a looseFactorThe factor.
var looseFactorTheRE = regexp.MustCompile(`^\s*(?:the|its|their|today['’]s)\s+[a-z][a-z0-9-]*`)

// looseFactorWord (thirty-eighth round, from blind37's "roughly 10x per
// 10x of rules"; blind30's "2.49× or +148.7 %" and "improved 8.3×
// because", blind19's "1.80× per step", blind30's "the 2.95x of
// DecodeBlock" were dropped too): a factor followed by a function word
// (looseFollowWords), not a noun it multiplies ("2x cores", "4x the
// size", still dropped), is read as a factor, its alarms withheld unless
// its own line's pair gives another (unalarmLooseTimes).
const looseFactorWord = true

// looseFollowWords are the words after a factor that make it a
// looseFactorWord factor.
var looseFollowWords = map[string]bool{"or": true, "because": true, "per": true, "of": true, "is": true, "was": true,
	"matches": true, "against": true, "rather": true, "depending": true, "again": true, "when": true, "while": true,
	"since": true, "which": true, "but": true}

// looseClaimedRE matches the text of a claim read by looseFactorThe or
// looseTimes: a line whose only ratios are such factors lists its
// approximate figures as a line with no ratio states them ("about 22,000
// tokens per second, with a daily peak of 2.3× the average").
var looseClaimedRE = regexp.MustCompile(`^[0-9][0-9.,]*\s?(?:x|×|times)\s+(?:the|its|their|today['’]s)\s`)

// factorRangeTo (thirty-first round): a range of factors written with
// "to" ("2.51× to 3.61× faster", "2.5 to 3.6 times faster", "3.45x to
// 4.84x faster than the scalar one") states two factors, each of the
// rows it spans: the low end was dropped (no comparative right after
// it, or no unit), and only the high end read. The low end is now a
// factor of the same phrase, checked as the high end is. Not after
// "from" ("from 2x to 3x": two levels of a factor).
const factorRangeTo = true

// factorRangeToRE finds the high end of a range of factors after its
// low end.
var factorRangeToRE = regexp.MustCompile(`^\s+to\s+(?:about\s+|roughly\s+|~)?([0-9][0-9.,]*\s*(?:×|x\b|times\b))`)

// Words that name what is compared, most specific first.
var quantityWords = []struct {
	q     Quantity
	words []string
}{
	{Other, []string{"variance", "jitter", "gc", "pause", "pauses", "pressure", "p50", "p90", "p95", "p99", "p999",
		"fragmentation", "contention", "consistency", "success", "failure", "failures", "miss", "misses",
		"variability", "stability", "syscalls", "syscall", "cpu", "utilization", "errors"}},
	{Allocs, []string{"alloc", "allocs", "allocation", "allocations", "allocs/op"}},
	{Memory, []string{"memory", "mem", "bytes", "footprint", "heap", "ram", "b/op", "allocated"}},
	{Throughput, []string{"throughput", "qps", "rps", "ops/s", "bandwidth", "ceiling"}},
	{Charge, []string{"charge", "mah"}},
	{Voltage, []string{"voltage"}},
	{Energy, []string{"energy"}},
	{FrameRate, []string{"fps"}},
	{Time, []string{"faster", "slower", "quicker", "speedup", "speed-up", "speed", "latency", "time", "overhead",
		"duration", "sec/op", "ns/op", "runtime", "wall"}},
	// The verb names allocation when no other word of the clause names
	// what is compared ("allocates 75% less"; "allocates 67% fewer
	// bytes" is about memory).
	{Allocs, []string{"allocate", "allocates"}},
}

// quantityOf returns the quantity the words name, Unknown if none.
func quantityOf(words []string) Quantity {
	for k, w := range words {
		// "the sleep current is cut 2.9×": the electric current; "the
		// current build" is the version.
		if w == "current" && k > 0 && (k+1 == len(words) || currentNextWords[words[k+1]]) && !currentPrevWords[words[k-1]] {
			return Current
		}
	}
	for _, qw := range quantityWords {
		for i, w := range words {
			if causeCompounds && i+1 < len(words) && causeWords[words[i+1]] {
				// "GC-induced stalls": the cause of what is counted,
				// not the quantity.
				continue
			}
			for _, k := range qw.words {
				if w == k {
					return qw.q
				}
			}
		}
	}
	return Unknown
}

// causeCompounds (twenty-third round): a word before "induced",
// "related", "driven", "caused" or "triggered" names the cause of what
// the clause measures ("GC-induced stalls above 5 ms are down 81 %": a
// count of stalls), not the quantity; the change was read as one of GC
// pressure, which the reader cannot check, and never compared with the
// report's figures.
const causeCompounds = true

// causeWords are the words of causeCompounds.
var causeWords = map[string]bool{"induced": true, "related": true, "driven": true, "caused": true, "triggered": true}

// currentNextWords may follow "current" as the electric current: a verb,
// a preposition or a word of consumption; currentPrevWords before it
// make it the present one ("the current", "our current").
var (
	currentNextWords = map[string]bool{"is": true, "was": true, "falls": true, "fell": true, "drops": true, "dropped": true,
		"cut": true, "goes": true, "went": true, "of": true, "by": true, "draw": true, "consumption": true, "from": true,
		"down": true, "up": true, "in": true, "at": true, "and": true, "rises": true, "rose": true, "halves": true}
	currentPrevWords = map[string]bool{"the": true, "our": true, "its": true, "their": true, "a": true, "this": true,
		"than": true, "vs": true, "and": true, "with": true}
)

// stopRunes end the words that belong to a figure.
const stopRunes = ",;|()[]{}→<>=\"'`"

// wordsAfter returns up to n lowercased words after s[i:], stopping at a
// stop rune, a number or the end of a sentence, and the offset after the
// last word.
func wordsAfter(s string, i, n int) ([]string, int) {
	var words []string
	end := i
	for len(words) < n {
		j := i
		for j < len(s) && (s[j] == ' ' || s[j] == '\t' || s[j] == '*' || s[j] == '_') {
			j++
		}
		if j >= len(s) || strings.ContainsRune(stopRunes, runeAt(s, j)) || s[j] >= '0' && s[j] <= '9' || s[j] == '~' {
			break
		}
		k := j
		for k < len(s) && s[k] != ' ' && s[k] != '\t' && !strings.ContainsRune(stopRunes, runeAt(s, k)) {
			k++
		}
		w := strings.ToLower(strings.Trim(s[j:k], ".:!?*_"))
		sentenceEnd := k > j && strings.ContainsRune(".:!?", rune(s[k-1]))
		if w != "" {
			words = append(words, w)
			end = j + len(strings.TrimRight(s[j:k], ".:!?*_"))
		}
		i = k
		if sentenceEnd || k == j {
			break
		}
	}
	return words, end
}

var (
	// pastVerbRE finds a verb of change ending the words right before a
	// percentage: "dropped", "fell about", "up by".
	// With onlyAfterVerb, "only" or "just" may follow the verb: "fell
	// only about 55 %".
	pastVerbRE = regexp.MustCompile(`(?i)\b(dropped|drops?|fell|falls?|decreased|decreases?|shrank|shrinks?|improved|improves?|increased|increases?|rose|rises?|grew|grows?|down|up` + gerundChangeRE() + `)\s*` + onlyAfterVerbRE() + `(?:~|about|around|roughly|nearly|over|almost|by` + gerundChangeUpTo() + `)?\s*$`)
	// changeOfRE finds a change named by a noun right before a
	// percentage: "…, a rise of 6.1 %", "an increase of 12 %", "a drop
	// of about 30 %"; group 1 is the noun, read as pastVerbRE's verb.
	changeOfRE = regexp.MustCompile(`(?i)\b(?:a|an)\s+(?:[a-z-]+\s+)?(rise|increase|jump|gain|drop|decrease|reduction|fall|cut|decline|improvement)\s+of\s*(?:~|about|around|roughly|nearly|almost)?\s*$`)
	// byVerbRE finds "reduce memory allocations by" before a percentage.
	byVerbRE = regexp.MustCompile(`(?i)\b(reduc\w*|cut\w*|drop\w*|fell|fall\w*|lower\w*|decreas\w*|sav(?:e|es|ed|ing)|shr[iu]nk\w*|trim\w*|shav(?:e|es|ed|ing)|improv\w*|speed\w*|sped|boost\w*|increas\w*|slow\w*|rais\w*|lift\w*|grow\w*|grew)\b((?:[^.:;|]|\.[0-9]){0,60}?)\bby\s*(?:~|about|around|roughly|nearly|over|almost|up\s+to|as\s+much\s+as)?\s*$`)
	// labelClaimRE finds "Improvement:" before a figure.
	labelClaimRE = regexp.MustCompile(`(?i)\b(improvement|speed-?up|gain|reduction|saving|savings|faster|change|impact|benefit|delta)s?\s*:\s*$`)
	// zeroAllocRE finds word forms of zero-allocation claims.
	zeroAllocRE = regexp.MustCompile(`(?i)\b(?:zero|no)[\s-]+(?:(?:heap|dynamic|runtime|extra|additional|new|further)[\s-]+)?alloc(?:s|ations?)?\b(?:/op)?|\balloc(?:ation)?[\s-]free\b`)
	// environmentRE marks figures that describe the machine, not a
	// measurement: "32GB RAM", "8 cores".
	environmentRE = regexp.MustCompile(`(?i)^\s*(?:of\s+)?(?:ram|unified memory|cores?|threads?|vcpus?|cpus?|gpus?)\b`)
	// projectionRE marks claims that are projections, not measurements.
	projectionRE = regexp.MustCompile(`(?i)\b(expected|expect|expects|estimated?|estimates|projected|projection|target|goal|potential|future|would|could|might)\b`)
)

// beforeWindow returns the text before s[i] back to lo, at most 80 bytes.
func beforeWindow(s string, lo, i int) string {
	lo = max(lo, i-80)
	for lo > 0 && lo < len(s) && s[lo]&0xC0 == 0x80 {
		lo++
	}
	return s[lo:i]
}

// asMuchWords follow "N× as" in a factor that states new/old: "2.6× as
// often", "3× as much memory".
var asMuchWords = map[string]bool{"often": true, "much": true, "many": true, "large": true, "long": true, "high": true,
	"big": true, "frequent": true, "frequently": true}

// timeWords are direction words that name time themselves.
var timeWords = map[string]bool{"faster": true, "slower": true, "quicker": true, "speedier": true, "speedup": true, "speed-up": true}

// direction finds the first direction word among the first three words
// and the quantity the words around it name. It returns the index of the
// last word of the phrase, -1 if there is no direction word.
func direction(words []string) (dir int, sn sense, q Quantity, last int) {
	for k, w := range words[:min(len(words), 3)] {
		sn, ok := percentWords[w]
		if !ok {
			continue
		}
		window := words[:min(len(words), k+4)]
		last = k
		if timeWords[w] {
			q = Time
		} else {
			q = quantityOf(window)
			last = max(k, lastQuantityWord(window))
		}
		return k, sn, q, last
	}
	return -1, senseNone, Unknown, -1
}

// longerAfterFromTo reads "N % longer" right after the "from A to B" of
// its sentence ("went from 48 s to 71 s, 32 % longer") as a change of
// that pair, checked as "N % shorter" is (twenty-second round): a
// percentage on the wrong base, (B − A) / B, is an arithmetic error.
const longerAfterFromTo = true

// fromToJustBeforeRE is a "from A to B" that ends right before a figure,
// a comma or a dash between.
var fromToJustBeforeRE = regexp.MustCompile(`(?i)\bfrom\s+[~≈]?[0-9][0-9.,]*\s*[^\s,;:()]*\s+to\s+[~≈]?[0-9][0-9.,]*\s*[^\s,;:()]*\s*(?:,|—|–|-)\s*$`)

// onlyAfterVerb reads a percentage after a verb of change and "only" or
// "just" ("Inventory calls fell only about 55 %", "rose just 4 %") as a
// change, as without the word (twenty-second round); before, it was a
// level and never checked.
const onlyAfterVerb = true

func onlyAfterVerbRE() string {
	if onlyAfterVerb {
		return `(?:(?:only|just)\s+)?`
	}
	return ``
}

// gerundChange reads a percentage after a verb of change in -ing ("with
// p99 improving 52 %", "p95 falling 30 %") or "came down", "went up",
// and after "by up to", as a change, as after "improved" or "fell by"
// (twenty-second round).
const gerundChange = true

func gerundChangeUpTo() string {
	if gerundChange {
		return `|by\s+up\s+to|up\s+to`
	}
	return ``
}

func gerundChangeRE() string {
	if gerundChange {
		return `|improving|falling|dropping|rising|growing|shrinking|increasing|decreasing|(?:came|comes|went|goes|going|coming)\s+(?:down|up)`
	}
	return ``
}

// growthVerbRE finds a verb of growth right before a factor: "grew
// 4.9×", "rose by 3×", "is up 2×".
var growthVerbRE = regexp.MustCompile(`(?i)\b(grew|grows?|rose|rises?|increased|increases?|up|multiplied)\s*(?:~|about|around|roughly|nearly|almost|by)?\s*$`)

// physicalBefore returns the physical quantity (current, charge,
// voltage, energy, frame rate) the words before a figure name, Unknown
// if none: their pair is of that quantity, not a time.
func physicalBefore(win string) Quantity {
	switch q := quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, win)))); q {
	case Current, Charge, Voltage, Power, Energy, FrameRate:
		return q
	}
	return Unknown
}

// growthBefore reports whether the text before a factor ends in a verb
// of growth.
func growthBefore(win string) bool { return growthVerbRE.MatchString(win) }

// classify returns the claim a figure with unit x or % makes, if any.
// prevEnd is the end of the previous figure, which bounds the words read
// before this one.
func classify(s string, f *figure, prevEnd int) (phrase, bool) {
	if f.plusMinus || f.Value == 0 && f.Unit == "x" {
		return phrase{}, false
	}
	if factorRangeTo && f.Unit == "x" {
		if m := factorRangeToRE.FindStringSubmatchIndex(s[f.end:]); m != nil {
			// "2.51× to 3.61× faster": the low end of a range of
			// factors is read with the words after the high end.
			g := *f
			g.start, g.end = f.end+m[2], f.end+m[3]
			p, ok := classify(s, &g, prevEnd)
			if ok {
				p.fig, p.start = f, f.start
				p.text = strings.Join(strings.Fields(s[f.start:f.end]+s[g.end:max(p.end, g.end)]), " ")
				if c := s[f.end-1]; c >= '0' && c <= '9' {
					// "2.5 to 3.6 times faster": the unit is the high
					// end's.
					p.text = strings.Join(strings.Fields(s[f.start:max(p.end, g.end)]), " ")
				}
			}
			return p, ok
		}
	}
	after, aEnd := wordsAfter(s, f.end, 6)
	p := phrase{fig: f, start: f.start, end: f.end}
	dir, sn, q, last := direction(after)
	if dir >= 0 && after[dir] == "longer" && f.Unit != "x" && !(longerAfterFromTo && dir == 0 && fromToJustBeforeRE.MatchString(s[:f.start])) {
		// "4.4 times longer": a factor of a time or a span; "91 %
		// longer" is left a level, as it was (a change whose pair may
		// be lines away), but right after the "from A to B" it rests
		// on (const longerAfterFromTo).
		dir, sn, q, last = -1, senseNone, Unknown, -1
	}
	if dir >= 0 && q == Unknown && perSecondAfter(after[dir+1:]) {
		// "38% more operations per second": a rate.
		q = Throughput
	}
	if dir >= 0 && (after[dir] == "below" || after[dir] == "above") && boundRefRE.MatchString(strings.Join(after[dir+1:], " ")) {
		// "20 % below the SLO", "5 % above target": a distance from a
		// bound, not a change.
		return phrase{}, false
	}
	if dir >= 0 {
		p.end = endOfWords(s, f.end, last+1, after, aEnd)
		if q == Unknown {
			// The word just before the figure may name what is
			// compared: "allocates 75% less", "heap 40% smaller".
			if bw := strings.Fields(strings.ToLower(strings.Map(wordsOnly, beforeWindow(s, prevEnd, f.start)))); len(bw) > 0 {
				if hedgeBeforeQuantity {
					// "allocates about 3.4x less": the verb before
					// the hedge.
					for len(bw) > 1 && hedgeWords[bw[len(bw)-1]] {
						bw = bw[:len(bw)-1]
					}
				}
				q = quantityOf(bw[len(bw)-1:])
			}
		}
	}
	switch f.Unit {
	case "x":
		p.kind = Speedup
		p.sense = senseFactorBetter
		p.q = q
		switch {
		case dir >= 0:
			if sn == senseSlower || sn == senseIncrease && q != Throughput {
				p.sense = senseFactorWorse
			}
		case growthBefore(beforeWindow(s, prevEnd, f.start)):
			// "Origin requests grew 4.9×": a count that grows, new/old
			// (a rate that grows is faster: old/new as times, which the
			// claim's pair decides when the words do not).
			win := beforeWindow(s, prevEnd, f.start)
			if bq := quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, win)))); bq != Throughput {
				p.sense = senseFactorWorse
				p.start = f.start - (len(win) - growthVerbRE.FindStringIndex(win)[0])
			}
		case len(after) > 0 && quantityOf(after[:1]) != Unknown:
			p.q = quantityOf(after[:1]) // "5x throughput"
			p.end = endOfWords(s, f.end, 1, after, aEnd)
		case len(after) > 1 && after[0] == "as" && (after[1] == "fast" || after[1] == "quick"):
			// "1.78× as fast": a speed-up.
			p.end = endOfWords(s, f.end, 2, after, aEnd)
		case len(after) > 1 && (after[0] == "as" && asMuchWords[after[1]] || after[0] == "that" && after[1] == "of"):
			// "pauses 2.6× as often", "its p99 is 1.76× that of the
			// baseline": new/old, what it compares named around it.
			p.sense, p.guessed = senseFactorWorse, true
			p.end = endOfWords(s, f.end, 2, after, aEnd)
			if quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, beforeWindow(s, prevEnd, f.start))))) == Throughput {
				// "Throughput is 1.38x that of 3.1": more of a rate is
				// faster.
				p.sense, p.guessed = senseFactorBetter, false
			}
		case len(after) > 0 && baselineAfterRE.MatchString(s[f.end:]):
			// "6.1× what RabbitMQ managed", "2.7 times RabbitMQ's
			// 38,500 msg/s": new/old against the baseline named after
			// it, as "2.6× as much".
			p.sense, p.guessed = senseFactorWorse, true
			p.end = f.end + len(baselineAfterRE.FindString(s[f.end:]))
			if quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, beforeWindow(s, prevEnd, f.start))))) == Throughput {
				p.sense, p.guessed = senseFactorBetter, false
			}
		case len(after) > 0 && after[0] == "per" && averageWordRE.MatchString(beforeWindow(s, prevEnd, f.start)):
			// "the speed-up averages 4.6× per rung": a mean of factors,
			// over the rows "per" names.
			p.end = endOfWords(s, f.end, min(2, len(after)), after, aEnd)
			p.guessed = true
		case multipleOfRE.MatchString(s[f.end:]):
			// "3.03× the A100 baseline", "7.9× its normal rate", "2.10×
			// the price of the old one", "1.70× the node20 figures": a
			// multiple of a reference figure the words after it name,
			// new/old, as "what X managed".
			p.sense, p.guessed = senseFactorWorse, true
			p.end = f.end + len(multipleOfRE.FindString(s[f.end:]))
			if quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, beforeWindow(s, prevEnd, f.start))))) == Throughput {
				p.sense, p.guessed = senseFactorBetter, false
			}
		case speedAfterRE.MatchString(s[f.end:]):
			// "7.66× the compression speed", "10.5× gzip's
			// decompression speed": a speed-up, what it compares named
			// by the noun of a speed after it.
			p.q = Throughput
			p.end = f.end + len(speedAfterRE.FindString(s[f.end:]))
		case looseFactorThe && looseFactorTheRE.MatchString(s[f.end:]):
			// "1.68× the old node", "4.9× its weekly average": a
			// multiple of something the words after it name, new/old,
			// as "N times the …" (looseTimes); its alarms are withheld
			// unless its own line's pair gives another factor
			// (unalarmLooseTimes).
			p.sense, p.guessed, p.loose = senseFactorWorse, true, true
			p.end = f.end + len(looseFactorTheRE.FindString(s[f.end:]))
			if quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, beforeWindow(s, prevEnd, f.start))))) == Throughput {
				p.sense, p.guessed = senseFactorBetter, false
			}
		case looseFactorWord && len(after) > 0 && looseFollowWords[after[0]]:
			// "2.49× or +148.7 %", "improved 8.3× because …", "1.80×
			// per step", "the 2.95x of DecodeBlock": a factor followed
			// by a word that names nothing it multiplies; read, its
			// alarms withheld as a loose factor's (unalarmLooseTimes).
			p.guessed, p.loose, p.looseWord = true, true, true
		case len(after) > 0 && !isPerfNoun(after[0]):
			return phrase{}, false // "2x cores", "4x the size"
		}
		if p.q == Unknown {
			// "the sleep current is cut 2.9×": a physical quantity the
			// clause before names.
			p.q = physicalBefore(beforeWindow(s, prevEnd, f.start))
		}
		if p.q == Unknown {
			p.q = Time
			p.guessed = sn != senseFaster && !timeWords[strings.Join(after[max(0, dir):min(len(after), dir+1)], "")]
		}
	case "%":
		p.kind = Percent
		if len(after) > 0 && after[0] == "of" {
			return phrase{}, false // a share: read as an absolute figure
		}
		if spreadBoundRE.MatchString(s[:f.start]) {
			// "run-to-run spread was below 2 % for throughput and
			// below 6 % for p99": a bound on noise, not a change.
			return phrase{}, false
		}
		if dir >= 0 {
			p.sense, p.q = sn, q
			if f.sign == '-' && after[dir] == "throughput" {
				// "−7.8 % throughput": the sign says the rate fell.
				p.sense = senseSlower
			}
		} else {
			win := beforeWindow(s, prevEnd, f.start)
			if m := byVerbRE.FindStringSubmatchIndex(win); m != nil {
				verb := strings.ToLower(win[m[2]:m[3]])
				p.sense = senseReduce
				switch {
				case strings.HasPrefix(verb, "improv") || strings.HasPrefix(verb, "speed") || strings.ToLower(verb) == "sped" || strings.HasPrefix(verb, "boost"):
					p.sense = senseFaster
				case strings.HasPrefix(verb, "increas") || strings.HasPrefix(verb, "rais") || strings.HasPrefix(verb, "gr") || strings.HasPrefix(verb, "lift"):
					p.sense = senseIncrease
				case strings.HasPrefix(verb, "slow"):
					p.sense = senseSlower
				}
				p.q = quantityOf(strings.Fields(strings.ToLower(win[m[2]:m[5]])))
				if p.q == Unknown {
					// "bytes allocated per batch fall by 79.5 %": the
					// subject before the verb, in its clause, names it.
					cl := win[:m[2]]
					if j := strings.LastIndexAny(cl, ".;,"); j >= 0 {
						cl = cl[j+1:]
					}
					p.q = quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, cl))))
				}
				p.start = f.start - (len(win) - m[2])
			} else if m := changeMatch(win); m != nil {
				// "p99 latency dropped 31%", "…, a rise of 6.1 %".
				verb := strings.ToLower(win[m[2]:m[3]])
				p.sense = senseReduce
				switch {
				case strings.HasPrefix(verb, "improv"):
					p.sense = senseFaster
				case strings.HasPrefix(verb, "increas") || strings.HasPrefix(verb, "rose") || strings.HasPrefix(verb, "ris") || strings.HasPrefix(verb, "gr") || verb == "up" || gerundChange && strings.HasSuffix(verb, " up") ||
					verb == "jump" || verb == "gain":
					p.sense = senseIncrease
				}
				p.q = quantityOf(strings.Fields(strings.ToLower(win[:m[2]])))
				if p.q == Unknown {
					// "Proxy throughput at 64 clients is up 38%": the
					// subject is named before a figure of the clause
					// that is not a claim.
					cl := s[:f.start]
					if j := strings.LastIndexAny(cl, ".;"); j >= 0 {
						cl = cl[j+1:]
					}
					p.q = quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, cl))))
				}
			} else if m := labelClaimRE.FindStringSubmatchIndex(win); m != nil {
				p.sense = senseFaster
				if w := strings.ToLower(win[m[2]:m[3]]); strings.HasPrefix(w, "reduction") || strings.HasPrefix(w, "saving") {
					p.sense = senseReduce
				}
			} else if f.sign != 0 && (strings.HasSuffix(strings.TrimRight(win, " "), "(") || len(after) > 0 && quantityOf(after[:1]) != Unknown ||
				len(after) == 0 || after[0] == "p") {
				// "17 (-11%)", "-11% allocations", a signed delta alone in
				// a table cell or at the end of a benchstat row.
				// "17 (-11%)", "-11% allocations": a signed change.
				p.sense = senseReduce
				if f.sign == '+' {
					p.sense = senseIncrease
				}
				if len(after) > 0 && quantityOf(after[:1]) != Unknown {
					p.q = quantityOf(after[:1])
					p.end = endOfWords(s, f.end, 1, after, aEnd)
				} else if cl := s[:f.start]; strings.TrimSpace(cl) != "" {
					// "sustainable throughput per pod +48 %": the clause
					// before a signed figure names what changed.
					if j := strings.LastIndexAny(cl, ".;,:("); j >= 0 {
						cl = cl[j+1:]
					}
					p.q = quantityOf(strings.Fields(strings.ToLower(strings.Map(wordsOnly, cl))))
				}
			}
		}
		switch {
		case p.sense == senseNone:
			return phrase{}, false
		case p.q == Throughput && (p.sense == senseIncrease || p.sense == senseFaster):
			p.sense = senseGain
		case p.q == Throughput && p.sense == senseReduce:
			p.sense = senseSlower
		case p.sense == senseFaster && p.q != Time && p.q != Unknown:
			p.sense = senseReduce // "30% better memory use"
		case p.sense == senseSlower && p.q != Time && p.q != Unknown && p.q != Throughput:
			p.sense = senseIncrease
		}
	default:
		return phrase{}, false
	}
	p.text = strings.Join(strings.Fields(s[p.start:p.end]), " ")
	return p, true
}

// perSecondAfter reports whether words name a count per second: a noun
// then "per second" ("operations per second", "requests per sec").
func perSecondAfter(words []string) bool {
	for k := 1; k+1 < len(words) && k <= 3; k++ {
		if words[k] == "per" && (words[k+1] == "second" || words[k+1] == "sec" || words[k+1] == "s") {
			return true
		}
	}
	return false
}

// isPerfNoun reports whether a word after a bare factor still makes it a
// performance claim: "3x improvement", "2x performance".
// averageWordRE finds the words that make a factor or percentage a mean
// over rows: "averages", "on average", "mean", "geometric mean".
var averageWordRE = regexp.MustCompile(`(?i)\b(?:averages?|averaged|on average|mean|geo-?mean|geometric[- ]mean)\b`)

// speedAfterRE matches the noun of a speed after a factor, read after
// "the" or a possessive and at most one other word ("× the compression
// speed", "× gzip's decompression speed").
var speedAfterRE = regexp.MustCompile(`(?i)^\s*(?:the|[a-z0-9-]+['’]s)\s+(?:[a-z-]+\s+)?(?:speeds?|bandwidth)\b`)

func isPerfNoun(w string) bool {
	switch w {
	case "improvement", "improvements", "gains", "speedups", "boosts", "performance", "speedup", "speed-up", "gain", "boost", "throughput", "win", "on", "in", "for", "with", "at", "and", "over", "from", "vs", "vs.":
		return true
	}
	return false
}

// lastQuantityWord returns the index of the last word naming a quantity,
// -1 if none.
func lastQuantityWord(words []string) int {
	last := -1
	for i, w := range words {
		if quantityOf([]string{w}) != Unknown {
			last = i
		}
	}
	return last
}

// endOfWords returns the offset after the first n of the words read from
// s[from:], which ended at end.
func endOfWords(s string, from, n int, words []string, end int) int {
	if n >= len(words) {
		return end
	}
	i := from
	for k := 0; k < n; k++ {
		j := strings.Index(strings.ToLower(s[i:min(len(s), i+160)]), words[k])
		if j < 0 {
			return end
		}
		i += j + len(words[k])
	}
	return i
}

// zeroAllocPhrases returns the word forms of zero-allocation claims in s:
// "zero allocations", "no heap allocations", "allocation-free".
func zeroAllocPhrases(s string) []phrase {
	if !strings.Contains(strings.ToLower(s), "alloc") {
		return nil
	}
	var ps []phrase
	for _, m := range zeroAllocRE.FindAllStringIndex(s, -1) {
		ps = append(ps, phrase{kind: ZeroAlloc, q: Allocs, text: s[m[0]:m[1]], start: m[0], end: m[1]})
	}
	return ps
}

// projectionStems are the stems projectionRE looks for, for a quick test
// before the regular expression.
var projectionStems = []string{"expect", "estimat", "project", "target", "goal", "potential", "future", "would", "could", "might"}

// isProjectionText reports whether s states a projection ("expected",
// "estimated", "target", "could") rather than a measurement.
func isProjectionText(s string) bool {
	l := strings.ToLower(s)
	for _, st := range projectionStems {
		if strings.Contains(l, st) {
			// "256 MiB target files": a target that a figure sets is
			// a setting of what was measured, not a projection.
			// "could not keep up", "faster than it could be
			// replayed": a past inability or a comparison states what
			// happened, not a projection.
			t := pastCouldRE.ReplaceAllString(settingTargetRE.ReplaceAllString(s, " "), " ")
			if expectationIsPast {
				t = pastExpectedRE.ReplaceAllString(t, " ")
			}
			if expectationDenied {
				t = deniedExpectRE.ReplaceAllString(t, " ")
			}
			return projectionRE.MatchString(t)
		}
	}
	return false
}

// pastCouldRE finds "could" that states a past fact: "could not",
// "couldn't", "than it could".
var pastCouldRE = regexp.MustCompile(`(?i)\bcould(?:\s+not|n['’]t)\b|\bthan\s+(?:it|they|we|the\s+\w+)\s+could\b`)

// pastExpectedRE finds "expected" that a result is compared with: "more
// than the 8.3 ms we expected", "slower than expected", "as we had
// expected". The sentence states what happened against an expectation,
// not a projection (const expectationIsPast).
var pastExpectedRE = regexp.MustCompile(`(?i)\b(?:than|as)\s+(?:(?:the|our|what)\s+)?(?:[^\s;]+\s+){0,3}?(?:we|they|it|I|was|were)?\s*(?:had\s+)?(?:initially\s+|originally\s+)?expected\b`)

// expectationIsPast makes a sentence that compares a result with what was
// expected (pastExpectedRE) no projection.
const expectationIsPast = true

// expectationDenied makes a sentence that says a result was not what
// anyone expected ("a 7.8x improvement that we did not expect from a key
// cache alone", "we had not expected", "nobody expected") no
// projection: it reports a measurement that surprised, in the past
// tense. The negation must stand right before the verb (deniedExpectRE);
// "we do not expect it to hold" stays a projection. One regular
// expression per line that holds "expect". Forty-fifth round.
const expectationDenied = true

// hedgeBeforeQuantity lets the word that names what a change compares
// stand before a hedge ("allocates about 3.4x less", "heap roughly 40 %
// smaller"; the hedges of hedgeWords): the hedge was taken for that word, and the factor read
// with the quantity of its clause's other words (a time), checked
// against times. One look at the words before the figure. Forty-fifth
// round.
const hedgeBeforeQuantity = true

// deniedExpectRE finds an expectation denied in the past: "did not
// expect", "didn't expect", "had not expected", "never expected",
// "nobody expected".
var deniedExpectRE = regexp.MustCompile(`(?i)\b(?:(?:did|had)\s*(?:not|n['’]t)|never|nobody|no\s+one)\s+(?:(?:have|had|really|quite)\s+)?expect(?:ed)?\b`)

// settingTargetRE finds "target" right after a figure with a unit, as an
// adjective of a configured value: "256 MiB target files", "a 64 MB
// target size".
var settingTargetRE = regexp.MustCompile(`(?i)[0-9]\s*(?:[kmgt]i?b|bytes|ms|µs|s)\s+target\s+(?:files?|sizes?|blocks?|segments?|tables?)\b`)

// spreadBoundRE finds a bound on a spread before a percentage: a word of
// variability in the sentence, then "below", "under", "within" or "less
// than" right before the figure.
var spreadBoundRE = regexp.MustCompile(`(?i)\b(?:varian\w*|variabilit\w*|variation|jitter\w*|spread|noise|run-to-run)\b[^.;]*\b(?:below|under|within|less\s+than|at\s+most)\s*[~≈]?\s*$`)

// changeMatch returns the submatch indices of pastVerbRE on win, or of
// changeOfRE when that does not match, or nil; group 1 is the verb or
// noun of the change.
func changeMatch(win string) []int {
	if m := pastVerbRE.FindStringSubmatchIndex(win); m != nil {
		return m
	}
	return changeOfRE.FindStringSubmatchIndex(win)
}
