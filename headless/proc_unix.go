//go:build unix

package headless

import (
	"os/exec"
	"syscall"
)

// setGroup starts the CLI in a process group of its own, so that a
// timeout also ends the hooks and tools it started.
func setGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// killGroup kills the CLI's process group.
func killGroup(cmd *exec.Cmd) error { return syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
