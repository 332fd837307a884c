//go:build !unix

package claudecompat

import "os/exec"

// ownGroup is a no-op where process groups do not exist: cancelling kills
// the shell.
func ownGroup(cmd *exec.Cmd) {}
