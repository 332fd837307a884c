package main

import (
	"io"
	"testing"
)

func BenchmarkZZEffective(b *testing.B) {
	b.Setenv("GEMINI_CLI_HOME", "/tmp/bt/home")
	b.Setenv("HOME", "/tmp/bt/home")
	b.Setenv("GEMINI_CLI_SYSTEM_SETTINGS_PATH", "/tmp/bt/sys/settings.json")
	b.Setenv("GEMINI_CLI_SYSTEM_DEFAULTS_PATH", "/tmp/bt/sys/system-defaults.json")
	b.Setenv("GEMINI_CLI_TRUST_WORKSPACE", "true")
	b.Setenv("GH_HOOKS_TRUST_SYSTEM_FILES_FOR_TESTING", "1")
	for i := 0; i < b.N; i++ {
		run([]string{"gh-hooks", "--project", "/tmp/bt/project", "effective", "--json"}, nil, io.Discard, io.Discard)
	}
}
