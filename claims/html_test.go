package claims

import (
	"bytes"
	"strings"
	"testing"
)

// TestAnnotateHTML checks the page AnnotateHTML renders: the marks
// verify wrote are coloured spans, the report's own ✓ and ~ are left as
// text, footnotes link both ways, and the report's HTML is shown as text.
func TestAnnotateHTML(t *testing.T) {
	src := []byte("# Report\n\n| Case | Before | After | Change |\n|---|---|---|---|\n| Parse | 655 ns | 412 ns | 37% faster |\n\n" +
		"- Encoded size: 1681 B → 960 B, 47% less memory\n- Checked by hand ✓, about ~5% noise\n\n<script>alert(1)</script>\n")
	rep, err := Extract("r.md", src, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if err := AnnotateHTML(&b, "r.md <x>", src, rep.Claims); err != nil {
		t.Fatal(err)
	}
	page := b.String()
	for _, want := range []string{
		"<!DOCTYPE html>\n" + HTMLMarker,
		"<title>perfproof verify: r.md &lt;x&gt;</title>",
		`<td>37% faster <span class="pp-mark pp-ok" title="consistent">✓</span></td>`,
		`47% less memory <span class="pp-mark pp-bad" title="arithmetic-error">✗</span><sup id="pp-fnref:1"><a href="#pp-fn:1"`,
		`<li id="pp-fn:1">`,
		`<a href="#pp-fnref:1" class="footnote-backref"`,
		"Checked by hand ✓, about ~5% noise",
		"&lt;script&gt;alert(1)&lt;/script&gt;",
		`<span class="pp-count pp-bad">1 arithmetic-error</span>`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("page lacks %q", want)
		}
	}
	if strings.Contains(page, "<script") || strings.Contains(page, "http") {
		t.Errorf("page runs or loads something:\n%s", page)
	}
}
