// Package zstd is a stub of github.com/klauspost/compress/zstd.
package zstd

import "io"

type EOption func()

type Encoder struct{ w io.Writer }

func NewWriter(w io.Writer, opts ...EOption) (*Encoder, error) { return &Encoder{w}, nil }
func (e *Encoder) Write(p []byte) (int, error)                 { return len(p), nil }
func (e *Encoder) Close() error                                { return nil }
func (e *Encoder) Reset(w io.Writer)                           {}
