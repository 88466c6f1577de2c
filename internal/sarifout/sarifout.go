// Package sarifout encodes perfproof's findings as a SARIF 2.1.0 log
// (OASIS Static Analysis Results Interchange Format, version 2.1.0,
// errata 01), the format that GitHub code scanning and other viewers
// read: perfproof scan -sarif and perfproof report -sarif.
//
// A log has one run. Its tool's rules are the checks, one per
// go/analysis analyzer: "id" is the check's name, "shortDescription" the
// first line of its Doc, "fullDescription" and "help" the Doc,
// "helpUri" its URL; the report's profile-only findings have the rule
// "profile". Each finding is one result:
//
//   - "ruleId" and "ruleIndex" name its check; "level" is "warning" for
//     findings of high or medium confidence (or none given), "note" for
//     low ones.
//   - Its location's "artifactLocation" has a "uri" relative to the
//     source root (Root) with "uriBaseId" "%SRCROOT%", which the run's
//     "originalUriBaseIds" maps to the root's absolute file URI; a file
//     outside the root has an absolute file URI. The "region" has 1-based
//     "startLine", "startColumn", "endLine" and "endColumn" (exclusive),
//     columns counted in Unicode code points (the run's "columnKind" is
//     "unicodeCodePoints"), converted from go/token's byte columns by
//     reading the file; where it cannot be read, byte columns are kept,
//     which are the same for ASCII lines.
//   - Each suggested fix is a SARIF fix: one "artifactChange" per file,
//     each edit a "replacement" whose "deletedRegion" has the edit's
//     "byteOffset" and "byteLength" and, where the file can be read, its
//     lines and columns too; "insertedContent" holds the new text.
//   - "properties" hold the evidence of hotness ("confidence",
//     "evidence"), the check's "category", the "function", the "note",
//     and, once profiles are joined, the measured cost: "cost" is the
//     finding's cost as -json encodes it, and "cpuShare" (the CPU share of
//     the line, a fraction in [0, 1]), "allocShare" (the share of
//     allocated bytes), "benchmark" and "nsPerOp" (the nanoseconds per op
//     it accounts for in that benchmark) repeat its main figures.
//   - A finding silenced by //perfproof:ignore is a result with a
//     "suppressions" entry of kind "inSource" whose "justification" is the
//     directive's reason.
//
// The run's invocation is "executionSuccessful" only when every package
// was analysed; each package error is a "toolExecutionNotification" of
// level "error", each package not fully analysed one of level "warning".
//
// The log is built with github.com/owenrumney/go-sarif/v3, whose types
// follow the schema and which validates a log against the schema it
// ships (Validate).
package sarifout

import (
	"bytes"
	"cmp"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"runtime/debug"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/owenrumney/go-sarif/v3/pkg/report/v210/sarif"
	"golang.org/x/tools/go/analysis"

	"github.com/perfproof/perfproof/cost"
	"github.com/perfproof/perfproof/finding"
	"github.com/perfproof/perfproof/pipeline"
	"github.com/perfproof/perfproof/scan"
)

// SchemaURI is the "$schema" of the logs written: the OASIS URI of the
// SARIF 2.1.0 schema (errata 01).
const SchemaURI = "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

// SrcRoot is the uriBaseId of the artifact locations under the source
// root.
const SrcRoot = "%SRCROOT%"

// informationURI is the tool's home page.
const informationURI = "https://pkg.go.dev/github.com/perfproof/perfproof"

// An input is what a log is built from.
type input struct {
	checks      []*analysis.Analyzer
	root        string // absolute
	findings    []finding.Finding
	suppressed  []scan.Suppressed
	errors      []scan.PackageError
	notAnalysed []scan.Unanalysed
	version     string // perfproof's module version, "" if unknown
}

// Scan writes the SARIF log of perfproof scan -sarif: the findings and
// suppressed findings of res, with one rule per check in checks (the
// checks that ran), paths relative to root (an absolute directory, see
// Root). Only writing to w can fail.
func Scan(w io.Writer, res *scan.Result, checks []*analysis.Analyzer, root string) error {
	return write(w, build(input{
		checks: checks, root: root, findings: res.Findings, suppressed: res.Suppressed,
		errors: res.Errors, notAnalysed: res.NotAnalysed, version: version(),
	}))
}

// Report writes the SARIF log of perfproof report -sarif from a complete
// pipeline result (res.Report not nil): its findings in rank order with
// their costs, and the scan's suppressed findings, errors and packages
// not analysed, as Scan. Only writing to w can fail.
func Report(w io.Writer, res *pipeline.Result, checks []*analysis.Analyzer, root string) error {
	return write(w, build(input{
		checks: checks, root: root, findings: res.Report.Findings, suppressed: res.Scan.Suppressed,
		errors: res.Scan.Errors, notAnalysed: res.Scan.NotAnalysed, version: version(),
	}))
}

// write encodes log indented by two spaces, with a final newline.
func write(w io.Writer, log *sarif.Report) error {
	var buf bytes.Buffer
	if err := log.PrettyWrite(&buf); err != nil {
		return err
	}
	buf.WriteByte('\n')
	_, err := w.Write(buf.Bytes())
	return err
}

// Validate reports whether data is a SARIF 2.1.0 log that the schema
// shipped by go-sarif accepts, read through go-sarif's types: it decodes
// data, validates the decoded log and checks that encoding it again gives
// the same JSON value, so that nothing in data escaped the validation
// (an unknown property, or a value that the types would change). It
// returns an error saying what is wrong, or nil.
func Validate(data []byte) error {
	log, err := sarif.FromBytes(data, sarif.WithStrictValidation())
	if err != nil {
		return fmt.Errorf("decoding SARIF log: %w", err)
	}
	if err := log.Validate(); err != nil {
		return fmt.Errorf("validating SARIF log against the 2.1.0 schema: %w", err)
	}
	var again bytes.Buffer
	if err := log.Write(&again); err != nil {
		return fmt.Errorf("encoding SARIF log: %w", err)
	}
	if !sameJSON(data, again.Bytes()) {
		return fmt.Errorf("validating SARIF log: it holds values that the schema's types do not (decoded and encoded again, it differs)")
	}
	return nil
}

// version returns perfproof's module version from the build information,
// or "" where there is none.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok || info.Main.Path != "github.com/perfproof/perfproof" {
		return ""
	}
	return info.Main.Version
}

// Root returns the source root that the log's relative URIs start from,
// for a run in dir: the root of the version-control checkout that holds
// dir (the nearest ancestor with a .git entry, as GitHub code scanning
// resolves paths from the repository's root), else the root of the Go
// module that holds it (the nearest with go.mod), else dir itself. The
// result is absolute.
func Root(dir string) string {
	abs, err := filepath.Abs(cmp.Or(dir, "."))
	if err != nil {
		return dir
	}
	mod := ""
	for d := abs; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if _, err := os.Stat(filepath.Join(d, "go.mod")); err == nil && mod == "" {
			mod = d
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	return cmp.Or(mod, abs)
}

// build makes the log of in.
func build(in input) *sarif.Report {
	log := sarif.NewReport()
	log.Schema = SchemaURI
	run := sarif.NewRunWithInformationURI("perfproof", informationURI)
	log.AddRun(run)
	if in.version != "" {
		run.Tool.Driver.Version = &in.version
		if v, ok := strings.CutPrefix(in.version, "v"); ok && v != "" && v[0] >= '0' && v[0] <= '9' {
			run.Tool.Driver.SemanticVersion = &v
		}
	}
	run.WithColumnKind("unicodeCodePoints")
	rootURI := (&url.URL{Scheme: "file", Path: filepath.ToSlash(in.root) + "/"}).String()
	run.OriginalUriBaseIds = map[string]sarif.ArtifactLocation{SrcRoot: *sarif.NewSimpleArtifactLocation(rootURI)}

	for _, a := range in.checks {
		addRule(run, a.Name, a.Doc, a.URL)
	}
	src := &sources{files: make(map[string][]byte)}
	for _, f := range in.findings {
		run.AddResult(result(run, src, in.root, f))
	}
	for _, s := range in.suppressed {
		r := result(run, src, in.root, s.Finding)
		r.Suppressions = append(r.Suppressions, sarif.NewSuppression().WithKind("inSource").WithJustification(s.Reason))
		run.AddResult(r)
	}

	inv := sarif.NewInvocation().WithExecutionSuccessful(len(in.errors) == 0 && len(in.notAnalysed) == 0)
	for _, e := range in.errors {
		n := sarif.NewNotification().WithLevel(sarif.LevelError).WithMessage(sarif.NewTextMessage(e.String()))
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	for _, u := range in.notAnalysed {
		text := "package " + u.Package + " not fully analysed: " + u.Reason
		n := sarif.NewNotification().WithLevel(sarif.LevelWarning).WithMessage(sarif.NewTextMessage(text))
		inv.ToolExecutionNotifications = append(inv.ToolExecutionNotifications, n)
	}
	run.AddInvocation(inv)
	return log
}

// profileDoc describes the rule of the report's profile-only findings.
const profileDoc = `profile: a line that profiles show costly: an allocation site or reflection-based encoding

The report adds these findings from the benchmarks' CPU and heap profiles
(or the profiles given), not from a check of the source: user code lines
that allocate at least 5 % of a benchmark's allocated bytes or objects
(category "alloc"), and lines whose direct calls into encoding/json,
encoding/xml or fmt take at least 5 % of its CPU time, callees included
(category "encoding").`

// addRule adds the rule of check name to run, if it has none, and
// returns its index.
func addRule(run *sarif.Run, name, doc, helpURI string) int {
	if i := run.GetRuleIndex(name); i >= 0 {
		return i
	}
	rule := run.AddRule(name)
	if doc != "" {
		short := strings.TrimSpace(strings.TrimPrefix(firstLine(doc), name+":"))
		rule.WithShortDescription(sarif.NewMultiformatMessageString().WithText(short))
		rule.WithFullDescription(sarif.NewMultiformatMessageString().WithText(doc))
		rule.WithHelp(sarif.NewMultiformatMessageString().WithText(doc))
	}
	if helpURI != "" {
		rule.WithHelpURI(helpURI)
	}
	rule.WithDefaultConfiguration(sarif.NewReportingConfiguration().WithLevel(sarif.LevelWarning))
	rule.WithProperties(sarif.NewPropertyBag().WithTags([]string{"performance"}))
	return run.GetRuleIndex(name)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}

// result makes the result of f, adding the rule of its check to run if
// it has none.
func result(run *sarif.Run, src *sources, root string, f finding.Finding) *sarif.Result {
	idx := run.GetRuleIndex(f.Analyzer)
	if idx < 0 {
		doc := ""
		if f.Analyzer == cost.AnalyzerName {
			doc = profileDoc
		}
		idx = addRule(run, f.Analyzer, doc, "")
	}
	r := sarif.NewRuleResult(f.Analyzer).WithRuleIndex(idx).WithMessage(sarif.NewTextMessage(f.Message))
	r.Level = level(f.Hot)

	loc := sarif.NewPhysicalLocation().WithArtifactLocation(artifact(root, f.File))
	if f.Line > 0 {
		reg := sarif.NewRegion().WithStartLine(f.Line)
		if f.Column > 0 {
			reg.WithStartColumn(src.column(f.File, f.Line, f.Column))
		}
		if f.EndLine > 0 && f.EndColumn > 0 && (f.EndLine > f.Line || f.EndColumn > f.Column) {
			reg.WithEndLine(f.EndLine).WithEndColumn(src.column(f.File, f.EndLine, f.EndColumn))
		}
		loc.WithRegion(reg)
	}
	r.AddLocation(sarif.NewLocationWithPhysicalLocation(loc))

	for _, fx := range f.Fixes {
		r.AddFixe(fix(src, root, fx))
	}
	r.WithProperties(properties(f))
	return r
}

// level maps a finding's confidence to a SARIF level.
func level(h *finding.Hot) string {
	if h != nil && h.Confidence == finding.ConfidenceLow {
		return sarif.LevelNote
	}
	return sarif.LevelWarning
}

// artifact returns the location of file: relative to root with the base
// SrcRoot when it is under root, else an absolute file URI.
func artifact(root, file string) *sarif.ArtifactLocation {
	if rel, err := filepath.Rel(root, file); err == nil && filepath.IsLocal(rel) {
		return sarif.NewSimpleArtifactLocation((&url.URL{Path: filepath.ToSlash(rel)}).String()).WithURIBaseID(SrcRoot)
	}
	return sarif.NewSimpleArtifactLocation((&url.URL{Scheme: "file", Path: filepath.ToSlash(file)}).String())
}

// fix makes the SARIF fix of fx: one artifact change per file, in the
// order the files first appear, each with its edits in offset order.
func fix(src *sources, root string, fx finding.Fix) *sarif.Fix {
	out := sarif.NewFix().WithDescription(sarif.NewTextMessage(fx.Message))
	edits := slices.Clone(fx.Edits)
	slices.SortStableFunc(edits, func(a, b finding.Edit) int { return cmp.Compare(a.Start, b.Start) })
	changes := make(map[string]*sarif.ArtifactChange)
	for _, e := range fx.Edits { // files in first-appearance order
		if changes[e.File] == nil {
			changes[e.File] = sarif.NewArtifactChange().WithArtifactLocation(artifact(root, e.File))
			out.AddArtifactChange(changes[e.File])
		}
	}
	for _, e := range edits {
		reg := sarif.NewRegion().WithByteOffset(e.Start).WithByteLength(e.End - e.Start)
		if sl, sc, ok := src.position(e.File, e.Start); ok {
			if el, ec, ok := src.position(e.File, e.End); ok {
				reg.WithStartLine(sl).WithStartColumn(sc).WithEndLine(el).WithEndColumn(ec)
			}
		}
		rep := sarif.NewReplacement().WithDeletedRegion(reg).
			WithInsertedContent(sarif.NewArtifactContent().WithText(e.NewText))
		changes[e.File].AddReplacement(rep)
	}
	return out
}

// properties returns the result properties of f: its evidence of
// hotness, category, function, note and measured cost.
func properties(f finding.Finding) *sarif.PropertyBag {
	p := sarif.NewPropertyBag()
	if f.Hot != nil {
		p.Add("confidence", f.Hot.Confidence)
		p.Add("evidence", f.Hot.Evidence)
	}
	if f.Category != "" {
		p.Add("category", f.Category)
	}
	if f.Function != "" {
		p.Add("function", f.Function)
	}
	if f.Note != "" {
		p.Add("note", f.Note)
	}
	if c := f.Cost; c != nil {
		p.Add("cost", c)
		p.Add("cpuShare", c.CPULine)
		p.Add("allocShare", c.AllocBytes)
		if c.Benchmark != nil {
			p.Add("benchmark", c.Benchmark.Package+"."+c.Benchmark.Name)
			for _, bc := range c.ByBenchmark {
				if bc.BenchmarkID == *c.Benchmark && bc.SecPerOp != nil {
					p.Add("nsPerOp", bc.SecPerOp.Value*1e9)
					break
				}
			}
		}
	}
	return p
}

// sources reads source files to convert go/token's byte positions to
// lines and code-point columns; a file that cannot be read is
// remembered as nil.
type sources struct {
	files map[string][]byte
}

func (s *sources) read(file string) []byte {
	data, ok := s.files[file]
	if !ok {
		data, _ = os.ReadFile(file)
		s.files[file] = data
	}
	return data
}

// lineStart returns the byte offset of 1-based line in data, or -1.
func lineStart(data []byte, line int) int {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return -1
		}
		off += i + 1
	}
	return off
}

// column converts the 1-based byte column col of 1-based line in file to
// a 1-based code-point column; it returns col where the file cannot be
// read or does not have the position.
func (s *sources) column(file string, line, col int) int {
	data := s.read(file)
	start := lineStart(data, line)
	if data == nil || start < 0 || start+col-1 > len(data) {
		return col
	}
	return utf8.RuneCount(data[start:start+col-1]) + 1
}

// position converts the 0-based byte offset off of file to a 1-based
// line and code-point column; ok is false where the file cannot be read
// or is shorter.
func (s *sources) position(file string, off int) (line, col int, ok bool) {
	data := s.read(file)
	if data == nil || off < 0 || off > len(data) {
		return 0, 0, false
	}
	before := data[:off]
	line = bytes.Count(before, []byte{'\n'}) + 1
	start := bytes.LastIndexByte(before, '\n') + 1
	return line, utf8.RuneCount(before[start:]) + 1, true
}

// sameJSON reports whether a and b encode the same JSON value.
func sameJSON(a, b []byte) bool {
	var va, vb any
	if json.Unmarshal(a, &va) != nil || json.Unmarshal(b, &vb) != nil {
		return false
	}
	return reflect.DeepEqual(va, vb)
}

// Target returns the path of a SARIF log to write (scan's and report's
// -sarif), relative to dir unless absolute, and checks it before the work: its directory must exist, and a file there
// may be replaced only if it is a SARIF log (a mistyped -sarif main.go
// must not overwrite the source). It returns "-" for "-".
func Target(file, dir string) (string, error) {
	if file == "-" {
		return file, nil
	}
	if !filepath.IsAbs(file) {
		file = filepath.Join(dir, file)
	}
	if fi, err := os.Stat(filepath.Dir(file)); err != nil || !fi.IsDir() {
		return "", fmt.Errorf("-sarif %s: directory %s does not exist", file, filepath.Dir(file))
	}
	data, err := os.ReadFile(file)
	if errors.Is(err, os.ErrNotExist) {
		return file, nil
	}
	if err != nil {
		return "", fmt.Errorf("-sarif %s: %w", file, err)
	}
	var log struct {
		Version string          `json:"version"`
		Runs    json.RawMessage `json:"runs"`
	}
	if len(data) > 0 && (json.Unmarshal(data, &log) != nil || log.Version == "" || log.Runs == nil) {
		return "", fmt.Errorf("-sarif %s: refusing to overwrite a file that is not a SARIF log", file)
	}
	return file, nil
}

// WriteTo writes the SARIF log that encode makes to file (a path from
// Target), or to stdout when file is "-". The log is made in full
// before the file is created, so that a failure leaves no partial file.
func WriteTo(file string, stdout io.Writer, encode func(io.Writer) error) error {
	if file == "-" {
		return encode(stdout)
	}
	var buf bytes.Buffer
	if err := encode(&buf); err != nil {
		return err
	}
	if err := os.WriteFile(file, buf.Bytes(), 0o666); err != nil {
		return fmt.Errorf("writing SARIF log: %w", err)
	}
	return nil
}
