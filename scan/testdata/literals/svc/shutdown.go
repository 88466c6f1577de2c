package svc

import (
	"context"
	"fmt"
	"io"
)

// Forward forwards numbers until its context is cancelled or closed fires:
// the cases that return end the loop, once; the others run per message.
func Forward(ctx context.Context, w io.Writer, in chan int, closed, flush chan struct{}) {
	for {
		select {
		case n := <-in:
			_, _ = io.WriteString(w, fmt.Sprintf("%d", n)) // shutdown: per message
		case <-flush:
			_, _ = io.WriteString(w, fmt.Sprintf("%d", len(in))) // shutdown: a signal that does not end the loop
		case <-closed:
			_, _ = io.WriteString(w, fmt.Sprintf("%d", len(in))) // shutdown: closed
			return
		case <-ctx.Done():
			_, _ = io.WriteString(w, fmt.Sprintf("%d", cap(in))) // shutdown: cancelled
			return
		}
	}
}

// A reader puts its buffers back when it is closed; its closed channel
// carries no value, only its close, while wake is sent on.
type reader struct {
	closed chan any
	wake   chan any
	in     chan int
	out    io.Writer
}

func (r *reader) notify() { r.wake <- nil }

func (r *reader) Close() { close(r.closed) }

// Run takes numbers until the reader is closed or woken for the last time.
func (r *reader) Run() {
	for {
		select {
		case n := <-r.in:
			_, _ = io.WriteString(r.out, fmt.Sprintf("%d", n)) // shutdown: reader per message
		case <-r.closed:
			_, _ = io.WriteString(r.out, fmt.Sprintf("%d", len(r.in))) // shutdown: reader closed
			return
		case <-r.wake:
			_, _ = io.WriteString(r.out, fmt.Sprintf("%d", cap(r.in))) // shutdown: a channel that carries values
			return
		}
	}
}
