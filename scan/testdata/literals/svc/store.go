package svc

import (
	"fmt"
	"net/http"
)

// Store is written without parameter names; mem's method has them.
type Store interface {
	Put(string, int64) error
}

type mem struct{ last string }

func (m *mem) Put(key string, size int64) error {
	m.last = key + "=" + fmt.Sprintf("%d", size)
	return nil
}

// Upload stores each request's size through the interface.
func Upload(s Store) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		_ = s.Put(r.URL.Path, r.ContentLength)
	}
}

// NewStore returns the in-memory store.
func NewStore() Store { return &mem{} }
