//go:build unix

package claudecompat

import (
	"os/exec"
	"syscall"
)

// ownGroup gives the hook a process group of its own, so that stopping it
// stops whatever it started, and makes cancelling the command signal that
// group.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
}
