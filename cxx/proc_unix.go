//go:build unix

package cxx

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel runs cmd as the leader of a new process group and
// kills the whole group when its context ends: a benchmark executable's
// threads and children, or a build's compilers, go with it.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
}
