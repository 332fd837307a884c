package merge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/internal/testenv"
	"github.com/gh-hooks/gh-hooks/layers"
)

// TestOracleScenarios replays every effective.mjs case recorded from the
// real Gemini CLI 0.61.0 code (../shared/oracle/scenarios) and compares the
// active hooks per event and the plan.
func TestOracleScenarios(t *testing.T) {
	dir := testenv.SharedDir(t, "oracle/scenarios")
	cases, _ := filepath.Glob(filepath.Join(dir, "*", "cases.json"))
	n := 0
	for _, cf := range cases {
		scen := filepath.Dir(cf)
		var spec struct {
			Cases []struct {
				Name     string
				Tool     string
				Args     []string
				Setup    []map[string]json.RawMessage
				Requires []string
			}
		}
		readJSON(t, cf, &spec)
		var expected struct {
			Cases map[string]struct {
				ExitCode int             `json:"exit_code"`
				Output   json.RawMessage `json:"output"`
			}
		}
		readJSON(t, filepath.Join(scen, "expected.json"), &expected)
		for _, c := range spec.Cases {
			if c.Tool != "effective" {
				continue
			}
			n++
			t.Run(filepath.Base(scen)+"/"+c.Name, func(t *testing.T) {
				tmp := t.TempDir()
				sub := func(s string) string {
					return strings.NewReplacer("${S}", scen, "${TMP}", tmp).Replace(s)
				}
				for _, req := range c.Requires {
					if req == "root-owned" {
						if why := layers.CheckSecure(filepath.Join(scen, "system", "settings.json")); why != "" {
							t.Skipf("skipping: the case needs a root-owned checkout for system files: %s", why)
						}
					}
				}
				for _, step := range c.Setup {
					runSetup(t, step, sub)
				}
				env, project, plan, tool, trigger := oracleArgs(c.Args, tmp, sub)
				real, _ := filepath.EvalSymlinks(project)
				set, err := layers.Load(layers.Options{ProjectDir: real, Env: layers.MapEnv(env)})
				if err != nil {
					t.Fatal(err)
				}
				r := Merge(set)
				var want struct {
					FatalError        *json.RawMessage    `json:"fatal_error"`
					HookSystemEnabled bool                `json:"hook_system_enabled"`
					Active            map[string][]string `json:"active"`
					Plan              *struct {
						WillRun      bool     `json:"will_run"`
						Execution    *string  `json:"execution"`
						Matched      []string `json:"matched"`
						Deduplicated []string `json:"deduplicated"`
						Hooks        []struct {
							ID string `json:"id"`
						} `json:"hooks"`
						Error *json.RawMessage `json:"error"`
					} `json:"plan"`
				}
				if err := json.Unmarshal(expected.Cases[c.Name].Output, &want); err != nil {
					t.Fatal(err)
				}
				if got := set.Fatal() || r.Crash != ""; got != (want.FatalError != nil) {
					t.Fatalf("fatal = %v, oracle fatal_error = %s", got, deref(want.FatalError))
				}
				if want.FatalError != nil {
					return
				}
				if r.HooksEnabled != want.HookSystemEnabled {
					t.Errorf("hooks enabled = %v, oracle %v", r.HooksEnabled, want.HookSystemEnabled)
				}
				got := map[string][]string{}
				for _, h := range r.Hooks {
					if h.Registered && h.Enabled && r.HooksEnabled {
						got[h.Event] = append(got[h.Event], h.ID)
					}
				}
				if want.Active == nil {
					want.Active = map[string][]string{}
				}
				if d := cmp.Diff(want.Active, got); d != "" {
					t.Errorf("active hooks per event (-oracle +gh-hooks):\n%s", d)
				}
				if plan == "" || want.Plan == nil {
					return
				}
				p := r.Plan(plan, tool, trigger)
				var wantIDs []string
				for _, h := range want.Plan.Hooks {
					wantIDs = append(wantIDs, h.ID)
				}
				exec := ""
				if want.Plan.Execution != nil {
					exec = *want.Plan.Execution
				}
				type planView struct {
					Runs          bool
					Execution     string
					Hooks, Dedups []string
					Error         bool
				}
				wantView := planView{want.Plan.WillRun, exec, wantIDs, want.Plan.Deduplicated, want.Plan.Error != nil}
				gotView := planView{p.Runs, p.Execution, p.Hooks, p.Deduplicated, p.Error != ""}
				if d := cmp.Diff(wantView, gotView, cmp.Transformer("nilToEmpty", func(s []string) []string {
					if s == nil {
						return []string{}
					}
					return s
				})); d != "" {
					t.Errorf("plan %s tool=%q trigger=%q (-oracle +gh-hooks):\n%s", plan, tool, trigger, d)
				}
			})
		}
	}
	if n == 0 {
		t.Fatal("no effective cases found")
	}
}

// oracleArgs reads an effective.mjs case's command line: the environment
// it runs in (the system files absent unless it names them), the project
// and the plan it asks for.
func oracleArgs(args []string, tmp string, sub func(string) string) (env map[string]string, project, plan, tool, trigger string) {
	env = map[string]string{
		"GEMINI_CLI_SYSTEM_SETTINGS_PATH": filepath.Join(tmp, "absent", "settings.json"),
		"GEMINI_CLI_SYSTEM_DEFAULTS_PATH": filepath.Join(tmp, "absent", "system-defaults.json"),
	}
	for i := 0; i < len(args); i++ {
		a := args[i]
		next := func() string { i++; return sub(args[i]) }
		switch a {
		case "--home":
			h := next()
			env["HOME"], env["GEMINI_CLI_HOME"] = h, h
		case "--project":
			project = next()
		case "--trust-workspace":
			env["GEMINI_CLI_TRUST_WORKSPACE"] = "true"
		case "--env":
			k, v, _ := strings.Cut(next(), "=")
			env[k] = v
		case "--system":
			env["GEMINI_CLI_SYSTEM_SETTINGS_PATH"] = next()
		case "--system-defaults":
			if v := next(); v == "follow" {
				delete(env, "GEMINI_CLI_SYSTEM_DEFAULTS_PATH")
			} else {
				env["GEMINI_CLI_SYSTEM_DEFAULTS_PATH"] = v
			}
		case "--plan":
			plan = next()
		case "--tool":
			tool = next()
		case "--trigger":
			trigger = next()
		case "--core":
			next()
		}
	}
	return env, project, plan, tool, trigger
}

func deref(r *json.RawMessage) string {
	if r == nil {
		return "null"
	}
	return string(*r)
}

func readJSON(t *testing.T, path string, v any) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, v); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
}

func runSetup(t *testing.T, step map[string]json.RawMessage, sub func(string) string) {
	t.Helper()
	keys := make([]string, 0, len(step))
	for k := range step {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		switch k {
		case "copy":
			var ft []string
			json.Unmarshal(step[k], &ft)
			if err := os.CopyFS(sub(ft[1]), os.DirFS(sub(ft[0]))); err != nil {
				t.Fatal(err)
			}
			// CopyFS keeps read-only modes from the shared tree; make it ours.
			filepath.Walk(sub(ft[1]), func(p string, fi os.FileInfo, err error) error {
				if err == nil {
					os.Chmod(p, fi.Mode()|0o200)
				}
				return nil
			})
		case "write":
			var w struct{ Path, Content string }
			json.Unmarshal(step[k], &w)
			os.MkdirAll(filepath.Dir(sub(w.Path)), 0o755)
			if err := os.WriteFile(sub(w.Path), []byte(sub(w.Content)), 0o644); err != nil {
				t.Fatal(err)
			}
		case "mkdir":
			var d string
			json.Unmarshal(step[k], &d)
			os.MkdirAll(sub(d), 0o755)
		default:
			t.Skipf("skipping: setup step %q is not modelled by this test", k)
		}
	}
}
