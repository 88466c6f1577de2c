// Package suite lists perfproof's checks: the analyzers that `perfproof
// scan` and `perfproofvet` run.
package suite

import (
	"fmt"
	"runtime/debug"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/passes/addrkey"
	"github.com/perfproof/perfproof/analysis/passes/binaryrw"
	"github.com/perfproof/perfproof/analysis/passes/compileonce"
	"github.com/perfproof/perfproof/analysis/passes/concatloop"
	"github.com/perfproof/perfproof/analysis/passes/deferloop"
	"github.com/perfproof/perfproof/analysis/passes/eagerlog"
	"github.com/perfproof/perfproof/analysis/passes/fmtnumber"
	"github.com/perfproof/perfproof/analysis/passes/fmtwrite"
	"github.com/perfproof/perfproof/analysis/passes/httpdate"
	"github.com/perfproof/perfproof/analysis/passes/loopencode"
	"github.com/perfproof/perfproof/analysis/passes/lossyparse"
	"github.com/perfproof/perfproof/analysis/passes/makecap"
	"github.com/perfproof/perfproof/analysis/passes/parsezero"
	"github.com/perfproof/perfproof/analysis/passes/poolreset"
	"github.com/perfproof/perfproof/analysis/passes/queryonce"
	"github.com/perfproof/perfproof/analysis/passes/reuse"
	"github.com/perfproof/perfproof/analysis/passes/scannercopy"
	"github.com/perfproof/perfproof/analysis/passes/sortedsearch"
	"github.com/perfproof/perfproof/analysis/passes/splitcut"
	"github.com/perfproof/perfproof/analysis/passes/splitwrite"
	"github.com/perfproof/perfproof/analysis/passes/timeformat"
	"github.com/perfproof/perfproof/analysis/passes/trimloop"
	"github.com/perfproof/perfproof/analysis/passes/unboundedcache"
	"github.com/perfproof/perfproof/analysis/passes/useafterput"
)

// Analyzers returns the checks in a fixed order, sorted by name. The
// caller may modify the returned slice.
//
// The checks run despite type errors (the packages a user names often
// import a dependency that does not type-check with the installed Go), so
// they may meet syntax without types. The first call makes each check and
// the passes it requires turn a panic into an error naming the check and
// the package, so that one such mishap costs the findings of one package
// and is reported, not the whole run.
func Analyzers() []*analysis.Analyzer {
	all := analyzers()
	guardOnce.Do(func() { guard(all, make(map[*analysis.Analyzer]bool)) })
	return all
}

var guardOnce sync.Once

// guard wraps the Run function of each analyzer in as and of those they
// require, once each.
func guard(as []*analysis.Analyzer, done map[*analysis.Analyzer]bool) {
	for _, a := range as {
		if done[a] {
			continue
		}
		done[a] = true
		guard(a.Requires, done)
		guardRun(a)
	}
}

// guardRun wraps a's Run function so that a panic becomes an error.
func guardRun(a *analysis.Analyzer) {
	run := a.Run
	a.Run = func(pass *analysis.Pass) (result any, err error) {
		defer func() {
			if r := recover(); r != nil {
				result, err = nil, fmt.Errorf("internal error: check %s panicked on package %s: %v (at %s); please report it", pass.Analyzer.Name, pass.Pkg.Path(), r, panicSite(debug.Stack()))
			}
		}()
		return run(pass)
	}
}

// Memoize returns a copy of as in which each check that can keep a memo
// of the packages it analysed (loopencode, splitwrite, useafterput; see
// package factmemo) is replaced by a new memoised copy of itself, guarded
// as Analyzers' are, whose memo names a package by key (nil: by its path
// and its own files' contents, right within one snapshot of the code). A
// driver that meets packages more than once (test variants, later runs)
// owns the copies; the exported Analyzers stay free of state for other
// drivers (go vet, gopls).
func Memoize(as []*analysis.Analyzer, key func(*analysis.Pass) string) []*analysis.Analyzer {
	Analyzers() // the shared checks are guarded once
	memoized := map[*analysis.Analyzer]func(func(*analysis.Pass) string) *analysis.Analyzer{
		loopencode.Analyzer:  loopencode.Memoized,
		splitwrite.Analyzer:  splitwrite.Memoized,
		useafterput.Analyzer: useafterput.Memoized,
	}
	out := make([]*analysis.Analyzer, len(as))
	for i, a := range as {
		if m := memoized[a]; m != nil {
			a = m(key)
			guardRun(a)
		}
		out[i] = a
	}
	return out
}

func analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		addrkey.Analyzer,
		binaryrw.Analyzer,
		compileonce.Analyzer,
		concatloop.Analyzer,
		deferloop.Analyzer,
		eagerlog.Analyzer,
		fmtnumber.Analyzer,
		fmtwrite.Analyzer,
		httpdate.Analyzer,
		loopencode.Analyzer,
		lossyparse.Analyzer,
		makecap.Analyzer,
		parsezero.Analyzer,
		poolreset.Analyzer,
		queryonce.Analyzer,
		reuse.Analyzer,
		scannercopy.Analyzer,
		sortedsearch.Analyzer,
		splitcut.Analyzer,
		splitwrite.Analyzer,
		timeformat.Analyzer,
		trimloop.Analyzer,
		unboundedcache.Analyzer,
		useafterput.Analyzer,
	}
}

// panicSite returns the function and file:line where the panic that stack
// (from debug.Stack in a deferred recover) unwinds was raised: the frame
// after the runtime's panic call, e.g. "p.f /src/p/f.go:12"; or "" if
// stack does not show it.
func panicSite(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+2 < len(lines) {
			fn, _, _ := strings.Cut(lines[i+1], "(")
			loc, _, _ := strings.Cut(strings.TrimSpace(lines[i+2]), " +")
			return fn + " " + loc
		}
	}
	return ""
}
