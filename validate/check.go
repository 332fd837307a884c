package validate

import (
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Check returns every problem of a merge result: r.Problems (loading and
// structural problems, unchanged) followed by the lint problems of this
// package, sorted most severe first (config.SortProblems). Lint checks
// never repeat a code that merge reports. Hooks under unknown event keys
// are left to merge's unknown-event problem.
func Check(r *merge.Result) []config.Problem {
	// The caches hold about one entry per hook: made at that size, they do
	// not grow (growing the four from 8 entries to 40 was 1% of the
	// instructions of an `effective --json` of 40 hooks).
	n := len(r.Hooks)
	c := &checker{r: r, docs: map[string]*config.Document{},
		protocol: make(map[protocolKey]protocolFound, n), scripts: make(map[string][]byte, n),
		analyses: make(map[analysisKey]*shellcmd.Analysis, n), started: make(map[startedKey]startedFiles, n),
		vars: hookVars(r.Set, nil)}
	for _, l := range r.Set.Layers {
		if l.Doc != nil {
			c.docs[l.Path] = l.Doc
		}
	}
	c.hooks()
	c.duplicates()
	c.sharedNames()
	c.disabled()
	c.projectDisables()
	c.enabledOverride()
	c.projectTrust()
	c.gemini()
	out := append(append([]config.Problem(nil), r.Problems...), c.out...)
	config.SortProblems(out)
	return out
}

type checker struct {
	r    *merge.Result
	docs map[string]*config.Document
	out  []config.Problem
	// tools caches matchedTools: most hooks of a file share a handful of
	// matchers, and each is tested against every Gemini tool.
	tools map[string][]string
	// found caches onPath: hooks share programs.
	found map[string]bool
	// protocol caches claudeProtocol: hooks share commands.
	protocol map[protocolKey]protocolFound
	// scripts caches readUnder: hooks share scripts.
	scripts map[string][]byte
	// analyses caches analysis by command and env.
	analyses map[analysisKey]*shellcmd.Analysis
	// started caches hookFiles by command and folder.
	started map[startedKey]startedFiles
	// vars are the variables of every hook without an env of its own
	// (analysis): made once, not for each hook (a map for each was 1% of
	// the instructions of an `effective --json` of 40 hooks).
	vars map[string]string
}

// add reports a problem at the value that pointer names in the file at
// path (at its nearest existing ancestor when it is missing).
func (c *checker) add(path, pointer string, sev config.Severity, code, msg, hint string) {
	doc := c.docs[path]
	if doc == nil {
		return
	}
	c.addAt(doc, pointer, -1, sev, code, msg, hint)
}

// addAt is add for a document; off >= 0 overrides the position with a
// byte offset inside the file.
func (c *checker) addAt(doc *config.Document, pointer string, off int, sev config.Severity, code, msg, hint string) {
	if off < 0 {
		// Point at the value, not at its key: the value is what is wrong.
		if n := doc.Root.Lookup(pointer); n != nil {
			off = n.Offset
		}
	}
	if off < 0 {
		// A missing value: its nearest existing ancestor.
		c.out = append(c.out, doc.At(pointer, sev, code, msg, hint))
		return
	}
	p := config.Problem{Severity: sev, Code: code, Path: doc.Path, Pointer: pointer, Message: msg, Hint: hint}
	p.Line, p.Column = doc.Position(off)
	c.out = append(c.out, p)
}

// addKey reports a problem at the member name of pointer (for a field that
// should not be there at all).
func (c *checker) addKey(path, pointer string, sev config.Severity, code, msg, hint string) {
	doc := c.docs[path]
	if doc == nil {
		return
	}
	off := -1
	if n := doc.Root.Lookup(pointer); n != nil {
		off = n.Offset
		if n.KeyOffset >= 0 {
			off = n.KeyOffset
		}
	}
	c.addAt(doc, pointer, off, sev, code, msg, hint)
}

// where names a hook's position for messages: path:line.
func where(h *merge.Hook) string {
	return h.Path + ":" + itoa(h.Line)
}

// defPointer is the pointer of the definition that holds a hook.
func defPointer(h *merge.Hook) string {
	i := strings.LastIndex(h.Pointer, "/hooks/")
	return h.Pointer[:i]
}

// hooks runs the per-hook and per-definition checks.
func (c *checker) hooks() {
	type def struct{ path, pointer string }
	seenDef := map[def]bool{}
	for _, h := range c.r.Hooks {
		if !merge.IsEvent(h.Event) || c.docs[h.Path] == nil {
			continue // unknown-event (merge) says everything there is to say
		}
		if dp := (def{h.Path, defPointer(h)}); !seenDef[dp] {
			seenDef[dp] = true
			c.matcher(h)
			c.sequential(h)
		}
		if h.Node == nil || h.Node.Kind != config.Object {
			continue
		}
		c.claudeShape(h)
		c.hookType(h)
		c.timeout(h)
		c.env(h)
		c.command(h)
		c.effects(h)
		c.failsOpen(h)
		c.reliance(h)
	}
}

func itoa(i int) string {
	return config.FormatNumber(float64(i))
}

// projectTrust tells, once per project file with hooks, how little
// Gemini's own trust of project hooks does (spec §6, §12 items 3 and 10):
// it warns once at start-up, runs the hooks anyway, keys its memory on
// name:command only, and its folder-trust dialog never lists hooks that
// are written the documented way.
func (c *checker) projectTrust() {
	for _, h := range c.r.Hooks {
		if h.Layer != layers.Project || h.Path != c.r.Set.Paths.Project {
			continue // a standalone file may be no project's
		}
		c.add(h.Path, "/hooks", config.SevInfo, "project-hooks-trust",
			"these project hooks come with the repository: in a trusted folder Gemini warns about them once, then runs them and trusts them by name:command alone, so a changed script, matcher, timeout or env never warns again (and its folder-trust dialog does not list them)",
			"review them and approve by content with gh-hooks trust audit and gh-hooks trust approve")
		return
	}
}
