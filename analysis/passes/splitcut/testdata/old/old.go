// Package old is built with Go 1.16 (its go.mod), which has no
// strings.Cut: the split is reported without a fix.
package old

import "strings"

// ESMTP parameters, switched on their count: the shape of an SMTP
// server's argument parser.
func parseArgs(args []string) map[string]string {
	m := make(map[string]string, len(args))
	for _, arg := range args {
		kv := strings.Split(arg, "=") // want `strings.Split allocates a slice of every field to use two`
		switch len(kv) {
		case 2:
			m[strings.ToUpper(kv[0])] = kv[1]
		case 1:
			m[strings.ToUpper(kv[0])] = ""
		}
	}
	return m
}

// The first field: exact with Cut, but no Cut here.
func host(addr string) string {
	h := strings.Split(addr, ":")[0] // want `strings.Split allocates a slice of every field to use the first`
	return h
}
