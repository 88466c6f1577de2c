package report

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// heatReport is the per-benchmark report with CPU shares on the lines of
// its first finding.
func heatReport() *Report {
	r := perBenchmarkReport()
	r.Heat = []map[int]float64{{8: 0.52, 9: 0.31}}
	r.Findings[5].Message = "a message with <b>markup</b> & \"quotes\""
	return r
}

func TestHTMLSelfContained(t *testing.T) {
	var buf bytes.Buffer
	if err := HTML(&buf, heatReport()); err != nil {
		t.Fatal(err)
	}
	page := buf.String()
	if !strings.HasPrefix(page, "<!DOCTYPE html>\n"+HTMLMarker+"\n") {
		t.Errorf("page does not start with the doctype and HTMLMarker:\n%.200s", page)
	}
	for _, want := range []string{
		`<figure id="chart"><svg`,
		`id="finding-1"`, `id="finding-6"`, `id="dependencies"`,
		`id="benchmarks"`, `id="environment"`, `id="reproduce"`,
		`a message with &lt;b&gt;markup&lt;/b&gt; &amp; &#34;quotes&#34;`,
		`title="52.0% of the benchmark&#39;s CPU runs this line or its callees"`,
		`rgba(214, 69, 65, 0.6)`,
		`Order not certain: #1 and #2`,
		`52.0% [44.0–58.0]`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	// Nothing is fetched: no scripts, style sheets, images or frames by URL.
	for _, re := range []string{`<script`, `<link`, `<img`, `<iframe`, `\ssrc=`, `url\(`, `href="(https?:)?//`} {
		if regexp.MustCompile(re).MatchString(page) {
			t.Errorf("page matches %s: it must be self-contained", re)
		}
	}
}

// TestHTMLInChromium loads the page in headless Chromium and checks that it
// loads without a console message and that the chart and every finding's
// section are in the document. Without Chromium it is skipped, except in
// CI (CI set), where .ci/run installs Debian's chromium and a skip would
// hide the check. With PERFPROOF_SCREENSHOT=file.png it also saves a
// screenshot.
func TestHTMLInChromium(t *testing.T) {
	chromium := ""
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			chromium = p
			break
		}
	}
	if chromium == "" {
		if os.Getenv("CI") != "" {
			t.Fatal("chromium not found: CI must install it (.ci/run does: apt-get install chromium)")
		}
		t.Skip("chromium not found; install Debian's chromium package to run this test")
	}
	r := heatReport()
	var buf bytes.Buffer
	if err := HTML(&buf, r); err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	page := filepath.Join(dir, "report.html")
	if err := os.WriteFile(page, buf.Bytes(), 0o666); err != nil {
		t.Fatal(err)
	}
	run := func(args ...string) (stdout, stderr string) {
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		base := []string{"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=" + filepath.Join(dir, "profile"),
			"--enable-logging=stderr", "--v=0"}
		cmd := exec.CommandContext(ctx, chromium, append(append(base, args...), "file://"+page)...)
		var out, errb bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &errb
		if err := cmd.Run(); err != nil {
			t.Fatalf("chromium %v: %v\n%s", args, err, errb.String())
		}
		return out.String(), errb.String()
	}
	dom, log := run("--dump-dom")
	if m := regexp.MustCompile(`(?m)^.*CONSOLE.*$`).FindAllString(log, -1); len(m) > 0 {
		t.Errorf("console messages while loading the page:\n%s", strings.Join(m, "\n"))
	}
	if !strings.Contains(dom, `<figure id="chart"><svg`) {
		t.Errorf("the loaded document has no chart")
	}
	own, deps := splitDependencies(r)
	for i := range own.Findings {
		if id := fmt.Sprintf(`id="finding-%d"`, i+1); !strings.Contains(dom, id) {
			t.Errorf("the loaded document has no section %s", id)
		}
	}
	if len(deps) > 0 && !strings.Contains(dom, `id="dependencies"`) {
		t.Errorf("the loaded document has no dependencies section")
	}
	if shot := os.Getenv("PERFPROOF_SCREENSHOT"); shot != "" {
		abs, _ := filepath.Abs(shot)
		run("--screenshot="+abs, "--window-size=1200,1800", "--hide-scrollbars")
	}
}
