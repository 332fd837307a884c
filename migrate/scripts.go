package migrate

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/fingerprint"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Script is one file a migrated hook's command starts (found by
// shellcmd.Analyze), read for what it expects of Claude Code
// (claudecompat.Scan). Only files inside the project, the plugin or the
// .claude directory of the settings file are read, through os.Root, and
// only regular files no larger than fingerprint.KeepMax
// (fingerprint.ReadScript).
type Script struct {
	// Path is the file's absolute path.
	Path string `json:"path"`
	// Role is how the command reaches it (shellcmd.Role).
	Role string `json:"role"`
	// Language is shell, python or node ("" for another language, which
	// is not scanned).
	Language string `json:"language,omitempty"`
	// State is "read", or why the file was not: missing, unreadable,
	// not-regular, too-large, outside-project (a symbolic link out of the
	// directory).
	State  string `json:"state"`
	Detail string `json:"detail,omitempty"`
	// Findings are in line order; uncovered ones make the hook
	// migrated-with-changes when it runs behind the adapter.
	Findings []claudecompat.Finding `json:"findings"`
}

// StateRead is the State of a script that was read and scanned.
const StateRead = "read"

// scan is what the reading of one hook command found.
type scan struct {
	scripts []Script
	// reads: the command or a script it starts reads the payload or a
	// Claude variable, or starts something that could not be read.
	reads bool
	// blocks: the hook can block (claudecompat.CanBlock), so behind the
	// adapter it fails closed when gh-hooks is missing.
	blocks bool
}

// payloadKinds are the findings that show a hook reads what the adapter
// changes: its payload or Claude variables.
func payloadKinds(s string) bool {
	switch s {
	case claudecompat.KindStdin, claudecompat.KindToolName, claudecompat.KindToolInput,
		claudecompat.KindEventName, claudecompat.KindPayload, claudecompat.KindTranscript,
		claudecompat.KindVariable:
		return true
	}
	return false
}

// scanCommand finds the files cmd starts when Claude runs it (in the
// project, with CLAUDE_PROJECT_DIR and, for a plugin, CLAUDE_PLUGIN_ROOT
// set: claude-hooks.md §1.5) and scans the ones it can read.
func (c *converter) scanCommand(s *Source, ev, matcher, cmd string) scan {
	h := claudecompat.Hook{Event: ev}
	if claudeToolEvents(ev) && claudecompat.NeedsMatcher(matcher) {
		h.Matcher = matcher
	}
	project, home := c.opts.ProjectDir, c.opts.Home
	if home == "" {
		home = os.Getenv("HOME")
	}
	var roots []string
	if d := filepath.Dir(s.Path); filepath.Base(d) == ".claude" {
		if x := filepath.Dir(d); s.Kind == KindSettings && x != home {
			project = x // a project's .claude/settings.json: Claude runs its hooks there
		} else {
			roots = append(roots, d) // ~/.claude: user hooks live in ~/.claude/hooks
		}
	}
	vars := map[string]string{}
	if project != "" {
		vars["CLAUDE_PROJECT_DIR"], vars["GEMINI_PROJECT_DIR"] = project, project
		roots = append(roots, project)
	}
	if s.Kind == KindPlugin && s.Dir != "" {
		h.PluginRoot = s.Dir
		vars["CLAUDE_PLUGIN_ROOT"] = s.Dir
		roots = append(roots, s.Dir)
	}
	if home != "" {
		vars["HOME"] = home
	}
	var out scan
	// unseen: something the hook runs could not be read, so whether it
	// blocks is not known (CanBlock).
	findings, unseen := claudecompat.Scan([]byte(cmd), claudecompat.LangShell, h), false
	for _, f := range findings {
		if payloadKinds(f.Kind) {
			out.reads = true
		}
	}
	a := shellcmd.Analyze(cmd, shellcmd.Options{Dir: project, Vars: vars})
	if len(a.Unknown) > 0 {
		out.reads, unseen = true, true // it may start anything
	}
	seen := map[string]bool{}
	for _, f := range a.Files {
		if f.Role == shellcmd.RoleManifest {
			out.reads, unseen = true, true // npm run, make: what runs is in the manifest
			continue
		}
		if f.Path == "" || seen[f.Path] {
			continue
		}
		seen[f.Path] = true
		root, rel, ok := "", "", false
		for _, r := range roots {
			if rel, ok = under(r, f.Path); ok {
				root = r
				break
			}
		}
		if !ok {
			out.reads, unseen = true, true // a file outside (~/.claude/hooks/x.sh in a plugin): it may read anything
			continue
		}
		sc := c.readScript(root, rel, f, h)
		findings = append(findings, sc.Findings...)
		for _, fd := range sc.Findings {
			if payloadKinds(fd.Kind) {
				out.reads = true
			}
		}
		if sc.State != StateRead {
			out.reads, unseen = true, true
		}
		if sc.State == StateRead && sc.Language == "" {
			unseen = true // a language Scan does not read
		}
		out.scripts = append(out.scripts, sc)
	}
	out.blocks = claudecompat.CanBlock(ev, findings, unseen)
	return out
}

// readScript reads and scans the file rel inside root.
func (c *converter) readScript(root, rel string, f shellcmd.File, h claudecompat.Hook) Script {
	// Each script is read and scanned once per hook kind: 300 Claude hooks
	// running one 1 MiB script of 50,000 lines scanned it 300 times
	// (migrate ran for minutes).
	k := scriptKey{root, rel, f.Path, string(f.Role), h}
	if sc, ok := c.scripts[k]; ok {
		sc.Findings = slices.Clone(sc.Findings)
		return sc
	}
	sc := c.scanScript(root, rel, f, h)
	if c.scripts == nil {
		c.scripts = map[scriptKey]Script{}
	}
	c.scripts[k] = sc
	sc.Findings = slices.Clone(sc.Findings)
	return sc
}

// scriptKey is what readScript's result depends on.
type scriptKey struct {
	root, rel, path, role string
	h                     claudecompat.Hook
}

// scanScript reads and scans one script for readScript.
func (c *converter) scanScript(root, rel string, f shellcmd.File, h claudecompat.Hook) Script {
	sc := Script{Path: f.Path, Role: string(f.Role), Findings: []claudecompat.Finding{}}
	r, err := os.OpenRoot(root)
	if err != nil {
		sc.State, sc.Detail = string(fingerprint.ScriptUnreadable), err.Error()
		return sc
	}
	defer r.Close()
	data, state, detail := fingerprint.ReadScript(r, rel)
	if data == nil && state == fingerprint.ScriptOK {
		state = fingerprint.ScriptUnreadable
	}
	if state != fingerprint.ScriptOK {
		sc.State, sc.Detail = string(state), detail
		return sc
	}
	sc.State = StateRead
	sc.Language = claudecompat.Language(f.Path, data)
	if sc.Language == "" {
		return sc
	}
	sc.Findings = claudecompat.Scan(data, sc.Language, h)
	if sc.Language == claudecompat.LangShell {
		sc.Findings = append(sc.Findings, c.missingPrograms(data, filepath.Dir(f.Path))...)
	}
	return sc
}

// missingPrograms lists the programs a shell script runs by name that are
// not on PATH here: bash exits 127 there, which Gemini alone reads as a
// denial on a blocking event, and which the adapter makes a warning; the
// hook's work is not done either way.
func (c *converter) missingPrograms(data []byte, dir string) []claudecompat.Finding {
	look := c.opts.LookPath
	if look == nil {
		look = func(name string) bool { _, err := exec.LookPath(name); return err == nil }
	}
	a := shellcmd.Analyze(string(data), shellcmd.Options{Dir: dir})
	lines := strings.Split(string(data), "\n")
	var out []claudecompat.Finding
	more := 0
	for _, p := range a.Programs {
		// A runner's package (npx, uvx) is found or fetched by the
		// runner; a probed or swallowed one fails nothing.
		if p.Path != "" || p.Package || p.Swallowed || strings.Contains(p.Name, "/") || shellcmd.IsBuiltin(p.Name) ||
			slices.Contains(a.Checked, p.Name) || look(p.Name) {
			continue
		}
		if len(out) == maxMissing {
			more++ // a script of thousands of them is not thousands of findings
			continue
		}
		line, text := 0, ""
		word := regexp.MustCompile(`(^|[\s;&|(` + "`" + `])` + regexp.QuoteMeta(p.Name) + `($|[\s;&|)])`)
		for i, l := range lines {
			if t := strings.TrimSpace(l); !strings.HasPrefix(t, "#") && word.MatchString(l) {
				line, text = i+1, t
				break
			}
		}
		if line == 0 {
			continue // only in a string the analysis followed: not placed
		}
		out = append(out, claudecompat.Finding{Kind: claudecompat.KindProgram, Line: line, Text: text,
			Note: fmt.Sprintf("runs %s, which is not on PATH here: the script fails where it reaches it (exit 127; the adapter reports it as a warning and blocks nothing)", p.Name)})
	}
	if more > 0 {
		last := out[len(out)-1]
		out = append(out, claudecompat.Finding{Kind: claudecompat.KindProgram, Line: last.Line, Text: last.Text,
			Note: fmt.Sprintf("and %d more programs after this one that are not on PATH here", more)})
	}
	return out
}

// maxMissing is how many programs not on PATH a script's report names.
const maxMissing = 20

// scriptChanges are the changes a hook's scripts bring to its fate: each
// uncovered finding behind the adapter, or, without the adapter, that
// what the scripts expect of Claude is not translated.
func scriptChanges(scripts []Script, wrapped bool) []string {
	var out []string
	for _, sc := range scripts {
		n := 0
		for _, f := range sc.Findings {
			switch {
			case !f.Covered:
				out = append(out, fmt.Sprintf("%s:%d: %s", sc.Path, f.Line, f.Note))
			case !wrapped && f.Kind != claudecompat.KindStdin:
				n++
			}
		}
		if n > 0 {
			out = append(out, fmt.Sprintf("%s depends on Claude's protocol in %d place(s) that only the adapter translates, and runs without it (see scripts)", sc.Path, n))
		}
	}
	return out
}
