package scan

import (
	"strings"

	"github.com/perfproof/perfproof/finding"
)

// demoted lists the checks whose precision at the default confidence, on
// the corpus of real modules in bench/corpus (findings labelled by hand in
// bench/corpus/labels), is under 70 %, with the figure: a static path from
// an entry point is too weak evidence for them. A finding of such a check
// whose evidence is only a path through calls (reachable from a handler,
// a consumer loop, a benchmark, or a library's API) is capped at low, so
// that scan shows it only with -all; one in the entry point itself (in a
// handler or in a benchmark's measured loop: 17 of 20 hot on the corpus)
// keeps its confidence, and a profile that measures a finding hot
// (cost.Hotness) makes it high. A check leaves this list when a corpus run
// shows it at 70 % or more.
//
// Figures: corpus run at a9041f4 (session 8, with function literals as
// call-graph nodes and interface calls by method sets; findings labelled
// by hand, makecap sampled), findings that a handler, consumer loop,
// benchmark or library API reaches or is, before this cap. poolreset
// (5 of 6, 83 %) and timeformat (6 of 8) are over 70 % and not listed.
var demoted = map[string]string{
	"compileonce":    "33 % (2 of 6 labelled findings hot)",
	"concatloop":     "6 % (2 of 32)",
	"fmtnumber":      "53 % (28 of 53)",
	"fmtwrite":       "17 % (1 of 6)",
	"makecap":        "14 % (11 of 78)",
	"reuse":          "27 % (4 of 15)",
	"sortedsearch":   "0 % (0 of 12)",
	"unboundedcache": "0 % (0 of 5)",
}

// demotedInEntry lists the checks whose findings in an entry point itself
// are under 70 % precision on the corpus too, with the figure: their
// static evidence, whatever it is, is capped at low.
//
// Figures: corpus run at bb59548 (session 7), every finding at the
// default confidence labelled.
var demotedInEntry = map[string]string{
	"makecap": "0 % (0 of 3 labelled findings in an entry point hot: an error path of a consumer loop, a profiling RPC, an admin request)",
}

// demote caps the static evidence of f at low if its check is demoted and
// the evidence is a path through calls, or any static evidence for a
// check in demotedInEntry.
func demote(f *finding.Finding) {
	if f.Hot == nil || f.Hot.Confidence == Low {
		return
	}
	why, ok := demotedInEntry[f.Analyzer]
	if !ok {
		why, ok = demoted[f.Analyzer]
		if !ok || strings.HasPrefix(f.Hot.Evidence, "static: is a ") {
			return
		}
	}
	weak := "a call path is"
	if _, all := demotedInEntry[f.Analyzer]; all {
		weak = "static evidence is"
	}
	f.Hot = &finding.Hot{
		Evidence:   f.Hot.Evidence + "; shown only with -all: " + weak + " too weak evidence for the " + f.Analyzer + " check, whose precision on the corpus of real code is " + why,
		Confidence: Low,
	}
}
