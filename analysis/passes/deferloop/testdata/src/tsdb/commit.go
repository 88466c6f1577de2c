// Package tsdb is shaped after a real time-series database's appender
// commit: per batch of samples, the batch is committed and its release to
// the pool deferred inside the loop, once per scrape.
package tsdb

type batch struct{ samples []float64 }

type head struct{ pool []*batch }

func (b *batch) close(h *head) { h.pool = append(h.pool, b) }

type appender struct {
	batches []*batch
	total   int
}

// Commit runs once per scrape of every target.
func (a *appender) Commit(h *head) {
	for _, b := range a.batches {
		a.total += len(b.samples)
		defer b.close(h) // want `defer in a loop: a defer record per iteration, and every call waits until appender.Commit returns`
	}
}
