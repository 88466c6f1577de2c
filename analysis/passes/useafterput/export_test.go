package useafterput

import (
	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/internal/factmemo"
)

// MemoizedWithReplays returns a memoised copy of Analyzer (Memoized) and
// a function that returns how many runs its memo has replayed so far.
func MemoizedWithReplays() (*analysis.Analyzer, func() int64) {
	memo := factmemo.NewKeyed[*summary](nil)
	return check.Analyzer(memo), memo.Replays
}
