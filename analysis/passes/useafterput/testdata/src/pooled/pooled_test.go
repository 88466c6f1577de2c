package pooled

import "testing"

// TestTakeBufferReleases inspects the record after the Put on purpose:
// tests that check what a Put kept are not reported.
func TestTakeBufferReleases(t *testing.T) {
	r := recordPool.Get().(*record)
	r.fill("x")
	r.buf = nil
	recordPool.Put(r)
	if r.buf != nil { // fine: a test looking at the released record
		t.Fatal("buffer kept")
	}
}

// BenchmarkRender is a hot path: its uses after Put are reported.
func BenchmarkRender(b *testing.B) {
	for b.Loop() {
		buf := getBuffer()
		buf.WriteString("x")
		putBuffer(buf)
		sink = buf.Bytes() // want `b?u?f? ?used after it is put back into bufPool`
	}
}

var sink []byte
