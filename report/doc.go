// Package report renders the result of `perfproof report`: findings ranked
// by their measured cost, the benchmarks behind the measurement, the
// environment they ran in and the commands that reproduce them.
//
// The package only renders. Its input, a Report, is assembled by the
// caller: findings already joined with their profile cost and ranked (see
// cost.Join and cost.Rank), benchmark results already summarised
// (Summarize does it for benchfmt results), the environment already
// probed. Markdown writes the Report as GitHub-flavoured Markdown; its
// output depends only on the Report, so it is byte-for-byte reproducible
// and tested against golden files (go test ./report -update rewrites them).
package report
