package a

import "testing"

func TestA(t *testing.T) {
	if A("x") != "X" {
		t.Fatal("A")
	}
}
