package fingerprint

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/visible"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/shellcmd"
)

// Status is a project hook's approval state.
type Status string

// Statuses.
const (
	Approved Status = "approved" // the approved fingerprint matches
	New      Status = "new"      // no approval matches this hook
	Changed  Status = "changed"  // an approval matches, but something changed (see Changes)
)

// Options says whose hooks to judge.
type Options struct {
	// Home is the user's home (GEMINI_CLI_HOME already applied); both
	// stores live under Home/.gemini.
	Home string
	// Project is the project directory.
	Project Project
	// Hooks are the project layer's hooks (merge.Hook with Layer
	// "project"), in the order Gemini iterates the workspace file's hooks
	// (spec §6: schema event order when the file validates, file order
	// otherwise): that order is the order keys are appended to Gemini's
	// store.
	Hooks []merge.Hook
	// Disables are the entries of the project's hooksConfig.disabled that
	// switch off a hook of the user, the system or an extension
	// (merge.ProjectDisables): each needs an acknowledgement.
	Disables []string
}

// DisableReport is one entry of Options.Disables in an audit.
type DisableReport struct {
	Entry string `json:"entry"`
	// Acknowledged is true when the user accepted the entry (trust approve
	// --accept-disabled); until then the audit needs attention.
	Acknowledged bool `json:"acknowledged"`
}
type HookReport struct {
	ID      string `json:"id"`
	Event   string `json:"event"`
	Name    string `json:"name"`
	Command string `json:"command"`
	// Key is Gemini's getHookKey (name:expanded command).
	Key    string `json:"key"`
	Status Status `json:"status"`
	// Changes lists what changed since approval (see Diff); empty unless
	// Status is Changed.
	Changes []string `json:"changes"`
	// Gemini is "trusted" when Gemini's trusted_hooks.json has Key for the
	// project, else "untrusted"; "" in a baseline check.
	Gemini string `json:"gemini,omitempty"`
	// DisableName is the name hooksConfig.disabled matches (spec §3.6).
	DisableName string `json:"disableName"`
	// Wrapped is true for a hook of an event written as an object, not a
	// list: Gemini runs it (the merge wraps it) but its trust check skips
	// it (trustedHooks.ts, spec §6), so Gemini never warns about it and
	// Approve writes no key for it.
	Wrapped     bool   `json:"-"`
	Fingerprint string `json:"fingerprint"`
	// Scripts are the files the command can start, with their state;
	// missing, unreadable, not-regular, too-large and outside ones are
	// named here.
	Scripts []Script `json:"scripts"`
	// NotCovered says what the hook can do that its fingerprint does not
	// cover (Hook.NotCovered): such a hook needs attention even when
	// approved.
	NotCovered []string `json:"notCovered"`
	// AcceptedNotCovered is true when the hook is approved with an
	// acknowledgement of exactly these NotCovered reasons (trust approve
	// --accept-not-covered): then they no longer need attention.
	AcceptedNotCovered bool `json:"acceptedNotCovered"`
	// AcceptedChanged names, for a hook whose acknowledgement no longer
	// holds, the paths the accepted reasons leave out whose content
	// changed since they were accepted (Record.AcceptedContent).
	AcceptedChanged []string `json:"acceptedChanged,omitempty"`
	// Suspicious names the fields that hold control, bidi or invisible
	// characters (internal/visible): "event", "name", "command",
	// "matcher", "env NAME". Such a hook needs attention: what a terminal
	// shows is not what runs.
	Suspicious []Suspicion `json:"suspicious"`
	// StaleApproval is, for a new hook, an approval of a hook with the
	// same name that ran something else (no command or file in common):
	// the approved hook was removed and this one added in its place.
	StaleApproval *Record `json:"staleApproval,omitempty"`
	// Approved is the approval a changed hook is compared with; Current
	// the hook's record now (see Explain).
	Approved *Record `json:"-"`
	Current  Record  `json:"-"`
	// dotEnv are the project .env's pairs now (Project.DotEnvPairs), for
	// Explain.
	dotEnv []string
	// SchemeChange says, for a SchemeChanged hook, what the approval of
	// the older scheme and the current fingerprint have in common.
	SchemeChange *SchemeChange `json:"schemeChange,omitempty"`
}

// Attention reports whether the hook needs a person's attention whatever
// its status: its fingerprint does not cover what it does, or it holds
// characters a terminal hides.
func (h HookReport) Attention() bool {
	return len(h.NotCovered) > 0 && !h.AcceptedNotCovered || len(h.Suspicious) > 0
}

// Report is the result of Audit or CheckBaseline.
type Report struct {
	// Project is the project directory as given; RealPath with symlinks
	// resolved.
	Project  string `json:"project"`
	RealPath string `json:"realPath"`
	// Store is the approval source: gh-hooks' store, or the baseline file.
	Store string `json:"store"`
	// GeminiStore is Gemini's trusted_hooks.json ("" in a baseline check);
	// GeminiProblem says why it cannot be used or why Gemini misreads the
	// project's entry.
	GeminiStore   string       `json:"geminiStore,omitempty"`
	GeminiProblem string       `json:"geminiProblem,omitempty"`
	Hooks         []HookReport `json:"hooks"`
	// Unapproved counts hooks that are new or changed.
	Unapproved int `json:"unapproved"`
	// SchemeChanged counts hooks approved under an older Scheme whose
	// approved content is the same (Status SchemeChanged): not
	// unapproved, but to renew (Selection.Renew).
	SchemeChanged int `json:"schemeChanged"`
	// Attention counts hooks that need attention whatever their status
	// (HookReport.Attention).
	Attention int `json:"attention"`
	// Removed are approvals that match no current hook.
	Removed []Record `json:"removed"`
	// Disables are the project's hooksConfig.disabled entries that switch
	// off other layers' hooks (Options.Disables), and Unacknowledged
	// counts those not acknowledged.
	Disables       []DisableReport `json:"disables"`
	Unacknowledged int             `json:"unacknowledged"`
}

// Audit compares every project hook with gh-hooks' store and with Gemini's.
// A corrupt gh-hooks store is an error (*StoreError, ErrCorrupt); a broken
// Gemini store is reported in GeminiProblem, every hook then "untrusted".
func Audit(o Options) (*Report, error) {
	s, err := readStore(StorePath(o.Home))
	if err != nil {
		return nil, err
	}
	var old []Record
	var acked []string
	if sp := s.Projects[o.Project.Real]; sp != nil {
		old, acked = sp.Hooks, sp.Disabled
	}
	r := check(o.Project, Compute(o.Project, o.Hooks), old)
	r.Store = StorePath(o.Home)
	r.Disables = []DisableReport{}
	for _, d := range o.Disables {
		ok := slices.Contains(acked, d)
		r.Disables = append(r.Disables, DisableReport{Entry: d, Acknowledged: ok})
		if !ok {
			r.Unacknowledged++
		}
	}
	gs := ReadGeminiStore(GeminiStorePath(o.Home))
	r.GeminiStore = gs.Path
	keys, problem := gs.Keys(o.Project.Dir)
	if gs.Problem != nil {
		problem = gs.Problem.Error()
	}
	r.GeminiProblem = problem
	for i := range r.Hooks {
		r.Hooks[i].Gemini = "untrusted"
		if keys[r.Hooks[i].Key] {
			r.Hooks[i].Gemini = "trusted"
		}
	}
	return r, nil
}

// check builds a report of hooks against approved records.
func check(p Project, hooks []Hook, old []Record) *Report {
	cur := make([]Record, len(hooks))
	for i, h := range hooks {
		cur[i] = h.Record
	}
	m := match(cur, old)
	root, closeRoot := lazyRoot(p.Dir)
	defer closeRoot()
	r := &Report{Project: p.Dir, RealPath: p.Real, Hooks: []HookReport{}, Removed: []Record{}, Disables: []DisableReport{}}
	used := make([]bool, len(old))
	for i, h := range hooks {
		hr := HookReport{ID: h.ID, Event: h.Event, Name: h.Name, Command: h.Command, Key: geminiKey(h.Hook), Wrapped: h.DefIndex < 0,
			DisableName: h.DisableName, Fingerprint: h.Record.Fingerprint, Status: New, Changes: []string{}, Scripts: h.Scripts,
			NotCovered: h.NotCovered, Suspicious: Suspicious(h.Hook), Current: h.Record, dotEnv: p.DotEnvPairs}
		if hr.Scripts == nil {
			hr.Scripts = []Script{}
		}
		if hr.NotCovered == nil {
			hr.NotCovered = []string{}
		}
		if m[i] >= 0 {
			used[m[i]] = true
			o := old[m[i]]
			switch d := Diff(o, cur[i]); {
			case stale(o, cur[i]):
				hr.StaleApproval = &o
			case len(d) > 0 && schemeChange(o, cur[i]) != nil:
				hr.Status, hr.SchemeChange, hr.Approved = SchemeChanged, schemeChange(o, cur[i]), &o
				if slices.Equal(o.NotCovered, h.Record.NotCovered) {
					hr.AcceptedNotCovered, hr.AcceptedChanged = ackHolds(root, o, h)
				}
			case len(d) > 0:
				hr.Status, hr.Changes, hr.Approved = Changed, d, &o
			default:
				hr.Status = Approved
				hr.AcceptedNotCovered, hr.AcceptedChanged = ackHolds(root, o, h)
			}
		}
		switch hr.Status {
		case SchemeChanged:
			r.SchemeChanged++
		case New, Changed:
			r.Unapproved++
		}
		if hr.Attention() {
			r.Attention++
		}
		r.Hooks = append(r.Hooks, hr)
	}
	for j, o := range old {
		if !used[j] {
			r.Removed = append(r.Removed, o)
		}
	}
	return r
}

// stale reports whether the approval o, matched to the current record c by
// name, is an approval of another hook that had the same name: the command
// differs, and the two share no project file and no program. Then the
// hook is new (issue 18: a removed hook's approval must not make the hook
// added in its place look like a small change). An edit that keeps a
// script or a program (./fmt.sh → ./fmt.sh --fix, echo a → echo b) stays
// "changed".
func stale(o, c Record) bool {
	if o.Name == "" || o.Name != c.Name || o.Command == c.Command || o.Type != c.Type {
		return false
	}
	for p := range c.Scripts {
		if _, ok := o.Scripts[p]; ok {
			return false
		}
	}
	progs := map[string]bool{}
	for _, p := range shellcmd.Analyze(o.Command, shellcmd.Options{}).Programs {
		progs[filepath.Base(p.Name)] = true
	}
	for _, p := range shellcmd.Analyze(c.Command, shellcmd.Options{}).Programs {
		if progs[filepath.Base(p.Name)] {
			return false
		}
	}
	return true
}

// Suspicious lists what makes h read differently from what runs. A field
// that holds characters a terminal acts on or does not show (visible.Has)
// is named alone: "event", "name", "command", "matcher", "type",
// "env NAME" (NAME escaped). The look-alike and blank findings (issue 24
// §3) are "FIELD: REASON": "command: look-alike letters in s\u0441ripts"
// (visible.MixedScript: Latin mixed with Cyrillic, Greek, ... letters, or
// fullwidth or mathematical letters), "command: a run of 400 blanks"
// (visible.LongestBlank of at least LongBlank), which can push the rest of
// the command out of a terminal's or a table's view. Each is a Suspicion,
// whose String is that text.
func Suspicious(h merge.Hook) []Suspicion {
	out := []Suspicion{}
	fields := [][2]string{{"event", h.Event}, {"name", h.Name}, {"command", h.Command}, {"matcher", h.Matcher}, {"type", h.Type}}
	for _, f := range fields {
		if visible.Has(f[1]) {
			out = append(out, Suspicion{Field: f[0], Hidden: true})
		}
	}
	keys := make([]string, 0, len(h.Env))
	for k := range h.Env {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if visible.Has(k) || visible.Has(h.Env[k]) {
			out = append(out, Suspicion{Field: "env " + visible.Escape(k), Hidden: true})
		}
	}
	for _, f := range fields {
		if w := visible.MixedScript(f[1]); len(w) > 0 {
			q := make([]string, len(w))
			for i := range w {
				q[i] = visible.Escape(w[i])
			}
			out = append(out, Suspicion{Field: f[0], What: "look-alike letters in " + strings.Join(q, ", ")})
		}
	}
	for _, k := range keys {
		if w := visible.MixedScript(k + "=" + h.Env[k]); len(w) > 0 {
			out = append(out, Suspicion{Field: "env " + visible.Escape(k), What: "look-alike letters in " + visible.Escape(strings.Join(w, ", "))})
		}
	}
	for _, f := range append(fields[1:4:4], [2]string{"env", envText(h.Env, keys)}) {
		if n := visible.LongestBlank(f[1]); n >= LongBlank {
			out = append(out, Suspicion{Field: f[0], What: fmt.Sprintf("a run of %d blanks", n)})
		}
	}
	return out
}

// Suspicion is one thing Suspicious finds in a hook: the field (event,
// name, command, matcher, type, env or "env NAME") that holds control,
// bidi or invisible characters (Hidden), or, when not Hidden, What else
// makes it read differently (look-alike letters, a long run of blanks).
// In JSON it is its String.
type Suspicion struct {
	Field  string
	Hidden bool
	What   string
}

// String is the field alone for hidden characters, else "field: what".
func (s Suspicion) String() string {
	if s.Hidden {
		return s.Field
	}
	return s.Field + ": " + s.What
}

// MarshalJSON writes the suspicion as its String.
func (s Suspicion) MarshalJSON() ([]byte, error) { return json.Marshal(s.String()) }

// LongBlank is the shortest run of spaces and tabs in a hook's command,
// name, matcher or env that Suspicious reports: longer than any
// indentation a readable command needs, shorter than the width that
// pushes the rest of a line off an 80-column terminal.
const LongBlank = 32

func envText(env map[string]string, keys []string) string {
	var b strings.Builder
	for _, k := range keys {
		b.WriteString(k + "=" + env[k] + "\n")
	}
	return b.String()
}

// Selection picks project hooks for Approve and Revoke.
type Selection struct {
	// All selects every project hook.
	All bool
	// Names selects hooks by ID, name, Gemini key, disable name (name or
	// command), or command as written or expanded. Every name must select
	// at least one hook.
	Names []string
	// AcceptDisabled records the acknowledgement of Options.Disables, the
	// project's disabled entries that switch off other layers' hooks.
	AcceptDisabled bool
	// Shown binds the approval to what the user was shown: hook ID → the
	// fingerprint displayed. When a picked hook's fingerprint now differs
	// (a script or the settings were edited between the display and the
	// answer), Approve writes nothing and returns a *ChangedSinceShownError
	// (issue 24 §3: the approval is of what was shown, never of what the
	// file became).
	Shown map[string]string
	// AcceptNotCovered records, with the approval of each selected hook
	// whose fingerprint does not cover all it can run, that the user
	// accepts those reasons (Record.AcceptedNotCovered). The
	// acknowledgement holds until the hook or its reach changes.
	AcceptNotCovered bool
	// AcceptNotCoveredOf does what AcceptNotCovered does for the hooks
	// with these IDs only (trust approve -i, answer a).
	AcceptNotCoveredOf map[string]bool
	// Renew selects every hook approved under an older Scheme whose
	// approved content is the same (SchemeChanged) and records it under
	// the current one (Result.Renewed says what each renewal holds). A
	// hook whose content changed is not renewed: it is Changed.
	Renew bool
}

// ChangedSinceShownError names the hooks whose fingerprint changed between
// the display the user answered and the approval.
type ChangedSinceShownError struct {
	IDs []string
}

func (e *ChangedSinceShownError) Error() string {
	return strings.Join(e.IDs, ", ") + " changed after it was shown (a script or the settings file was edited): nothing was approved"
}

func (sel Selection) pick(hooks []Hook) ([]bool, error) {
	picked := make([]bool, len(hooks))
	if sel.All {
		for i := range picked {
			picked[i] = true
		}
		return picked, nil
	}
	if len(sel.Names) == 0 {
		if sel.AcceptDisabled || sel.Renew {
			return picked, nil // the acknowledgement alone
		}
		return nil, fmt.Errorf("%w: name the hooks or select all", ErrNoSelection)
	}
	var unknown NoSuchHookError
	for _, n := range sel.Names {
		found := false
		for i, h := range hooks {
			if n != "" && (n == h.ID || n == h.Name || n == h.Key || n == h.DisableName || n == h.Command || n == h.ExpandedCommand) {
				picked[i], found = true, true
			}
		}
		if !found {
			unknown.Names = append(unknown.Names, n)
		}
	}
	if len(unknown.Names) > 0 {
		return nil, &unknown
	}
	return picked, nil
}

// NoSuchHookError is a selection's names that match no project hook, in
// the order given; errors.Is(err, ErrNoSuchHook) holds for it.
type NoSuchHookError struct {
	Names []string
}

func (e *NoSuchHookError) Error() string {
	q := make([]string, len(e.Names))
	for i, n := range e.Names {
		q[i] = strconv.Quote(n)
	}
	return ErrNoSuchHook.Error() + ": " + strings.Join(q, ", ")
}

// Is makes a NoSuchHookError match ErrNoSuchHook.
func (e *NoSuchHookError) Is(target error) bool { return target == ErrNoSuchHook }

// Result says what Approve or Revoke did.
type Result struct {
	// IDs are the selected hooks' IDs, in order.
	IDs []string
	// GeminiKeys are the keys added to Gemini's store (Approve only).
	GeminiKeys []string
	// Files are the files written (or, in a dry run, that would be).
	Files []FileChange
	// Warnings are problems that did not stop the approval (the copy of
	// approved scripts could not be kept).
	Warnings []string
	// Accepted are the disabled entries acknowledged (AcceptDisabled).
	Accepted []string
	// AcceptedNotCovered are the IDs of approved hooks whose not-covered
	// reasons are acknowledged (Selection.AcceptNotCovered).
	AcceptedNotCovered []string
	// Renewed are the approvals of an older Scheme recorded anew
	// (Selection.Renew), in hook order.
	Renewed []Renewal
}

// Approve records the selected hooks' current fingerprints in gh-hooks'
// store under the project's real path, and appends their Gemini keys to
// Gemini's trusted_hooks.json under the unresolved project path, in
// Gemini's exact format (GeminiStore.Add). Approvals of unselected hooks
// are kept; approvals that match no current hook are dropped.
//
// Both files are checked before either is written: a corrupt gh-hooks
// store or Gemini store (or a Gemini entry for the project that is not a
// list) fails with ErrCorrupt and nothing changes. With dryRun nothing is
// written and Result.Files holds the would-be contents.
func Approve(o Options, sel Selection, dryRun bool) (*Result, error) {
	if !dryRun {
		// Check first, without the lock, that every file to write is
		// writable, so that a read-only store leaves nothing behind, not
		// even a lock file.
		plan, err := Approve(o, sel, true)
		if err != nil {
			return nil, err
		}
		if err := checkFiles(plan.Files); err != nil {
			return nil, err
		}
	}
	hooks := Compute(o.Project, o.Hooks)
	picked, err := sel.pick(hooks)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = locked(o.Home, dryRun, func() error {
		path := StorePath(o.Home)
		before, _ := os.ReadFile(path)
		s, err := readStore(path)
		if err != nil {
			return err
		}
		var old []Record
		if sp := s.Projects[o.Project.Real]; sp != nil {
			old = sp.Hooks
		}
		cur := make([]Record, len(hooks))
		for i, h := range hooks {
			cur[i] = h.Record
		}
		m := match(cur, old)
		root, closeRoot := lazyRoot(o.Project.Dir)
		defer closeRoot()
		renewed := make([]*SchemeChange, len(hooks))
		for i := range hooks {
			if m[i] >= 0 && len(Diff(old[m[i]], cur[i])) > 0 && !stale(old[m[i]], cur[i]) {
				renewed[i] = schemeChange(old[m[i]], cur[i])
			}
			if sel.Renew && renewed[i] != nil {
				picked[i] = true
			}
		}
		if sel.Shown != nil {
			var changed ChangedSinceShownError
			for i, h := range hooks {
				if fp, ok := sel.Shown[h.ID]; picked[i] && (!ok || fp != h.Record.Fingerprint) {
					changed.IDs = append(changed.IDs, h.ID)
				}
			}
			if len(changed.IDs) > 0 {
				return &changed
			}
		}
		kept := []Record{}
		var keys []string
		for i, h := range hooks {
			switch {
			case picked[i]:
				was := Record{}
				if m[i] >= 0 {
					was = old[m[i]]
				}
				rec := approvedRecord(h, was, renewed[i] != nil, sel.AcceptNotCovered || sel.AcceptNotCoveredOf[h.ID], root)
				if renewed[i] != nil {
					res.Renewed = append(res.Renewed, Renewal{ID: h.ID, SchemeChange: *renewed[i]})
				}
				kept = append(kept, rec)
				if rec.AcceptedNotCovered {
					res.AcceptedNotCovered = append(res.AcceptedNotCovered, h.ID)
				}
				res.IDs = append(res.IDs, h.ID)
				// Gemini's trust check skips event values that are not arrays
				// (trustedHooks.ts), so a wrapped bare object has no key there.
				if h.DefIndex >= 0 {
					keys = append(keys, geminiKey(h.Hook))
				}
			case m[i] >= 0:
				kept = append(kept, old[m[i]])
			}
		}
		np := &storeProject{Dir: o.Project.Dir, Hooks: kept}
		if sp := s.Projects[o.Project.Real]; sp != nil {
			np.Disabled = sp.Disabled
			np.DotEnv = sp.DotEnv
		}
		if sel.AcceptDisabled {
			np.Disabled = slices.Sorted(slices.Values(o.Disables))
			for _, d := range o.Disables {
				if !slices.Contains(res.Accepted, d) {
					res.Accepted = append(res.Accepted, d)
				}
			}
		}
		s.Projects[o.Project.Real] = np
		gs := ReadGeminiStore(GeminiStorePath(o.Home))
		gout, gchanged, err := gs.Add(o.Project.Dir, keys)
		if err != nil {
			return err
		}
		if after := encode(s); !bytesEqual(before, after) {
			res.Files = append(res.Files, FileChange{Path: path, Before: before, After: after})
		}
		if gchanged {
			have, _ := gs.Keys(o.Project.Dir)
			for _, k := range keys {
				if !have[k] {
					res.GeminiKeys = appendOnce(res.GeminiKeys, k)
				}
			}
			res.Files = append(res.Files, FileChange{Path: gs.Path, Before: gs.data, After: gout})
		}
		if dryRun {
			return nil
		}
		return apply(res.Files)
	})
	if err != nil {
		return nil, err
	}
	if !dryRun {
		var scripts []Script
		for i, h := range hooks {
			if picked[i] {
				scripts = append(scripts, h.Scripts...)
			}
		}
		if d := dotEnvCopy(o.Project); d != nil {
			scripts = append(scripts, *d)
		}
		if err := keepScripts(o.Home, scripts); err != nil {
			res.Warnings = append(res.Warnings, fmt.Sprintf("cannot keep a copy of the approved scripts in %s (trust audit --diff will show no diff for them): %v", CacheDir(o.Home), err))
		}
	}
	return res, nil
}

// approvedRecord is the record an approval of h stores, was being the
// approval it replaces (empty for none) and renewed whether it renews one
// of an older scheme. An acknowledgement of what the fingerprint does not
// cover is made with accept (AcceptNotCovered), and kept when the same
// hook is approved again unchanged, or renewed with the same reasons. It
// binds the content the reasons leave out as it is now; one kept must
// still bind the same content (approving again does not accept a swap
// there).
func approvedRecord(h Hook, was Record, renewed, accept bool, root func() *os.Root) Record {
	rec := h.Record
	switch {
	case len(rec.NotCovered) == 0:
	case accept:
		rec.AcceptedNotCovered, rec.AcceptedContent = true, ackContent(root(), h.left)
	case was.Fingerprint == rec.Fingerprint || renewed && slices.Equal(was.NotCovered, rec.NotCovered):
		if ok, _ := ackHolds(root, was, h); ok {
			rec.AcceptedNotCovered, rec.AcceptedContent = true, was.AcceptedContent
		}
	}
	return rec
}

// Revoke removes the selected hooks' approvals from gh-hooks' store (with
// All, the project's whole entry, stale approvals included). Gemini's
// trusted_hooks.json is left alone: its keys only silence Gemini's
// warn-once notice, they never made a hook run or not (spec §6), and
// Gemini itself never removes keys. Use PlanDisable to make Gemini skip a
// hook.
//
// Like Approve, it plans first: a read-only store (trust.json or its
// directory) is refused before the lock, and a revoke that changes nothing
// writes nothing, not even the store's directory.
func Revoke(o Options, sel Selection, dryRun bool) (*Result, error) {
	if !dryRun {
		plan, err := Revoke(o, sel, true)
		if err != nil || len(plan.Files) == 0 {
			return plan, err
		}
		if err := checkFiles(plan.Files); err != nil {
			return nil, err
		}
	}
	hooks := Compute(o.Project, o.Hooks)
	picked, err := sel.pick(hooks)
	if err != nil {
		return nil, err
	}
	res := &Result{}
	err = locked(o.Home, dryRun, func() error {
		path := StorePath(o.Home)
		before, _ := os.ReadFile(path)
		s, err := readStore(path)
		if err != nil {
			return err
		}
		sp := s.Projects[o.Project.Real]
		for i, h := range hooks {
			if picked[i] {
				res.IDs = append(res.IDs, h.ID)
			}
		}
		if sp == nil {
			return nil
		}
		if sel.All {
			delete(s.Projects, o.Project.Real)
		} else {
			cur := make([]Record, len(hooks))
			for i, h := range hooks {
				cur[i] = h.Record
			}
			m := match(cur, sp.Hooks)
			drop := make([]bool, len(sp.Hooks))
			for i := range hooks {
				if picked[i] && m[i] >= 0 {
					drop[m[i]] = true
				}
			}
			kept := []Record{}
			for j, r := range sp.Hooks {
				if !drop[j] {
					kept = append(kept, r)
				}
			}
			sp.Hooks = kept
		}
		if after := encode(s); !bytesEqual(before, after) {
			res.Files = append(res.Files, FileChange{Path: path, Before: before, After: after})
		}
		if dryRun {
			return nil
		}
		return apply(res.Files)
	})
	if err != nil {
		return nil, err
	}
	return res, nil
}

func bytesEqual(a, b []byte) bool { return string(a) == string(b) }

func appendOnce(ss []string, s string) []string {
	for _, x := range ss {
		if x == s {
			return ss
		}
	}
	return append(ss, s)
}
