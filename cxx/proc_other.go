//go:build !unix

package cxx

import "os/exec"

// killGroupOnCancel leaves cmd as it is: without process groups, the
// context kills the process alone.
func killGroupOnCancel(cmd *exec.Cmd) {}
