package slashcmd

import "strconv"

// Kind is the source of a command as Gemini's SlashCommandResolver sees it;
// the values are Gemini's CommandKind strings.
type Kind string

// Kinds that take part in name resolution.
const (
	KindBuiltIn   Kind = "built-in"
	KindUser      Kind = "user-file"
	KindProject   Kind = "workspace-file"
	KindExtension Kind = "extension-file"
)

// BuiltinNames are the built-in commands of Gemini CLI 0.61.0 that are
// always registered (BuiltinCommandLoader.loadCommands, chunk-HPLZM7PQ.js).
// A file command with one of these names is renamed, never the built-in
// (R12). Built-ins that depend on settings or the build (agents, hooks,
// oncall, permissions, plan, profile, restore, skills, upgrade, voice) are
// left out; pass them in Options.BuiltIns when the session enables them.
var BuiltinNames = []string{
	"about", "auth", "bug", "bug-memory", "chat", "clear", "commands", "compress", "copy",
	"corgi", "directory", "docs", "editor", "export-session", "extensions", "footer",
	"gemma", "help", "ide", "init", "mcp", "memory", "model", "policies", "privacy", "quit",
	"resume", "rewind", "settings", "setup-github", "shortcuts", "stats", "tasks",
	"terminal-setup", "theme", "tools", "vim",
}

// entry is one command fed to the resolver, in Gemini's load order.
type entry struct {
	name string
	kind Kind
	ext  string
}

// rename records why a command lost its plain name.
type rename struct {
	to     string
	reason int // index of the entry that caused it
}

// resolution is the outcome of resolve: the final name of every entry ("" if
// a later entry overwrote it) and, for renamed entries, the first rename.
type resolution struct {
	final   []string
	renamed map[int]rename
}

// resolve replays SlashCommandResolver.resolve (0.61, R12) on entries in load
// order. The first entry with a name claims it; a later non-built-in entry
// with the same name is renamed with its prefix, and the current holder of
// the plain name (unless built-in) is renamed as well, so neither keeps it.
// A built-in newcomer keeps the name and pushes the holder aside. Renamed
// names that are taken get a numeric suffix; the map assignment afterwards
// can overwrite an entry, which then disappears (the quirk is reproduced).
func resolve(entries []entry) resolution {
	byName := map[string]int{}
	first := map[string]int{}
	r := resolution{renamed: map[int]rename{}}
	track := func(i int, to string, reason int) {
		if _, ok := r.renamed[i]; !ok {
			r.renamed[i] = rename{to: to, reason: reason}
		}
	}
	prefixExisting := func(name string, reason int) {
		cur, ok := byName[name]
		if !ok || entries[cur].kind == KindBuiltIn {
			return
		}
		to := renamedName(name, entries[cur], byName)
		delete(byName, name)
		byName[to] = cur
		track(cur, to, reason)
	}
	for i, e := range entries {
		final := e.name
		if claimant, ok := first[e.name]; ok {
			if e.kind == KindBuiltIn {
				prefixExisting(e.name, i)
			} else {
				final = renamedName(e.name, e, byName)
				track(i, final, claimant)
				prefixExisting(e.name, i)
			}
		} else {
			first[e.name] = i
		}
		byName[final] = i
	}
	r.final = make([]string, len(entries))
	for name, i := range byName {
		r.final[i] = name
	}
	return r
}

// renamedName is SlashCommandResolver.getRenamedName: "<prefix><sep><name>"
// with ":" for extensions and "." otherwise, plus 1, 2, ... until unused.
func renamedName(name string, e entry, taken map[string]int) string {
	base := name
	switch e.kind {
	case KindExtension:
		if e.ext != "" {
			base = e.ext + ":" + name
		}
	case KindUser:
		base = "user." + name
	case KindProject:
		base = "workspace." + name
	}
	out := base
	for n := 1; ; n++ {
		if _, used := taken[out]; !used {
			return out
		}
		out = base + strconv.Itoa(n)
	}
}
