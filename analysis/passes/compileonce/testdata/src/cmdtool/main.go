// Command cmdtool is a small program: main runs once, its loops do not.
package main

import (
	"fmt"
	"os"
	"regexp"
)

func main() {
	// Fine: main runs once.
	flagRe := regexp.MustCompile(`^-(\w+)$`)
	for _, arg := range os.Args[1:] {
		fmt.Println(flagRe.MatchString(arg))
		// In main's loop: runs per argument.
		fmt.Println(regexp.MustCompile(`^\d+$`).MatchString(arg)) // want `regexp\.MustCompile of a constant pattern runs in a loop: compile it once into a package-level variable`
	}
	setup()
}

// Fine: setup is called only from main, outside its loops (and a command's
// functions run once per invocation).
func setup() {
	_ = regexp.MustCompile(`^setup$`)
}
