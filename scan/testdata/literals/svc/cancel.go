package svc

import (
	"context"
	"fmt"
	"net/http"
	"time"
)

// A Sweeper keeps callbacks of its own and the cancel function of its
// last request.
type Sweeper struct {
	done func()
	hook func(int) string
	stop context.CancelFunc
}

// Keep queues a callback that nothing in the scan calls.
func (s *Sweeper) Keep(n int) {
	s.done = func() {
		_ = fmt.Sprintf("%d", n) // cancel: a kept callback nothing calls
	}
}

// ServeHTTP cancels contexts it made: the calls reach no function value
// of the scan.
func (s *Sweeper) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(r.Context(), time.Second)
	defer cancel()
	_, stop := context.WithCancel(ctx)
	s.stop = stop
	if s.stop != nil {
		s.stop()
	}
	_ = s.hook(3) // the module's own hook: a call of a function value
}

// SetHook sets the hook ServeHTTP calls.
func (s *Sweeper) SetHook() {
	s.hook = func(n int) string {
		return fmt.Sprintf("%d", n) // cancel: the hook a handler calls
	}
}
