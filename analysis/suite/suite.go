// Package suite lists perfproof's checks: the analyzers that `perfproof
// scan` and `perfproofvet` run.
package suite

import (
	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/analysis/passes/compileonce"
	"github.com/perfproof/perfproof/analysis/passes/fmtnumber"
	"github.com/perfproof/perfproof/analysis/passes/fmtwrite"
	"github.com/perfproof/perfproof/analysis/passes/httpdate"
	"github.com/perfproof/perfproof/analysis/passes/loopencode"
	"github.com/perfproof/perfproof/analysis/passes/lossyparse"
	"github.com/perfproof/perfproof/analysis/passes/parsezero"
	"github.com/perfproof/perfproof/analysis/passes/poolreset"
	"github.com/perfproof/perfproof/analysis/passes/reuse"
	"github.com/perfproof/perfproof/analysis/passes/scannercopy"
	"github.com/perfproof/perfproof/analysis/passes/sortedsearch"
	"github.com/perfproof/perfproof/analysis/passes/trimloop"
	"github.com/perfproof/perfproof/analysis/passes/unboundedcache"
	"github.com/perfproof/perfproof/analysis/passes/useafterput"
)

// Analyzers returns the checks in a fixed order, sorted by name. The
// caller may modify the returned slice.
func Analyzers() []*analysis.Analyzer {
	return []*analysis.Analyzer{
		compileonce.Analyzer,
		fmtnumber.Analyzer,
		fmtwrite.Analyzer,
		httpdate.Analyzer,
		loopencode.Analyzer,
		lossyparse.Analyzer,
		parsezero.Analyzer,
		poolreset.Analyzer,
		reuse.Analyzer,
		scannercopy.Analyzer,
		sortedsearch.Analyzer,
		trimloop.Analyzer,
		unboundedcache.Analyzer,
		useafterput.Analyzer,
	}
}
