package a

import "example.com/shared/c"

func A(s string) string { return c.Upper(s) }
