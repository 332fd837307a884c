package main

import (
	"archive/tar"
	"archive/zip"
	"compress/gzip"
	"debug/elf"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"slices"
	"strings"
	"testing"
)

// TestReleaseScriptRefuses checks scripts/release.sh's usage errors, which
// build nothing.
func TestReleaseScriptRefuses(t *testing.T) {
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("no bash")
	}
	full := t.TempDir()
	if err := os.WriteFile(filepath.Join(full, "x"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{nil, "error: give one VERSION"},
		{[]string{"1.2.3"}, `error: VERSION "1.2.3" is not a semantic version with a leading v (v1.0.0)`},
		{[]string{"-T", "v9.9.9"}, "error: -T tags only " + nextVersion(t) + ", the version the docs name (scripts/next-version): put v9.9.9 there and in the docs first"},
		{[]string{"v1.2"}, `error: VERSION "v1.2" is not a semantic version`},
		{[]string{"-t", "plan9/386", "v1.2.3"}, `error: target "plan9/386" is not one of linux, darwin, windows on amd64, arm64`},
		{[]string{"-o", full, "v1.2.3"}, "error: " + full + " is not empty"},
	} {
		cmd := exec.Command("bash", append([]string{"scripts/release.sh"}, c.args...)...)
		out, err := cmd.CombinedOutput()
		if code := cmd.ProcessState.ExitCode(); code != 2 || !strings.Contains(string(out), c.want) ||
			!strings.HasPrefix(string(out), "usage: scripts/release.sh [-o DIR] [-t OS/ARCH[,OS/ARCH...]] [-T] VERSION\n") {
			t.Errorf("release.sh %v: exit %d (%v), want 2 with usage and %q:\n%s", c.args, code, err, c.want, out)
		}
	}
}

// TestReleaseScript is the release's dry run: scripts/release.sh builds
// every target into a temporary directory, and the test checks the
// archives, the checksums, that the binaries are static and that the host's
// binary prints the stamped version. Dev-only (six cross builds take a few
// minutes on two cores): GH_HOOKS_RELEASE_TEST=1 turns it on.
func TestReleaseScript(t *testing.T) {
	if os.Getenv("GH_HOOKS_RELEASE_TEST") != "1" {
		t.Skip("set GH_HOOKS_RELEASE_TEST=1 to build every release target (minutes)")
	}
	for _, tool := range []string{"bash", "tar", "gzip", "zip", "sha256sum", "git"} {
		if _, err := exec.LookPath(tool); err != nil {
			t.Skipf("%s is not installed", tool)
		}
	}
	out := filepath.Join(t.TempDir(), "dist")
	cmd := exec.Command("bash", "scripts/release.sh", "-o", out, "v9.8.7-rc.1")
	if b, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("release.sh: %v\n%s", err, b)
	}
	var names []string
	for _, os := range []string{"darwin", "linux", "windows"} {
		for _, arch := range []string{"amd64", "arm64"} {
			ext := ".tar.gz"
			if os == "windows" {
				ext = ".zip"
			}
			names = append(names, "gh-hooks_9.8.7-rc.1_"+os+"_"+arch+ext)
		}
	}
	entries, err := os.ReadDir(out)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, e := range entries {
		got = append(got, e.Name())
	}
	want := append(slices.Clone(names), "checksums.txt")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Fatalf("dist holds %v, want %v", got, want)
	}
	check := exec.Command("sha256sum", "-c", "checksums.txt")
	check.Dir = out
	if b, err := check.CombinedOutput(); err != nil || strings.Count(string(b), ": OK\n") != len(names) {
		t.Errorf("sha256sum -c checksums.txt: %v\n%s", err, b)
	}

	host := "gh-hooks_9.8.7-rc.1_" + runtime.GOOS + "_" + runtime.GOARCH
	for _, name := range names {
		dir := strings.TrimSuffix(strings.TrimSuffix(name, ".zip"), ".tar.gz")
		exe := "gh-hooks"
		if strings.Contains(name, "windows") {
			exe += ".exe"
		}
		files := extract(t, filepath.Join(out, name), filepath.Join(out, "x"))
		want := []string{dir + "/README.md", dir + "/" + exe, dir + "/gh-hooks.1"}
		slices.Sort(want)
		if !slices.Equal(files, want) {
			t.Errorf("%s holds %v, want %v", name, files, want)
		}
		bin := filepath.Join(out, "x", dir, exe)
		if strings.Contains(name, "linux") {
			f, err := elf.Open(bin)
			if err != nil {
				t.Fatal(err)
			}
			for _, p := range f.Progs {
				if p.Type == elf.PT_INTERP || p.Type == elf.PT_DYNAMIC {
					t.Errorf("%s: the binary is dynamically linked", name)
				}
			}
			f.Close()
		}
		if dir == host {
			b, err := exec.Command(bin, "version").CombinedOutput()
			if err != nil || string(b) != "gh-hooks version v9.8.7-rc.1\n" {
				t.Errorf("%s version: %v %q, want the stamped version", host, err, b)
			}
		}
	}
}

// extract unpacks a .tar.gz or .zip into dir and returns its file names, sorted.
func extract(t *testing.T, archive, dir string) []string {
	t.Helper()
	var names []string
	write := func(name string, mode os.FileMode, r io.Reader) {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		f, err := os.OpenFile(p, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, mode|0o200)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		if _, err := io.Copy(f, r); err != nil {
			t.Fatal(err)
		}
		names = append(names, name)
	}
	if strings.HasSuffix(archive, ".zip") {
		z, err := zip.OpenReader(archive)
		if err != nil {
			t.Fatal(err)
		}
		defer z.Close()
		for _, f := range z.File {
			r, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			write(f.Name, f.Mode().Perm(), r)
			r.Close()
		}
	} else {
		f, err := os.Open(archive)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatal(err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatal(err)
			}
			if h.Typeflag == tar.TypeReg {
				write(h.Name, os.FileMode(h.Mode).Perm(), tr)
			}
		}
	}
	slices.Sort(names)
	return names
}

// TestDocsNameNextVersion: the release tags the docs name are the one
// scripts/release.sh -T will make, scripts/next-version (v1.0.0) and its
// major tag: the install lines, the Action's `uses:` and `version`, and
// pre-commit's `rev:` (issue 32 item 18: they named v1.4.0, which no
// script would tag).
func TestDocsNameNextVersion(t *testing.T) {
	next := nextVersion(t)
	if !regexp.MustCompile(`^v\d+\.\d+\.\d+$`).MatchString(next) {
		t.Fatalf("scripts/next-version: %q is not a release version (v1.0.0)", next)
	}
	major, _, _ := strings.Cut(next, ".")
	script, err := os.ReadFile(filepath.Join("scripts", "release.sh"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(script), "next=$(cat scripts/next-version)") || !strings.Contains(string(script), `git tag -a "$version"`) {
		t.Error("scripts/release.sh no longer tags the version of scripts/next-version")
	}
	files, _ := filepath.Glob(filepath.Join("docs", "*.md"))
	files = append(files, "README.md", "action.yml", filepath.Join("action", "entrypoint.sh"))
	tags := regexp.MustCompile(`gh-hooks/gh-hooks@(v[0-9][^\s"'` + "`" + `)#]*)|rev: (v[0-9]\S*)|for example (v[0-9][^\s,]*)`)
	seen := 0
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			if os.IsNotExist(err) {
				continue
			}
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range tags.FindAllStringSubmatch(line, -1) {
				v := m[1] + m[2] + m[3]
				seen++
				if v != next && !(m[1] != "" && v == major) {
					t.Errorf("%s:%d: names %s; the release script will tag %s (and %s for uses:)", f, i+1, v, next, major)
				}
			}
		}
	}
	if seen < 4 {
		t.Errorf("only %d release tags found in the docs: the patterns no longer match them", seen)
	}
}

// nextVersion is scripts/next-version: the release the docs name.
func nextVersion(t *testing.T) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("scripts", "next-version"))
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(string(b))
}
