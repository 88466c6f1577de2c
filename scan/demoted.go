package scan

import "github.com/perfproof/perfproof/finding"

// demoted lists the checks whose precision at the default confidence, on
// the corpus of real modules in bench/corpus (every finding labelled by
// hand in bench/corpus/labels), is under 70 %, with the figure. Their
// static evidence is capped at low, so that scan shows their findings only
// with -all; a profile that measures a finding hot (cost.Hotness) still
// makes it high. A check leaves this list when a corpus run shows it at
// 70 % or more.
var demoted = map[string]string{
	// Filled from the corpus run recorded in bench/corpus/README.md.
}

// demote caps the static evidence of f at low if its check is demoted.
func demote(f *finding.Finding) {
	why, ok := demoted[f.Analyzer]
	if !ok || f.Hot == nil || f.Hot.Confidence == Low {
		return
	}
	f.Hot = &finding.Hot{
		Evidence:   f.Hot.Evidence + "; shown only with -all: the " + f.Analyzer + " check's precision on the corpus of real code is " + why,
		Confidence: Low,
	}
}
