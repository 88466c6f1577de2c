// Package authz is shaped after a real authorization server's check
// resolution: per userset type of a relation, an iterator over stored
// tuples is opened and its Stop deferred inside the loop; a failed
// mapping sends an error and goes on with the next type.
package authz

import (
	"context"
	"errors"
)

type iter struct{ n int }

func (i *iter) Stop()      {}
func (i *iter) Next() bool { i.n--; return i.n > 0 }

func openIter(ctx context.Context, typ string) (*iter, error) {
	if typ == "" {
		return nil, errors.New("empty type")
	}
	return &iter{n: len(typ)}, nil
}

type outcome struct {
	allowed bool
	err     error
}

// resolve runs for every check request of a relation with userset types.
func resolve(ctx context.Context, types []string, out chan<- outcome) int {
	found := 0
	for _, typ := range types {
		it, err := openIter(ctx, typ)
		if err != nil {
			out <- outcome{err: err}
			continue
		}
		defer it.Stop() // want `it.Stop deferred in a loop: a defer record per iteration, and nothing released until resolve returns`
		for it.Next() {
			found++
			if found > 100 {
				break // leaves the inner loop only: the fix keeps it
			}
		}
	}
	return found
}

// withTimeouts derives a context per attempt and defers its cancel: every
// attempt's timer stays armed until the function returns.
func withTimeouts(ctx context.Context, attempts int, try func(context.Context) error) error {
	var err error
	for range attempts {
		actx, cancel := context.WithCancel(ctx)
		defer cancel() // want `cancel deferred in a loop: a defer record per iteration, and nothing released until withTimeouts returns`
		if err = try(actx); err == nil {
			break
		}
	}
	return err
}
