//go:build unix

package benchrun

import (
	"os/exec"
	"syscall"
)

// killGroupOnCancel makes cmd the leader of a new process group and, when
// its context ends, kills the whole group. go test runs the test binary as
// its own child, so killing the go command alone would leave the benchmark
// running. The new group also keeps a terminal's Ctrl-C from reaching the
// benchmark directly: the caller's context decides.
func killGroupOnCancel(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error {
		return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	}
}
