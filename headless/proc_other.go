//go:build !unix

package headless

import "os/exec"

func setGroup(*exec.Cmd) {}

func killGroup(cmd *exec.Cmd) error { return cmd.Process.Kill() }
