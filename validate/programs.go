package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/claudecompat"
	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/pathlook"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Problem codes about the programs a hook command runs.
const (
	// CodeProgramNotFound: a program the command runs by name is on no
	// PATH folder (issue 18 item 11).
	CodeProgramNotFound = "program-not-found"
	// CodeAdapterNotFound: a migrated Claude hook's adapter (gh-hooks
	// claude-compat) cannot be found.
	CodeAdapterNotFound = "adapter-not-found"
)

// blockingEvents are the events whose aggregated deny (or block) decision
// stops something (spec §5.8): a hook that exits 127 there, with bash's
// "command not found" on stderr, is read as a deny (spec §5.4,
// plainText(t, >=2)). Elsewhere the decision is dropped (BeforeToolSelection
// keeps only toolConfig) or has nothing to stop.
func blockingEvents(s string) bool {
	switch s {
	case "BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent",
		"BeforeModel", "AfterModel":
		return true
	}
	return false
}

// programs reports the programs h runs by name that are not on PATH, and
// a migrated hook's missing adapter. A program the command probes first
// (command -v X || ...) is left alone: the command handles its absence.
func (c *checker) programs(h *merge.Hook) {
	if runtime.GOOS == "windows" {
		return // hooks run under PowerShell there (spec §5.2)
	}
	a := c.analysis(h)
	if a.SyntaxError != "" {
		return
	}
	path := c.path()
	if p, ok := h.Env["PATH"]; ok {
		path = p
		// Node's spawn looks bash itself up in the hook's PATH (spec §5.2):
		// without one there the hook never starts.
		if !c.onPath("bash", path) {
			c.add(h.Path, commandPointer(h), config.SevWarning, CodeProgramNotFound,
				"the hook's env sets PATH to "+quoteShort(p)+", which has no bash: Gemini looks the shell up there, cannot start the hook (\"spawn bash ENOENT\"), shows a warning and goes on, on every run",
				"add the folder that holds bash to the hook's PATH, e.g. \"PATH\": \"./bin:/usr/bin:/bin\"")
			return
		}
	}
	sev, effect := config.SevWarning, "the hook fails with bash's exit 127 on every run (Gemini shows a warning, and the hook does nothing)"
	if blockingEvents(h.Event) {
		sev, effect = config.SevError, "bash exits 127 with \"command not found\" on every run, and Gemini reads an exit code of 2 or more with output as a deny decision: every "+blockedWhat(h.Event)+" is blocked"
	}
	w, wrapped := claudecompat.Unwrap(h.ExpandedCommand)
	if wrapped && w.Binary != "" {
		c.adapter(h, w, a, path)
	}
	for _, u := range a.Unknown {
		if u == "PATH set to a computed value" {
			return // where programs are looked up is not known
		}
	}
	for _, f := range a.Files {
		if f.Role == shellcmd.RoleSource {
			return // sourced shell code can change PATH
		}
	}
	missing := 0
	for _, p := range a.Programs {
		if p.Path != "" || p.Package || p.Swallowed || shellcmd.IsBuiltin(p.Name) || slices.Contains(a.Checked, p.Name) ||
			(wrapped && p.Name == w.Binary) || c.onPath(p.Name, path) || c.onAddedPath(p.Name, a) {
			continue
		}
		if missing++; missing > maxMissing {
			// A command of thousands of missing programs (a hostile
			// repository's) is not thousands of problems.
			c.add(h.Path, commandPointer(h), sev, CodeProgramNotFound,
				fmt.Sprintf("the command %s runs more programs that are not on PATH than the %d above", quoteShort(h.Command), maxMissing),
				"fix the command; gh-hooks show "+h.ID+" lists every program it runs")
			return
		}
		s, why := sev, effect
		if wrapped {
			// The adapter runs the Claude command with sh -c and maps
			// its exit 127 as Claude does: a non-blocking error.
			s, why = config.SevWarning, "the Claude hook inside fails with exit 127 on every run, which the adapter reports as a non-blocking error"
		}
		c.add(h.Path, commandPointer(h), s, CodeProgramNotFound,
			"the command "+quoteShort(h.Command)+" runs "+p.Name+", which is not on PATH: "+why,
			"install "+p.Name+" or fix the command; to make the hook skip quietly when it is missing, guard it: command -v "+p.Name+" >/dev/null || exit 0; ...")
	}
}

// maxMissing is how many programs not on PATH are reported for one hook.
const maxMissing = 10

// quoteShort quotes a command for a message, cut to 60 characters (59
// and an ellipsis), without converting the whole of a long command.
func quoteShort(s string) string {
	n := 0
	for i := range s {
		if n == 59 {
			if utf8.RuneCountInString(s[i:]) > 1 {
				s = s[:i] + "…"
			}
			break
		}
		n++
	}
	return strconv.Quote(s)
}

// blockedWhat is what a deny stops at an event.
func blockedWhat(event string) string {
	switch event {
	case "BeforeTool", "AfterTool":
		return "tool call"
	case "BeforeAgent", "AfterAgent":
		return "agent turn"
	}
	return "model request"
}

// adapter reports a migrated hook whose gh-hooks (the claude-compat
// adapter) cannot be found. Wrap guards it with command -v: a hook that
// can block fails closed (exit 2, a deny naming gh-hooks and how to
// install it: an error on a blocking event), any other exits 1 (a
// warning, and the Claude hook does not run); without the guard it is
// bash's exit 127.
func (c *checker) adapter(h *merge.Hook, w claudecompat.Wrapped, a *shellcmd.Analysis, path string) {
	found := false
	if filepath.IsAbs(w.Binary) {
		st, err := os.Stat(w.Binary)
		found = err == nil && st.Mode().IsRegular() && st.Mode().Perm()&0o111 != 0
	} else {
		found = c.onPath(w.Binary, path)
	}
	if found {
		return
	}
	sev := config.SevWarning
	effect := "the hook's guard exits 1, Gemini shows a warning, and the Claude hook does not run"
	switch {
	case slices.Contains(a.Checked, w.Binary) && w.FailClosed:
		// The guard exits 2 with its message on stderr: a deny (spec §5.4).
		effect = "the hook can block, so its guard fails closed: it exits 2 with a message that names gh-hooks and how to install it"
		if blockingEvents(h.Event) {
			sev = config.SevError
			effect += ", which Gemini reads as a deny: every " + blockedWhat(h.Event) + " is blocked"
		}
	case !slices.Contains(a.Checked, w.Binary):
		if blockingEvents(h.Event) {
			sev = config.SevError
		}
		effect = "bash exits 127 on every run"
		if sev == config.SevError {
			effect += ", which Gemini reads as a deny: every " + blockedWhat(h.Event) + " is blocked"
		}
	}
	c.add(h.Path, commandPointer(h), sev, CodeAdapterNotFound,
		"this migrated Claude hook runs through "+w.Binary+" claude-compat, and "+w.Binary+" cannot be found: "+effect,
		"install gh-hooks on PATH (go install github.com/gh-hooks/gh-hooks@latest), or run gh-hooks migrate again from the gh-hooks you use")
}

// onAddedPath reports whether the command finds name in a folder it puts
// on PATH itself (PATH=./bin:$PATH name): shellcmd lists those candidates
// as program files.
func (c *checker) onAddedPath(name string, a *shellcmd.Analysis) bool {
	for _, f := range a.Files {
		if f.Role != shellcmd.RoleProgram || f.Word != name || f.Path == "" {
			continue
		}
		if st, err := os.Stat(f.Path); err == nil && st.Mode().IsRegular() {
			return true
		}
	}
	return false
}

// path is the PATH the hooks get: Gemini passes its own environment on
// (spec §5.2), which is the one gh-hooks runs in.
func (c *checker) path() string {
	if c.r.Set.Lookup != nil {
		if p, ok := c.r.Set.Lookup("PATH"); ok {
			return p
		}
	}
	return ""
}

// onPath reports whether an executable regular file name is in a folder of
// path, as bash looks it up (an empty entry is the current directory, the
// project).
func (c *checker) onPath(name, path string) bool {
	key := name + "\x00" + path
	if v, ok := c.found[key]; ok {
		return v
	}
	found := pathlook.Find(name, path, c.r.Set.Paths.ProjectDir) != ""
	if c.found == nil {
		c.found = map[string]bool{}
	}
	c.found[key] = found
	return found
}
