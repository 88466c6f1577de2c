package svc

import (
	"fmt"
	"net"
)

// Proxy formats its endpoints once, then takes connections one by one:
// the loop over ports is set-up, the accept loop is the consumer loop.
func Proxy(l net.Listener, ports []int) {
	var addrs []string
	for _, p := range ports {
		addr := fmt.Sprintf("%d", p) // proxy: set-up
		addrs = append(addrs, addr)
	}
	for {
		c, err := l.Accept()
		if err != nil {
			return
		}
		tag := fmt.Sprintf("%d", len(addrs)) // proxy: per connection
		_, _ = c.Write([]byte(tag))
		c.Close()
	}
}
