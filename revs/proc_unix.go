//go:build unix

package revs

import (
	"errors"
	"os/exec"
	"syscall"
)

// ownProcessGroup starts cmd in a new process group, out of reach of the
// terminal's Ctrl-C: perfproof decides when to stop it.
func ownProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// processExists reports whether a process with this ID exists (signal 0
// is delivered or refused for lack of permission).
func processExists(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}
