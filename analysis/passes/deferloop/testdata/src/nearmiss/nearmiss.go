// Package nearmiss holds defers that look like the pattern and are not.
package nearmiss

import (
	"os"
	"sync"
)

var mu sync.Mutex

// perIteration already runs each body in a literal called in place: its
// defer runs at the end of every iteration.
func perIteration(names []string) int {
	n := 0
	for _, name := range names {
		func() {
			f, err := os.Open(name)
			if err != nil {
				return
			}
			defer f.Close()
			n++
		}()
	}
	return n
}

// firstReadable leaves the loop right after the defer: it runs at most
// once per call.
func firstReadable(names []string) *os.File {
	for _, name := range names {
		f, err := os.Open(name)
		if err != nil {
			continue
		}
		defer mu.Unlock()
		mu.Lock()
		return f
	}
	return nil
}

// goroutines defers inside the literal each goroutine runs.
func goroutines(jobs []func()) {
	var wg sync.WaitGroup
	for _, job := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			job()
		}()
	}
	wg.Wait()
}

// The range expression runs once, not per iteration.
func rangeOnce(f func() []int) {
	for range f() {
	}
}

// init runs once per program.
func init() {
	for _, name := range []string{"a", "b"} {
		f, err := os.Open(name)
		if err == nil {
			defer f.Close()
		}
	}
}

const debug = false

// disabled is dead code behind a constant false condition.
func disabled(names []string) {
	if debug {
		for _, name := range names {
			f, _ := os.Open(name)
			defer f.Close()
		}
	}
}

// onceLocked takes the lock in the first iteration that needs it; the flag
// keeps the defer to one per call (shaped after a real RPC test server).
func onceLocked(reports []int) int {
	locked := false
	sum := 0
	for _, r := range reports {
		if r > 0 {
			if !locked {
				mu.Lock()
				defer mu.Unlock()
				locked = true
			}
			sum += r
		}
	}
	return sum
}

// cleanupOnce registers the clean-up once, on the first successful copy.
func cleanupOnce(parts []string) {
	var cleanup func()
	for _, p := range parts {
		if cleanup == nil {
			cleanup = func() { os.Remove(p) }
			defer func() { cleanup() }()
		}
	}
}

// abortOnce registers the clean-up of a failed upload once, the flag set
// after the guarded block (shaped after a real S3 gateway's part copy).
func abortOnce(parts []string) {
	cleanupSet := false
	for _, p := range parts {
		if len(p) > 0 {
			if !cleanupSet {
				defer os.Remove(p)
			}
			cleanupSet = true
		}
	}
}

type client struct{}

func dial(addr string) (*client, error) { return &client{}, nil }

func (c *client) Close()        {}
func (c *client) publish(n int) {}

// clients connects one client per goroutine: each connection must stay
// open until every goroutine is done, so closing it at the end of the
// iteration would break the benchmark. The defer is the release.
func clients(addrs []string, n int) error {
	var wg sync.WaitGroup
	for _, addr := range addrs {
		c, err := dial(addr)
		if err != nil {
			return err
		}
		defer c.Close()
		wg.Add(1)
		go func() {
			defer wg.Done()
			c.publish(n)
		}()
	}
	wg.Wait()
	return nil
}

// broadcast keeps every connection in a slice that outlives the
// iteration and uses them all after the loop.
func broadcast(addrs []string, n int) error {
	var all []*client
	for _, addr := range addrs {
		c, err := dial(addr)
		if err != nil {
			return err
		}
		defer c.Close()
		all = append(all, c)
	}
	for _, c := range all {
		c.publish(n)
	}
	return nil
}
