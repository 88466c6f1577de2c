package b

import "example.com/shared/c"

func B(s string) string { return c.Upper(s) + "!" }
