// What the drivers that profile a window after a warm-up share (those that register their flags
// with registerWindowFlags): a keep-alive HTTP client for their client goroutines, a readiness
// wait, the client loops, and the profiled window itself. Such a driver writes its allocation
// profile with writeAllocProfile once its clients have stopped; allocation sampling runs at the
// runtime's default rate throughout.

package main

import (
	"fmt"
	"io"
	"math/rand/v2"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// keepAliveClient returns an HTTP client that keeps up to conns idle connections to the service
// (one per client goroutine), with the given request timeout.
func keepAliveClient(conns int, timeout time.Duration) *http.Client {
	return &http.Client{Timeout: timeout, Transport: &http.Transport{
		MaxIdleConns: conns, MaxIdleConnsPerHost: conns, IdleConnTimeout: time.Minute}}
}

// waitReady sends a request (by try) up to attempts times, 100 ms apart, until one is answered
// 200 OK; otherwise it returns the last failure.
func waitReady(attempts int, try func() (*http.Response, error)) error {
	var err error
	for i := 0; i < attempts; i++ {
		var resp *http.Response
		if resp, err = try(); err == nil {
			io.Copy(io.Discard, resp.Body)
			resp.Body.Close()
			if resp.StatusCode == http.StatusOK {
				return nil
			}
			err = fmt.Errorf("status %d", resp.StatusCode)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return err
}

// startClients starts n client goroutines; client i calls step over and over with its own
// random source, seeded (i+1, stream), until the function startClients returns is called, which
// waits for them to stop.
func startClients(n int, stream uint64, step func(rng *rand.Rand)) (stop func()) {
	var stopped atomic.Bool
	var wg sync.WaitGroup
	for w := 0; w < n; w++ {
		wg.Add(1)
		go func(seed uint64) {
			defer wg.Done()
			rng := rand.New(rand.NewPCG(seed, stream))
			for !stopped.Load() {
				step(rng)
			}
		}(uint64(w + 1))
	}
	return func() {
		stopped.Store(true)
		wg.Wait()
	}
}

// profileWindow lets the clients warm the service up for warmup, calls begin (where the driver
// reads the baselines of its counters; an error of begin ends the window before it starts), then
// profiles the CPU to cpuPath for duration, calling end (if not nil) just before it stops the
// profile. It returns how long the profile ran.
func profileWindow(cpuPath string, warmup, duration time.Duration, begin func() error, end func()) (time.Duration, error) {
	time.Sleep(warmup)
	if err := begin(); err != nil {
		return 0, err
	}
	stop, err := startCPUProfile(cpuPath)
	if err != nil {
		return 0, err
	}
	start := time.Now()
	time.Sleep(duration)
	if end != nil {
		end()
	}
	err = stop()
	return time.Since(start), err
}
