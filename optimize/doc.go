// Package optimize closes perfproof's loop: find, fix, test, prove and
// write up, as `perfproof optimize` runs it.
//
// Run checks out the HEAD of the module's git repository into a temporary
// worktree (package revs: never the user's work tree, index, stash, HEAD or
// branches) and ranks its findings there with pipeline.Report. The findings
// whose check offers a fix (finding.Finding.Fixes; checks offer one only
// where the rewrite is exact) are tried in rank order, the costliest
// first; the others are listed for a person. For each:
//
//  1. Apply: the fix's edits, relative to the file as it was analysed, are
//     applied together with the edits of the fixes kept before it (exact
//     duplicates, such as one import added by two fixes, count once;
//     overlapping edits reject the later fix), the file is formatted as
//     gofmt does, and written into a new worktree of the tip: HEAD with the
//     kept fixes committed.
//  2. Gate: go build and go vet of the changed packages, then go test
//     -count=1 of those and of every package of the module whose test
//     binary depends on them (go list -test -deps). A failure rejects the
//     fix, with the end of the failing output.
//  3. Prove: the benchmarks whose profiles show the finding's cost
//     (finding.Cost.ByBenchmark), or else Options.Bench in the changed
//     packages, are compared between the tip and the fixed tree with
//     pipeline.CompareSides in adaptive mode (prove.Options.Adaptive). The
//     fix is kept when no comparison is slower and at least one is faster
//     (less time, or fewer bytes or allocations per op), after the
//     correction of the verdicts for their number (stats.Holm); otherwise
//     it is rejected with the verdict table.
//  4. Stack: a kept fix is committed in its worktree (as the user's git
//     identity, hooks and signing off), which becomes the tip for the next
//     fix; when two or more are kept, HEAD is compared with the tip on the
//     union of their benchmarks, so the total is measured too.
//
// Unless Options.DryRun, the tip becomes a new branch (git branch, run in
// a worktree, which shares the repository's refs) without being checked
// out. Result.Markdown writes the pull-request description, every number
// of which comes from the run's comparisons.
//
// Options.Budget bounds the wall time: no fix starts that, judging by the
// slowest so far, would end after it, and a fix running at its end is
// abandoned. Cancelling the context stops the same way. The fixes kept so
// far are kept either way, and every worktree is removed before Run
// returns (a killed run's are removed by the next run of perfproof, see
// revs.Open).
package optimize
