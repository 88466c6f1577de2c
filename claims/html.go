package claims

import (
	"bytes"
	"fmt"
	"html/template"
	"io"
	"sort"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// HTMLMarker follows "<!DOCTYPE html>\n" at the start of every page
// AnnotateHTML writes: a file that starts so may be overwritten by
// another run of perfproof verify.
const HTMLMarker = "<!-- perfproof verify: annotated report -->"

// AnnotateHTML writes to w the annotated copy of the report src (the
// Markdown Annotate returns) rendered as one self-contained HTML page:
// the report's own headings, paragraphs, lists, tables and code blocks
// (CommonMark with GitHub tables and footnotes, by goldmark), each mark
// coloured by its verdict (✓ green, ✗ red, ~ amber, ? grey), the
// footnotes explaining the verdicts linked to their marks and back, and a
// header counting the verdicts. name is the report's name for the title
// and header. The page has no script and loads nothing: its CSS is
// inline. The report is untrusted: HTML written in it (blocks and inline
// tags) is shown as text, never passed through, and links with a
// javascript: or data: URL are dropped. The error is w's, or the
// renderer's (wrapped).
func AnnotateHTML(w io.Writer, name string, src []byte, cs []Claim) error {
	md, marks := annotate(src, cs)
	gm := goldmark.New(
		goldmark.WithExtensions(extension.Table, extension.NewFootnote(extension.WithFootnoteIDPrefix("pp-"))),
		goldmark.WithParserOptions(
			parser.WithAutoHeadingID(),
			parser.WithASTTransformers(util.Prioritized(&markSplitter{marks: marks}, 1000)),
		),
		goldmark.WithRendererOptions(renderer.WithNodeRenderers(util.Prioritized(&safeRenderer{}, 0))),
	)
	var body bytes.Buffer
	if err := gm.Convert(md, &body); err != nil {
		return fmt.Errorf("rendering the annotated report: %w", err)
	}
	var counts []verdictCount
	n := make(map[Verdict]int)
	for _, c := range cs {
		n[c.Verdict]++
	}
	for _, v := range []Verdict{Consistent, Reproduced, BetterThanClaimed, ArithmeticError, Unsupported, MixesRows, Contradicted,
		NotReproduced, Ambiguous, Unverifiable} {
		if n[v] > 0 {
			counts = append(counts, verdictCount{Verdict: v.String(), Class: markClass(v), N: n[v]})
		}
	}
	failed, measured := 0, 0
	for _, c := range cs {
		if c.Verdict.Failed() {
			failed++
		}
		if c.Measured != nil {
			measured++
		}
	}
	return htmlPage.Execute(w, struct {
		Marker   template.HTML
		Name     string
		Claims   int
		Failed   int
		Measured int
		Counts   []verdictCount
		Body     template.HTML
	}{template.HTML(HTMLMarker), name, len(cs), failed, measured, counts, template.HTML(body.String())})
}

type verdictCount struct {
	Verdict, Class string
	N              int
}

// markClass is the CSS class of a verdict's mark.
func markClass(v Verdict) string {
	switch {
	case v.Failed():
		return "pp-bad"
	case v == Ambiguous:
		return "pp-amb"
	case v == Unverifiable:
		return "pp-unk"
	}
	return "pp-ok"
}

// kindMark is the AST node of a verdict mark in the rendered report.
var kindMark = ast.NewNodeKind("PerfproofMark")

type markNode struct {
	ast.BaseInline
	markAt
}

func (n *markNode) Kind() ast.NodeKind { return kindMark }

func (n *markNode) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Verdict": n.verdict.String()}, nil)
}

// markSplitter cuts the text nodes that hold marks Annotate wrote (at
// known offsets of its output, so that a ✓ or ~ of the report's own is
// left alone) and puts a markNode in their place.
type markSplitter struct {
	marks []markAt
}

func (s *markSplitter) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	if len(s.marks) == 0 {
		return
	}
	sort.Slice(s.marks, func(i, j int) bool { return s.marks[i].off < s.marks[j].off })
	var texts []*ast.Text
	_ = ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n.Kind() {
		case ast.KindCodeSpan, ast.KindCodeBlock, ast.KindFencedCodeBlock, ast.KindHTMLBlock, ast.KindRawHTML:
			return ast.WalkSkipChildren, nil
		}
		if t, ok := n.(*ast.Text); ok && !t.IsRaw() {
			texts = append(texts, t)
		}
		return ast.WalkContinue, nil
	})
	src := reader.Source()
	for _, t := range texts {
		s.split(t, src)
	}
}

// split replaces t by the text before its first mark, the mark and the
// rest, which is split in turn.
func (s *markSplitter) split(t *ast.Text, src []byte) {
	seg := t.Segment
	k := sort.Search(len(s.marks), func(i int) bool { return s.marks[i].off >= seg.Start })
	if k == len(s.marks) || s.marks[k].off+len(s.marks[k].mark) > seg.Stop || seg.Padding != 0 {
		return
	}
	m := s.marks[k]
	if m.off+len(m.mark) > len(src) || string(src[m.off:m.off+len(m.mark)]) != m.mark {
		return
	}
	parent := t.Parent()
	if parent == nil {
		return
	}
	before := ast.NewTextSegment(text.NewSegment(seg.Start, m.off))
	mark := &markNode{markAt: m}
	after := ast.NewTextSegment(text.NewSegment(m.off+len(m.mark), seg.Stop))
	after.SetSoftLineBreak(t.SoftLineBreak())
	after.SetHardLineBreak(t.HardLineBreak())
	parent.InsertBefore(parent, t, before)
	parent.InsertBefore(parent, t, mark)
	parent.ReplaceChild(parent, t, after)
	s.split(after, src)
}

// safeRenderer renders the marks, and the HTML of the report as text.
type safeRenderer struct{}

func (r *safeRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(kindMark, r.renderMark)
	reg.Register(ast.KindHTMLBlock, r.renderHTMLBlock)
	reg.Register(ast.KindRawHTML, r.renderRawHTML)
}

func (r *safeRenderer) renderMark(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		m := node.(*markNode)
		fmt.Fprintf(w, `<span class="pp-mark %s" title="%s">%s</span>`, markClass(m.verdict), template.HTMLEscapeString(m.verdict.String()),
			template.HTMLEscapeString(m.mark))
	}
	return ast.WalkContinue, nil
}

// renderHTMLBlock shows an HTML block of the report as preformatted text.
func (r *safeRenderer) renderHTMLBlock(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	n := node.(*ast.HTMLBlock)
	if entering {
		_, _ = w.WriteString(`<pre class="pp-raw">`)
		for i := range n.Lines().Len() {
			line := n.Lines().At(i)
			_, _ = w.Write(util.EscapeHTML(line.Value(source)))
		}
		if n.HasClosure() {
			_, _ = w.Write(util.EscapeHTML(n.ClosureLine.Value(source)))
		}
		_, _ = w.WriteString("</pre>\n")
	}
	return ast.WalkContinue, nil
}

// renderRawHTML shows an inline HTML tag of the report as code.
func (r *safeRenderer) renderRawHTML(w util.BufWriter, source []byte, node ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		n := node.(*ast.RawHTML)
		_, _ = w.WriteString(`<code class="pp-raw">`)
		for i := range n.Segments.Len() {
			seg := n.Segments.At(i)
			_, _ = w.Write(util.EscapeHTML(seg.Value(source)))
		}
		_, _ = w.WriteString(`</code>`)
	}
	return ast.WalkSkipChildren, nil
}

var htmlPage = template.Must(template.New("verify").Parse(`<!DOCTYPE html>
{{.Marker}}
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>perfproof verify: {{.Name}}</title>
<style>
body { font: 16px/1.5 -apple-system, "Segoe UI", Helvetica, Arial, sans-serif; color: #1f2328; max-width: 60rem; margin: 0 auto; padding: 1rem 2rem 3rem; }
header.pp-header { border: 1px solid #d0d7de; border-radius: 6px; background: #f6f8fa; padding: .6rem 1rem; margin: 1rem 0 2rem; font-size: 14px; }
header.pp-header h1 { font-size: 16px; margin: 0 0 .3rem; border: 0; }
header.pp-header p { margin: .2rem 0; }
.pp-count { display: inline-block; margin: .1rem .5rem .1rem 0; padding: 0 .5rem; border-radius: 1rem; border: 1px solid currentColor; }
.pp-mark { font-weight: bold; }
.pp-ok { color: #1a7f37; }
.pp-bad { color: #cf222e; }
.pp-amb { color: #9a6700; }
.pp-unk { color: #6e7781; }
h1, h2 { border-bottom: 1px solid #d8dee4; padding-bottom: .3em; }
table { border-collapse: collapse; margin: 1rem 0; display: block; overflow-x: auto; }
th, td { border: 1px solid #d0d7de; padding: .3rem .8rem; }
tr:nth-child(2n) { background: #f6f8fa; }
code, pre { font: 13px/1.45 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; }
code { background: #eff1f3; padding: .1em .3em; border-radius: 4px; }
pre { background: #f6f8fa; padding: .8rem; overflow-x: auto; border-radius: 6px; }
pre code { background: none; padding: 0; }
blockquote { margin: 0 0 1rem; padding: 0 1rem; color: #59636e; border-left: .25em solid #d0d7de; }
.footnotes { font-size: 14px; }
.footnotes li:target, sup:target { background: #fff8c5; }
</style>
</head>
<body>
<header class="pp-header">
<h1>perfproof verify: {{.Name}}</h1>
<p>{{.Claims}} numeric claims checked against the report's own figures{{if .Measured}}, {{.Measured}} of them re-measured{{end}}{{if .Failed}}; {{.Failed}} failed{{end}}.
<span class="pp-ok">✓</span> holds, <span class="pp-bad">✗</span> fails, <span class="pp-amb">~</span> ambiguous, <span class="pp-unk">?</span> not settled; each ✗ and ~ links to a note explaining it.</p>
<p>{{range .Counts}}<span class="pp-count {{.Class}}">{{.N}} {{.Verdict}}</span>{{end}}</p>
</header>
<main>
{{.Body}}</main>
</body>
</html>
`))
