// Command ordercmd prints the IDs of orders given on the command line.
package main

import (
	"fmt"
	"os"
)

func main() {
	// main outside its loops runs once.
	var args []string
	for _, a := range os.Args[1:] {
		args = append(args, a)
	}
	for _, batch := range [][]string{args, args} {
		// A loop of main repeats, even in a command.
		seen := make(map[string]bool) // want `seen grows to up to len\(batch\) entries without a size hint: make it with make\(map\[string\]bool, len\(batch\)\)`
		for _, a := range batch {
			seen[a] = true
		}
		fmt.Println(len(seen))
	}
	fmt.Println(parse(args))
}

// parse is in a command: rarely called code outside a loop.
func parse(args []string) []int {
	var n []int
	for i := range args {
		n = append(n, i)
	}
	return n
}
