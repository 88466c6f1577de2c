package svc

import "sync"

var names = sync.Pool{New: func() any { return make([]byte, 0, 64) }}

// WalkTree visits every entry of a tree; a benchmark of the whole walk
// reaches the per-entry helpers through several calls.
func WalkTree(entries [][]string) int {
	n := 0
	for _, dir := range entries {
		n += visitDir(dir)
	}
	return n
}

func visitDir(files []string) int {
	n := 0
	for _, f := range files {
		n += visitFile(f)
	}
	names.Put(make([]byte, 0, 64)) // walk: two calls
	return n
}

func visitFile(name string) int {
	return markFile(name)
}

func markFile(name string) int {
	names.Put(make([]byte, 0, len(name))) // walk: four calls
	return len(name)
}
