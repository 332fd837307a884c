package cli

import (
	"encoding/xml"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/gh-hooks/gh-hooks/hooktest"
	"github.com/gh-hooks/gh-hooks/internal/visible"
)

// printTest renders a test run in o.Format.
func printTest(o *testOptions, project string, files []*hooktest.File, rep *hooktest.Report) error {
	switch o.Format {
	case formatJSON:
		return writeJSON(o.Stdout, testJSONOf(project, files, rep))
	case "junit":
		return writeJUnit(o.Stdout, files, rep, o.Real)
	case formatGitHub:
		if err := writeTestGitHub(o.Stdout, o.reportBase(project), rep, o.Real); err != nil {
			return err
		}
		printTestSummary(newOut(o.env), rep)
		return nil
	}
	printTestText(newOut(o.env), rep, o.Real)
	return nil
}

// seconds is a duration as go test prints it: 0.01s.
func seconds(d time.Duration) string { return fmt.Sprintf("%.2fs", d.Seconds()) }

// sideLabel names who disagreed, with --real only (without it every
// difference is gh-hooks' model's).
func sideLabel(s hooktest.Side, real bool) string {
	if !real {
		return ""
	}
	switch s {
	case hooktest.Real:
		return " [real CLI]"
	case hooktest.Between:
		return " [gh-hooks' model vs the real CLI]"
	}
	return " [gh-hooks' model]"
}

// diffText is one difference in words: "decision: expected deny, got
// allow".
func diffText(d hooktest.Diff, real bool) string {
	switch d.Key {
	case "error":
		return "could not run" + sideLabel(d.Side, real) + ": " + d.Got
	case "heldBack":
		return "hooks held back, so the case cannot pass" + sideLabel(d.Side, real) + ": " + d.Got
	case "real":
		return "differs" + sideLabel(d.Side, real) + ": " + d.Got
	}
	return fmt.Sprintf("%s%s: expected %s, got %s", d.Key, sideLabel(d.Side, real), d.Want, d.Got)
}

// diffLine is where a difference points in the test file: the key's
// line, else the case's.
func diffLine(c *hooktest.Case, d hooktest.Diff) int {
	if d.Line > 0 {
		return d.Line
	}
	return c.Line
}

func printTestText(o *out, rep *hooktest.Report, real bool) {
	for _, r := range rep.Results {
		skipped := ""
		if r.Run != nil && r.Run.RealSkipped != "" {
			skipped = " [model only: the real CLI was not run: " + r.Run.RealSkipped + "]"
		}
		if r.Pass {
			o.para(6, "%s  %s (%s)%s", o.green("ok  "), r.Case.Name, seconds(r.Duration), skipped)
			continue
		}
		o.para(6, "%s  %s (%s)%s", o.red("FAIL"), r.Case.Name, seconds(r.Duration), skipped)
		for _, d := range r.Diffs {
			o.para(8, "      %s:%d: %s", r.Case.File, diffLine(r.Case, d), diffText(d, real))
		}
	}
	printTestSummary(o, rep)
}

func printTestSummary(o *out, rep *hooktest.Report) {
	n := len(rep.Results)
	if rep.Failed == 0 {
		o.printf("%s %d %s passed (%s)\n", o.green("ok:"), n, plural(n, "case", "cases"), seconds(rep.Duration))
		return
	}
	o.printf("%s %d of %d %s failed (%s)\n", o.red("FAIL:"), rep.Failed, n, plural(n, "case", "cases"), seconds(rep.Duration))
}

// testJSON is test --format json: one object.
type testJSON struct {
	Project    string         `json:"project"`
	Files      []string       `json:"files"`
	Cases      []testCaseJSON `json:"cases"`
	Passed     int            `json:"passed"`
	Failed     int            `json:"failed"`
	DurationMS int64          `json:"durationMs"`
}

type testCaseJSON struct {
	Name       string          `json:"name"`
	File       string          `json:"file"`
	Line       int             `json:"line"`
	Event      string          `json:"event"`
	Tool       string          `json:"tool,omitempty"`
	Trigger    string          `json:"trigger,omitempty"`
	Pass       bool            `json:"pass"`
	DurationMS int64           `json:"durationMs"`
	Diffs      []hooktest.Diff `json:"diffs"`
	Got        *testGotJSON    `json:"got,omitempty"`
	Real       *testGotJSON    `json:"real,omitempty"`
	// RealSkipped says why --real did not run the case through the real
	// CLI.
	RealSkipped string          `json:"realSkipped,omitempty"`
	HeldBack    []hooktest.Held `json:"heldBack,omitempty"`
}

// testGotJSON is what a run showed, in the expectation's terms.
type testGotJSON struct {
	Decision string         `json:"decision"`
	ToolRuns *bool          `json:"toolRuns,omitempty"`
	Reasons  []string       `json:"reasons"`
	Context  string         `json:"context,omitempty"`
	Hooks    []testHookJSON `json:"hooks"`
}

type testHookJSON struct {
	Name  string `json:"name"`
	Exit  int    `json:"exit"`
	Error string `json:"error,omitempty"`
}

func gotJSON(g hooktest.Got) *testGotJSON {
	j := &testGotJSON{Decision: g.Decision, ToolRuns: g.ToolRuns, Reasons: nonNil(g.Reasons), Context: g.Context, Hooks: []testHookJSON{}}
	for _, h := range g.Hooks {
		j.Hooks = append(j.Hooks, testHookJSON(h))
	}
	return j
}

func testJSONOf(project string, files []*hooktest.File, rep *hooktest.Report) testJSON {
	j := testJSON{Project: project, Files: []string{}, Cases: []testCaseJSON{}, Passed: rep.Passed, Failed: rep.Failed, DurationMS: rep.Duration.Milliseconds()}
	for _, f := range files {
		j.Files = append(j.Files, f.Path)
	}
	for _, r := range rep.Results {
		c := r.Case
		cj := testCaseJSON{Name: c.Name, File: c.File, Line: c.Line, Event: c.Event, Tool: c.Tool, Trigger: c.Trigger,
			Pass: r.Pass, DurationMS: r.Duration.Milliseconds(), Diffs: nonNil(r.Diffs)}
		if r.Run != nil {
			cj.Got = gotJSON(hooktest.GotOf(r.Run.Report, r.Run.Outcome))
			cj.HeldBack = r.Run.Held
			cj.RealSkipped = r.Run.RealSkipped
			if r.Run.Real != nil {
				cj.Real = gotJSON(hooktest.RealGot(c, r.Run))
			}
		}
		j.Cases = append(j.Cases, cj)
	}
	return j
}

// JUnit XML, as Jenkins' junit-10.xsd (jenkinsci/xunit-plugin) defines
// it, which GitLab, Jenkins and the GitHub test-report actions read: a
// testsuite per file (file names it), a testcase per case (name,
// classname, time only: the schema allows no file or line there, so the
// failure's text carries path:line), a failure per failed case.
type junitSuites struct {
	XMLName  xml.Name     `xml:"testsuites"`
	Name     string       `xml:"name,attr"`
	Tests    int          `xml:"tests,attr"`
	Failures int          `xml:"failures,attr"`
	Errors   int          `xml:"errors,attr"`
	Time     string       `xml:"time,attr"`
	Suites   []junitSuite `xml:"testsuite"`
}

type junitSuite struct {
	Name     string      `xml:"name,attr"`
	Tests    int         `xml:"tests,attr"`
	Failures int         `xml:"failures,attr"`
	Errors   int         `xml:"errors,attr"`
	Skipped  int         `xml:"skipped,attr"`
	Time     string      `xml:"time,attr"`
	File     string      `xml:"file,attr"`
	Cases    []junitCase `xml:"testcase"`
}

type junitCase struct {
	Name      string        `xml:"name,attr"`
	Classname string        `xml:"classname,attr"`
	Time      string        `xml:"time,attr"`
	Failure   *junitFailure `xml:"failure"`
}

type junitFailure struct {
	Message string `xml:"message,attr"`
	Type    string `xml:"type,attr"`
	Text    string `xml:",chardata"`
}

// junitTime is a duration in seconds as the schema's SUREFIRE_TIME
// takes it: digits, a point, digits.
func junitTime(d time.Duration) string { return strconv.FormatFloat(d.Seconds(), 'f', 3, 64) }

// xmlSafe drops what XML 1.0 cannot hold (control characters other than
// tab and newline) by making it visible.
func xmlSafe(s string) string {
	return strings.Map(func(r rune) rune {
		if r == '\t' || r == '\n' || r >= 0x20 && r != 0xFFFE && r != 0xFFFF {
			return r
		}
		return -1
	}, visible.Escape(s))
}

func writeJUnit(w io.Writer, files []*hooktest.File, rep *hooktest.Report, real bool) error {
	root := junitSuites{Name: "gh-hooks test", Time: junitTime(rep.Duration)}
	index := map[string]int{}
	for _, f := range files {
		index[f.Path] = len(root.Suites)
		root.Suites = append(root.Suites, junitSuite{Name: xmlSafe(f.Path), File: xmlSafe(f.Path)})
	}
	var total []time.Duration = make([]time.Duration, len(root.Suites))
	for _, r := range rep.Results {
		i, ok := index[r.Case.File]
		if !ok {
			continue
		}
		s := &root.Suites[i]
		jc := junitCase{Name: xmlSafe(r.Case.Name), Classname: xmlSafe(r.Case.File), Time: junitTime(r.Duration)}
		if !r.Pass {
			var msgs, text []string
			for _, d := range r.Diffs {
				msgs = append(msgs, diffText(d, real))
				text = append(text, xmlSafe(fmt.Sprintf("%s:%d: %s", r.Case.File, diffLine(r.Case, d), diffText(d, real))))
			}
			jc.Failure = &junitFailure{Message: xmlSafe(strings.Join(msgs, "; ")), Type: "expectation", Text: strings.Join(text, "\n")}
			s.Failures++
			root.Failures++
		}
		s.Tests++
		root.Tests++
		total[i] += r.Duration
		s.Cases = append(s.Cases, jc)
	}
	for i := range root.Suites {
		root.Suites[i].Time = junitTime(total[i])
	}
	out, err := xml.MarshalIndent(root, "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintf(w, "%s%s\n", xml.Header, out)
	return err
}

// ghLocation is the properties of a GitHub annotation on the file abs
// (an absolute path) at line and col.
func ghLocation(base, abs string, line, col int, title string) string {
	var props []string
	if rel, ok := relPath(base, abs); ok {
		props = append(props, "file="+ghProperty(visible.Escape(rel)))
		if line > 0 {
			props = append(props, "line="+strconv.Itoa(line))
			if col > 0 {
				props = append(props, "col="+strconv.Itoa(col))
			}
		}
	}
	props = append(props, "title="+ghProperty(visible.Escape(title)))
	return strings.Join(props, ",")
}

// visibleMsg is a message and its hint for an annotation, escaped.
func visibleMsg(msg, hint string) string {
	s := visible.Escape(msg)
	if hint != "" {
		s += "\nhint: " + visible.Escape(hint)
	}
	return s
}

// writeTestGitHub prints an ::error annotation per difference of each
// failed case, on the line of the expectation (or the case).
func writeTestGitHub(w io.Writer, base string, rep *hooktest.Report, real bool) error {
	var b strings.Builder
	for _, r := range rep.Results {
		if r.Pass {
			continue
		}
		for _, d := range r.Diffs {
			fmt.Fprintf(&b, "::error %s::%s\n", ghLocation(base, r.Case.Abs, diffLine(r.Case, d), 0, "gh-hooks test: "+r.Case.Name),
				ghData(visible.Escape(diffText(d, real))))
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
