package hooktest

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/gh-hooks/gh-hooks/headless"
	"github.com/gh-hooks/gh-hooks/runner"
)

// Run is what firing one case gave: the facts `gh-hooks run` reports.
type Run struct {
	Report  *runner.Report
	Outcome runner.Outcome
	// Held are the planned hooks `run` held back (not approved, or reached
	// by the project's .env); a case with any fails.
	Held []Held
	// HeldFix is the one command that lets every held-back hook run.
	HeldFix string
	// Real is the real CLI's result with --real, and RealDiffs where it
	// differed from Report and Outcome (headless.Compare).
	Real      *headless.Real
	RealDiffs []string
	// RealSkipped says why the case was not run through the real CLI
	// with --real (a call that is not harmless, an event that cannot be
	// fired headless); the model's run is still checked.
	RealSkipped string
}

// Held is a planned hook that was not run. Status is the audit's status
// (new, changed) or "dotenv"; Fix the command that lets it run.
type Held struct {
	ID, Name, Command, Status, Fix string
}

// Prepared is a case planned and gated, ready to execute.
type Prepared struct {
	// Sequential says the plan runs its hooks one after another (a
	// definition says sequential: true): such hooks share state, so no
	// other case runs beside this one.
	Sequential bool
	Exec       func(ctx context.Context) (*Run, error)
}

// Fire plans case c as `gh-hooks run` would (real: also through the real
// CLI). An error is the case's: it fails with it, and the others run.
type Fire func(c *Case, real bool) (*Prepared, error)

// Options are Run's.
type Options struct {
	Fire Fire
	// Select keeps the cases whose name it matches (--run); nil keeps all.
	Select *regexp.Regexp
	// Parallel bounds the cases running at once (at least 1).
	Parallel int
	// Real also runs each case through the real CLI.
	Real bool
	// Now is the clock for durations (time.Now when nil).
	Now func() time.Time
}

// Side says who disagrees with the expectation.
type Side string

const (
	// Model is gh-hooks' model (`gh-hooks run`).
	Model Side = "model"
	// Real is the real Gemini CLI (--real).
	Real Side = "real"
	// Between is a disagreement of the model and the real CLI with each
	// other (whatever the expectation says).
	Between Side = "model-vs-real"
)

// Diff is one expectation that did not hold. Key is the expectation's
// key ("decision", "toolRuns", "reason", "context", "hooks.NAME.ran",
// "hooks.NAME.exit"), or "heldBack", "error" or "real" for what is not an
// expectation. Want and Got are short values; Line is the line of the
// key in the test file (0 when none).
type Diff struct {
	Key  string `json:"key"`
	Side Side   `json:"side"`
	Want string `json:"want"`
	Got  string `json:"got"`
	Line int    `json:"line,omitempty"`
}

// Result is one case's result.
type Result struct {
	Case     *Case
	Pass     bool
	Duration time.Duration
	Diffs    []Diff
	// Run is nil when the case could not be fired (Diffs then hold the
	// error).
	Run *Run
}

// Report is a whole test run's result, in file and case order.
type Report struct {
	Results        []Result
	Passed, Failed int
	Duration       time.Duration
}

// Select returns the cases of files that sel matches (all when nil).
func Select(files []*File, sel *regexp.Regexp) []*Case {
	var out []*Case
	for _, f := range files {
		for _, c := range f.Cases {
			if sel == nil || sel.MatchString(c.Name) {
				out = append(out, c)
			}
		}
	}
	return out
}

// RunCases runs cases through o.Fire, at most o.Parallel at once, a case
// with a sequential plan alone, and checks each against its expectation.
// ctx stops the cases not yet started (they fail with its error).
func RunCases(ctx context.Context, cases []*Case, o Options) *Report {
	now := o.Now
	if now == nil {
		now = time.Now
	}
	start := now()
	rep := &Report{Results: make([]Result, len(cases))}
	sem := make(chan struct{}, max(1, o.Parallel))
	// Parallel cases hold the read side, a sequential one the write side:
	// it runs with no other case.
	var alone sync.RWMutex
	var wg sync.WaitGroup
	for i, c := range cases {
		sem <- struct{}{}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-sem }()
			t0 := now()
			res := Result{Case: c}
			if err := ctx.Err(); err != nil {
				res.Diffs = []Diff{{Key: "error", Side: Model, Got: err.Error()}}
				rep.Results[i] = res
				return
			}
			p, err := o.Fire(c, o.Real)
			if err == nil {
				if p.Sequential {
					alone.Lock()
				} else {
					alone.RLock()
				}
				res.Run, err = p.Exec(ctx)
				if p.Sequential {
					alone.Unlock()
				} else {
					alone.RUnlock()
				}
			}
			if err != nil {
				res.Diffs = []Diff{{Key: "error", Side: Model, Got: err.Error()}}
			} else {
				res.Diffs = Check(c, res.Run)
				if o.Real {
					res.Diffs = append(res.Diffs, CheckReal(c, res.Run)...)
				}
			}
			res.Pass = len(res.Diffs) == 0
			res.Duration = now().Sub(t0)
			rep.Results[i] = res
		}()
	}
	wg.Wait()
	for _, r := range rep.Results {
		if r.Pass {
			rep.Passed++
		} else {
			rep.Failed++
		}
	}
	rep.Duration = now().Sub(start)
	return rep
}

// Got is what a run showed, in the terms of an expectation.
type Got struct {
	Decision string
	// ToolRuns is nil when the event has no such outcome.
	ToolRuns *bool
	// Reasons are the texts a reason expectation is matched against: the
	// aggregated reason, what the model gets instead of a result, the
	// output's reason field.
	Reasons []string
	Context string
	// ToolInput is what the tool is called with (BeforeTool), nil when
	// unknown.
	ToolInput *runner.Object
	// Hooks are the hooks that ran, in order: name (or command) and exit
	// code (-1 when the hook failed to run or finish).
	Hooks []GotHook
}

// GotHook is one hook that ran.
type GotHook struct {
	Name  string
	Exit  int
	Error string
}

// GotOf reads a run's report and outcome in the terms of an expectation.
// The decision is the aggregated output's as Gemini acts on it: none on
// an event where Gemini ignores decisions (runner.Stops).
func GotOf(rep *runner.Report, out runner.Outcome) Got {
	g := Got{Decision: "none", ToolRuns: out.ToolRuns, Context: out.Context}
	if rep.ToolCall != nil && rep.Event == "BeforeTool" {
		g.ToolInput = rep.ToolCall.Input
	}
	a := rep.Aggregate
	if runner.Stops(rep.Event) && a.Decision != "" {
		g.Decision = a.Decision
	}
	for _, s := range []string{a.Reason, out.ModelGets, reasonField(a.Output)} {
		if s != "" && !contains(g.Reasons, s) {
			g.Reasons = append(g.Reasons, s)
		}
	}
	if !runner.Stops(rep.Event) {
		g.Reasons = nil
	}
	for _, h := range rep.Hooks {
		gh := GotHook{Name: h.Name, Exit: -1, Error: h.Error}
		if gh.Name == "" {
			gh.Name = h.Command
		}
		if h.ExitCode != nil {
			gh.Exit = *h.ExitCode
		}
		g.Hooks = append(g.Hooks, gh)
	}
	return g
}

func reasonField(o *runner.Object) string {
	if o == nil {
		return ""
	}
	v, _ := o.Get("reason")
	s, _ := v.(string)
	return s
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

// Check compares a case's expectation with gh-hooks' run of it; a
// held-back hook is a difference of its own.
func Check(c *Case, r *Run) []Diff {
	if len(r.Held) == 0 {
		return compare(c, GotOf(r.Report, r.Outcome), Model, nil)
	}
	// What the held-back hooks would have done is unknown: the case
	// fails on that alone.
	var names []string
	for _, h := range r.Held {
		n := h.Name
		if n == "" {
			n = h.Command
		}
		names = append(names, n+" ("+h.Status+")")
	}
	got := strings.Join(names, ", ")
	if r.HeldFix != "" {
		got += "; " + r.HeldFix
	}
	return []Diff{{Key: "heldBack", Side: Model, Want: "every planned hook runs", Got: got}}
}

// compare checks each expectation given against g.
func compare(c *Case, g Got, side Side, held []Held) []Diff {
	e := c.Expect
	var diffs []Diff
	add := func(key, want, got string) {
		diffs = append(diffs, Diff{Key: key, Side: side, Want: want, Got: got, Line: e.Line[key]})
	}
	if e.Decision != nil && *e.Decision != g.Decision {
		add("decision", *e.Decision, g.Decision)
	}
	if e.ToolRuns != nil && (g.ToolRuns == nil || *g.ToolRuns != *e.ToolRuns) {
		add("toolRuns", fmt.Sprint(*e.ToolRuns), boolText(g.ToolRuns))
	}
	if e.Reason != nil {
		ok := false
		for _, s := range g.Reasons {
			ok = ok || strings.Contains(s, *e.Reason)
		}
		if !ok {
			got := "no reason"
			if len(g.Reasons) > 0 {
				got = quote(g.Reasons[0])
			}
			add("reason", "contains "+quote(*e.Reason), got)
		}
	}
	if e.Context != nil && !strings.Contains(g.Context, *e.Context) && !strings.Contains(unescapeContext(g.Context), *e.Context) {
		got := "no context"
		if g.Context != "" {
			got = quote(g.Context)
		}
		add("context", "contains "+quote(*e.Context), got)
	}
	if e.ToolInput != nil {
		for _, k := range e.ToolInput.Keys() {
			want, _ := e.ToolInput.Get(k)
			got := "absent"
			if g.ToolInput != nil {
				if v, ok := g.ToolInput.Get(k); ok {
					got = runner.Stringify(v)
				}
			}
			if w := runner.Stringify(want); w != got {
				diffs = append(diffs, Diff{Key: "toolInput." + k, Side: side, Want: w, Got: got, Line: e.Line["toolInput"]})
			}
		}
	}
	for _, h := range e.Hooks {
		var found *GotHook
		for i := range g.Hooks {
			if g.Hooks[i].Name == h.Name {
				found = &g.Hooks[i]
				break
			}
		}
		heldBack := false
		for _, x := range held {
			heldBack = heldBack || x.Name == h.Name || x.Name == "" && x.Command == h.Name
		}
		notRan := "did not run"
		if heldBack {
			notRan = "held back"
		}
		key := "hooks." + h.Name
		if h.Ran != nil && *h.Ran != (found != nil) {
			got := "ran"
			if found == nil {
				got = notRan
			}
			diffs = append(diffs, Diff{Key: key + ".ran", Side: side, Want: ranText(*h.Ran), Got: got, Line: h.Line})
		}
		if h.Exit != nil {
			switch {
			case found == nil:
				diffs = append(diffs, Diff{Key: key + ".exit", Side: side, Want: fmt.Sprint(*h.Exit), Got: notRan, Line: h.Line})
			case found.Exit != *h.Exit:
				got := fmt.Sprint(found.Exit)
				if found.Exit < 0 {
					got = "failed: " + found.Error
				}
				diffs = append(diffs, Diff{Key: key + ".exit", Side: side, Want: fmt.Sprint(*h.Exit), Got: got, Line: h.Line})
			}
		}
	}
	return diffs
}

func unescapeContext(s string) string {
	return strings.NewReplacer("&lt;", "<", "&gt;", ">").Replace(s)
}

func ranText(b bool) string {
	if b {
		return "ran"
	}
	return "did not run"
}

func boolText(b *bool) string {
	if b == nil {
		return "no such outcome"
	}
	return fmt.Sprint(*b)
}

func quote(s string) string {
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return fmt.Sprintf("%q", s)
}

// CheckReal compares a case's expectation with the real CLI's run of it
// (side Real), and lists where the real CLI and gh-hooks' model differ
// (side Between). What the real CLI does not show is not compared: a
// hook's context outside a tool's result, the hooks and decision of a
// run that exited before logging them.
func CheckReal(c *Case, r *Run) []Diff {
	if r.Real == nil {
		return nil
	}
	g := RealGot(c, r)
	e := c.Expect
	if r.Real.ExitedEarly {
		// Headless ask: the CLI exits before telemetry; only the tool's
		// fate is known.
		e = Expect{ToolRuns: e.ToolRuns, Line: e.Line}
	}
	if c.Event != "AfterTool" {
		e.Context = nil // only a tool's result shows it
	}
	e.ToolInput = nil // the real run's log does not show the call's parameters
	cc := *c
	cc.Expect = e
	diffs := compare(&cc, g, Real, nil)
	if r.Real.ExitedEarly && (r.Report.ToolCall == nil || r.Report.ToolCall.Outcome != runner.ToolAsk) && len(r.RealDiffs) == 0 {
		// Only a headless ask ends the real CLI before its log; anything
		// else leaves nothing to compare, which must not pass.
		diffs = append(diffs, Diff{Key: "real", Side: Between, Want: "the real CLI logs the hooks it ran", Got: "the real CLI exited before logging its hooks; gh-hooks' model says " + quote(r.Outcome.Says)})
	}
	for _, d := range r.RealDiffs {
		diffs = append(diffs, Diff{Key: "real", Side: Between, Want: "the real CLI does what gh-hooks' model says", Got: d})
	}
	return diffs
}

// RealGot reads the real CLI's result in the terms of an expectation:
// the hooks' outputs as Gemini logged them, aggregated by Gemini's
// strategy for the event (runner.MergeOutputs), whether the tool ran and
// what the model got.
func RealGot(c *Case, r *Run) Got {
	real := r.Real
	g := Got{Decision: "none", ToolRuns: real.ToolRan}
	var outputs []any
	for _, h := range real.Hooks {
		gh := GotHook{Name: h.Name, Exit: h.ExitCode, Error: h.Error}
		if h.Error != "" {
			gh.Exit = -1
		}
		g.Hooks = append(g.Hooks, gh)
		if h.Output == nil {
			continue
		}
		b, err := json.Marshal(h.Output)
		if err != nil {
			continue
		}
		if v, err := runner.ParseJSON(string(b)); err == nil && v != nil {
			outputs = append(outputs, v)
		}
	}
	merged, _ := runner.MergeOutputs(outputs, c.Event)
	if merged != nil && runner.Stops(c.Event) {
		if d, ok := merged.Get("decision"); ok {
			if s, ok := d.(string); ok && s != "" {
				g.Decision = s
			}
		}
		for _, k := range []string{"stopReason", "reason"} {
			if v, ok := merged.Get(k); ok {
				if s, ok := v.(string); ok && s != "" {
					g.Reasons = append(g.Reasons, s)
				}
			}
		}
		if h, ok := merged.Get("hookSpecificOutput"); ok {
			if o, ok := h.(*runner.Object); ok {
				if v, ok := o.Get("additionalContext"); ok {
					g.Context, _ = v.(string)
				}
			}
		}
	}
	if real.ModelGot != "" {
		g.Reasons = append(g.Reasons, real.ModelGot)
		if c.Event == "AfterTool" {
			g.Context = real.ModelGot
		}
	}
	return g
}
