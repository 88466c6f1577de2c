// Package nearmiss holds loops that look like serialize-measure-shrink
// loops but are fine.
package nearmiss

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
)

type Cookie struct {
	Name string
	UIDs []string
}

// halve removes half of the elements per step: O(n log n) at worst.
func halve(c *Cookie, max int) {
	for len(c.UIDs) > 0 {
		b, _ := json.Marshal(c)
		if len(b) <= max {
			return
		}
		c.UIDs = c.UIDs[:len(c.UIDs)/2]
	}
}

// dropMany removes a computed number of elements at once.
func dropMany(c *Cookie, max int) {
	b, _ := json.Marshal(c)
	for len(b) > max {
		excess := (len(b) - max) / 16
		c.UIDs = c.UIDs[excess+1:]
		b, _ = json.Marshal(c)
	}
}

// perElement encodes each element once and sums: the good O(n) form.
func perElement(uids []string, max int) []string {
	total := 2
	for i, u := range uids {
		b, _ := json.Marshal(u)
		total += len(b) + 1
		if total > max {
			return uids[:i]
		}
	}
	return uids
}

// perElementQueue encodes only the head of the queue, not the whole value.
func perElementQueue(w io.Writer, queue []string, max int) {
	for len(queue) > 0 {
		b, _ := json.Marshal(queue[0])
		if len(b) > max {
			return
		}
		w.Write(b)
		queue = queue[1:]
	}
}

var errBusy = errors.New("busy")

// retry re-encodes but removes nothing.
func retry(v any, send func([]byte) error) error {
	for attempt := 0; attempt < 3; attempt++ {
		b, err := json.Marshal(v)
		if err != nil {
			return err
		}
		if len(b) > 1<<20 {
			return errors.New("too large")
		}
		if err := send(b); !errors.Is(err, errBusy) {
			return err
		}
	}
	return errBusy
}

// noEncode removes one element per iteration with no serialization.
func noEncode(c *Cookie, max int) {
	for len(c.UIDs) > max {
		c.UIDs = c.UIDs[1:]
	}
}

// otherValue encodes a value unrelated to the shrinking slice.
func otherValue(c *Cookie, header map[string]string, max int) {
	for len(c.UIDs) > 0 {
		b, _ := json.Marshal(header)
		if len(b) <= max {
			return
		}
		c.UIDs = c.UIDs[1:]
	}
}

// siblingField encodes c.Name while removing from c.UIDs.
func siblingField(c *Cookie, max int) {
	for len(c.UIDs) > 0 {
		s := fmt.Sprint(c.Name)
		if len(s) <= max {
			return
		}
		c.UIDs = c.UIDs[1:]
	}
}

// nonEmpty checks only that the output is non-empty, not a size bound.
func nonEmpty(parts []string) string {
	for len(parts) > 0 {
		s := strings.Join(parts, "/")
		if len(s) > 0 && strings.HasPrefix(s, "x") {
			return s
		}
		parts = parts[:len(parts)-1]
	}
	return ""
}

// nestedRemoval removes many elements in an inner loop, then re-encodes
// once per outer round.
func nestedRemoval(m map[string]int, keys []string, max int) {
	for {
		b, _ := json.Marshal(m)
		if len(b) <= max {
			return
		}
		for _, k := range keys {
			delete(m, k)
		}
	}
}

// once runs in init: a one-off trim is not a hot path.
var defaults = []string{"a", "b", "c"}

func init() {
	for len(strings.Join(defaults, ",")) > 3 {
		defaults = defaults[1:]
	}
}
