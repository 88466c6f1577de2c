package orderbook

import "slices"

type Option struct {
	Code  uint16
	Value []byte
}

// Options keeps its list in ascending Code order: the insertion position
// comes from the search loop that precedes it.
type Options struct {
	list []Option
}

func (o *Options) Set(code uint16, v []byte) {
	i := 0
	for i < len(o.list) { // want `linear search with early exit on Code over sorted slice o\.list: use slices\.BinarySearchFunc`
		if o.list[i].Code >= code {
			break
		}
		i++
	}
	if i < len(o.list) && o.list[i].Code == code {
		o.list[i].Value = v
		return
	}
	o.list = slices.Insert(o.list, i, Option{Code: code, Value: v})
}

func (o *Options) Get(code uint16) ([]byte, bool) {
	for i := range o.list { // want `linear search with early exit on Code over sorted slice o\.list: use slices\.BinarySearchFunc`
		if o.list[i].Code == code {
			return o.list[i].Value, true
		}
		if o.list[i].Code > code {
			break
		}
	}
	return nil, false
}
