// Package netsvc writes replies on a network connection; it imports net,
// whose cgo files the go command generates into its build cache.
package netsvc

import (
	"fmt"
	"net"
)

// Reply writes one reply line per id.
func Reply(c net.Conn, ids []int) error {
	for _, id := range ids {
		if _, err := c.Write([]byte(fmt.Sprintf("%d\n", id))); err != nil {
			return err
		}
	}
	return nil
}
