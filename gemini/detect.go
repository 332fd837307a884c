package gemini

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/internal/regfile"
)

// OverrideEnv names the variable that replaces detection (spec
// gemini-versions.md §1.1 rule 1).
const OverrideEnv = "GH_HOOKS_GEMINI_VERSION"

// Bounds of detection: a hostile PATH or install folder costs at most
// this much.
const (
	maxPathEntries = 1024
	// maxFile is the most read of a shim or a package.json; npm's
	// package.json for @google/gemini-cli is about 3 KiB.
	maxFile = 1 << 20
	// walkUp is how many folders above the bin script are searched for
	// package.json (the script is two below the package root, §1.1 4d).
	walkUp = 3
)

// Install is what Detect found: the JSON object of spec
// gemini-versions.md §1.3, plus the Features gh-hooks applies.
type Install struct {
	Found bool `json:"found"`
	// Version is verbatim from package.json or the override; "" when not
	// found.
	Version string `json:"version"`
	// Source is path, override or none.
	Source string `json:"source"`
	// Command is the PATH entry found, not resolved ("" if none).
	Command     string `json:"command"`
	PackageJSON string `json:"packageJson"`
	// Install is npm, pnpm, homebrew, volta, yarn, bun or unknown ("" when
	// not found or overridden).
	Install string `json:"install"`
	// Rules is the major.minor whose behaviour gh-hooks applies.
	Rules string `json:"rules"`
	// Modelled is true when the version is in the modelled range (and
	// when nothing was found: the 0.61 rules apply, and they are modelled).
	Modelled bool `json:"modelled"`
	// Warning says why the version is not modelled, or why none was found.
	Warning string `json:"warning"`
	// Detected is the parsed version (zero when not found).
	Detected Version `json:"-"`
	// Features are the behaviours gh-hooks applies.
	Features Features `json:"-"`
}

// Older reports whether the detected version is older than the modelled
// range, Newer whether it is newer.
func (in *Install) Older() bool { return in.Found && in.Detected.Less(Oldest) }

// Newer reports whether the detected version is newer than the modelled
// range.
func (in *Install) Newer() bool { return in.Found && Newest.Less(in.Detected) }

// NotInstalled is what gh-hooks assumes when it is told nothing: the
// newest modelled release, nothing detected.
func NotInstalled(why string) *Install {
	return &Install{Source: "none", Rules: Newest.String(), Modelled: true, Features: Latest(),
		Warning: why + ": gh-hooks applies the rules of Gemini CLI " + NewestRelease}
}

// UsageError is returned for a GH_HOOKS_GEMINI_VERSION that is not a
// version: a usage error (exit 2) that names the variable.
type UsageError struct{ Err error }

func (e *UsageError) Error() string { return OverrideEnv + ": " + e.Err.Error() }
func (e *UsageError) Unwrap() error { return e.Err }

// Detect finds the Gemini CLI that getenv's PATH runs. It returns an error
// only for a malformed override (*UsageError); not finding Gemini is a
// normal answer (Found false, with the reason in Warning).
func Detect(getenv func(string) string) (*Install, error) {
	if v := getenv(OverrideEnv); v != "" {
		ver, err := ParseVersion(v)
		if err != nil {
			return nil, &UsageError{err}
		}
		return found(&Install{Version: v, Source: "override"}, ver), nil
	}
	cmd := lookPath(getenv("PATH"), getenv("PATHEXT"))
	if cmd == "" {
		return NotInstalled("no gemini on PATH"), nil
	}
	pkg, install, why := packageOf(cmd, getenv)
	if pkg == "" {
		in := NotInstalled(why)
		in.Command = cmd
		return in, nil
	}
	version, err := readPackage(pkg)
	if err != nil {
		in := NotInstalled(fmt.Sprintf("%s: %v", pkg, err))
		in.Command = cmd
		return in, nil
	}
	ver, err := ParseVersion(version)
	if err != nil {
		in := NotInstalled(fmt.Sprintf("%s: version %v", pkg, err))
		in.Command = cmd
		return in, nil
	}
	return found(&Install{Version: version, Source: "path", Command: cmd, PackageJSON: pkg, Install: install}, ver), nil
}

// found fills in the rules for a detected version.
func found(in *Install, v Version) *Install {
	in.Found, in.Detected = true, v
	in.Features = For(v)
	in.Rules = in.Features.Rules.String()
	in.Modelled = true
	switch {
	case v.Less(Oldest):
		in.Modelled = false
		in.Warning = fmt.Sprintf("Gemini CLI %s is older than the releases gh-hooks models (%s to %s): the %s rules are applied, so what gh-hooks reports may be wrong", in.Version, Oldest, Newest, Oldest)
	case Newest.Less(v):
		in.Modelled = false
		in.Warning = fmt.Sprintf("Gemini CLI %s is newer than the releases gh-hooks models (%s to %s): the %s rules are applied, so what gh-hooks reports may be wrong", in.Version, Oldest, Newest, Newest)
	}
	return in
}

// lookPath is the shell's lookup (spec §1.1 rule 2): the first PATH entry
// holding an executable regular file (or a link to one) named gemini; on
// Windows gemini.cmd, .ps1 and .exe in PATHEXT order. An empty entry is
// the current directory, as for the shell.
func lookPath(path, pathext string) string {
	names := []string{"gemini"}
	if runtime.GOOS == "windows" {
		names = nil
		if pathext == "" {
			pathext = ".COM;.EXE;.BAT;.CMD"
		}
		for _, ext := range filepath.SplitList(strings.ToLower(pathext)) {
			switch ext {
			case ".cmd", ".ps1", ".exe":
				names = append(names, "gemini"+ext)
			}
		}
		names = append(names, "gemini.ps1")
	}
	for i, dir := range filepath.SplitList(path) {
		if i >= maxPathEntries {
			break
		}
		if dir == "" {
			dir = "."
		}
		for _, n := range names {
			p := filepath.Join(dir, n)
			st, err := os.Stat(p)
			if err != nil || !st.Mode().IsRegular() {
				continue
			}
			if runtime.GOOS != "windows" && st.Mode().Perm()&0o111 == 0 {
				continue
			}
			if abs, err := filepath.Abs(p); err == nil {
				p = abs
			}
			return p
		}
	}
	return ""
}

// shimTarget finds the script a pnpm, npm or cmd shim runs (§1.1 4b).
var shimTarget = lazyre.New(`"([^"\r\n]*@google[/\\]gemini-cli[/\\](?:bundle[/\\]gemini\.js|dist[/\\]index\.js))"`)

// packageOf follows cmd to the package.json of @google/gemini-cli and
// names the install; why says what failed.
func packageOf(cmd string, getenv func(string) string) (pkg, install, why string) {
	real, err := filepath.EvalSymlinks(cmd)
	if err != nil {
		return "", "", fmt.Sprintf("%s: %v", cmd, unwrapPath(err))
	}
	base := strings.TrimSuffix(strings.ToLower(filepath.Base(real)), ".exe")
	if base == "volta-shim" {
		// Volta's shim is its own binary: the package is in Volta's
		// image folder (§1.2, Volta).
		home := getenv("VOLTA_HOME")
		if home == "" {
			home = filepath.Join(getenv("HOME"), ".volta")
		}
		root := filepath.Join(home, "tools", "image", "packages", "@google", "gemini-cli")
		for _, p := range []string{
			filepath.Join(root, "lib", "node_modules", "@google", "gemini-cli", "package.json"),
			filepath.Join(root, "node_modules", "@google", "gemini-cli", "package.json"),
		} {
			if isFile(p) {
				return p, "volta", ""
			}
		}
		return "", "", fmt.Sprintf("%s is Volta's shim and %s holds no @google/gemini-cli", cmd, root)
	}
	script := real
	// A shim is short; a bin script may be a large bundle, of which the
	// first bytes tell that it is no shim.
	data, err := readFile(real, 64<<10, true)
	if err != nil {
		return "", "", fmt.Sprintf("%s: %v", real, err)
	}
	shim := ""
	if (len(data) > 0 && (data[0] == '@' || len(data) > 1 && data[0] == '#' && data[1] == '!')) &&
		(strings.Contains(string(data), "@google/gemini-cli/") || strings.Contains(string(data), `@google\gemini-cli\`)) {
		if m := shimTarget.Get().FindSubmatch(data); m != nil {
			dir := filepath.Dir(real)
			t := string(m[1])
			for _, v := range []string{"$basedir", "%~dp0", "%dp0%"} {
				t = strings.ReplaceAll(t, v, dir)
			}
			if runtime.GOOS != "windows" {
				t = strings.ReplaceAll(t, `\`, "/")
			}
			if !filepath.IsAbs(t) {
				t = filepath.Join(dir, t)
			}
			r, err := filepath.EvalSymlinks(t)
			if err != nil {
				return "", "", fmt.Sprintf("%s runs %s: %v", real, t, unwrapPath(err))
			}
			shim, script = t, r
		}
	}
	dir := filepath.Dir(script)
	for i := 0; i < walkUp; i++ {
		dir = filepath.Dir(dir)
		p := filepath.Join(dir, "package.json")
		if name, _, err := readPackageJSON(p); err == nil && name == "@google/gemini-cli" {
			return p, installOf(cmd, shim, p), ""
		}
	}
	return "", "", fmt.Sprintf("%s (%s) belongs to no @google/gemini-cli package", cmd, script)
}

// installOf names the install from the paths on the way (§1.2).
func installOf(cmd, shim, pkg string) string {
	all := filepath.ToSlash(cmd + "\x00" + shim + "\x00" + pkg)
	switch {
	case strings.Contains(all, "/Cellar/gemini-cli/"):
		return "homebrew"
	case strings.Contains(all, "/.pnpm/") || strings.Contains(all, "/pnpm/"):
		return "pnpm"
	case strings.Contains(all, "/.volta/"):
		return "volta"
	case strings.Contains(all, "/.bun/install/global/"):
		return "bun"
	case strings.Contains(all, "/yarn/global/") || strings.Contains(all, "/.yarn/"):
		return "yarn"
	case strings.Contains(all, "/node_modules/@google/gemini-cli/"):
		return "npm"
	}
	return "unknown"
}

// readPackage returns the version of the package.json at p.
func readPackage(p string) (string, error) {
	_, v, err := readPackageJSON(p)
	if err != nil {
		return "", err
	}
	if v == "" {
		return "", errors.New("no version")
	}
	return v, nil
}

func readPackageJSON(p string) (name, version string, err error) {
	data, err := readSmall(p, maxFile)
	if err != nil {
		return "", "", err
	}
	var pj struct {
		Name    string `json:"name"`
		Version string `json:"version"`
	}
	if err := json.Unmarshal(data, &pj); err != nil {
		return "", "", errors.New("not JSON") // the parser's message quotes the file
	}
	return pj.Name, pj.Version, nil
}

// readSmall reads at most limit bytes of a regular file; anything else
// (a FIFO, a device, a folder, a larger file) is an error. The file is
// opened and checked with regfile, so a FIFO cannot stall it.
func readSmall(p string, limit int64) ([]byte, error) { return readFile(p, limit, false) }

// readFile is readSmall that, with head, returns the first limit bytes of
// a larger file instead of an error.
func readFile(p string, limit int64, head bool) ([]byte, error) {
	f, err := regfile.Open(p)
	if err != nil {
		return nil, unwrapPath(err)
	}
	defer f.Close()
	read := regfile.Read
	if head {
		read = regfile.Head
	}
	data, _, err := read(f, limit)
	var nr *regfile.NotRegularError
	var tl *regfile.TooLargeError
	switch {
	case errors.As(err, &nr):
		return nil, errors.New("not a regular file")
	case errors.As(err, &tl):
		return nil, fmt.Errorf("larger than %d bytes", limit)
	}
	return data, err
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

func unwrapPath(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}
