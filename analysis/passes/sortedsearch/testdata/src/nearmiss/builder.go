package nearmiss

import (
	"cmp"
	"slices"
)

type Label struct{ Name, Value string }

// Builder collects labels in any order and sorts them only when it builds
// the set (prometheus' labels.Builder): between builds add is unordered, so
// a binary search in Get would miss entries.
type Builder struct {
	add []Label
}

func (b *Builder) Set(n, v string) {
	for i, a := range b.add {
		if a.Name == n {
			b.add[i].Value = v
			return
		}
	}
	b.add = append(b.add, Label{n, v})
}

func (b *Builder) Get(n string) string {
	for _, a := range b.add {
		if a.Name == n {
			return a.Value
		}
	}
	return ""
}

func (b *Builder) Labels() []Label {
	slices.SortFunc(b.add, func(x, y Label) int { return cmp.Compare(x.Name, y.Name) })
	return b.add
}
