package addrkey_test

import (
	"net"
	"net/netip"
	"testing"
)

// A UDP server's table of sessions, one per client address, looked up for
// every datagram read.
var (
	client   = &net.UDPAddr{IP: net.IPv4(192, 0, 2, 17), Port: 53124}
	byString = map[string]int{}
	byAddr   = map[netip.AddrPort]int{}
	found    int
)

func init() {
	for i := range 64 {
		a := &net.UDPAddr{IP: net.IPv4(192, 0, 2, byte(i)), Port: 50000 + i}
		byString[a.String()] = i
		byAddr[a.AddrPort()] = i
	}
	byString[client.String()] = 99
	byAddr[client.AddrPort()] = 99
}

// BenchmarkLookupByString keys the table by the address's text, as
// udpConns[addr.String()] does.
func BenchmarkLookupByString(b *testing.B) {
	for b.Loop() {
		found = byString[client.String()]
	}
}

// BenchmarkLookupByAddrPort keys it by the comparable netip.AddrPort.
func BenchmarkLookupByAddrPort(b *testing.B) {
	for b.Loop() {
		found = byAddr[client.AddrPort()]
	}
}
