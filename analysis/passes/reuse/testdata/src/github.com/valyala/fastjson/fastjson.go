// Package fastjson is a stub of github.com/valyala/fastjson with the API the
// tests use.
package fastjson

// Parser parses JSON; the values it returns are valid until the next Parse.
type Parser struct {
	b []byte
	c []Value
}

func (p *Parser) Parse(s string) (*Value, error)      { return nil, nil }
func (p *Parser) ParseBytes(b []byte) (*Value, error) { return nil, nil }

// Value is a parsed JSON value owned by its Parser or Arena.
type Value struct {
	s string
	a []*Value
}

func (v *Value) Get(keys ...string) *Value            { return nil }
func (v *Value) GetArray(keys ...string) []*Value     { return nil }
func (v *Value) GetStringBytes(keys ...string) []byte { return nil }
func (v *Value) GetInt(keys ...string) int            { return 0 }
func (v *Value) GetFloat64(keys ...string) float64    { return 0 }
func (v *Value) Set(key string, value *Value)         {}
func (v *Value) MarshalTo(dst []byte) []byte          { return dst }
func (v *Value) String() string                       { return "" }

// Arena allocates Values; Reset frees them for reuse.
type Arena struct{ b []byte }

func (a *Arena) NewObject() *Value         { return nil }
func (a *Arena) NewString(s string) *Value { return nil }
func (a *Arena) Reset()                    {}
