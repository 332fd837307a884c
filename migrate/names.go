package migrate

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/internal/lazyre"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// NamePrefix starts the name of every hook migrate writes. It is how
// migrate tells its hooks from those written by hand: a Gemini hook whose
// name starts with it belongs to migrate, which updates and removes it to
// follow the Claude side. Renaming a hook (dropping the prefix) makes it
// the user's.
const NamePrefix = "claude:"

// maxNameBase bounds the part of a name after the prefix.
const maxNameBase = 40

// nameBase is what a migrated hook's name says runs: "claude:" and the
// Claude hook's own "name" when it has one, else the file name of the
// script the command starts (claude:guard.sh), else the programs it runs
// (claude:jq-grep), else its first word.
func nameBase(claudeName, cmd string) string {
	if claudeName != "" {
		return NamePrefix + slug(claudeName)
	}
	// Stand-ins for the directories, so that a script named through them
	// is found: only its file name is used.
	a := shellcmd.Analyze(cmd, shellcmd.Options{Dir: "/project", Vars: map[string]string{
		"CLAUDE_PROJECT_DIR": "/project", "GEMINI_PROJECT_DIR": "/project", "CLAUDE_PLUGIN_ROOT": "/plugin", "HOME": "/home"}})
	for _, f := range a.Files {
		if f.Role == shellcmd.RoleManifest {
			continue
		}
		w := f.Word
		if f.Path != "" {
			w = f.Path
		}
		if b := slug(filepath.Base(w)); b != "" {
			return NamePrefix + b
		}
	}
	var progs []string
	for _, p := range a.Programs {
		if shellcmd.IsBuiltin(p.Name) {
			continue
		}
		if s := slug(filepath.Base(p.Name)); s != "" && len(progs) < 3 {
			progs = append(progs, s)
		}
	}
	if b := slug(strings.Join(progs, "-")); b != "" {
		return NamePrefix + b
	}
	if f := strings.Fields(cmd); len(f) > 0 {
		if b := slug(filepath.Base(f[0])); b != "" {
			return NamePrefix + b
		}
	}
	return NamePrefix + "hook"
}

// slug keeps letters, digits and ._+- of s, turns runs of anything else
// into one "-", and bounds the length.
func slug(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range s {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_', r == '+':
			b.WriteRune(r)
			dash = false
		case !dash && b.Len() > 0:
			b.WriteByte('-')
			dash = true
		}
		if b.Len() >= maxNameBase {
			break
		}
	}
	out := strings.Trim(b.String(), "-.")
	if len(out) > maxNameBase {
		out = strings.Trim(out[:maxNameBase], "-.")
	}
	return out
}

// assignNames gives every planned hook a name unique among them: the
// first hook of a base keeps it, the next ones (in Claude order) get -2,
// -3, .... The hooks of one Claude handler split over several Gemini
// definitions (one per trigger) get distinct names too, as the help
// promises: migrate --check, show and disable then name each one
// (issue 32 item 14). reserved are names already taken in the target by hooks that
// are not migrate's.
func assignNames(ps []*planned, reserved map[string]bool) {
	used := map[string]bool{}
	next := map[string]int{} // base → the next suffix to try
	for _, p := range ps {
		n := p.base
		for used[n] || reserved[n] {
			i := max(next[p.base], 2)
			next[p.base] = i + 1
			n = p.base + "-" + strconv.Itoa(i)
		}
		used[n] = true
		p.def.Hooks[0].Name = n
	}
}

// stampRe finds the source and the stamp at the end of a migrated hook's
// description.
var stampRe = lazyre.New(`(?:^|; )from Claude (.+) \(gh-hooks migrate #([0-9a-f]{8})\)$`)

// describe is a migrated hook's description: where it comes from, and a
// stamp of the content migrate wrote (stamp), by which a later run tells
// a hook edited on the Gemini side from one migrate wrote. A description
// the Claude hook has comes first.
func describe(claudeDesc, src, event string, d Definition) string {
	s := "from Claude " + src + " (gh-hooks migrate #" + stamp(event, d) + ")"
	if claudeDesc != "" {
		s = claudeDesc + "; " + s
	}
	return s
}

// stamp hashes what the user could edit of a migrated hook: its event,
// matcher, name, type, command and timeout.
func stamp(event string, d Definition) string {
	h := d.Hooks[0]
	b, _ := json.Marshal([]any{event, d.Matcher, h.Name, h.Type, h.Command, h.Timeout})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:4])
}

// recorded is the Claude file and the stamp in a description ("" when
// there is none).
func recorded(desc string) (src, stamp string) {
	if m := stampRe.Get().FindStringSubmatch(desc); m != nil {
		return m[1], m[2]
	}
	return "", ""
}

// identity is the Claude command a Gemini hook command runs: the command
// inside gh-hooks claude-compat when bash reaches the adapter on every
// path (claudecompat.Reaches: not in a function never called, after an
// exit or behind a condition), whatever guard or binary surrounds it; else
// the command itself.
func identity(cmd string) string {
	if w, ok := claudecompat.Reaches(cmd); ok {
		return w.Command
	}
	return cmd
}
