package fingerprint

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Project names a project directory twice, because the two stores key it
// differently.
type Project struct {
	// Dir is the directory as given, made absolute and cleaned but with
	// symlinks kept: Node's path.resolve(cwd), the key of Gemini's
	// trusted_hooks.json (spec §6).
	Dir string
	// Real is Dir with every symlink resolved (filepath.EvalSymlinks): the
	// key of gh-hooks' own store, so that one project reached through two
	// paths has one approval.
	Real string
	// UserHome is $HOME where Gemini runs the hooks, which inherit its
	// environment (spec §5.2): ~ and $HOME in a command lead there, out
	// of the project (layers.Set.UserHome). "" when unknown: ~ and $HOME
	// are then not known to lead out of the project.
	UserHome string
	// DotEnv is the stamp of the project's .env that Gemini loads into
	// every hook's environment (layers.DotEnv.Stamp; "" when none): part
	// of every project hook's fingerprint (see dotenv.go).
	DotEnv string
	// DotEnvPairs are the KEY=VALUE pairs DotEnv hashes
	// (layers.DotEnv.StampPairs): kept at approval, like a script, so that
	// trust audit --diff can name the variables that changed.
	DotEnvPairs []string
}

// NewProject resolves dir into a Project. The directory must exist.
func NewProject(dir string) (Project, error) {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return Project{}, fmt.Errorf("%s: %w", dir, err)
	}
	real, err := filepath.EvalSymlinks(abs)
	if err != nil {
		return Project{}, fmt.Errorf("%s: resolve project directory: %w", abs, err)
	}
	return Project{Dir: abs, Real: real}, nil
}

// Scheme is the version of the fingerprint: its canonical form and what
// the follower reaches and records. It is set here and only here: bump it
// when the same files give another fingerprint (a new field in the
// canonical form, files followed that were not, reasons worded anew), so
// that an approval of an older scheme whose files are unchanged is
// reported as SchemeChanged ("scheme changed, content the same") and
// renewed with Selection.Renew, instead of reading as changed code.
//
// 1: the fingerprints before the field existed (a record without it).
// 2: issue 30: acknowledgements bound to content, a hook env value that
// names a project file followed, and the script reader rewritten.
// 3: issue 30, the remaining forms: the go command's packages (replace,
// go.work, vendor/, //go:embed, -exec, -toolexec, CC), git's command keys
// and local remotes, .gitattributes, exec <FILE, make/npm/go named by
// an absolute path (/usr/bin/make).
const Scheme = 3

// Record is the approved state of one project hook: the fields that change
// what runs, the hashes of its local scripts and the fingerprint over all of
// them. It is what gh-hooks' store and the repository baseline hold, so it
// contains no absolute path of the machine (script paths are relative to
// the project; Command is as written in the file).
type Record struct {
	// Event is the event key the hook is listed under.
	Event string `json:"event"`
	// Pos is "definition/hook" inside the event ("*/0" for a bare-object
	// event value); it orders hooks and aligns them when nothing else does.
	Pos        string            `json:"pos"`
	Name       string            `json:"name,omitempty"`
	Type       string            `json:"type"`
	Command    string            `json:"command,omitempty"`
	Matcher    string            `json:"matcher,omitempty"`
	Sequential bool              `json:"sequential,omitempty"`
	Timeout    merge.Millis      `json:"timeout"`
	Env        map[string]string `json:"env,omitempty"`
	// Scripts maps each project file the command can start (Script.Path)
	// to "sha256:<hex>" or its state ("missing", "unreadable",
	// "not-regular", "too-large", "outside-project ./link -> target").
	Scripts map[string]string `json:"scripts,omitempty"`
	// DotEnv is the stamp of the project's .env (Project.DotEnv), "" when
	// the project has none that Gemini loads.
	DotEnv string `json:"dotenv,omitempty"`
	// NotCovered are the reasons, sorted, why the fingerprint does not
	// cover all the hook can run (Hook.NotCovered): part of the
	// fingerprint, so that a hook whose reach changes is changed.
	NotCovered []string `json:"notCovered,omitempty"`
	// AcceptedNotCovered is set on an approval made with
	// Selection.AcceptNotCovered: the user acknowledged that these
	// reasons are not covered. It holds while the fingerprint (and so the
	// reasons) stays the same; it is not part of the fingerprint.
	AcceptedNotCovered bool `json:"acceptedNotCovered,omitempty"`
	// AcceptedContent binds that acknowledgement to content: for each
	// project file or folder the reasons leave out ("tree ./node_modules/foo",
	// "dir ./hooks", "file ./big.bin"), its digest when it was accepted
	// (ack.go). Not part of the fingerprint: when one differs, the
	// acknowledgement no longer holds.
	AcceptedContent map[string]string `json:"acceptedContent,omitempty"`
	// Fingerprint is "sha256:" + the hex hash of the canonical form of all
	// fields above except Pos.
	Fingerprint string `json:"fingerprint"`
	// Scheme is the Scheme the fingerprint was computed with; 0 (absent)
	// is scheme 1.
	Scheme int `json:"scheme,omitempty"`
}

// scheme is r's Scheme, 1 for a record written before the field.
func (r Record) scheme() int {
	if r.Scheme == 0 {
		return 1
	}
	return r.Scheme
}

// Hook is one project hook as this package sees it: the merge.Hook, its
// scripts and its Record.
type Hook struct {
	merge.Hook
	Scripts []Script
	// NotCovered says what the hook can do that its fingerprint does not
	// cover: shellcmd's reasons (eval of a variable, a program named by a
	// variable, code piped into a shell from curl, ...) and files too large
	// to hash. Such a hook needs a person's attention even when approved.
	NotCovered []string
	Record     Record
	// left is what the NotCovered reasons leave out, to which an
	// acknowledgement binds (ack.go).
	left []leftOut
}

// Compute fingerprints the project hooks of p. Hooks of type "runtime" are
// skipped, as Gemini's trust check skips them (spec §6); every other hook is
// kept, including hooks under unknown event keys and disabled ones, which
// Gemini fingerprints too. The order of hooks is kept.
//
// The command fingerprinted is the command as written (not the $VAR
// expanded one), so that a baseline is the same on every machine; the
// scripts are found in the command as Gemini runs it (the expanded command
// when there is one).
func Compute(p Project, hooks []merge.Hook) []Hook {
	out := make([]Hook, 0, len(hooks))
	// One root for all hooks: every file is opened through it, so no
	// link leads out of the project (see readScript).
	root, rootErr := os.OpenRoot(p.Dir)
	if rootErr == nil {
		defer root.Close()
	}
	read := map[string]Script{}
	memo := shellcmd.NewMemo()
	var writes []hookWrites
	for _, h := range hooks {
		if h.Type == "runtime" {
			continue
		}
		var scripts []Script
		var unknown []string
		var left []leftOut
		var io hookWrites
		if h.Type == "command" {
			// The command and env as written, not as Gemini expanded them
			// with the auditing user's environment: what they take from
			// that environment is unknown (and so not covered), and the
			// fingerprint is the same for every teammate (issue 24 §2).
			cmd := h.Command
			if cmd == "" {
				cmd = h.ExpandedCommand
			}
			scripts, unknown, left, io = findReach(cmd, p, rawEnv(h), root, rootErr, read, memo)
		}
		rec := recordOf(h, scripts, unknown)
		withDotEnv(&rec, p.DotEnv)
		out = append(out, Hook{Hook: h, Scripts: scripts, NotCovered: unknown, Record: rec, left: left})
		writes = append(writes, io)
	}
	for i, more := range crossWrites(p, out, writes) {
		if len(more) == 0 {
			continue
		}
		h := &out[i]
		h.NotCovered = append(h.NotCovered, more...)
		h.Record = recordOf(h.Hook, h.Scripts, h.NotCovered)
		withDotEnv(&h.Record, p.DotEnv)
	}
	return out
}

// rawEnv is the hook's env as written in the file (merge keeps Gemini's
// expanded values in Env).
func rawEnv(h merge.Hook) map[string]string {
	env := h.Raw.Get("env")
	if env == nil || env.Kind != config.Object {
		return h.Env
	}
	out := make(map[string]string, len(env.Keys))
	for i, k := range env.Keys {
		out[k] = env.Vals[i].Text()
	}
	for k, v := range h.Env {
		if _, ok := out[k]; !ok {
			out[k] = v // an extension's settings (not in the file)
		}
	}
	return out
}

func recordOf(h merge.Hook, scripts []Script, notCovered []string) Record {
	r := Record{
		Event: h.Event, Pos: posOf(h), Name: h.Name, Type: h.Type, Command: h.Command,
		Matcher: h.Matcher, Sequential: h.Sequential, Timeout: h.Timeout, Scheme: Scheme,
	}
	if t := float64(r.Timeout); math.IsInf(t, 0) || math.IsNaN(t) {
		// What Node's setTimeout uses, and what JSON can store (merge.Millis).
		r.Timeout = 1
	}
	if r.Command == "" {
		r.Command = h.ExpandedCommand
	}
	// The matcher and name as written, like the command: Gemini's $VAR
	// expansion would fold the auditor's environment in.
	if m := h.RawDef.Get("matcher"); m != nil && m.Kind == config.String {
		r.Matcher = m.Str
	}
	if n := h.Raw.Get("name"); n != nil && n.Kind == config.String {
		r.Name = n.Str
	}
	if env := rawEnv(h); len(env) > 0 {
		r.Env = make(map[string]string, len(env))
		for k, v := range env {
			r.Env[k] = v
		}
	}
	if len(notCovered) > 0 {
		r.NotCovered = append([]string{}, notCovered...)
		sort.Strings(r.NotCovered)
		r.NotCovered = slices.Compact(r.NotCovered)
	}
	for _, s := range scripts {
		if !s.inside {
			continue // not project content: a system tool, the user's home
		}
		if r.Scripts == nil {
			r.Scripts = map[string]string{}
		}
		r.Scripts[s.id()] = s.stamp()
	}
	r.Fingerprint = r.sum()
	return r
}

// posOf is the definition/hook part of a hook's ID.
func posOf(h merge.Hook) string {
	if h.ID != "" {
		parts := strings.Split(h.ID, "/")
		if len(parts) >= 2 {
			return parts[len(parts)-2] + "/" + parts[len(parts)-1]
		}
	}
	def := fmt.Sprint(h.DefIndex)
	if h.DefIndex < 0 {
		def = "*"
	}
	return fmt.Sprintf("%s/%d", def, h.HookIndex)
}

// sum hashes the canonical form: a JSON array with a version tag and the
// fields in a fixed order, env and scripts as key-sorted pairs.
func (r Record) sum() string {
	pairs := func(m map[string]string) [][2]string {
		out := make([][2]string, 0, len(m))
		for k, v := range m {
			out = append(out, [2]string{k, v})
		}
		sort.Slice(out, func(i, j int) bool { return out[i][0] < out[j][0] })
		return out
	}
	canon := []any{"gh-hooks/" + strconv.Itoa(r.scheme()), r.Event, r.Matcher, r.Sequential, r.Type, r.Name, r.Command,
		r.Timeout, pairs(r.Env), pairs(r.Scripts)}
	canon = dotEnvCanon(canon, r.DotEnv)
	if len(r.NotCovered) > 0 {
		canon = append(canon, "notCovered", r.NotCovered)
	}
	b, err := json.Marshal(canon)
	if err != nil {
		panic(err) // strings, bools and a finite float always marshal
	}
	h := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(h[:])
}

// Diff lists what differs from the approved record old to the current
// record cur, in a fixed order: "event", "matcher", "sequential", "type",
// "name", "command", "timeout", "env", then one entry per script sorted by
// path: "script P" (content changed, or a script the approval did not
// have), "script P missing" or "script P unreadable" (it was there at
// approval; also "not-regular", "too-large", "outside-project"). Scripts
// that the command no longer invokes are not listed: the command or env
// change that dropped them is.
func Diff(old, cur Record) []string {
	var out []string
	add := func(cond bool, what string) {
		if cond {
			out = append(out, what)
		}
	}
	add(old.Event != cur.Event, "event")
	add(old.Matcher != cur.Matcher, "matcher")
	add(old.Sequential != cur.Sequential, "sequential")
	add(old.Type != cur.Type, "type")
	add(old.Name != cur.Name, "name")
	add(old.Command != cur.Command, "command")
	add(old.Timeout != cur.Timeout, "timeout")
	add(!sameMap(old.Env, cur.Env), "env")
	add(old.DotEnv != cur.DotEnv, dotEnvChange)
	add(!slices.Equal(old.NotCovered, cur.NotCovered), "not covered")
	paths := make([]string, 0, len(cur.Scripts))
	for p := range cur.Scripts {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		now, was := cur.Scripts[p], old.Scripts[p]
		switch {
		case now == was:
		case was == "" && now == string(ScriptMissing):
			// A new place looked in, empty: what made the command look
			// there (the command, a changed script) is listed itself.
		case !strings.HasPrefix(now, "sha256:"):
			state, _, _ := strings.Cut(now, " ")
			out = append(out, "script "+p+" "+state)
		default:
			out = append(out, "script "+p)
		}
	}
	return out
}

func sameMap(a, b map[string]string) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if w, ok := b[k]; !ok || w != v {
			return false
		}
	}
	return true
}

// geminiKey is Gemini's getHookKey (types.ts:121-125, spec §6): name + ":"
// + the env-expanded command for command hooks. merge fills Key; it is
// recomputed only when empty.
func geminiKey(h merge.Hook) string {
	if h.Key != "" {
		return h.Key
	}
	if h.Type == "command" {
		return h.Name + ":" + h.ExpandedCommand
	}
	return h.Name + ":"
}

// exists reports whether dir is an existing directory.
func exists(dir string) bool {
	fi, err := os.Stat(dir)
	return err == nil && fi.IsDir()
}
