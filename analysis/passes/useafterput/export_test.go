package useafterput

import "golang.org/x/tools/go/analysis"

// MemoizedWithReplays returns a memoised copy of Analyzer (Memoized) and
// a function that returns how many runs its memo has replayed so far.
func MemoizedWithReplays() (*analysis.Analyzer, func() int64) {
	a, memo := memoized(nil)
	return a, memo.Replays
}
