package gemini

import (
	"os"
	"path/filepath"
	"runtime"
	"testing"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/google/go-cmp/cmp"
)

func TestParseVersion(t *testing.T) {
	tests := []struct {
		in   string
		want Version
		bad  bool
	}{
		{in: "0.58.0", want: Version{0, 58}},
		{in: "0.62.0-preview.1", want: Version{0, 62}},
		{in: "0.61.0-nightly.20260909.ged2ac40df", want: Version{0, 61}},
		{in: "v1.2.3+build.5", want: Version{1, 2}},
		{in: "0.58", bad: true},
		{in: "0.58.x", bad: true},
		{in: "01.2.3", bad: true},
		{in: "0.58.0-", bad: true},
		{in: "latest", bad: true},
		{in: "", bad: true},
	}
	for _, tt := range tests {
		t.Run(tt.in, func(t *testing.T) {
			got, err := ParseVersion(tt.in)
			if (err != nil) != tt.bad {
				t.Fatalf("ParseVersion(%q) error = %v, want error %v", tt.in, err, tt.bad)
			}
			if diff := cmp.Diff(tt.want, got); !tt.bad && diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

// TestFor checks every row of the table at the release before it and at
// its first release, and the clamping outside the modelled range.
func TestFor(t *testing.T) {
	tests := []struct {
		v    Version
		want Features
	}{
		{Version{0, 40}, Features{Rules: Version{0, 47}}},
		{Version{0, 56}, Features{Rules: Version{0, 56}}},
		{Version{0, 57}, Features{Rules: Version{0, 57}, TrustWorkspaceFalse: true}},
		{Version{0, 58}, Features{Rules: Version{0, 58}, TrustWorkspaceFalse: true}},
		{Version{0, 59}, Features{Rules: Version{0, 59}, TrustWorkspaceFalse: true, RestrictedMode: true}},
		{Version{0, 60}, Features{Rules: Version{0, 60}, TrustWorkspaceFalse: true, RestrictedMode: true, SecureSystemFiles: true}},
		{Version{0, 61}, Features{Rules: Version{0, 61}, TrustWorkspaceFalse: true, RestrictedMode: true, SecureSystemFiles: true, UntrustedUserCommands: true, SandboxRuntimeDir: true}},
		{Version{1, 3}, Features{Rules: Version{0, 61}, TrustWorkspaceFalse: true, RestrictedMode: true, SecureSystemFiles: true, UntrustedUserCommands: true, SandboxRuntimeDir: true}},
	}
	for _, tt := range tests {
		t.Run(tt.v.String(), func(t *testing.T) {
			if diff := cmp.Diff(tt.want, For(tt.v)); diff != "" {
				t.Errorf("For(%s) (-want +got)\n%s", tt.v, diff)
			}
		})
	}
}

func TestHooksIn(t *testing.T) {
	tests := []struct {
		v    Version
		want Hooks
	}{
		{Version{0, 18}, Hooks{}},
		{Version{0, 19}, Hooks{Run: true, Switch: []string{"tools.enableHooks"}}},
		{Version{0, 24}, Hooks{Run: true, Switch: []string{"tools.enableHooks", "hooks.enabled"}, AnyOf: true}},
		{Version{0, 27}, Hooks{Run: true, Switch: []string{"tools.enableHooks"}}},
		{Version{0, 28}, Hooks{Run: true}},
	}
	for _, tt := range tests {
		if diff := cmp.Diff(tt.want, HooksIn(tt.v)); diff != "" {
			t.Errorf("HooksIn(%s) (-want +got)\n%s", tt.v, diff)
		}
	}
}

// layout builds files under root: name -> content, "->target" for a link.
func layout(t *testing.T, root string, files map[string]string) {
	t.Helper()
	for name, content := range files {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if len(content) > 2 && content[:2] == "->" {
			if err := os.Symlink(content[2:], p); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if err := os.WriteFile(p, []byte(content), 0o755); err != nil {
			t.Fatal(err)
		}
	}
}

const pkg58 = `{"name": "@google/gemini-cli", "version": "0.58.0", "bin": {"gemini": "bundle/gemini.js"}}`

func TestDetect(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the layouts use symbolic links and POSIX shims")
	}
	tests := []struct {
		name  string
		files map[string]string
		path  string // PATH, relative entries under the root
		env   map[string]string
		want  Install
	}{
		{
			name: "npm global",
			files: map[string]string{
				"npm/bin/gemini": "->../lib/node_modules/@google/gemini-cli/bundle/gemini.js",
				"npm/lib/node_modules/@google/gemini-cli/bundle/gemini.js": "#!/usr/bin/env node\n",
				"npm/lib/node_modules/@google/gemini-cli/package.json":     pkg58,
			},
			path: "npm/bin",
			want: Install{Found: true, Version: "0.58.0", Source: "path", Command: "npm/bin/gemini", PackageJSON: "npm/lib/node_modules/@google/gemini-cli/package.json", Install: "npm", Rules: "0.58", Modelled: true},
		},
		{
			name: "pnpm shim",
			files: map[string]string{
				"pnpm/gemini": "#!/bin/sh\nbasedir=$(dirname \"$(echo \"$0\" | sed -e 's,\\\\,/,g')\")\nexec node  \"$basedir/global/5/node_modules/@google/gemini-cli/bundle/gemini.js\" \"$@\"\n",
				"pnpm/global/5/node_modules/@google/gemini-cli":                                                  "->../../.pnpm/@google+gemini-cli@0.59.0/node_modules/@google/gemini-cli",
				"pnpm/global/5/.pnpm/@google+gemini-cli@0.59.0/node_modules/@google/gemini-cli/bundle/gemini.js": "",
				"pnpm/global/5/.pnpm/@google+gemini-cli@0.59.0/node_modules/@google/gemini-cli/package.json":     `{"name": "@google/gemini-cli", "version": "0.59.0"}`,
			},
			path: "pnpm",
			want: Install{Found: true, Version: "0.59.0", Source: "path", Command: "pnpm/gemini", PackageJSON: "pnpm/global/5/.pnpm/@google+gemini-cli@0.59.0/node_modules/@google/gemini-cli/package.json", Install: "pnpm", Rules: "0.59", Modelled: true},
		},
		{
			name: "homebrew keg with a revision",
			files: map[string]string{
				"brew/bin/gemini": "->../Cellar/gemini-cli/0.45.2_1/bin/gemini",
				"brew/Cellar/gemini-cli/0.45.2_1/bin/gemini":                                                   "->../libexec/bin/gemini",
				"brew/Cellar/gemini-cli/0.45.2_1/libexec/bin/gemini":                                           "->../lib/node_modules/@google/gemini-cli/bundle/gemini.js",
				"brew/Cellar/gemini-cli/0.45.2_1/libexec/lib/node_modules/@google/gemini-cli/bundle/gemini.js": "",
				"brew/Cellar/gemini-cli/0.45.2_1/libexec/lib/node_modules/@google/gemini-cli/package.json":     `{"name": "@google/gemini-cli", "version": "0.45.2"}`,
			},
			path: "brew/bin",
			want: Install{Found: true, Version: "0.45.2", Source: "path", Command: "brew/bin/gemini", PackageJSON: "brew/Cellar/gemini-cli/0.45.2_1/libexec/lib/node_modules/@google/gemini-cli/package.json", Install: "homebrew", Rules: "0.47", Modelled: false,
				Warning: "Gemini CLI 0.45.2 is older than the releases gh-hooks models (0.47 to 0.61): the 0.47 rules are applied, so what gh-hooks reports may be wrong"},
		},
		{
			name: "volta shim",
			files: map[string]string{
				"volta/bin/volta-shim": "\x7fELF",
				"volta/bin/gemini":     "->volta-shim",
				"volta/tools/image/packages/@google/gemini-cli/lib/node_modules/@google/gemini-cli/package.json": `{"name": "@google/gemini-cli", "version": "0.62.0-preview.1"}`,
			},
			path: "volta/bin",
			env:  map[string]string{"VOLTA_HOME": "volta"},
			want: Install{Found: true, Version: "0.62.0-preview.1", Source: "path", Command: "volta/bin/gemini", PackageJSON: "volta/tools/image/packages/@google/gemini-cli/lib/node_modules/@google/gemini-cli/package.json", Install: "volta", Rules: "0.61", Modelled: false,
				Warning: "Gemini CLI 0.62.0-preview.1 is newer than the releases gh-hooks models (0.47 to 0.61): the 0.61 rules are applied, so what gh-hooks reports may be wrong"},
		},
		{
			name: "dist/index.js of an old release, first PATH entry wins",
			files: map[string]string{
				"a/gemini": "->../old/node_modules/@google/gemini-cli/dist/index.js",
				"old/node_modules/@google/gemini-cli/dist/index.js": "",
				"old/node_modules/@google/gemini-cli/package.json":  `{"name": "@google/gemini-cli", "version": "0.18.0"}`,
				"b/gemini": "->../lib/node_modules/@google/gemini-cli/bundle/gemini.js",
			},
			path: "empty:a:b",
			want: Install{Found: true, Version: "0.18.0", Source: "path", Command: "a/gemini", PackageJSON: "old/node_modules/@google/gemini-cli/package.json", Install: "npm", Rules: "0.47", Modelled: false,
				Warning: "Gemini CLI 0.18.0 is older than the releases gh-hooks models (0.47 to 0.61): the 0.47 rules are applied, so what gh-hooks reports may be wrong"},
		},
		{
			name: "cmd shim text (npm on Windows)",
			files: map[string]string{
				"win/gemini": "@ECHO off\r\nGOTO start\r\n:find_dp0\r\nSET dp0=%~dp0\r\nEXIT /b\r\n:start\r\nSETLOCAL\r\nCALL :find_dp0\r\n\"%_prog%\"  \"%dp0%\\node_modules\\@google\\gemini-cli\\bundle\\gemini.js\" %*\r\n",
				"win/node_modules/@google/gemini-cli/bundle/gemini.js": "",
				"win/node_modules/@google/gemini-cli/package.json":     pkg58,
			},
			path: "win",
			want: Install{Found: true, Version: "0.58.0", Source: "path", Command: "win/gemini", PackageJSON: "win/node_modules/@google/gemini-cli/package.json", Install: "npm", Rules: "0.58", Modelled: true},
		},
		{
			name:  "not on PATH",
			files: map[string]string{"x/other": ""},
			path:  "x",
			want:  Install{Source: "none", Rules: "0.61", Modelled: true, Warning: "no gemini on PATH: gh-hooks applies the rules of Gemini CLI 0.61.0"},
		},
		{
			name: "not executable is not on PATH",
			files: map[string]string{
				"x/gemini": "",
			},
			path: "x",
			want: Install{Source: "none", Rules: "0.61", Modelled: true, Warning: "no gemini on PATH: gh-hooks applies the rules of Gemini CLI 0.61.0"},
		},
		{
			name:  "override",
			files: map[string]string{},
			env:   map[string]string{OverrideEnv: "0.56.3"},
			want:  Install{Found: true, Version: "0.56.3", Source: "override", Rules: "0.56", Modelled: true},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			root := t.TempDir()
			layout(t, root, tt.files)
			if tt.name == "not executable is not on PATH" {
				os.Chmod(filepath.Join(root, "x/gemini"), 0o644)
			}
			env := map[string]string{"HOME": root}
			for k, v := range tt.env {
				if k == "VOLTA_HOME" {
					v = filepath.Join(root, v)
				}
				env[k] = v
			}
			var dirs []string
			for _, d := range filepath.SplitList(tt.path) {
				dirs = append(dirs, filepath.Join(root, d))
			}
			env["PATH"] = join(dirs)
			got, err := Detect(func(k string) string { return env[k] })
			if err != nil {
				t.Fatal(err)
			}
			want := tt.want
			for _, p := range []*string{&want.Command, &want.PackageJSON} {
				if *p != "" {
					*p = filepath.Join(root, *p)
				}
			}
			// The temp dir may itself be reached through a link.
			if real, err := filepath.EvalSymlinks(root); err == nil && want.PackageJSON != "" {
				rel, _ := filepath.Rel(root, want.PackageJSON)
				want.PackageJSON = filepath.Join(real, rel)
			}
			got.Detected, got.Features = Version{}, Features{}
			if diff := cmp.Diff(want, *got); diff != "" {
				t.Errorf("(-want +got)\n%s", diff)
			}
		})
	}
}

func join(dirs []string) string {
	s := ""
	for i, d := range dirs {
		if i > 0 {
			s += string(filepath.ListSeparator)
		}
		s += d
	}
	return s
}

func TestDetectBadOverride(t *testing.T) {
	_, err := Detect(func(k string) string {
		if k == OverrideEnv {
			return "latest"
		}
		return ""
	})
	if err == nil || err.Error() != `GH_HOOKS_GEMINI_VERSION: "latest" is not a version (want MAJOR.MINOR.PATCH, e.g. 0.58.0)` {
		t.Fatalf("err = %v", err)
	}
}

// TestDetectHostileFiles: a FIFO where package.json should be, and a huge
// package.json, are skipped without blocking.
func TestDetectHostileFiles(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no FIFOs")
	}
	for _, kind := range []string{"fifo", "huge", "fifo-shim", "big-bundle"} {
		t.Run(kind, func(t *testing.T) {
			root := t.TempDir()
			layout(t, root, map[string]string{
				"bin/gemini": "->../lib/node_modules/@google/gemini-cli/bundle/gemini.js",
				"lib/node_modules/@google/gemini-cli/bundle/gemini.js": "",
			})
			pj := filepath.Join(root, "lib/node_modules/@google/gemini-cli/package.json")
			switch kind {
			case "fifo":
				if err := testenv.Mkfifo(pj, 0o644); err != nil {
					t.Skip(err)
				}
			case "huge":
				big := make([]byte, maxFile+10)
				copy(big, `{"name": "@google/gemini-cli", "version": "0.58.0", "x": "`)
				if err := os.WriteFile(pj, big, 0o644); err != nil {
					t.Fatal(err)
				}
			case "fifo-shim":
				js := filepath.Join(root, "lib/node_modules/@google/gemini-cli/bundle/gemini.js")
				os.Remove(js)
				if err := testenv.Mkfifo(js, 0o755); err != nil {
					t.Skip(err)
				}
			}
			if kind == "big-bundle" {
				// A bin script larger than a shim is read in part only,
				// and the package is still found.
				js := filepath.Join(root, "lib/node_modules/@google/gemini-cli/bundle/gemini.js")
				big := append([]byte("#!/usr/bin/env node\n// @google/gemini-cli/ \n"), make([]byte, 5<<20)...)
				if err := os.WriteFile(js, big, 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(pj, []byte(pkg58), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			got, err := Detect(func(k string) string {
				if k == "PATH" {
					return filepath.Join(root, "bin")
				}
				return ""
			})
			if err != nil {
				t.Fatal(err)
			}
			if kind == "big-bundle" {
				if got.Version != "0.58.0" {
					t.Fatalf("got %+v", got)
				}
				return
			}
			if got.Found {
				t.Fatalf("found %+v", got)
			}
		})
	}
}

// BenchmarkDetect measures detection through an npm install's link, with
// the gemini folder behind a few others on PATH.
func BenchmarkDetect(b *testing.B) {
	root := b.TempDir()
	for _, d := range []string{"a", "b", "c", "d"} {
		os.MkdirAll(filepath.Join(root, d), 0o755)
	}
	pkg := filepath.Join(root, "npm/lib/node_modules/@google/gemini-cli")
	os.MkdirAll(filepath.Join(pkg, "bundle"), 0o755)
	os.MkdirAll(filepath.Join(root, "npm/bin"), 0o755)
	os.WriteFile(filepath.Join(pkg, "bundle/gemini.js"), []byte("#!/usr/bin/env node\n"), 0o755)
	os.WriteFile(filepath.Join(pkg, "package.json"), []byte(pkg58), 0o644)
	os.Symlink("../lib/node_modules/@google/gemini-cli/bundle/gemini.js", filepath.Join(root, "npm/bin/gemini"))
	path := join([]string{filepath.Join(root, "a"), filepath.Join(root, "b"), filepath.Join(root, "c"), filepath.Join(root, "d"), filepath.Join(root, "npm/bin")})
	getenv := func(k string) string {
		if k == "PATH" {
			return path
		}
		return ""
	}
	for b.Loop() {
		in, err := Detect(getenv)
		if err != nil || in.Version != "0.58.0" {
			b.Fatal(in, err)
		}
	}
}
