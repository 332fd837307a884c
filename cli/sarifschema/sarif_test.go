package sarifschema_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/gh-hooks/gh-hooks/cli"
)

// schema is the OASIS SARIF 2.1.0 schema (errata 01,
// docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/).
func schema(t *testing.T) *jsonschema.Schema {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", "sarif-schema-2.1.0.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	doc, err := jsonschema.UnmarshalJSON(f)
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("sarif-schema-2.1.0.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("sarif-schema-2.1.0.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestSARIFOutputValidates runs the commands that write SARIF on a project
// with problems (a missing script, a timeout in seconds, a hook name with
// a control character, a path with a space, unapproved hooks) and on a
// clean one, and validates each log against the schema.
func TestSARIFOutputValidates(t *testing.T) {
	root := t.TempDir()
	home := filepath.Join(root, "home")
	for k, v := range map[string]string{
		"HOME": home, "GEMINI_CLI_HOME": home,
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(root, "etc", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(root, "etc", "defaults.json"),
		"GEMINI_CLI_TRUSTED_FOLDERS_PATH": filepath.Join(root, "trusted.json"),
		"GEMINI_CLI_TRUST_WORKSPACE":      "true",
		"GH_HOOKS_GEMINI_VERSION":         "0.61.0",
		"GITHUB_WORKSPACE":                "",
		"XDG_CACHE_HOME":                  filepath.Join(root, "cache"),
		"XDG_DATA_HOME":                   filepath.Join(root, "data"),
	} {
		t.Setenv(k, v)
	}
	broken := filepath.Join(root, "dir with space")
	settings := `{"hooks": {"BeforeTool": [{"matcher": "write_file", "hooks": [
  {"name": "fmt\u001b[31m", "type": "command", "command": "./gone.sh", "timeout": 30},
  {"name": "lint", "type": "command", "command": "echo lint"}
]}]}}`
	if err := os.MkdirAll(filepath.Join(broken, ".gemini"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(broken, ".gemini", "settings.json"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	clean := filepath.Join(root, "clean")
	if err := os.MkdirAll(clean, 0o755); err != nil {
		t.Fatal(err)
	}
	sch := schema(t)
	tests := []struct {
		name     string
		args     []string
		want     int
		contains string
	}{
		{"validate with problems", []string{"--project", broken, "validate", "--format", "sarif"}, 3, `"ruleId": "script-missing"`},
		{"validate clean", []string{"--project", clean, "validate", "--format", "sarif"}, 0, `"results": []`},
		{"trust audit", []string{"--project", broken, "trust", "audit", "--format", "sarif"}, 3, `"ruleId": "hook-new"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var stdout, stderr bytes.Buffer
			code := cli.Run(append([]string{"gh-hooks"}, tt.args...), cli.Process{Stdin: strings.NewReader(""), Stdout: &stdout, Stderr: &stderr})
			if code != tt.want {
				t.Fatalf("exit %d, want %d; stderr:\n%s", code, tt.want, stderr.String())
			}
			if !strings.Contains(stdout.String(), tt.contains) {
				t.Errorf("the log lacks %s:\n%s", tt.contains, stdout.String())
			}
			v, err := jsonschema.UnmarshalJSON(bytes.NewReader(stdout.Bytes()))
			if err != nil {
				t.Fatalf("output is not JSON: %v\n%s", err, stdout.String())
			}
			if err := sch.Validate(v); err != nil {
				t.Fatalf("output fails the SARIF 2.1.0 schema: %v\n%s", err, stdout.String())
			}
		})
	}
}
