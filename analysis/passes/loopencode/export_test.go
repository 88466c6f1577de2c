package loopencode

import "github.com/perfproof/perfproof/analysis/internal/factmemo"

// MemoReplays returns how many runs the memo has replayed so far.
func MemoReplays() int64 { return memo.Replays() }

// ResetMemo forgets every package the memo has seen.
func ResetMemo() { memo = factmemo.New[*summary]() }
