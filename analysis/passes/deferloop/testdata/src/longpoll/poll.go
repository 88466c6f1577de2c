// Package longpoll is shaped after a chat server's long-poll handler: the
// request waits for news in a loop, and a wait that wakes up with nothing
// for this user loops again, so the defers of the wait pile up.
package longpoll

import "time"

type listener struct{ ch chan int }

func (l *listener) Close()             {}
func (l *listener) Notify() <-chan int { return l.ch }

type server struct{ l *listener }

func (s *server) listen() *listener { return s.l }

// Poll answers one long-poll request.
func (s *server) Poll(timeout time.Duration, empty func(int) bool) int {
	for {
		var news int
		if timeout > 0 {
			timer := time.NewTimer(timeout)
			defer timer.Stop() // want `timer\.Stop deferred in a loop: a defer record per iteration, and nothing released until server\.Poll returns`
			l := s.listen()
			defer l.Close() // want `l\.Close deferred in a loop: a defer record per iteration, and nothing released until server\.Poll returns`
			select {
			case <-timer.C:
				return 0
			case news = <-l.Notify():
			}
		}
		if empty(news) {
			if timeout > time.Millisecond {
				timeout /= 2
				continue
			}
		}
		return news
	}
}

// Once returns on every iteration that reaches the defer: a nested
// continue of another loop does not start this one again.
func (s *server) Once(keys []int) int {
	for {
		l := s.listen()
		defer l.Close() // fine: the return below always follows
		n := 0
		for _, k := range keys {
			if k < 0 {
				continue
			}
			n += k
		}
		return n
	}
}
