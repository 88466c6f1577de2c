package cost

import (
	"strings"
)

// fileMatcher maps the file names recorded in profiles to a set of local
// files (the files of findings). A profile's file name may be an absolute
// path on the machine that built the binary or, in -trimpath builds, a
// module path plus the file's path in the module
// ("example.com/m/pkg/file.go"). A profile name denotes the local files
// with which it shares the longest suffix of whole path elements, provided
// that suffix has at least two elements: the base name and its directory.
// Ties all match.
type fileMatcher struct {
	files  []string         // local files, slash-separated, unique
	byTail map[string][]int // tail2 of a local file → indexes into files
	cache  map[string][]int // profile file name → matching indexes
}

func newFileMatcher() *fileMatcher {
	return &fileMatcher{byTail: make(map[string][]int), cache: make(map[string][]int)}
}

// add records a local file and returns its index; adding the same file
// again returns the same index.
func (m *fileMatcher) add(file string) int {
	file = toSlash(file)
	t := tail2(file)
	for _, i := range m.byTail[t] {
		if m.files[i] == file {
			return i
		}
	}
	m.files = append(m.files, file)
	m.byTail[t] = append(m.byTail[t], len(m.files)-1)
	return len(m.files) - 1
}

// match returns the indexes of the local files that the profile file
// name denotes, or nil.
func (m *fileMatcher) match(name string) []int {
	if r, ok := m.cache[name]; ok {
		return r
	}
	var r []int
	slashed := toSlash(name)
	if t := tail2(slashed); t != "" {
		best := 0
		for _, i := range m.byTail[t] {
			switch n := commonSuffix(slashed, m.files[i]); {
			case n > best:
				best, r = n, append(r[:0], i)
			case n == best:
				r = append(r, i)
			}
		}
	}
	m.cache[name] = r
	return r
}

func toSlash(path string) string {
	return strings.ReplaceAll(path, `\`, "/")
}

// tail2 returns the last two elements of a slash-separated path ("pkg/f.go"),
// or "" if it has fewer than two.
func tail2(path string) string {
	path = strings.TrimRight(path, "/")
	i := strings.LastIndexByte(path, '/')
	if i <= 0 {
		return ""
	}
	j := strings.LastIndexByte(path[:i], '/')
	return path[j+1:]
}

// commonSuffix returns the number of whole trailing path elements that the
// slash-separated paths a and b share.
func commonSuffix(a, b string) int {
	n := 0
	for a != "" && b != "" {
		ia, ib := strings.LastIndexByte(a, '/'), strings.LastIndexByte(b, '/')
		if a[ia+1:] != b[ib+1:] {
			break
		}
		if a[ia+1:] != "" {
			n++
		}
		if ia < 0 || ib < 0 {
			break
		}
		a, b = a[:ia], b[:ib]
	}
	return n
}

// funcMatcher maps function names recorded in profiles to a set of
// function names (the functions of findings). A profile function matches
// a name F if, once generic type arguments ("[...]") are removed, it is F
// or starts with "F." — the closures F.func1, F.func1.2, F.gowrap1 and
// so on, which run F's code.
type funcMatcher struct {
	byName map[string]int
	cache  map[string][]int
}

func newFuncMatcher() *funcMatcher {
	return &funcMatcher{byName: make(map[string]int), cache: make(map[string][]int)}
}

// add records a function name and returns its index; adding the same
// name again returns the same index.
func (m *funcMatcher) add(name string) int {
	name = stripTypeArgs(name)
	if i, ok := m.byName[name]; ok {
		return i
	}
	i := len(m.byName)
	m.byName[name] = i
	return i
}

// match returns the indexes of the recorded functions that the profile
// function name belongs to, or nil.
func (m *funcMatcher) match(name string) []int {
	if r, ok := m.cache[name]; ok {
		return r
	}
	var r []int
	n := stripTypeArgs(name)
	if i, ok := m.byName[n]; ok {
		r = append(r, i)
	}
	// Try every prefix that ends before a dot after the package path.
	start := strings.LastIndexByte(n, '/') + 1
	for i := len(n) - 1; i > start; i-- {
		if n[i] != '.' {
			continue
		}
		if j, ok := m.byName[n[:i]]; ok {
			r = append(r, j)
		}
	}
	m.cache[name] = r
	return r
}

// stripTypeArgs removes bracketed type arguments from a function name, as
// in "pkg.Map[...]" or "pkg.(*List[...]).Push".
func stripTypeArgs(name string) string {
	if strings.IndexByte(name, '[') < 0 {
		return name
	}
	var b strings.Builder
	depth := 0
	for _, r := range name {
		switch {
		case r == '[':
			depth++
		case r == ']' && depth > 0:
			depth--
		case depth == 0:
			b.WriteRune(r)
		}
	}
	return b.String()
}
