package a

import (
	"log"
	"net"
	"net/netip"
)

type session struct{ n int }

type server struct {
	conn     *net.UDPConn
	sessions map[string]*session
	peers    map[netip.AddrPort]*session
}

// serve finds each datagram's session by the client's address as text.
func (s *server) serve() {
	buf := make([]byte, 1500)
	for {
		_, addr, err := s.conn.ReadFromUDP(buf)
		if err != nil {
			return
		}
		sess, ok := s.sessions[addr.String()] // want `addr.String\(\) formats the address per lookup of s.sessions: key the map by netip.AddrPort \(AddrPort\(\)\)`
		if !ok {
			sess = &session{}
			s.sessions[addr.String()] = sess // a new entry: once per client
		}
		sess.n++
	}
}

// relay reads through the net.PacketConn interface: the address is a
// net.Addr.
func relay(pc net.PacketConn, upstream net.Addr, seen map[string]int) {
	buf := make([]byte, 1500)
	for {
		_, from, err := pc.ReadFrom(buf)
		if err != nil {
			return
		}
		if from.String() != upstream.String() { // want `from.String\(\) formats the address to compare it: compare netip.AddrPort values \(AddrPort\(\) of a \*net.UDPAddr\) instead`
			continue
		}
		key := from.String() // want `from.String\(\) formats the address per lookup of seen`
		seen[key]++
	}
}

// keyed already keys its table by the address: nothing to report.
func (s *server) keyed(addr *net.UDPAddr) *session {
	return s.peers[addr.AddrPort()]
}

// logged uses the text as output: not reported.
func logged(addr *net.UDPAddr) string {
	log.Printf("client %s", addr.String())
	return "peer " + addr.String()
}

// kept stores the text as well as looking it up: the string is output.
func kept(addr net.Addr, names map[string]string) string {
	k := addr.String()
	if n, ok := names[k]; ok {
		return n
	}
	return k
}

// ipText compares a netip.Addr's text with a configured string.
func ipText(ip netip.Addr, allowed string) bool {
	return ip.String() == allowed // want `ip.String\(\) formats the address to compare it`
}

// prefixes keys a table by a network prefix's text: a *net.IPNet has the
// methods of net.Addr, but its comparable form is netip.Prefix.
func prefixes(n *net.IPNet, m map[string]bool) bool {
	return m[n.String()]
}

// byIP keys a table by an IP address alone.
func byIP(a *net.IPAddr, m map[string]int) int {
	return m[a.String()] // want `a.String\(\) formats the address per lookup of m: key the map by netip.Addr`
}

// notAnAddress has a String method but no Network method.
type notAnAddress struct{ s string }

func (n notAnAddress) String() string { return n.s }

func other(n notAnAddress, m map[string]int) int {
	return m[n.String()]
}

// At init the table is filled once: not reported.
var defaults = func() map[string]int {
	m := map[string]int{}
	a := &net.UDPAddr{Port: 53}
	m[a.String()] = 1
	return m
}()

// sameSource compares UDP sources field by field and falls back to the
// text for other kinds of address, which have no comparable form: not
// reported.
func sameSource(addr net.Addr, src *net.UDPAddr, srcText string) bool {
	if udp, ok := addr.(*net.UDPAddr); ok {
		return udp.Port == src.Port && udp.IP.Equal(src.IP)
	}
	return addr.String() == srcText
}

// switched does the same with a type switch.
func switched(addr net.Addr, seen map[string]bool) bool {
	switch a := addr.(type) {
	case *net.TCPAddr:
		return a.Port == 0
	}
	return seen[addr.String()]
}
