package bufpool

// BufferPool is a pool supplied by the caller, usually a *sync.Pool, as
// gorilla/websocket's write buffer pool.
type BufferPool interface {
	Get() interface{}
	Put(interface{})
}

// poolData wraps the buffer so that callers do not depend on what the
// pool holds: a struct of one slice, three words.
type poolData struct{ buf []byte }

type conn struct {
	pool BufferPool
	buf  []byte
}

// endMessage gives the buffer back after each message: the wrapper is
// copied to the heap on every Put.
func (c *conn) endMessage() {
	if c.pool != nil {
		c.pool.Put(poolData{buf: c.buf}) // want `c\.pool\.Put\(poolData\{…\}\) puts a poolData, allocating a 24-byte copy of the struct per Put`
		c.buf = nil
	}
}

// endPointer pools a pointer: no allocation.
func (c *conn) endPointer() {
	c.pool.Put(&poolData{buf: c.buf})
}

// Cache is no pool: Put takes a key and a value.
type Cache interface {
	Get(key string) interface{}
	Put(key string, v interface{})
}

func remember(c Cache, b []byte) {
	c.Put("last", poolData{buf: b})
}

// Recycler has a pool's Put, but its Get takes a size: not a pool's shape.
type Recycler interface {
	Get(n int) interface{}
	Put(interface{})
}

func recycle(r Recycler, b []byte) {
	r.Put(poolData{buf: b})
}
