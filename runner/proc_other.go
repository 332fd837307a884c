//go:build !unix

package runner

import (
	"os"
	"os/exec"
	"syscall"
)

// setGroup is a no-op where process groups do not exist.
func setGroup(cmd *exec.Cmd) {}

// signalGroup kills the shell process (Gemini uses taskkill /f /t on Windows).
func signalGroup(cmd *exec.Cmd, hard bool) { _ = cmd.Process.Kill() }

// exitStatus returns the exit code; signals do not exist here.
func exitStatus(ps *os.ProcessState) (int, string) { return ps.ExitCode(), "" }

// SignalName is the signal's name as the syscall package spells it.
func SignalName(s syscall.Signal) string { return s.String() }
