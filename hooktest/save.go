package hooktest

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/runner"
)

// Saved is a case as `run --save-test` writes it: the event, tool or
// trigger, the --input override and, as the expectation, what the run
// gave.
type Saved struct {
	Name                 string
	Event, Tool, Trigger string
	// Input is run's --input JSON object (nil for none).
	Input []byte
}

// ExpectOf is r's outcome as an expectation that holds for it: the
// decision, whether the tool runs (BeforeTool), the reason of a block,
// the context, the rewritten parameters, and each hook that ran with its
// exit code. Only what can hold on the event is included (Impossible).
func ExpectOf(event string, r *Run) Expect {
	g := GotOf(r.Report, r.Outcome)
	e := Expect{Decision: &g.Decision, ToolRuns: g.ToolRuns, Line: map[string]int{}}
	if r.Report.Aggregate.Blocks && r.Report.Aggregate.Reason != "" {
		e.Reason = &r.Report.Aggregate.Reason
	} else if len(g.Reasons) > 0 && runner.Stops(event) {
		e.Reason = &g.Reasons[0]
	}
	if g.Context != "" {
		e.Context = &g.Context
	}
	if tc := r.Report.ToolCall; tc != nil && tc.Rewritten && event == "BeforeTool" {
		e.ToolInput = tc.Input
	}
	seen := map[string]bool{}
	for _, h := range g.Hooks {
		if seen[h.Name] {
			continue // two hooks of one name: the expectation names the first
		}
		seen[h.Name] = true
		ran := true
		he := HookExpect{Name: h.Name, Ran: &ran}
		if h.Exit >= 0 {
			x := h.Exit
			he.Exit = &x
		}
		e.Hooks = append(e.Hooks, he)
	}
	return e
}

// ErrNotYAML is Append's error for a test file that is not YAML: it
// appends to YAML files only (a JSON file would have to be rewritten).
var ErrNotYAML = errors.New("--save-test appends to YAML test files only")

// Append adds case s with expectation e at the end of the tests list of
// the YAML test file path (created, with its directories, when missing)
// and returns the case's name: s.Name, or a name made from the event and
// outcome, made unique in the file with " (2)", " (3)", .... The bytes
// already in the file stay as they are; the new file is parsed before it
// is written, and written atomically (config.WriteFile). A path inside
// project is read and written through the project's root, so a link out
// of it is refused.
func Append(project, path string, s Saved, e Expect) (string, error) {
	if !IsTestFile(path) {
		return "", &Error{Path: path, Msg: "not a test file name", Hint: "name a .yaml file, e.g. .gemini/hooks.test.yaml"}
	}
	if strings.EqualFold(filepath.Ext(path), ".json") {
		return "", &Error{Path: path, Msg: ErrNotYAML.Error(), Hint: "save to a .yaml file beside it, e.g. .gemini/tests/saved.yaml"}
	}
	within := ""
	if r, err := filepath.Rel(project, path); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
		within = project
	}
	unlock := func() {}
	if _, err := os.Stat(filepath.Dir(path)); err == nil {
		u, err := config.LockDir(filepath.Dir(path), config.WriteOptions{})
		if err != nil {
			return "", err
		}
		unlock = u
	}
	defer unlock()
	old, err := readExisting(within, path)
	if err != nil {
		return "", err
	}
	var names map[string]bool
	indent := 2
	if old != nil {
		f, errs := Parse(path, old)
		if len(errs) > 0 {
			return "", errs
		}
		names = map[string]bool{}
		for _, c := range f.Cases {
			names[c.Name] = true
		}
		if indent, err = appendIndent(path, old); err != nil {
			return "", err
		}
	}
	name := s.Name
	if name == "" {
		name = defaultName(s, e)
	}
	for i := 2; names[name]; i++ {
		base := s.Name
		if base == "" {
			base = defaultName(s, e)
		}
		name = fmt.Sprintf("%s (%d)", base, i)
	}
	s.Name = name
	item, err := caseYAML(s, e, indent)
	if err != nil {
		return "", err
	}
	var data []byte
	if old == nil {
		data = append([]byte("# Hook tests: gh-hooks test runs them (gh-hooks test --help).\ntests:\n"), item...)
	} else {
		data = append([]byte{}, old...)
		if len(data) > 0 && data[len(data)-1] != '\n' {
			data = append(data, '\n')
		}
		data = append(append(data, '\n'), item...)
	}
	f, errs := Parse(path, data)
	if len(errs) > 0 || len(f.Cases) == 0 || f.Cases[len(f.Cases)-1].Name != name {
		return "", &Error{Path: path, Msg: "the case cannot be appended: the file would not read back with it last", Hint: "end the file with its tests: list, or save to a new file"}
	}
	if err := config.WriteFile(path, data, 0o644, config.WriteOptions{Within: within, NoLock: true}); err != nil {
		return "", err
	}
	return name, nil
}

// readExisting reads the test file at path, nil when it does not exist.
func readExisting(within, path string) ([]byte, error) {
	root, rel := filepath.Dir(path), filepath.Base(path)
	if within != "" {
		root, _ = filepath.Abs(within)
		rel, _ = filepath.Rel(root, path)
	}
	r, err := os.OpenRoot(root)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, &Error{Path: path, Msg: errText(err)}
	}
	defer r.Close()
	if _, err := r.Lstat(rel); errors.Is(err, fs.ErrNotExist) {
		// A dangling link is refused when it is written (Within).
		return nil, nil
	}
	data, rerr := read(Source{Name: path, Root: root, Rel: rel})
	if rerr != nil {
		return nil, rerr
	}
	return data, nil
}

// appendIndent checks that the file's tests list is its last key and a
// block list, so that text added at the end is one more item, and
// returns the column of its dashes minus one.
func appendIndent(path string, data []byte) (int, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil || len(doc.Content) != 1 {
		return 0, &Error{Path: path, Msg: "cannot read the file", Hint: "gh-hooks test " + path + " says what is wrong"}
	}
	root := doc.Content[0]
	n := len(root.Content)
	if root.Kind != yaml.MappingNode || n < 2 || root.Content[n-2].Value != "tests" {
		return 0, &Error{Path: path, Line: root.Line, Column: root.Column, Msg: "tests is not the file's last key", Hint: "move tests: to the end of the file, or save to a new file"}
	}
	seq := root.Content[n-1]
	if seq.Kind != yaml.SequenceNode || seq.Style&yaml.FlowStyle != 0 || len(seq.Content) == 0 {
		return 0, &Error{Path: path, Line: seq.Line, Column: seq.Column, Msg: "tests is not a block list (- name: ...) with a case", Hint: "write the cases as a block list, or save to a new file"}
	}
	// The first item's mapping starts two columns after its dash.
	first := seq.Content[0]
	return max(0, first.Column-3), nil
}

// defaultName is "EVENT TOOL-or-TRIGGER: DECISION".
func defaultName(s Saved, e Expect) string {
	n := s.Event
	switch {
	case s.Tool != "":
		n += " " + s.Tool
	case s.Trigger != "":
		n += " " + s.Trigger
	}
	if e.Decision != nil {
		n += ": " + *e.Decision
	}
	return n
}

// caseYAML is s and e as one item of a block list, its dash at column
// indent+1.
func caseYAML(s Saved, e Expect, indent int) ([]byte, error) {
	m := mapping()
	add := func(k string, v *yaml.Node) { m.Content = append(m.Content, str(k), v) }
	add("name", str(s.Name))
	add("event", str(s.Event))
	if s.Tool != "" {
		add("tool", str(s.Tool))
	}
	if s.Trigger != "" {
		add("trigger", str(s.Trigger))
	}
	if len(s.Input) > 0 {
		v, err := runner.ParseJSON(string(s.Input))
		if err != nil {
			return nil, err
		}
		add("input", node(v))
	}
	x := mapping()
	xadd := func(k string, v *yaml.Node) { x.Content = append(x.Content, str(k), v) }
	if e.Decision != nil {
		xadd("decision", str(*e.Decision))
	}
	if e.ToolRuns != nil {
		xadd("toolRuns", &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(*e.ToolRuns)})
	}
	if e.Reason != nil {
		xadd("reason", str(*e.Reason))
	}
	if e.Context != nil {
		xadd("context", str(*e.Context))
	}
	if e.ToolInput != nil {
		xadd("toolInput", node(e.ToolInput))
	}
	if len(e.Hooks) > 0 {
		hs := mapping()
		for _, h := range e.Hooks {
			hm := mapping()
			hm.Style = yaml.FlowStyle
			if h.Ran != nil {
				hm.Content = append(hm.Content, str("ran"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(*h.Ran)})
			}
			if h.Exit != nil {
				hm.Content = append(hm.Content, str("exit"), &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: fmt.Sprint(*h.Exit)})
			}
			hs.Content = append(hs.Content, str(h.Name), hm)
		}
		xadd("hooks", hs)
	}
	add("expect", x)
	seq := &yaml.Node{Kind: yaml.SequenceNode, Content: []*yaml.Node{m}}
	var b bytes.Buffer
	enc := yaml.NewEncoder(&b)
	enc.SetIndent(2)
	if err := enc.Encode(seq); err != nil {
		return nil, err
	}
	enc.Close()
	pad := strings.Repeat(" ", indent)
	var out bytes.Buffer
	for _, l := range strings.SplitAfter(b.String(), "\n") {
		if l != "" && l != "\n" {
			out.WriteString(pad)
		}
		out.WriteString(l)
	}
	return out.Bytes(), nil
}

func mapping() *yaml.Node { return &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"} }

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

// node is a JSON value (runner's model) as a YAML node, keeping key
// order; numbers as JSON writes them.
func node(v any) *yaml.Node {
	switch x := v.(type) {
	case *runner.Object:
		m := mapping()
		for _, k := range x.Keys() {
			val, _ := x.Get(k)
			m.Content = append(m.Content, str(k), node(val))
		}
		return m
	case []any:
		s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, it := range x {
			s.Content = append(s.Content, node(it))
		}
		return s
	case string:
		return str(x)
	case bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: fmt.Sprint(x)}
	case nil:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null", Value: "null"}
	}
	// A number: JSON's text is YAML's.
	s := runner.Stringify(v)
	tag := "!!float"
	if !strings.ContainsAny(s, ".eE") {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: s}
}
