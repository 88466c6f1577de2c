// Package fixnear holds trim loops that trimloop reports but does not fix:
// for each, a search over the number of elements dropped could compute
// something else than the loop, or the check cannot tell that it would
// not. The comment above each says why.
package fixnear

import (
	"encoding/json"
	"log"
	"slices"
	"strings"
)

type Cookie struct {
	UIDs []string `json:"uids"`
}

// Stamp has a MarshalJSON method: the program's own code runs in every
// encoding, and the fix would run it a different number of times (and
// could not tell that the encoded length grows with the elements kept).
type Stamp struct{ Unix int64 }

func (s Stamp) MarshalJSON() ([]byte, error) {
	encodings++
	return json.Marshal(s.Unix)
}

var encodings int

type Stamps struct {
	Seen []Stamp `json:"seen"`
}

// customMarshal: a custom MarshalJSON is reachable from the value.
func customMarshal(s *Stamps, max int) {
	for len(s.Seen) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(s)
		if len(data) <= max {
			break
		}
		s.Seen = s.Seen[1:]
	}
}

// sideEffect logs each removal: the fix would log another number of
// lines.
func sideEffect(c *Cookie, max int) {
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(c)
		if len(data) <= max {
			break
		}
		log.Printf("dropping %s", c.UIDs[0])
		c.UIDs = c.UIDs[1:]
	}
}

// twoPerStep removes two elements per iteration: the loop only stops at
// even counts, a search over single drops would not.
func twoPerStep(c *Cookie, max int) {
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(c)
		if len(data) <= max {
			break
		}
		c.UIDs = c.UIDs[1:]
		c.UIDs = c.UIDs[1:]
	}
}

// noGuard has no len(s) > 0 condition: it also encodes the empty slice
// and stops on emptiness inside the body, a shape the fix does not take
// apart.
func noGuard(c *Cookie, max int) {
	for { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(c)
		if len(data) <= max || len(c.UIDs) == 0 {
			break
		}
		c.UIDs = c.UIDs[1:]
	}
}

// guardLast tests the size before the emptiness: the loop encodes the
// empty slice too, which a search would not.
func guardLast(labels []string, max int) []string {
	for len(strings.Join(labels, ",")) > max && len(labels) > 0 { // want `strings\.Join re-encodes the whole value per removal`
		labels = labels[1:]
	}
	return labels
}

type Jar struct {
	UIDs map[string]int64 `json:"uids"`
}

// mapForm deletes the oldest entry, found by a scan: the search would
// have to know which keys a given number of deletions removes, and a map
// has no such order to slice by.
func mapForm(j *Jar, max int) {
	for len(j.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(j)
		if len(data) <= max {
			break
		}
		oldest, first := "", true
		for k, t := range j.UIDs {
			if first || t < j.UIDs[oldest] {
				oldest, first = k, false
			}
		}
		delete(j.UIDs, oldest)
	}
}

type Point struct {
	X, Y float64
}

type Track struct {
	Points []Point `json:"points"`
}

// errorChecked returns the error of an encoding that can fail (a NaN
// coordinate): the check may run, and the fix would run it on other
// slices than the loop does.
func errorChecked(t *Track, max int) error {
	for len(t.Points) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, err := json.Marshal(t)
		if err != nil {
			return err
		}
		if len(data) <= max {
			break
		}
		t.Points = t.Points[1:]
	}
	return nil
}

// errorIgnored ignores the error of an encoding that can fail: a failed
// encoding is empty and "fits", so whether the value fits does not grow
// with the elements dropped, and a search may stop elsewhere.
func errorIgnored(t *Track, max int) {
	for len(t.Points) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(t)
		if len(data) <= max {
			break
		}
		t.Points = t.Points[1:]
	}
}

// errorInTest uses the encoding's error in the test itself.
func errorInTest(c *Cookie, max int) {
	for len(c.UIDs) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, err := json.Marshal(c)
		if err == nil && len(data) <= max {
			break
		}
		c.UIDs = c.UIDs[1:]
	}
}

// deleteShifts removes with slices.Delete, which shifts the elements left
// in the array and zeroes the last: the loop's memory effects are not
// those of a re-slicing.
func deleteShifts(labels []string, max int) []string {
	for len(labels) > 0 { // want `strings\.Join re-encodes the whole value per removal`
		if len(strings.Join(labels, ",")) <= max {
			break
		}
		labels = slices.Delete(labels, 0, 1)
	}
	return labels
}

type Event struct {
	Attrs []any `json:"attrs"`
}

// dynamic encodes interfaces, whose dynamic types may run their own
// MarshalJSON.
func dynamic(e *Event, max int) {
	for len(e.Attrs) > 0 { // want `json\.Marshal re-encodes the whole value per removal`
		data, _ := json.Marshal(e)
		if len(data) <= max {
			break
		}
		e.Attrs = e.Attrs[:len(e.Attrs)-1]
	}
}

// boundFromValue compares with a bound that depends on the slice: fitting
// need not grow with the elements dropped.
func boundFromValue(labels []string, max int) []string {
	for len(labels) > 0 { // want `strings\.Join re-encodes the whole value per removal`
		if len(strings.Join(labels, ",")) <= max-len(labels[0]) {
			break
		}
		labels = labels[1:]
	}
	return labels
}
