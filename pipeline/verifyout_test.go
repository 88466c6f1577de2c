package pipeline

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/perfproof/perfproof/claims"
)

func TestVerifyOptionsCheck(t *testing.T) {
	ok := VerifyOptions{Tolerance: 0.15, Count: 10, AllocBenchtime: "100x"}
	if err := ok.Check(); err != nil {
		t.Errorf("Check(%+v) = %v, want nil", ok, err)
	}
	bad := []func(*VerifyOptions){
		func(o *VerifyOptions) { o.Tolerance = 0 },
		func(o *VerifyOptions) { o.Tolerance = 10 },
		func(o *VerifyOptions) { o.Count = 0 },
		func(o *VerifyOptions) { o.AllocCount = -1 },
		func(o *VerifyOptions) { o.AllocBenchtime = "0x" },
		func(o *VerifyOptions) { o.AllocBenchtime = "-1s" },
		func(o *VerifyOptions) { o.AllocBenchtime = "fast" },
	}
	for i, change := range bad {
		o := ok
		change(&o)
		var ue *UsageError
		if err := o.Check(); !errors.As(err, &ue) {
			t.Errorf("case %d: Check(%+v) = %v, want a *UsageError", i, o, err)
		}
	}
}

func TestReadReport(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "r.md")
	os.WriteFile(path, []byte("# R\n"), 0o666)
	if src, err := ReadReport(path); err != nil || string(src) != "# R\n" {
		t.Errorf("ReadReport(file) = %q, %v", src, err)
	}
	for _, p := range []string{dir, filepath.Join(dir, "absent.md")} {
		if _, err := ReadReport(p); err == nil {
			t.Errorf("ReadReport(%s) = nil error, want one", p)
		}
	}
}

func TestCheckVerifyHTML(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "r.md")
	mine, other := filepath.Join(dir, "mine.html"), filepath.Join(dir, "other.html")
	os.WriteFile(in, []byte("# R\n"), 0o666)
	os.WriteFile(mine, []byte(VerifyHTMLMarker+"\n<p>"), 0o666)
	os.WriteFile(other, []byte("<p>not ours"), 0o666)
	for _, out := range []string{"", mine, filepath.Join(dir, "new.html")} {
		if err := CheckVerifyHTML(out, in, ""); err != nil {
			t.Errorf("CheckVerifyHTML(%q) = %v, want nil", out, err)
		}
	}
	var ue *UsageError
	if err := CheckVerifyHTML(in, in, ""); !errors.As(err, &ue) {
		t.Errorf("CheckVerifyHTML(the report) = %v, want a *UsageError", err)
	}
	if err := CheckVerifyHTML(mine, in, mine); !errors.As(err, &ue) {
		t.Errorf("CheckVerifyHTML(the -md file) = %v, want a *UsageError", err)
	}
	if err := CheckVerifyHTML(other, in, ""); err == nil {
		t.Error("CheckVerifyHTML(a page perfproof did not write) = nil, want an error")
	}
}

func TestVerifyResultWriteAnnotated(t *testing.T) {
	dir := t.TempDir()
	in := filepath.Join(dir, "r.md")
	src := []byte(badReport)
	os.WriteFile(in, src, 0o666)
	rep, err := claims.Extract("r.md", src, claims.Options{})
	if err != nil {
		t.Fatal(err)
	}
	r := &VerifyResult{Report: rep}
	md, html := filepath.Join(dir, "a.md"), filepath.Join(dir, "a.html")
	if err := r.WriteAnnotated(md, html, in, src); err != nil {
		t.Fatalf("WriteAnnotated = %v", err)
	}
	if got, _ := os.ReadFile(md); string(got) != string(claims.Annotate(src, rep.Claims)) {
		t.Errorf("the -md file is not claims.Annotate of the report:\n%s", got)
	}
	if err := CheckVerifyHTML(html, in, md); err != nil {
		t.Errorf("the page written is not one perfproof verify may overwrite: %v", err)
	}
	var ue *UsageError
	if err := r.WriteAnnotated(in, "", in, src); !errors.As(err, &ue) {
		t.Errorf("WriteAnnotated(over the report) = %v, want a *UsageError", err)
	}
	if got, _ := os.ReadFile(in); string(got) != badReport {
		t.Errorf("WriteAnnotated changed the report:\n%s", got)
	}
}

func TestVerifyResultErr(t *testing.T) {
	failing := &claims.Report{Claims: []claims.Claim{{Verdict: claims.ArithmeticError}}}
	if err := (&VerifyResult{Report: failing}).Err("m"); !errors.Is(err, ErrFound) {
		t.Errorf("Err(a failed claim) = %v, want ErrFound", err)
	}
	if err := (&VerifyResult{Report: &claims.Report{}}).Err("m"); err != nil {
		t.Errorf("Err(no claim failed) = %v, want nil", err)
	}
	me := &ModuleError{Dir: "/tmp/x"}
	err := (&VerifyResult{Report: failing, MeasureErr: me}).Err("m")
	var got *ModuleError
	if err == nil || errors.Is(err, ErrFound) || !errors.As(err, &got) {
		t.Errorf("Err(measuring failed) = %v, want an error wrapping the *ModuleError, not ErrFound", err)
	}
	if ModuleHint(errors.New("other"), "m").Error() != "other" {
		t.Error("ModuleHint changed an error that is not a *ModuleError")
	}
	if note := (&VerifyResult{Unmeasured: me}).UnmeasuredNote(); note == "" {
		t.Error("UnmeasuredNote(not in a module) is empty")
	}
	if note := (&VerifyResult{}).UnmeasuredNote(); note != "" {
		t.Errorf("UnmeasuredNote(measured) = %q, want none", note)
	}
}
