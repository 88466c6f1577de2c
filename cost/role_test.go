package cost

import (
	"errors"
	"strings"
	"testing"
)

const roleSource = `package cart

func Marshal(v any) ([]byte, error) {
	e := newState()
	buf := append([]byte(nil), e.Bytes()...)
	return buf, nil
}

func Parse(data []byte) (*Cookie, error) {
	var c Cookie
	if err := json.Unmarshal(data, &c); err != nil {
		return nil, err
	}
	return &c, nil
}

func literalStore(v reflect.Value, s []byte) {
	t := string(s)
	if !valid(t) {
		return
	}
	v.SetString(t)
}

func (c *cache) getValue() *Value {
	c.vs = append(c.vs, Value{})
	return &c.vs[len(c.vs)-1]
}

func New() *T { return &T{} }

func (s *S) waste(n int) int {
	tmp := make([]int, n)
	s.other = make([]int, n)
	return len(tmp)
}

func fill(p *[]byte, q any) {
	*p = make([]byte, 10)
	json.Unmarshal(data, q)
}

func closure() func() []byte {
	keep := make([]byte, 4)
	return func() []byte {
		b := make([]byte, 1)
		return b
	}
}

func named() (out []string) {
	out = make([]string, 0, 4)
	return
}
`

func TestRole(t *testing.T) {
	read := func(name string) ([]byte, error) {
		if name == "/src/cart.go" {
			return []byte(roleSource), nil
		}
		return nil, errors.New("no such file")
	}
	lineOf := func(s string) int {
		for i, l := range strings.Split(roleSource, "\n") {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", s)
		return 0
	}
	tests := []struct {
		line, role, via string
	}{
		{"buf := append", RoleResult, "buf"},
		{"json.Unmarshal(data, &c)", RoleResult, "c"},
		{"t := string(s)", RoleOutput, "v.SetString"},
		{"c.vs = append(c.vs", RoleReusedBuffer, "c.vs"},
		{"return &T{}", RoleResult, "its return value"},
		{"tmp := make", "", ""},
		{"s.other = make", "", ""}, // a receiver field, but not grown by append
		{"*p = make", RoleOutput, "*p"},
		{"json.Unmarshal(data, q)", RoleOutput, "q"},
		{"keep := make", "", ""}, // returned only inside the closure, which returns its own b
		{"b := make([]byte, 1)", RoleResult, "b"},
		{"out = make", RoleResult, "out"},
	}
	r := newRoleFinder(read)
	for _, tt := range tests {
		role, via := r.role("/src/cart.go", lineOf(tt.line))
		if role != tt.role || via != tt.via {
			t.Errorf("role at %q = %q, %q; want %q, %q", tt.line, role, via, tt.role, tt.via)
		}
	}
	if role, _ := r.role("/src/missing.go", 3); role != "" {
		t.Errorf("role in an unreadable file = %q, want none", role)
	}
	if role, _ := newRoleFinder(nil).role("/src/cart.go", 5); role != "" {
		t.Errorf("role without ReadFile = %q, want none", role)
	}
}
