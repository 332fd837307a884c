package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
)

// ScriptState says what became of one script a hook command invokes.
type ScriptState string

// Script states. Only scripts inside the project are hashed; the others
// are named so the user can judge them (nothing is guessed).
const (
	// ScriptOK: the file was read and hashed.
	ScriptOK ScriptState = "ok"
	// ScriptMissing: the path resolves inside the project but no file is there.
	ScriptMissing ScriptState = "missing"
	// ScriptUnreadable: something is there but cannot be read (a directory,
	// no permission).
	ScriptUnreadable ScriptState = "unreadable"
	// ScriptUnresolvable: the path depends on something not modelled (an
	// unknown variable, $(…), a glob, ~), so it cannot be located.
	ScriptUnresolvable ScriptState = "unresolvable"
	// ScriptOutside: the path is outside the project (a system tool or a
	// file in the user's home); it is not project content and not hashed.
	ScriptOutside ScriptState = "outside"
)

// Script is one file a hook command runs: the command word itself when it
// contains a slash (./x.sh, scripts/x.sh, $GEMINI_PROJECT_DIR/x.sh), or
// the script argument of an interpreter (bash x.sh, node hooks/x.js,
// python3 x.py, source x.sh).
type Script struct {
	// Word is the shell word as written in the command.
	Word string `json:"word"`
	// Path is "./" + the slash-separated path relative to the project for
	// files inside it, the absolute path for ScriptOutside, and "" for
	// ScriptUnresolvable.
	Path  string      `json:"path"`
	State ScriptState `json:"state"`
	// SHA256 is the hex content hash when State is ScriptOK.
	SHA256 string `json:"sha256,omitempty"`
	// Detail is the read error for ScriptUnreadable.
	Detail string `json:"detail,omitempty"`
}

// id is the script's identity inside a fingerprint: its project-relative
// path, or for an unresolvable script the word itself.
func (s Script) id() string {
	if s.State == ScriptUnresolvable {
		return s.Word
	}
	return s.Path
}

// stamp is what the fingerprint records about the script.
func (s Script) stamp() string {
	if s.State == ScriptOK {
		return "sha256:" + s.SHA256
	}
	return string(s.State)
}

// interp describes how an interpreter takes its script argument.
type interp struct {
	inline  []string // options whose argument is code, not a file (-c, -e, -m)
	withArg []string // options that consume the next word
	sub     string   // a subcommand that must come first (deno run)
	optSub  string   // a subcommand that may come first (bun run)
	shell   bool     // -c's argument is a command line: scan it too
}

var shellInterp = interp{inline: []string{"-c"}, withArg: []string{"-o", "+o", "-O", "+O", "--rcfile", "--init-file"}, shell: true}
var nodeInterp = interp{inline: []string{"-e", "--eval", "-p", "--print"},
	withArg: []string{"-r", "--require", "--import", "--loader", "--experimental-loader", "-C", "--conditions"}}
var pythonInterp = interp{inline: []string{"-c", "-m"}, withArg: []string{"-W", "-X", "-Q"}}

// interpreters maps a command's base name to how it takes a script. It
// is built on first use: only the trust commands and run read it, and a
// map literal is built at every start of the program otherwise.
var interpreters = sync.OnceValue(func() map[string]interp {
	return map[string]interp{
		"bash": shellInterp, "sh": shellInterp, "zsh": shellInterp, "dash": shellInterp, "ksh": shellInterp,
		"node": nodeInterp, "nodejs": nodeInterp, "tsx": nodeInterp, "ts-node": nodeInterp,
		"bun":    {inline: []string{"-e", "--eval", "-p", "--print"}, optSub: "run"},
		"deno":   {sub: "run"},
		"python": pythonInterp, "python2": pythonInterp, "python3": pythonInterp, "pypy": pythonInterp, "pypy3": pythonInterp,
		"ruby":   {inline: []string{"-e"}, withArg: []string{"-r", "-I", "-C"}},
		"perl":   {inline: []string{"-e", "-E"}, withArg: []string{"-I"}},
		"php":    {inline: []string{"-r"}, withArg: []string{"-c", "-d"}},
		"source": {},
		".":      {},
	}
})

// prefix reports the commands that run the rest of the line as a command.
func prefix(base string) bool {
	switch base {
	case "env", "exec", "command", "nohup", "time", "builtin":
		return true
	}
	return false
}

// scanner finds and hashes the scripts of one command.
type scanner struct {
	dir, real string
	vars      func(string) (string, bool)
	seen      map[string]bool
	out       []Script
	// orig maps a top-level word back to the command as written (nil
	// inside bash -c, whose words are shown as tokenized).
	orig func(word) string
}

// findScripts returns the scripts command invokes when Gemini runs it in
// project directory dir (real: dir with symlinks resolved) with the hook's
// env, in order of first appearance, without duplicates. The command is
// first expanded the way Gemini's runner does (spec §5.3); the shell then
// sees GEMINI_PROJECT_DIR, CLAUDE_PROJECT_DIR and GEMINI_CWD set to dir,
// overridden by the hook's own env (spec §5.2).
func findScripts(command, dir, real string, env map[string]string) []Script {
	sc := &scanner{dir: dir, real: real, seen: map[string]bool{}}
	sc.vars = func(name string) (string, bool) {
		if v, ok := env[name]; ok {
			return v, true
		}
		switch name {
		case "GEMINI_PROJECT_DIR", "CLAUDE_PROJECT_DIR", "GEMINI_CWD":
			return dir, true
		}
		return "", false
	}
	line, starts, ends := runnerExpand(command, dir)
	sc.orig = func(w word) string {
		if w.End <= w.Start || w.End > len(starts) {
			return w.Text
		}
		return command[starts[w.Start]:ends[w.End-1]]
	}
	sc.scan(line, 0)
	return sc.out
}

// scan splits a command line into simple commands and inspects each.
func (sc *scanner) scan(line string, depth int) {
	var args []word
	words := splitWords(line, sc.vars)
	for i := 0; i <= len(words); i++ {
		if i == len(words) || words[i].Op {
			sc.command(args, depth)
			args = nil
			continue
		}
		if words[i].Redirect {
			i++ // the redirection target is not an argument
			continue
		}
		args = append(args, words[i])
	}
}

var assignRe = nameRe // NAME before '=' in an assignment word

func isAssignment(w word) bool {
	n := assignRe.Get().FindString(w.Text)
	return n != "" && strings.HasPrefix(w.Text[len(n):], "=")
}

// command inspects one simple command's words.
func (sc *scanner) command(args []word, depth int) {
	i := 0
	for i < len(args) && isAssignment(args[i]) {
		i++
	}
	for i < len(args) {
		cmd := args[i]
		if cmd.Unresolved {
			sc.add(cmd)
			return
		}
		base := path.Base(cmd.Value)
		if prefix(base) {
			i++
			for i < len(args) && (strings.HasPrefix(args[i].Value, "-") || isAssignment(args[i])) {
				if base == "env" && (args[i].Value == "-u" || args[i].Value == "-C" || args[i].Value == "-S") {
					i++
				}
				i++
			}
			continue
		}
		if strings.Contains(cmd.Value, "/") {
			sc.add(cmd)
		}
		if it, ok := interpreters()[base]; ok {
			sc.interpreter(it, base, args[i+1:], depth)
		} else if strings.HasPrefix(base, "python") {
			sc.interpreter(pythonInterp, base, args[i+1:], depth)
		}
		return
	}
}

// interpreter finds the script argument of an interpreter's arguments.
func (sc *scanner) interpreter(it interp, base string, args []word, depth int) {
	i := 0
	if it.sub != "" {
		if len(args) == 0 || args[0].Value != it.sub {
			return
		}
		i++
	} else if it.optSub != "" && len(args) > 0 && args[0].Value == it.optSub {
		i++
	}
	for ; i < len(args); i++ {
		a := args[i]
		v := a.Value
		if a.Unresolved || !strings.HasPrefix(v, "-") || v == "-" {
			break
		}
		if v == "--" {
			i++
			break
		}
		if contains(it.inline, v) || (it.shell && !strings.HasPrefix(v, "--") && strings.Contains(v, "c")) {
			if it.shell && i+1 < len(args) && depth < 3 && !args[i+1].Unresolved {
				orig := sc.orig
				sc.orig = nil
				sc.scan(args[i+1].Value, depth+1)
				sc.orig = orig
			}
			return
		}
		if contains(it.withArg, v) {
			i++
		}
	}
	if i >= len(args) || args[i].Value == "-" {
		return // the script comes from stdin
	}
	a := args[i]
	// bun run NAME without a path is a package.json script, not a file.
	if base == "bun" && !a.Unresolved && !strings.ContainsAny(a.Value, "./") {
		return
	}
	sc.add(a)
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// add resolves one script word relative to the project and hashes it.
func (sc *scanner) add(w word) {
	s := Script{Word: w.Text}
	if sc.orig != nil {
		s.Word = sc.orig(w)
	}
	if w.Unresolved {
		s.State = ScriptUnresolvable
	} else {
		sc.resolve(&s, w.Value)
	}
	if sc.seen[s.id()] {
		return
	}
	sc.seen[s.id()] = true
	sc.out = append(sc.out, s)
}

func (sc *scanner) resolve(s *Script, p string) {
	if !filepath.IsAbs(p) {
		p = filepath.Join(sc.dir, p) // the runner's cwd is the project (spec §5.2)
	}
	p = filepath.Clean(p)
	rel, ok := within(sc.dir, p)
	if !ok && sc.real != "" {
		rel, ok = within(sc.real, p)
	}
	if !ok {
		s.Path, s.State = p, ScriptOutside
		return
	}
	s.Path = "./" + filepath.ToSlash(rel)
	if rel == "." {
		s.Path = "./"
	}
	sum, err := hashFile(p)
	switch {
	case err == nil:
		s.State, s.SHA256 = ScriptOK, sum
	case errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR):
		s.State = ScriptMissing
	default:
		s.State, s.Detail = ScriptUnreadable, errText(err)
	}
}

// within returns p relative to dir when p is dir or below it.
func within(dir, p string) (string, bool) {
	rel, err := filepath.Rel(dir, p)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return "", false
	}
	return rel, true
}

func hashFile(p string) (string, error) {
	f, err := os.Open(p)
	if err != nil {
		return "", err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

// errText is an error's message without the path that *PathError adds.
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}
