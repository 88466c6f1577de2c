//go:build !unix

package benchrun

import "os/exec"

// killGroupOnCancel leaves cmd as it is: without process groups, the
// context kills the go command only, and the test binary stops itself at
// the -timeout passed to go test.
func killGroupOnCancel(cmd *exec.Cmd) {}
