// Package rules is part of a command: its functions run once per
// invocation.
package rules

import "regexp"

// Fine: a command's helper runs once per invocation.
func Version(s string) string {
	return regexp.MustCompile(`v\d+`).FindString(s)
}

// Reported: a loop compiles once per line, even in a command.
func Count(lines []string) int {
	n := 0
	for _, l := range lines {
		if regexp.MustCompile(`^#`).MatchString(l) { // want `regexp\.MustCompile of a constant pattern runs in a loop: compile it once into a package-level variable`
			n++
		}
	}
	return n
}
