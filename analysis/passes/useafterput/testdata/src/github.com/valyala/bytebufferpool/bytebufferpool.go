// Package bytebufferpool is a stub of github.com/valyala/bytebufferpool.
package bytebufferpool

type ByteBuffer struct{ B []byte }

func (b *ByteBuffer) WriteString(s string) (int, error) { b.B = append(b.B, s...); return len(s), nil }
func (b *ByteBuffer) Bytes() []byte                     { return b.B }
func (b *ByteBuffer) String() string                    { return string(b.B) }

func Get() *ByteBuffer  { return new(ByteBuffer) }
func Put(b *ByteBuffer) {}
