package pipeline

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/perfproof/perfproof/claims"
	"github.com/perfproof/perfproof/prove"
)

// VerifyHTMLMarker starts every HTML page perfproof verify writes.
const VerifyHTMLMarker = "<!DOCTYPE html>\n" + claims.HTMLMarker

// Check returns a *UsageError, naming the flag, when o's Tolerance is
// not a fraction in (0, 10), Count is under 1, AllocCount is negative or
// AllocBenchtime is neither a positive duration nor a count such as
// "100x".
func (o *VerifyOptions) Check() error {
	switch {
	case !(o.Tolerance > 0 && o.Tolerance < 10):
		return usagef("-tolerance must be a fraction above 0, such as 0.15 for ±15%%")
	case o.Count < 1:
		return usagef("-count must be at least 1")
	case o.AllocCount < 0:
		return usagef("-alloc-count must be at least 1")
	case o.AllocBenchtime != "" && !prove.ValidBenchtime(o.AllocBenchtime):
		return usagef("-alloc-benchtime %q is neither a duration such as 1s nor a count such as 100x", o.AllocBenchtime)
	}
	return nil
}

// ReadReport reads the report file at path for Verify, refusing
// directories and other non-regular files with an error that says what
// to give instead.
func ReadReport(path string) ([]byte, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("reading report: %w", err)
	}
	if !fi.Mode().IsRegular() {
		return nil, fmt.Errorf("reading report %s: not a regular file; give a Markdown or plain-text report", path)
	}
	src, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading report: %w", err)
	}
	return src, nil
}

// ModuleHint returns err, or, when err is a *ModuleError about dir
// (VerifyOptions.Dir, as the user named it), err wrapped with "-C dir"
// and what to give instead.
func ModuleHint(err error, dir string) error {
	var me *ModuleError
	if !errors.As(err, &me) {
		return err
	}
	return fmt.Errorf("-C %s: %w; give the directory of the Go module whose benchmarks the report is about", dir, err)
}

// UnmeasuredNote returns the line that says why claims were not
// re-measured (Unmeasured), naming -C dir when no module was found, or
// "" when nothing is to say.
func (r *VerifyResult) UnmeasuredNote() string {
	var me *ModuleError
	switch {
	case errors.As(r.Unmeasured, &me):
		return fmt.Sprintf("not re-measured: %v; name the module whose benchmarks the report is about with -C dir", r.Unmeasured)
	case r.Unmeasured != nil:
		return fmt.Sprintf("not re-measured: %v", r.Unmeasured)
	}
	return ""
}

// Summary returns the line that sums up the verdicts (claims.Summary),
// or says that the report, called name, has no claim.
func (r *VerifyResult) Summary(name string) string {
	if len(r.Report.Claims) == 0 {
		return fmt.Sprintf("no numeric performance claims in %s (speed-ups, percentages, before → after figures, benchmark lines)", name)
	}
	return claims.Summary(r.Report.Claims)
}

// Err returns the error that sets the exit status of a verification
// whose module is dir: re-measuring failed (VerifyIncomplete), with
// ModuleHint; ErrFound when a claim failed (VerifyFailed); else nil.
func (r *VerifyResult) Err(dir string) error {
	switch r.Outcome() {
	case VerifyIncomplete:
		return fmt.Errorf("re-measuring: %w (the verdicts above stand)", ModuleHint(r.MeasureErr, dir))
	case VerifyFailed:
		return ErrFound
	}
	return nil
}

// WriteAnnotated writes the annotated copies of the report src, read
// from the file in and verified as r: as Markdown (claims.Annotate) to
// md, never over the report itself (a *UsageError), then as one HTML
// page (claims.AnnotateHTML) to html, which CheckVerifyHTML checked. ""
// skips either.
func (r *VerifyResult) WriteAnnotated(md, html, in string, src []byte) error {
	if md != "" {
		if sameFile(md, in) {
			return usagef("-md %s is the report itself; perfproof never overwrites its input, give another file", md)
		}
		if err := os.WriteFile(md, claims.Annotate(src, r.Report.Claims), 0o666); err != nil {
			return fmt.Errorf("writing annotated report: %w", err)
		}
	}
	if html == "" {
		return nil
	}
	return writeAnnotatedHTML(html, r.Report.Name, src, r.Report.Claims)
}

// CheckVerifyHTML checks the -html file out ("" for none) before any
// work is done: it is not the report in, nor the -md file md (if not
// "") — both *UsageErrors —, and it is either absent or a page perfproof
// verify wrote, which may be overwritten. The errors name the file.
func CheckVerifyHTML(out, in, md string) error {
	if out == "" {
		return nil
	}
	if sameFile(out, in) {
		return usagef("-html %s is the report itself; perfproof never overwrites its input, give another file", out)
	}
	if md != "" && sameFile(out, md) {
		return usagef("-html %s is also the -md file; give each its own file", out)
	}
	f, err := os.Open(out)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return fmt.Errorf("-html %s: %w", out, err)
	}
	defer f.Close()
	if fi, err := f.Stat(); err == nil && !fi.Mode().IsRegular() {
		return fmt.Errorf("-html %s: not a regular file; name a file to write the page to", out)
	}
	head := make([]byte, len(VerifyHTMLMarker))
	n, _ := io.ReadFull(f, head)
	if string(head[:n]) != VerifyHTMLMarker {
		return fmt.Errorf("-html %s: the file exists and is not a page perfproof verify wrote; refusing to overwrite it: remove it or name another file", out)
	}
	return nil
}

// writeAnnotatedHTML writes the annotated report, called name, as one
// HTML page (claims.AnnotateHTML) to out. The errors name out.
func writeAnnotatedHTML(out, name string, src []byte, cs []claims.Claim) error {
	var buf bytes.Buffer
	if err := claims.AnnotateHTML(&buf, name, src, cs); err != nil {
		return fmt.Errorf("-html %s: %w", out, err)
	}
	if err := os.WriteFile(out, buf.Bytes(), 0o666); err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			err = pe.Err
		}
		return fmt.Errorf("-html %s: writing the annotated page: %w", out, err)
	}
	return nil
}

// sameFile reports whether paths a and b name the same file, existing or
// not.
func sameFile(a, b string) bool {
	aa, err1 := filepath.Abs(a)
	ab, err2 := filepath.Abs(b)
	if err1 == nil && err2 == nil && aa == ab {
		return true
	}
	fa, err1 := os.Stat(a)
	fb, err2 := os.Stat(b)
	return err1 == nil && err2 == nil && os.SameFile(fa, fb)
}
