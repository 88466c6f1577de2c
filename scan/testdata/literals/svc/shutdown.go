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
