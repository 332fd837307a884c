package cli

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/gh-hooks/gh-hooks/config"
)

// sarifProblems covers every shape a problem takes: a file inside the base
// and outside it, a path with a space and a '#', each severity, a problem
// without position, two results of one code with different hints, and a
// message with a newline and a control character from a hostile file.
var sarifProblems = []config.Problem{
	{Severity: config.SevError, Code: "script-missing", Path: "/work/p/.gemini/settings.json", Pointer: "/hooks/BeforeTool/0/hooks/0/command",
		Line: 5, Column: 38, Message: "the script /work/p/gone.sh does not exist", Hint: "create the script"},
	{Severity: config.SevWarning, Code: "timeout-seconds", Path: "/work/p/dir with space/#x.json", Line: 1, Column: 1,
		Message: "timeout is 30 ms\nsecond line \x1b[31m", Hint: "write 30000"},
	{Severity: config.SevWarning, Code: "timeout-seconds", Path: "/work/p/.gemini/settings.json", Line: 9, Column: 3,
		Message: "timeout is 5 ms", Hint: "write 5000"},
	{Severity: config.SevInfo, Code: "folder-untrusted", Path: "/home/u/.gemini/settings.json", Message: "folder is not trusted"},
}

// TestSARIFFields checks what GitHub code scanning reads: ruleId, ruleIndex pointing at the
// rule, level, message, relative uri with its base, region.
func TestSARIFFields(t *testing.T) {
	rep, err := buildSARIF("/work/p", sarifProblems, validateSummary)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}

	// The fields code scanning needs, read back from the bytes.
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			ColumnKind         string                          `json:"columnKind"`
			OriginalURIBaseIDs map[string]struct{ URI string } `json:"originalUriBaseIds"`
			Tool               struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct{ Text string }
						Help             struct{ Text string }
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Message   struct{ Text string }
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI       string `json:"uri"`
							URIBaseID string `json:"uriBaseId"`
						} `json:"artifactLocation"`
						Region *struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(buf.Bytes(), &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	if run.Tool.Driver.Name != "gh-hooks" || run.ColumnKind != "unicodeCodePoints" || run.OriginalURIBaseIDs[srcRoot].URI != "file:///work/p/" {
		t.Errorf("run: driver %q, columnKind %q, base %+v", run.Tool.Driver.Name, run.ColumnKind, run.OriginalURIBaseIDs)
	}
	type rule struct{ ID, Short, Help string }
	var rules []rule
	for _, r := range run.Tool.Driver.Rules {
		rules = append(rules, rule{r.ID, r.ShortDescription.Text, r.Help.Text})
	}
	wantRules := []rule{
		{"folder-untrusted", "The folder is not trusted, so Gemini runs no settings hook at all, only extension hooks.",
			"The folder is not trusted, so Gemini runs no settings hook at all, only extension hooks. Each result's message ends with the fix for that finding."},
		{"script-missing", "The script a hook runs does not exist: every run fails with exit 127, which Gemini reads as a deny on the events whose exit codes block (an error there) and shows as a warning on the others.", "create the script"},
		{"timeout-seconds", "A timeout that looks like seconds; Gemini reads milliseconds.",
			"A timeout that looks like seconds; Gemini reads milliseconds. Each result's message ends with the fix for that finding."},
	}
	if diff := cmp.Diff(wantRules, rules); diff != "" {
		t.Errorf("rules (-want +got):\n%s", diff)
	}
	type result struct {
		Rule, Level, Msg, URI, Base string
		Index, Line, Col            int
	}
	var got []result
	for _, r := range run.Results {
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("result %s has ruleIndex %d, which is rule %s", r.RuleID, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
		res := result{Rule: r.RuleID, Level: r.Level, Msg: r.Message.Text, Index: r.RuleIndex}
		if len(r.Locations) > 0 {
			pl := r.Locations[0].PhysicalLocation
			res.URI, res.Base = pl.ArtifactLocation.URI, pl.ArtifactLocation.URIBaseID
			if pl.Region != nil {
				res.Line, res.Col = pl.Region.StartLine, pl.Region.StartColumn
			}
		}
		got = append(got, res)
	}
	want := []result{
		{"script-missing", "error", "the script /work/p/gone.sh does not exist\nhint: create the script", ".gemini/settings.json", srcRoot, 1, 5, 38},
		{"timeout-seconds", "warning", "timeout is 30 ms\nsecond line \\x1b[31m\nhint: write 30000", "dir%20with%20space/%23x.json", srcRoot, 2, 1, 1},
		{"timeout-seconds", "warning", "timeout is 5 ms\nhint: write 5000", ".gemini/settings.json", srcRoot, 2, 9, 3},
		// Outside the repository: no file: URI into the home, the message
		// says where.
		{"folder-untrusted", "note", "outside the repository, in /home/u/.gemini/settings.json: folder is not trusted", "", "", 0, 0, 0},
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("results (-want +got):\n%s", diff)
	}
	if !strings.HasSuffix(buf.String(), "}\n") {
		t.Error("the log does not end with a newline")
	}
}

// TestSARIFEmpty: a clean run is a valid log with an empty results list,
// which GitHub needs to close earlier alerts.
func TestSARIFEmpty(t *testing.T) {
	rep, err := buildSARIF("/work/p", nil, validateSummary)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), `"results": []`) {
		t.Errorf("no empty results list:\n%s", buf.String())
	}
}

func TestGitHubAnnotations(t *testing.T) {
	ps := []config.Problem{
		{Severity: config.SevError, Code: "script-missing", Path: "/w/p/.gemini/settings.json", Line: 5, Column: 38,
			Message: "100% broken: a, b\r\n::error::injected", Hint: "fix it"},
		{Severity: config.SevWarning, Code: "timeout-seconds", Path: "/w/p/a:b,c.json", Line: 2, Column: 1, Message: "w"},
		{Severity: config.SevInfo, Code: "folder-untrusted", Path: "/elsewhere/settings.json", Message: "n\x1b[2J"},
		{Severity: config.SevWarning, Code: "read-error", Line: 3, Message: "no file"},
	}
	var buf bytes.Buffer
	if err := writeGitHub(&buf, "/w/p", ps); err != nil {
		t.Fatal(err)
	}
	want := "::error file=.gemini/settings.json,line=5,col=38,title=script-missing::100%25 broken: a, b\\r\\n::error::injected%0Ahint: fix it\n" +
		"::warning file=a%3Ab%2Cc.json,line=2,col=1,title=timeout-seconds::w\n" +
		"::notice title=folder-untrusted::outside the repository, in /elsewhere/settings.json: n\\x1b[2J\n" +
		"::warning title=read-error::no file\n"
	if diff := cmp.Diff(want, buf.String()); diff != "" {
		t.Errorf("annotations (-want +got):\n%s", diff)
	}
	// Every problem is exactly one line: nothing in a message can start a
	// workflow command of its own.
	if n := strings.Count(buf.String(), "\n"); n != len(ps) {
		t.Errorf("%d lines for %d problems", n, len(ps))
	}
}

func TestReportFlagsCheck(t *testing.T) {
	known := []string{"script-missing", "timeout-seconds"}
	tests := []struct {
		name    string
		flags   reportFlags
		format  string
		ignored []string
		err     string
	}{
		{name: "default", flags: reportFlags{Format: "text"}, format: "text"},
		{name: "json alias", flags: reportFlags{Format: "text", JSON: true}, format: "json"},
		{name: "json twice", flags: reportFlags{Format: "json", JSON: true}, format: "json"},
		{name: "json and sarif", flags: reportFlags{Format: "sarif", JSON: true}, err: "--json and --format sarif contradict each other; give one"},
		{name: "unknown format", flags: reportFlags{Format: "sarf"}, err: `unknown format "sarf"`},
		{name: "ignore comma and repeat", flags: reportFlags{Format: "github", Ignore: []string{"script-missing,timeout-seconds", "script-missing"}},
			format: "github", ignored: []string{"script-missing", "timeout-seconds"}},
		{name: "unknown code", flags: reportFlags{Format: "text", Ignore: []string{"script-mising"}}, err: `unknown problem code "script-mising"`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := tt.flags
			err := f.check(known)
			if tt.err != "" {
				if err == nil || err.Error() != tt.err {
					t.Fatalf("err = %v, want %q", err, tt.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			var ignored []string
			for _, c := range known {
				if f.ignored[c] {
					ignored = append(ignored, c)
				}
			}
			if diff := cmp.Diff(tt.ignored, ignored); diff != "" || f.Format != tt.format {
				t.Errorf("format %q (want %q), ignored (-want +got):\n%s", f.Format, tt.format, diff)
			}
		})
	}
}

// TestSARIFNoPath: a problem about no file is a result without location.
func TestSARIFNoPath(t *testing.T) {
	rep, err := buildSARIF("/work/p", []config.Problem{{Severity: config.SevWarning, Code: "read-error", Message: "m"}}, validateSummary)
	if err != nil {
		t.Fatal(err)
	}
	var buf bytes.Buffer
	if err := writeSARIF(&buf, rep); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), `"locations"`) || !strings.Contains(buf.String(), `"ruleId": "read-error"`) {
		t.Errorf("want one result without locations:\n%s", buf.String())
	}
}
