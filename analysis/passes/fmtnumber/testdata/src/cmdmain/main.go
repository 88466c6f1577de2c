package main

import (
	"fmt"
	"os"
)

func main() {
	port := 9000
	addr := fmt.Sprintf(":%d", port) // fine: main outside loops runs once
	for _, arg := range os.Args[1:] {
		fmt.Println(addr, fmt.Sprintf("%d", len(arg)))       // fine: argument of another fmt call
		os.Stdout.WriteString(fmt.Sprintf("%d\n", len(arg))) // want `fmt\.Sprintf with a fixed format of numbers: build the string with strconv Format or Append calls`
	}
}
