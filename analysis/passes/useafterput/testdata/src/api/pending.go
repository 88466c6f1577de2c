package api

import "sync"

// waiting is a pull request waiting for messages; it goes back into its
// pool once it has received all it asked for.
type waiting struct {
	n     int
	reply []byte
	hb    int
}

var wrPool = sync.Pool{New: func() any { return new(waiting) }}

func (wr *waiting) recycle() {
	wr.reply = wr.reply[:0]
	wrPool.Put(wr)
}

// recycleIfDone puts wr back, and says so, when it has nothing left to
// wait for.
func (wr *waiting) recycleIfDone() bool {
	if wr.n <= 0 {
		wr.recycle()
		return true
	}
	return false
}

// Deliver reads wr only when recycleIfDone says it did not put it back.
func Deliver(wr *waiting, clustered bool) []byte { // want Deliver:`returns r0<-p0; puts p0 into wrPool`
	wr.n--
	if done := wr.recycleIfDone(); done && clustered {
		return nil
	} else if !done && wr.hb > 0 {
		return wr.reply // fine: wr was not put back on this path
	}
	return nil
}

// DeliverLate reads wr when recycleIfDone has put it back.
func DeliverLate(wr *waiting) []byte { // want DeliverLate:`returns r0<-p0; puts p0 into wrPool`
	wr.n--
	if wr.recycleIfDone() {
		return wr.reply // want `pointer wr\.reply into wr used after wr is put back into wrPool: move the Put after its last use`
	}
	return nil
}
