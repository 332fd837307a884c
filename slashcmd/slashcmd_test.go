package slashcmd

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/google/go-cmp/cmp"
)

var update = flag.Bool("update", false, "rewrite golden files")

// golden compares got with testdata/name, rewriting it under -update.
func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update)", err)
	}
	if diff := cmp.Diff(string(want), string(got)); diff != "" {
		t.Errorf("%s mismatch (-want +got):\n%s", path, diff)
	}
}

func reportText(ps []config.Problem, trim string) string {
	var b strings.Builder
	for _, p := range ps {
		path := strings.TrimPrefix(filepath.ToSlash(p.Path), trim)
		b.WriteString(strings.Join([]string{string(p.Severity), p.Code, path + ":" + itoa(p.Line) + ":" + itoa(p.Column), p.Message, p.Hint}, " | ") + "\n")
	}
	return b.String()
}

func itoa(n int) string { b, _ := json.Marshal(n); return string(b) }

// TestConvertGolden: each testdata/convert/<case>.md becomes <case>.toml and
// <case>.report; the TOML must load back as the same command.
func TestConvertGolden(t *testing.T) {
	mds, _ := filepath.Glob("testdata/convert/*.md")
	if len(mds) == 0 {
		t.Fatal("no cases")
	}
	for _, md := range mds {
		name := strings.TrimSuffix(filepath.Base(md), ".md")
		t.Run(name, func(t *testing.T) {
			data, err := os.ReadFile(md)
			if err != nil {
				t.Fatal(err)
			}
			conv, err := ConvertClaude(filepath.ToSlash(md), data)
			if err != nil {
				t.Fatal(err)
			}
			golden(t, "convert/"+name+".toml", conv.TOML)
			golden(t, "convert/"+name+".report", []byte(reportText(conv.Report, "")))
			def, probs := LoadFile(md, conv.TOML)
			if def == nil {
				t.Fatalf("generated TOML does not load: %v", probs)
			}
			if diff := cmp.Diff(conv.Prompt, def.Prompt); diff != "" {
				t.Errorf("prompt (-want +got):\n%s", diff)
			}
		})
	}
}

// materialize writes a txtar archive under a temp dir and returns it.
func materialize(t *testing.T, path string) string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	root := t.TempDir()
	for _, f := range parseTxtar(string(data)) {
		p := filepath.Join(root, filepath.FromSlash(f[0]))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(f[1]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

// TestDiscoverGolden: each testdata/discover/<case>.txtar holds home/,
// project/ and ext/<name>/ trees; <case>.golden is the listing with the
// temp dir replaced by $WORK.
func TestDiscoverGolden(t *testing.T) {
	cases, _ := filepath.Glob("testdata/discover/*.txtar")
	for _, c := range cases {
		name := strings.TrimSuffix(filepath.Base(c), ".txtar")
		t.Run(name, func(t *testing.T) {
			root := materialize(t, c)
			opts := Options{Home: filepath.Join(root, "home"), Project: filepath.Join(root, "project"), Untrusted: name == "untrusted"}
			exts, _ := os.ReadDir(filepath.Join(root, "ext"))
			for _, e := range exts {
				opts.Extensions = append(opts.Extensions, Extension{Name: e.Name(), Dir: filepath.Join(root, "ext", e.Name())})
			}
			l := Discover(opts)
			for i := range l.Commands {
				l.Commands[i].Prompt = ""
			}
			got, err := json.MarshalIndent(l, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = []byte(strings.ReplaceAll(string(got), root, "$WORK") + "\n")
			golden(t, "discover/"+name+".golden", got)
		})
	}
}

func TestLoadFile(t *testing.T) {
	tests := []struct {
		name string
		in   string
		ok   bool
		want []string // "code line:col message"
	}{
		{"valid", "description = \"d\"\nprompt = '''\nhi\n'''\n", true, nil},
		{"empty prompt is valid", `prompt = ""`, true, nil},
		{"syntax error position", "description = \"d\"\nprompt = \"open\n", false,
			[]string{"toml-syntax 2:15 invalid TOML: basic strings cannot have new lines"}},
		{"missing prompt", "description = \"d\"\n", false,
			[]string{"prompt-missing 1:1 the 'prompt' field is required"}},
		{"prompt integer", "\n\nprompt = 3\n", false,
			[]string{"prompt-type 3:1 the 'prompt' field must be a string, got integer"}},
		{"prompt table", "[prompt]\nx = 1\n", false,
			[]string{"prompt-type 1:2 the 'prompt' field must be a string, got table"}},
		{"description bool", "prompt = \"p\"\n  description = true\n", false,
			[]string{"description-type 2:3 the 'description' field must be a string, got boolean"}},
		{"extra key", "prompt = \"p\"\nmodel = \"x\"\n", true,
			[]string{`unknown-key 2:1 key "model" is ignored by Gemini (only prompt and description are read)`}},
		{"duplicate key", "prompt = \"a\"\nprompt = \"b\"\n", false,
			[]string{"toml-syntax 2:1 invalid TOML: key prompt is already defined"}},
		// Gemini decodes the file as UTF-8 first: invalid bytes are U+FFFD
		// and the file loads (the description is checked below).
		{"invalid UTF-8", "description = \"bad \xff\xfe \xe2\x82 utf8\"\nprompt = \"x\"\n", true, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			def, probs := LoadFile("c.toml", []byte(tt.in))
			var got []string
			for _, p := range probs {
				got = append(got, p.Code+" "+itoa(p.Line)+":"+itoa(p.Column)+" "+p.Message)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("problems (-want +got):\n%s", diff)
			}
			if (def != nil) != tt.ok {
				t.Errorf("loaded = %v, want %v", def != nil, tt.ok)
			}
			// What Gemini 0.61 loads for that file (its real FileCommandLoader).
			if tt.name == "invalid UTF-8" && def != nil && def.Description != "bad \ufffd\ufffd \ufffd utf8" {
				t.Errorf("description = %q, want %q", def.Description, "bad \ufffd\ufffd \ufffd utf8")
			}
		})
	}
}

func TestCommandName(t *testing.T) {
	tests := []struct {
		rel, want string
		changed   bool
	}{
		{"commit.toml", "commit", false},
		{"git/commit.toml", "git:commit", false},
		{"a.b/c-d_e.toml", "a.b:c-d_e", false},
		{"my cmd.toml", "my_cmd", true},
		{"a:b.toml", "a_b", true},
		{"é.toml", "_", true},
		{"😀.toml", "__", true},
		{strings.Repeat("x", 51) + ".toml", strings.Repeat("x", 47) + "...", true},
		{strings.Repeat("x", 50) + ".toml", strings.Repeat("x", 50), false},
	}
	for _, tt := range tests {
		t.Run(tt.rel, func(t *testing.T) {
			got, changed := CommandName(tt.rel)
			if got != tt.want || changed != tt.changed {
				t.Errorf("CommandName(%q) = %q, %v; want %q, %v", tt.rel, got, changed, tt.want, tt.changed)
			}
		})
	}
}

func TestResolve(t *testing.T) {
	u := func(n string) entry { return entry{name: n, kind: KindUser} }
	p := func(n string) entry { return entry{name: n, kind: KindProject} }
	x := func(ext, n string) entry { return entry{name: n, kind: KindExtension, ext: ext} }
	b := func(n string) entry { return entry{name: n, kind: KindBuiltIn} }
	tests := []struct {
		name    string
		entries []entry
		want    []string
	}{
		{"no clash", []entry{u("a"), p("b")}, []string{"a", "b"}},
		{"user vs project: both renamed", []entry{u("d"), p("d")}, []string{"user.d", "workspace.d"}},
		{"user, project, extension", []entry{u("d"), p("d"), x("e", "d")}, []string{"user.d", "workspace.d", "e:d"}},
		{"built-in keeps its name", []entry{b("help"), u("help")}, []string{"help", "user.help"}},
		{"suffix when prefixed name taken", []entry{u("user.d"), u("d"), p("d")}, []string{"user.d", "user.d1", "workspace.d"}},
		{"same scope twice: first overwritten", []entry{u("a_b"), u("a_b")}, []string{"", "user.a_b"}},
		{"two extensions", []entry{x("a", "d"), x("z", "d")}, []string{"a:d", "z:d"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := resolve(tt.entries).final
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("final names (-want +got):\n%s", diff)
			}
		})
	}
}

func TestFrontMatter(t *testing.T) {
	in := "---\ndescription: 'It''s here' # not a comment inside quotes\nallowed-tools: Bash(git add:*), Read\ntools: [Read, \"Write, x\"]\nlist:\n  - a\n  - 'b'\nfold: >\n  x\n---\nbody\n"
	fields, body, line, bad := FrontMatter([]byte(in))
	want := []Field{
		{Key: "description", Value: "'It''s here' # not a comment inside quotes", Line: 2},
		{Key: "allowed-tools", Value: "Bash(git add:*), Read", Line: 3},
		{Key: "tools", Value: "Read, Write, x", List: []string{"Read", "Write, x"}, Line: 4},
		{Key: "list", Value: "a, b", List: []string{"a", "b"}, Line: 5},
	}
	if diff := cmp.Diff(want, fields); diff != "" {
		t.Errorf("fields (-want +got):\n%s", diff)
	}
	if string(body) != "body\n" || line != 11 {
		t.Errorf("body = %q at %d, want %q at 11", body, line, "body\n")
	}
	if diff := cmp.Diff([]int{8, 9}, bad); diff != "" {
		t.Errorf("bad lines (-want +got):\n%s", diff)
	}
}

func TestPlanMigration(t *testing.T) {
	root := t.TempDir()
	from, to := filepath.Join(root, ".claude", "commands"), filepath.Join(root, ".gemini", "commands")
	write := func(p, s string) {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(filepath.Join(from, "frontend", "component.md"), "---\ndescription: c\n---\nMake $ARGUMENTS\n")
	write(filepath.Join(from, "help.md"), "---\ndescription: h\n---\nhelp $ARGUMENTS\n")
	write(filepath.Join(from, "keep.md"), "---\ndescription: k\n---\nk $ARGUMENTS\n")
	write(filepath.Join(to, "keep.toml"), "prompt = \"mine\"\n")
	for _, force := range []bool{false, true} {
		plan, err := PlanMigration(PlanOptions{From: from, To: to, Force: force})
		if err != nil {
			t.Fatal(err)
		}
		var got []string
		for _, w := range plan.Writes {
			rel, _ := filepath.Rel(root, w.Target)
			got = append(got, filepath.ToSlash(rel)+" /"+w.Name+" exists="+itoa0(w.Exists)+" skip="+itoa0(w.Skip))
		}
		want := []string{
			".gemini/commands/frontend/component.toml /frontend:component exists=false skip=false",
			".gemini/commands/help.toml /help exists=false skip=false",
			".gemini/commands/keep.toml /keep exists=true skip=" + itoa0(!force),
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Errorf("force=%v writes (-want +got):\n%s", force, diff)
		}
		golden(t, "plan-force-"+itoa0(force)+".report", []byte(reportText(plan.Problems, filepath.ToSlash(root)+"/")))
	}
	if plan, err := PlanMigration(PlanOptions{From: filepath.Join(root, "absent"), To: to}); err != nil || len(plan.Writes) != 0 {
		t.Errorf("missing source dir: plan %v, err %v; want empty plan, nil", plan, err)
	}
}

func itoa0(b bool) string {
	if b {
		return "true"
	}
	return "false"
}

// parseTxtar splits a txtar archive into (name, content) pairs; the comment
// before the first "-- name --" line is ignored. (go-internal/txtar needs
// golang.org/x/tools, which go.sum does not have.)
func parseTxtar(s string) [][2]string {
	var out [][2]string
	for _, ln := range strings.SplitAfter(s, "\n") {
		t := strings.TrimRight(ln, "\n")
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			out = append(out, [2]string{t[3 : len(t)-3], ""})
			continue
		}
		if len(out) > 0 {
			out[len(out)-1][1] += ln
		}
	}
	return out
}
