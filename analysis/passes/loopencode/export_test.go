package loopencode

// MemoReplays returns how many runs the memo has replayed so far.
func MemoReplays() int64 { return memo.Replays() }
