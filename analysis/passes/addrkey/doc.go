// Package addrkey defines an Analyzer that reports a network address
// formatted as text only to be looked up in a map or compared.
//
// # Analyzer addrkey
//
// addrkey: report addr.String() used as a map key or compared: the address is formatted into a new string each time
//
// A UDP server that keeps a session per client finds it with
// sessions[addr.String()] for every datagram it reads. String formats the
// IP address and the port (net.JoinHostPort, with brackets for IPv6) into a
// new string each time, only for the map to hash it and drop it. The
// address itself can be the key: netip.AddrPort is a comparable value that
// *net.UDPAddr and *net.TCPAddr give without an allocation (AddrPort), and
// that net.UDPConn.ReadFromUDPAddrPort returns directly. Measured with Go
// 1.26 on a loaded 2-core x86-64 machine (addrkey_bench_test.go, 8
// interleaved pairs of runs), looking up an IPv4 client in a table of 65
// sessions took 538 ns keyed by String and 96 ns keyed by AddrPort
// (medians; paired ratios 0.12 to 0.21), 3 allocations and 32 B against
// none. Comparing two addresses by their text (a.String() != b.String())
// costs the same twice over.
//
// The check reports a call of the String method of a network address of a
// type it knows a comparable form of — a net.Addr interface value, a
// net.UDPAddr, net.TCPAddr or net.IPAddr, a netip.Addr or netip.AddrPort —
// whose result is only used
//
//   - as the index of a map read (sessions[addr.String()]), or
//   - as an operand of == or != ,
//
// directly or through a local variable that is used only so. The store of
// a new entry (sessions[addr.String()] = s) is not reported: it runs once
// per peer, where the lookup before it runs per packet. Other types with
// the methods of net.Addr are left alone: a *net.IPNet is a prefix, whose
// comparable form is netip.Prefix, and a pipe's or a proxy protocol's
// address has no AddrPort. Nor is a net.Addr's String reported in a
// function that asserts the same address to *net.UDPAddr, *net.TCPAddr or
// *net.IPAddr (a type assertion or a type switch): such code compares
// those apart, and String is its fallback for the other implementations.
// It stays
// silent for code that runs once (init, package-level variables,
// sync.Once, main outside its loops) and for any other use of the text (a
// log field, a header, a value stored in a struct), where the string is the
// output.
//
// There is no fix: keying the map by netip.AddrPort changes its type and
// every place that fills it, and an address held as a net.Addr interface
// (what ReadFrom returns) must first be asserted to *net.UDPAddr or
// *net.TCPAddr, or read with ReadFromUDPAddrPort.
//
// For example:
//
//	conn, ok := s.sessions[addr.String()]
//
// becomes, with sessions a map[netip.AddrPort]*session,
//
//	conn, ok := s.sessions[addr.AddrPort()]
package addrkey
