package migrate

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/layers"
)

// TestResolve: which sources a request reads and where they go, and the
// requests that contradict themselves (usage) or name no Claude source.
func TestResolve(t *testing.T) {
	root := t.TempDir()
	home, proj, plug, plug2, other := filepath.Join(root, "home"), filepath.Join(root, "proj"), filepath.Join(root, "plug"), filepath.Join(root, "plug2"), filepath.Join(root, "other")
	for p, s := range map[string]string{
		filepath.Join(proj, ".claude", "settings.json"):      `{"hooks": {}}`,
		filepath.Join(plug, ".claude-plugin", "plugin.json"): `{"name": "plug"}`,
		filepath.Join(plug, "hooks", "hooks.json"):           `{"hooks": {}}`,
		filepath.Join(plug2, "hooks", "hooks.json"):          `{"hooks": {}}`,
		filepath.Join(home, ".claude", "settings.json"):      `{"hooks": {}}`,
		filepath.Join(other, "README"):                       "",
	} {
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, []byte(s), 0o644)
	}
	paths := layers.ResolvePaths(proj, layers.MapEnv(map[string]string{"HOME": home}))
	req := func(scope, to string, srcs ...string) Request {
		r := Request{Scope: scope, To: to, Dir: proj, Paths: paths, ClaudeHome: home}
		for _, s := range srcs {
			r.Sources = append(r.Sources, Arg{Given: filepath.Base(s), Path: s})
		}
		return r
	}
	type got struct {
		Target         Target
		Sources        int
		CmdFrom, CmdTo string
		Plugin         string
		Preview        bool
	}
	tests := []struct {
		name string
		req  Request
		want got
	}{
		{"the project's own", req("project", ""), got{Target: Target{Kind: TargetSettings, Path: paths.Project}, Sources: 1,
			CmdFrom: filepath.Join(proj, ".claude", "commands"), CmdTo: filepath.Join(proj, ".gemini", "commands")}},
		{"the user's own", req("user", ""), got{Target: Target{Kind: TargetSettings, Path: paths.User}, Sources: 1,
			CmdFrom: filepath.Join(home, ".claude", "commands"), CmdTo: filepath.Join(home, ".gemini", "commands")}},
		{"a plugin without --to is a preview", req("project", "", plug), got{Target: Target{Kind: TargetExtension}, Sources: 1,
			CmdFrom: filepath.Join(plug, "commands"), CmdTo: "commands", Plugin: plug, Preview: true}},
		{"a plugin's hooks.json names the plugin", req("project", filepath.Join(root, "ext"), filepath.Join(plug, "hooks", "hooks.json")),
			got{Target: Target{Kind: TargetExtension, Path: filepath.Join(root, "ext", "hooks", "hooks.json")}, Sources: 1,
				CmdFrom: filepath.Join(plug, "commands"), CmdTo: filepath.Join(root, "ext", "commands"), Plugin: plug}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			job, err := Resolve(tt.req)
			if err != nil {
				t.Fatal(err)
			}
			g := got{Target: job.Target, Sources: len(job.Sources), CmdFrom: job.CmdFrom, CmdTo: job.CmdTo, Plugin: job.Plugin, Preview: job.Preview}
			if d := cmp.Diff(tt.want, g); d != "" {
				t.Errorf("(-want +got):\n%s", d)
			}
		})
	}
	refused := []struct {
		name  string
		req   Request
		usage bool
		msg   string
	}{
		{"--to without a plugin", req("project", filepath.Join(root, "ext")), true, "--to is for a Claude plugin source; settings go to the --scope settings file"},
		{"two plugins", req("project", "", plug, plug2), true, "migrate one plugin at a time: " + plug + " and " + plug2},
		{"a plugin and settings", req("project", "", plug, proj), true, "a plugin becomes a Gemini extension and settings go to a settings file: migrate " + plug + " and proj separately"},
		{"--to the plugin itself", req("project", plug, plug), true, "--to " + plug + " would overwrite the Claude plugin " + plug + ": name a new directory for the Gemini extension"},
		{"a directory that is no source", req("project", "", other), false, "other: not a Claude project or plugin directory (no .claude/, hooks/hooks.json or .claude-plugin/plugin.json)"},
	}
	for _, tt := range refused {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Resolve(tt.req)
			var re *RequestError
			if !errors.As(err, &re) || re.Usage != tt.usage || err.Error() != tt.msg {
				t.Errorf("Resolve = %v (%T), want usage=%v %q", err, err, tt.usage, tt.msg)
			}
		})
	}
}
