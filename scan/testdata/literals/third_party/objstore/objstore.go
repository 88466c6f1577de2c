// Package objstore stands for an object store's client library: its
// requests take a context and return an error.
package objstore

import "context"

// A Client sends requests to the store.
type Client struct{}

// Get fetches the object named key.
func (c *Client) Get(ctx context.Context, key string) ([]byte, error) {
	return []byte(key), ctx.Err()
}

// A Binder fills itself from a request's key.
type Binder interface {
	Bind(key string) error
}

// Bind has b fill itself from key: the library calls the caller's method.
func Bind(b Binder, key string) error {
	return b.Bind(key)
}
