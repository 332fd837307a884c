//go:build unix && !linux

package claudecompat

import (
	"os/exec"
	"syscall"
)

// ownGroup gives the hook a process group of its own, so that cancelling
// the command stops whatever the hook started. (Where the kernel cannot
// signal the hook when the adapter dies, a hook that outlives a stopped
// adapter runs to its end, as it would under Gemini without the adapter.)
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	cmd.Cancel = func() error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }
}
