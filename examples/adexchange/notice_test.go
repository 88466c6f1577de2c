package adexchange

import (
	"bytes"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// noticeURL is a win notice with the 24 segments of testRequest's site.
func noticeURL() string {
	var b strings.Builder
	b.WriteString("/notice?kind=win&auction=req-1&imp=top&seat=alpha&price=1523400")
	for i := range 24 {
		b.WriteString("&seg=Segment-" + strings.Repeat("x", i%5) + string(rune('A'+i)))
	}
	return b.String()
}

func TestNoticeLog(t *testing.T) {
	var out bytes.Buffer
	l := NewNoticeLog(&out)
	l.Now = func() time.Time { return benchNow }
	for i, url := range []string{noticeURL(), "/notice?kind=imp&auction=req-2&imp=side&seat=bravo&price=-7"} {
		w := httptest.NewRecorder()
		l.ServeHTTP(w, httptest.NewRequest(http.MethodGet, url, nil))
		if w.Code != http.StatusNoContent {
			t.Fatalf("notice %d: status %d, want 204", i, w.Code)
		}
		if got, want := w.Header().Get("X-Notice-Seq"), string(rune('1'+i)); got != want {
			t.Errorf("notice %d: X-Notice-Seq = %q, want %q", i, got, want)
		}
	}
	var segs []string
	for i := range 24 {
		segs = append(segs, "segment-"+strings.Repeat("x", i%5)+string(rune('a'+i)))
	}
	want := "2026-03-02T12:00:00Z\twin\treq-1\ttop\talpha\t1523400\t" + strings.Join(segs, ",") + "\n" +
		"2026-03-02T12:00:00Z\timp\treq-2\tside\tbravo\t-7\t\n"
	if got := out.String(); got != want {
		t.Errorf("log =\n%s\nwant\n%s", got, want)
	}
}

func TestNoticeLogMalformed(t *testing.T) {
	l := NewNoticeLog(io.Discard)
	for _, url := range []string{"/notice?kind=win&auction=a&price=x", "/notice?kind=win&price=3"} {
		w := httptest.NewRecorder()
		l.ServeHTTP(w, httptest.NewRequest(http.MethodGet, url, nil))
		if w.Code != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400", url, w.Code)
		}
	}
}

// BenchmarkNotice measures a win notice as served: the query decoded, the
// line formatted and written, the answer's header set.
func BenchmarkNotice(b *testing.B) {
	l := NewNoticeLog(io.Discard)
	l.Now = func() time.Time { return benchNow }
	r := httptest.NewRequest(http.MethodGet, noticeURL(), nil)
	b.ReportAllocs()
	for b.Loop() {
		w := httptest.NewRecorder()
		l.ServeHTTP(w, r)
		if w.Code != http.StatusNoContent {
			b.Fatalf("status %d", w.Code)
		}
	}
}
