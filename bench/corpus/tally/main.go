// Command tally summarises a corpus run of perfproof scan (see ../run.sh) and
// the labelled verdicts of ../labels.
//
//	tally scan   -modules modules.txt -out DIR -work DIR   per-module table and totals per check
//	tally dump   -modules modules.txt -out DIR -work DIR   every finding as module, file, line, check, message (TSV)
//	tally labels -modules modules.txt -out DIR -work DIR -labels DIR
//	                                                       precision per check, recall per pattern, label coverage
//
// Every output is sorted, so that two runs on the same inputs print the same.
package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"text/tabwriter"
)

type module struct {
	Path, Version, Kind, Name string
}

type finding struct {
	Analyzer string `json:"analyzer"`
	File     string `json:"file"`
	Line     int    `json:"line"`
	Column   int    `json:"column"`
	Message  string `json:"message"`
	Hot      *struct {
		Evidence   string `json:"evidence"`
		Confidence string `json:"confidence"`
	} `json:"hot,omitempty"`
}

type pkgError struct {
	Package  string `json:"package"`
	Pos      string `json:"pos"`
	Analyzer string `json:"analyzer"`
	Message  string `json:"message"`
}

type result struct {
	Findings []finding  `json:"findings"`
	Errors   []pkgError `json:"errors"`
}

// run is one module's scan as run.sh left it.
type run struct {
	mod      module
	ok       bool // the JSON was read
	seconds  float64
	exit     int
	res      result
	jsonErr  string
	findings []finding // with File relative to the module root
}

func main() {
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: tally scan|dump|labels [flags]")
		os.Exit(2)
	}
	cmd := os.Args[1]
	fs := flag.NewFlagSet(cmd, flag.ExitOnError)
	modulesFile := fs.String("modules", "modules.txt", "the pinned module list")
	out := fs.String("out", "/tmp/perfproof-corpus/out", "run.sh's output directory")
	work := fs.String("work", "/tmp/perfproof-corpus", "the directory holding the module copies")
	labels := fs.String("labels", "labels", "the labels directory")
	recall := fs.String("recall", "recall.tsv", "the recall sample, a file of the labels directory")
	fs.Parse(os.Args[2:])
	mods, err := readModules(*modulesFile)
	if err != nil {
		fatal(err)
	}
	var runs []*run
	for _, m := range mods {
		runs = append(runs, readRun(m, *out, *work))
	}
	w := bufio.NewWriter(os.Stdout)
	defer w.Flush()
	switch cmd {
	case "scan":
		printScan(w, runs)
	case "dump":
		printDump(w, runs)
	case "labels":
		if err := printLabels(w, runs, *labels, *recall); err != nil {
			w.Flush()
			fatal(err)
		}
	default:
		fatal(fmt.Errorf("unknown command %q", cmd))
	}
}

func fatal(err error) {
	fmt.Fprintln(os.Stderr, "tally:", err)
	os.Exit(2)
}

func readModules(file string) ([]module, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var mods []module
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 3 {
			return nil, fmt.Errorf("%s: bad line %q", file, line)
		}
		mods = append(mods, module{Path: f[0], Version: f[1], Kind: f[2], Name: name(f[0])})
	}
	return mods, nil
}

// name is lib.sh's corpus_name.
func name(path string) string {
	if i := strings.Index(path, "/"); i >= 0 {
		path = path[i+1:]
	}
	return strings.ReplaceAll(path, "/", "_")
}

func readRun(m module, out, work string) *run {
	r := &run{mod: m, exit: -1}
	if meta, err := os.ReadFile(filepath.Join(out, m.Name+".meta")); err == nil {
		f := strings.Fields(string(meta))
		if len(f) >= 2 {
			r.seconds, _ = strconv.ParseFloat(f[0], 64)
			r.exit, _ = strconv.Atoi(f[1])
		}
	}
	data, err := os.ReadFile(filepath.Join(out, m.Name+".json"))
	if err != nil {
		r.jsonErr = "no output"
		return r
	}
	if err := json.Unmarshal(data, &r.res); err != nil {
		r.jsonErr = "bad JSON"
		return r
	}
	r.ok = true
	root := filepath.Join(work, m.Name)
	if real, err := filepath.EvalSymlinks(root); err == nil {
		root = real
	}
	for _, f := range r.res.Findings {
		if rel, err := filepath.Rel(root, f.File); err == nil && !strings.HasPrefix(rel, "..") {
			f.File = filepath.ToSlash(rel)
		}
		r.findings = append(r.findings, f)
	}
	sort.SliceStable(r.findings, func(i, j int) bool {
		a, b := r.findings[i], r.findings[j]
		if a.File != b.File {
			return a.File < b.File
		}
		if a.Line != b.Line {
			return a.Line < b.Line
		}
		if a.Analyzer != b.Analyzer {
			return a.Analyzer < b.Analyzer
		}
		return a.Column < b.Column
	})
	return r
}

// errorPackages counts the distinct packages (test variants folded) with
// load or type errors, and the distinct packages where a check failed.
func errorPackages(errs []pkgError) (load, check int) {
	l, c := map[string]bool{}, map[string]bool{}
	for _, e := range errs {
		p := e.Package
		if i := strings.Index(p, " ["); i >= 0 {
			p = p[:i]
		}
		p = strings.TrimSuffix(p, ".test")
		p = strings.TrimSuffix(p, "_test")
		if e.Analyzer == "" {
			l[p] = true
		} else {
			c[p] = true
		}
	}
	return len(l), len(c)
}

func checksOf(runs []*run) []string {
	set := map[string]bool{}
	for _, r := range runs {
		for _, f := range r.findings {
			set[f.Analyzer] = true
		}
	}
	var cs []string
	for c := range set {
		cs = append(cs, c)
	}
	sort.Strings(cs)
	return cs
}

func printScan(w io.Writer, runs []*run) {
	checks := checksOf(runs)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprint(tw, "module\tkind\ttime_s\texit\terr_pkgs\tcheck_err_pkgs\tfindings\t")
	for _, c := range checks {
		fmt.Fprintf(tw, "%s\t", c)
	}
	fmt.Fprintln(tw)
	total := map[string]int{}
	var totalTime float64
	var totalFindings int
	for _, r := range runs {
		if !r.ok {
			fmt.Fprintf(tw, "%s\t%s\t%.1f\t%d\t%s\t\t\t", r.mod.Name, r.mod.Kind, r.seconds, r.exit, r.jsonErr)
			for range checks {
				fmt.Fprint(tw, "\t")
			}
			fmt.Fprintln(tw)
			totalTime += r.seconds
			continue
		}
		load, check := errorPackages(r.res.Errors)
		per := map[string]int{}
		for _, f := range r.findings {
			per[f.Analyzer]++
			total[f.Analyzer]++
		}
		totalTime += r.seconds
		totalFindings += len(r.findings)
		fmt.Fprintf(tw, "%s\t%s\t%.1f\t%d\t%d\t%d\t%d\t", r.mod.Name, r.mod.Kind, r.seconds, r.exit, load, check, len(r.findings))
		for _, c := range checks {
			fmt.Fprintf(tw, "%d\t", per[c])
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintf(tw, "TOTAL\t\t%.1f\t\t\t\t%d\t", totalTime, totalFindings)
	for _, c := range checks {
		fmt.Fprintf(tw, "%d\t", total[c])
	}
	fmt.Fprintln(tw)
	tw.Flush()
}

func printDump(w io.Writer, runs []*run) {
	for _, r := range runs {
		for _, f := range r.findings {
			msg := strings.ReplaceAll(f.Message, "\t", " ")
			if f.Hot != nil {
				msg = "[" + f.Hot.Confidence + ": " + f.Hot.Evidence + "] " + msg
			}
			fmt.Fprintf(w, "%s\t%s\t%d\t%s\t%s\n", r.mod.Name, f.File, f.Line, f.Analyzer, msg)
		}
	}
}

type label struct {
	file    string
	line    int
	check   string
	verdict string
	reason  string
	where   string // file:line of the label row
}

func readTSV(file string, minFields int) ([][]string, []string, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, nil, err
	}
	var rows [][]string
	var where []string
	for i, line := range strings.Split(string(data), "\n") {
		if strings.TrimSpace(line) == "" || strings.HasPrefix(line, "#") {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < minFields {
			return nil, nil, fmt.Errorf("%s:%d: %d fields, want %d", file, i+1, len(f), minFields)
		}
		rows = append(rows, f)
		where = append(where, fmt.Sprintf("%s:%d", filepath.Base(file), i+1))
	}
	return rows, where, nil
}

func printLabels(w io.Writer, runs []*run, dir, recallFile string) error {
	type key struct {
		file  string
		line  int
		check string
	}
	type counts struct{ findings, labelled, hot, cold, wrong int }
	per := map[string]*counts{}
	get := func(c string) *counts {
		if per[c] == nil {
			per[c] = &counts{}
		}
		return per[c]
	}
	// shown counts, per check, the findings that scan shows by default
	// when findings carry hotness evidence (confidence medium or high);
	// a scan run with -all lists the low ones too.
	shown := map[string]*counts{}
	getShown := func(c string) *counts {
		if shown[c] == nil {
			shown[c] = &counts{}
		}
		return shown[c]
	}
	withEvidence := false
	// reported[module][file:line] lists the checks reported there;
	// shownAt["module/file:line"] lists the checks of the findings shown
	// there by default (medium or high confidence, or no evidence at all).
	reported := map[string]map[string][]string{}
	shownAt := map[string][]string{}
	// verdictOf[module] holds the labels' verdicts of its findings.
	verdictOf := map[string]map[key]string{}
	var problems []string
	for _, r := range runs {
		rep := map[string][]string{}
		reported[r.mod.Name] = rep
		found := map[key]bool{}
		for _, f := range r.findings {
			get(f.Analyzer).findings++
			if f.Hot != nil {
				withEvidence = true
				if f.Hot.Confidence != "low" {
					getShown(f.Analyzer).findings++
				}
			}
			found[key{f.File, f.Line, f.Analyzer}] = true
			fl := fmt.Sprintf("%s:%d", f.File, f.Line)
			rep[fl] = append(rep[fl], f.Analyzer)
			if f.Hot == nil || f.Hot.Confidence != "low" {
				shownAt[r.mod.Name+"/"+fl] = append(shownAt[r.mod.Name+"/"+fl], f.Analyzer)
			}
		}
		file := filepath.Join(dir, r.mod.Name+".tsv")
		rows, where, err := readTSV(file, 5)
		if os.IsNotExist(err) {
			if len(r.findings) > 0 {
				problems = append(problems, fmt.Sprintf("%s: %d findings, no label file", r.mod.Name, len(r.findings)))
			}
			continue
		}
		if err != nil {
			return err
		}
		seen := map[key]bool{}
		verdicts := map[key]string{}
		verdictOf[r.mod.Name] = verdicts
		for i, row := range rows {
			line, err := strconv.Atoi(row[1])
			if err != nil {
				return fmt.Errorf("%s: bad line %q", where[i], row[1])
			}
			l := label{file: row[0], line: line, check: row[2], verdict: row[3], reason: row[4], where: where[i]}
			k := key{l.file, l.line, l.check}
			if seen[k] {
				continue // one verdict per finding (a line may hold several calls)
			}
			seen[k] = true
			if !found[k] {
				problems = append(problems, fmt.Sprintf("%s: label for %s:%d %s matches no finding of this scan", l.where, l.file, l.line, l.check))
				continue
			}
			switch l.verdict {
			case "hot", "cold", "wrong":
				verdicts[k] = l.verdict
			default:
				return fmt.Errorf("%s: verdict %q is not hot, cold or wrong", l.where, l.verdict)
			}
		}
		// Every finding counts, with the verdict of its file, line and
		// check (two calls on one line share their label).
		for _, f := range r.findings {
			v, ok := verdicts[key{f.File, f.Line, f.Analyzer}]
			if !ok {
				continue
			}
			cs := []*counts{get(f.Analyzer)}
			if f.Hot != nil && f.Hot.Confidence != "low" {
				cs = append(cs, getShown(f.Analyzer))
			}
			for _, c := range cs {
				c.labelled++
				switch v {
				case "hot":
					c.hot++
				case "cold":
					c.cold++
				case "wrong":
					c.wrong++
				}
			}
		}
		for k := range found {
			if !seen[k] {
				problems = append(problems, fmt.Sprintf("%s: finding %s:%d %s has no label (sampled out or new)", r.mod.Name, k.file, k.line, k.check))
			}
		}
	}
	var checks []string
	for c := range per {
		checks = append(checks, c)
	}
	sort.Strings(checks)
	fmt.Fprintln(w, "Precision per check (labelled findings of the scan in the output directory):")
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "check\tfindings\tlabelled\thot\tcold\twrong\tprecision\t")
	var t counts
	for _, c := range checks {
		n := per[c]
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t\n", c, n.findings, n.labelled, n.hot, n.cold, n.wrong, pct(n.hot, n.labelled))
		t.findings += n.findings
		t.labelled += n.labelled
		t.hot += n.hot
		t.cold += n.cold
		t.wrong += n.wrong
	}
	fmt.Fprintf(tw, "TOTAL\t%d\t%d\t%d\t%d\t%d\t%s\t\n", t.findings, t.labelled, t.hot, t.cold, t.wrong, pct(t.hot, t.labelled))
	tw.Flush()
	if withEvidence {
		fmt.Fprintln(w, "\nPrecision at the default confidence (findings whose hot.confidence is medium or high):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "check\tfindings\tlabelled\thot\tcold\twrong\tprecision\t")
		var t counts
		for _, c := range checks {
			n := shown[c]
			if n == nil {
				n = &counts{}
			}
			fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%d\t%s\t\n", c, n.findings, n.labelled, n.hot, n.cold, n.wrong, pct(n.hot, n.labelled))
			t.findings += n.findings
			t.labelled += n.labelled
			t.hot += n.hot
			t.cold += n.cold
			t.wrong += n.wrong
		}
		fmt.Fprintf(tw, "TOTAL\t%d\t%d\t%d\t%d\t%d\t%s\t\n", t.findings, t.labelled, t.hot, t.cold, t.wrong, pct(t.hot, t.labelled))
		tw.Flush()
	}

	// Recall: the recall file's rows (recall.tsv unless -recall names
	// another) are module, file, line (or first-last), pattern, why hot.
	rows, where, err := readTSV(filepath.Join(dir, recallFile), 5)
	if err != nil && !os.IsNotExist(err) {
		return err
	}
	if err == nil {
		type rc struct{ n, reported, shown int }
		rec := map[string]*rc{}
		var detail []string
		for i, row := range rows {
			mod, file, pattern := row[0], row[1], row[3]
			// The line may be a range "first-last" (a pattern spanning
			// statements, such as two Write calls): a finding on any of
			// its lines counts.
			lo, hi, ok := strings.Cut(row[2], "-")
			line, err := strconv.Atoi(lo)
			last := line
			if err == nil && ok {
				last, err = strconv.Atoi(hi)
			}
			if err != nil || last < line {
				return fmt.Errorf("%s: bad line %q", where[i], row[2])
			}
			if rec[pattern] == nil {
				rec[pattern] = &rc{}
			}
			rec[pattern].n++
			rep, ok := reported[mod]
			if !ok {
				problems = append(problems, fmt.Sprintf("%s: module %q is not in the corpus", where[i], mod))
			}
			// A range spans several statements, where a finding of
			// another pattern (a defer on a line inside a pool's range)
			// would count by accident: there a finding labelled cold or
			// wrong does not count.
			counts := func(l int, check string) bool {
				v := verdictOf[mod][key{file, l, check}]
				return last == line || v != "cold" && v != "wrong"
			}
			var by []string
			shown := false
			for l := line; l <= last; l++ {
				for _, c := range rep[fmt.Sprintf("%s:%d", file, l)] {
					if counts(l, c) {
						by = append(by, c)
					}
				}
				for _, c := range shownAt[fmt.Sprintf("%s/%s:%d", mod, file, l)] {
					shown = shown || counts(l, c)
				}
			}
			if len(by) > 0 {
				rec[pattern].reported++
			}
			if shown {
				rec[pattern].shown++
			}
			detail = append(detail, fmt.Sprintf("%s\t%s/%s:%s\t%s", pattern, mod, file, row[2], orDash(strings.Join(dedup(by), ","))))
		}
		var pats []string
		for p := range rec {
			pats = append(pats, p)
		}
		sort.Strings(pats)
		fmt.Fprintln(w, "\nRecall per pattern (labelled hot instances of the recall file that the scan reports at that file and line, at any confidence and at the default one):")
		tw = tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "pattern\thot instances\treported\trecall\tshown by default\tdefault recall\t")
		var tn, tr, ts int
		for _, p := range pats {
			fmt.Fprintf(tw, "%s\t%d\t%d\t%s\t%d\t%s\t\n", p, rec[p].n, rec[p].reported, pct(rec[p].reported, rec[p].n), rec[p].shown, pct(rec[p].shown, rec[p].n))
			tn += rec[p].n
			tr += rec[p].reported
			ts += rec[p].shown
		}
		fmt.Fprintf(tw, "TOTAL\t%d\t%d\t%s\t%d\t%s\t\n", tn, tr, pct(tr, tn), ts, pct(ts, tn))
		tw.Flush()
		sort.Strings(detail)
		fmt.Fprintln(w, "\nRecall instances (pattern, module/file:line, checks reporting it):")
		for _, d := range detail {
			fmt.Fprintln(w, d)
		}
	}
	if len(problems) > 0 {
		sort.Strings(problems)
		fmt.Fprintf(w, "\nLabel coverage (%d):\n", len(problems))
		for _, p := range problems {
			fmt.Fprintln(w, "  "+p)
		}
	}
	return nil
}

func dedup(s []string) []string {
	sort.Strings(s)
	var out []string
	for i, x := range s {
		if i == 0 || x != s[i-1] {
			out = append(out, x)
		}
	}
	return out
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}

func pct(a, b int) string {
	if b == 0 {
		return "-"
	}
	return fmt.Sprintf("%.0f%%", 100*float64(a)/float64(b))
}
