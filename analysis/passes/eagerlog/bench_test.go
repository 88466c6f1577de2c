package eagerlog_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"testing"
)

// BenchmarkDisabledDebug measures a debug record that a log/slog logger at
// its default level (info) drops, with the message built before the call
// (eager), with the values passed as attributes (attrs), and with the
// eager call under a level check (guarded). The figures in the check's
// doc come from `perfproof compare -variants eager,attrs,guarded`.
func BenchmarkDisabledDebug(b *testing.B) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	ctx := context.Background()
	queue, n, offset := "orders-eu-west", 32, int64(1_048_576)
	b.Run("eager", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			log.Debug(fmt.Sprintf("pulled %d messages from %s at offset %d", n, queue, offset))
		}
	})
	b.Run("attrs", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			log.Debug("pulled messages", "count", n, "queue", queue, "offset", offset)
		}
	})
	b.Run("guarded", func(b *testing.B) {
		b.ReportAllocs()
		for b.Loop() {
			if log.Enabled(ctx, slog.LevelDebug) {
				log.Debug(fmt.Sprintf("pulled %d messages from %s at offset %d", n, queue, offset))
			}
		}
	})
}
