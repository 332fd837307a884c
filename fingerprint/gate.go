package fingerprint

import (
	"path/filepath"
	"slices"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// HoldKind says why a hook is held back.
type HoldKind string

// Reasons a hook is held back.
const (
	// HoldUnapproved: a project hook that is new or changed (Held.Report).
	HoldUnapproved HoldKind = "unapproved"
	// HoldDotEnv: the project's .env changes what the hook runs
	// (Held.DotEnv), and the findings are not acknowledged.
	HoldDotEnv HoldKind = "dotenv"
)

// EnvUseKind is how a .env variable reaches a hook.
type EnvUseKind string

// Ways a .env variable reaches a hook.
const (
	// EnvSets: the variable changes what every hook runs or where Gemini
	// looks (dotenv-runs, dotenv-where).
	EnvSets EnvUseKind = "sets"
	// EnvReads: the hook's command reads it through the shell.
	EnvReads EnvUseKind = "reads"
	// EnvReplaces: it replaces ${Key} in the hook's extension.
	EnvReplaces EnvUseKind = "replaces"
	// EnvFinding: another finding about the file (unread, inexact); the
	// Problem says what.
	EnvFinding EnvUseKind = "finding"
)

// EnvUse is one way the project's .env reaches a held hook.
type EnvUse struct {
	Kind       EnvUseKind
	Key, Value string
	// Path and Line are where the .env sets it.
	Path string
	Line int
	// Problem is the finding (EnvSets, EnvFinding).
	Problem *config.Problem
}

// Held is a hook the gate holds back.
type Held struct {
	Hook *merge.Hook
	Kind HoldKind
	// Report is the hook's audit (HoldUnapproved): Status and Changes.
	Report *HookReport
	// DotEnv lists how the .env reaches the hook (HoldDotEnv).
	DotEnv []EnvUse
}

// GateOptions is what Gate decides on.
type GateOptions struct {
	// Options are the audit's: the home, the project and its hooks.
	Options
	// Set is the loaded layers (the .env, trust, extensions' expansions).
	Set *layers.Set
	// Planned are the hooks gh-hooks' plan runs for the event.
	Planned []*merge.Hook
	// Turn is true when the real Gemini CLI runs too (run --real): it
	// runs a whole headless turn with the folder trusted and the
	// project's .env loaded, so every project hook of every event it can
	// fire (SessionStart, BeforeAgent, BeforeModel, AfterModel,
	// BeforeToolSelection, BeforeTool, AfterTool, AfterAgent, SessionEnd,
	// PreCompress, Notification: headless.go "The command" runs them
	// all), and the tools the model calls, see the .env.
	Turn bool
	// AllowUntrusted runs everything (run --allow-untrusted).
	AllowUntrusted bool
}

// Gate is which hooks may run, and which are held back and why.
type Gate struct {
	// Run are the planned hooks that may run, in plan order.
	Run []*merge.Hook
	// Held are the planned hooks held back, in plan order.
	Held []Held
	// TurnHeld are the project hooks outside the plan that the real CLI's
	// turn would run and that are not approved (Turn only), in the order
	// of Options.Hooks.
	TurnHeld []Held
	// DotEnv are the project's .env findings not acknowledged (trust
	// approve --accept-dotenv): the real CLI loads the .env into every
	// hook and every tool it runs, a shell tool included (Turn only).
	DotEnv []config.Problem
	// Settings are the keys of the project's settings file, other than
	// its hooks, that the real CLI acts on (Turn only): it starts the
	// commands of mcpServers and tools.discoveryCommand at start-up,
	// writes where telemetry.outfile says, and so on. No approval covers
	// them, so every key but the inert ones (InertSettings) holds it.
	Settings []Setting
}

// Setting is a top-level key of the project's settings file.
type Setting struct {
	Key          string
	Path         string
	Line, Column int
}

// InertSettings are the top-level keys of a project settings file that
// the real CLI reads without running or writing anything the hooks'
// approval does not cover: the hooks (approved one by one) and how they
// run.
var InertSettings = []string{"$schema", "hooks", "hooksConfig"}

// Refused says whether the real CLI may not run (Turn): a hook it would
// run is held back, or the .env findings are not acknowledged.
func (g *Gate) Refused() bool {
	return len(g.Held) > 0 || len(g.TurnHeld) > 0 || len(g.DotEnv) > 0 || len(g.Settings) > 0
}

// RunGate decides which planned hooks run may run: every one with
// AllowUntrusted; else a project hook only when approved (Approvals), and
// no hook while the project's .env changes what it runs and the findings
// are not acknowledged. With Turn it also lists what the real CLI's turn
// would run beyond the plan (Gate.TurnHeld, Gate.DotEnv), which must be
// empty before the real CLI starts.
func RunGate(o GateOptions) (*Gate, error) {
	g := &Gate{}
	if o.AllowUntrusted {
		g.Run = slices.Clone(o.Planned)
		return g, nil
	}
	var audit map[string]HookReport
	needAudit := o.Turn && len(o.Hooks) > 0
	for _, h := range o.Planned {
		needAudit = needAudit || h.Layer == layers.Project
	}
	if needAudit {
		var err error
		if audit, err = Approvals(o.Options); err != nil {
			return nil, err
		}
	}
	findings, _ := Unacknowledged(o.Home, o.Project, o.Set, o.Set.DotEnvFindings())
	envHeld := func(*merge.Hook) []EnvUse { return nil }
	if len(findings) > 0 && o.Set.Trust.Trusted {
		// An untrusted folder's .env gives hooks API keys only.
		envHeld = DotEnvUses(o.Set, findings)
	}
	for _, h := range o.Planned {
		if uses := envHeld(h); len(uses) > 0 {
			g.Held = append(g.Held, Held{Hook: h, Kind: HoldDotEnv, DotEnv: uses})
			continue
		}
		if hr, ok := audit[h.ID]; ok && hr.Status != Approved {
			g.Held = append(g.Held, Held{Hook: h, Kind: HoldUnapproved, Report: &hr})
			continue
		}
		g.Run = append(g.Run, h)
	}
	if !o.Turn {
		return g, nil
	}
	g.DotEnv = findings
	// Watched: a project's mcpServers command ran under run --real with
	// no hook at all (Gemini CLI 0.61.0 starts MCP servers at start-up).
	if l := o.Set.Settings(layers.Project); l != nil && l.Doc != nil && l.Doc.Root != nil && l.Doc.Root.Kind == config.Object {
		for i, k := range l.Doc.Root.Keys {
			if slices.Contains(InertSettings, k) {
				continue
			}
			off := l.Doc.Root.Vals[i].KeyOffset
			line, col := l.Doc.Position(off)
			g.Settings = append(g.Settings, Setting{Key: k, Path: l.Path, Line: line, Column: col})
		}
	}
	for i := range o.Hooks {
		h := &o.Hooks[i]
		// The real CLI trusts the folder (GEMINI_CLI_TRUST_WORKSPACE), so
		// a project hook can run whatever trust gh-hooks found; which of
		// them its turn fires is not guessed: all need approval, as in
		// trust audit. A planned hook is judged above.
		if planned(o.Planned, h.ID) {
			continue
		}
		if hr, ok := audit[h.ID]; ok && hr.Status != Approved {
			g.TurnHeld = append(g.TurnHeld, Held{Hook: h, Kind: HoldUnapproved, Report: &hr})
		}
	}
	return g, nil
}

func planned(hooks []*merge.Hook, id string) bool {
	for _, h := range hooks {
		if h.ID == id {
			return true
		}
	}
	return false
}

// Approvals audits the project hooks and returns the report of each by
// ID, with Status Approved for every hook that may run: approved in
// gh-hooks' store when that store has an entry for the project, else
// listed in Gemini's trusted_hooks.json (the user has been warned by
// Gemini about that exact name:command and went on; spec §6).
func Approvals(o Options) (map[string]HookReport, error) {
	rep, err := Audit(o)
	if err != nil {
		return nil, err
	}
	entries, err := List(o.Home)
	if err != nil {
		return nil, err
	}
	ours := false
	for _, e := range entries {
		ours = ours || e.Project == o.Project.Real
	}
	m := map[string]HookReport{}
	for _, h := range rep.Hooks {
		if !ours && h.Gemini == "trusted" {
			h.Status = Approved
		}
		m[h.ID] = h
	}
	return m, nil
}

// DotEnvUses says how the project's .env reaches each hook: a variable of
// findings that changes what every hook runs (or where Gemini looks)
// reaches them all; one a command reads through the shell reaches that
// hook; one that replaces a ${name} in an extension's hooks reaches that
// extension's.
func DotEnvUses(set *layers.Set, findings []config.Problem) func(h *merge.Hook) []EnvUse {
	var all []EnvUse
	for i, p := range findings {
		switch p.Code {
		case layers.CodeDotEnvExpansion:
		case layers.CodeDotEnvRuns, layers.CodeDotEnvWhere:
			v := set.DotEnv.VarAt(p.Line, p.Column)
			all = append(all, EnvUse{Kind: EnvSets, Key: v.Key, Value: v.Value, Path: p.Path, Line: p.Line, Problem: &findings[i]})
		default:
			all = append(all, EnvUse{Kind: EnvFinding, Path: p.Path, Line: p.Line, Problem: &findings[i]})
		}
	}
	return func(h *merge.Hook) []EnvUse {
		uses := slices.Clone(all)
		for _, v := range set.DotEnv.CommandReads(h.ExpandedCommand) {
			if kind, _ := layers.ClassifyEnv(v.Key); kind == "" {
				uses = append(uses, EnvUse{Kind: EnvReads, Key: v.Key, Value: v.Value, Path: set.DotEnv.Path, Line: v.Line})
			}
		}
		if l := set.LayerOf(h.Path); l != nil {
			for _, v := range l.Expanded {
				uses = append(uses, EnvUse{Kind: EnvReplaces, Key: v.Key, Value: v.Value, Path: filepath.Join(set.Paths.ProjectDir, ".env"), Line: v.Line})
			}
		}
		return uses
	}
}
