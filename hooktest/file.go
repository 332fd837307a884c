package hooktest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/gh-hooks/gh-hooks/internal/regfile"
	"github.com/gh-hooks/gh-hooks/internal/suggest"
	"github.com/gh-hooks/gh-hooks/merge"
	"github.com/gh-hooks/gh-hooks/runner"
)

// MaxFileSize bounds a test file: cases are a few lines each, and a file
// of a cloned repository must not swamp gh-hooks.
const MaxFileSize = 1 << 20

// MaxDepth bounds how deeply a test file nests (a case's input counts):
// a payload is a few levels deep.
const MaxDepth = 32

// MaxCases bounds the cases of one file.
const MaxCases = 1000

// Decisions are the values of expect.decision: the aggregated decision
// as Gemini acts on it, or none.
var Decisions = []string{"allow", "deny", "block", "ask", "none"}

// File is a loaded test file.
type File struct {
	// Path is the file as named to the user (relative to the project for
	// the default files, as given otherwise).
	Path string
	// Abs is the file's absolute path.
	Abs   string
	Cases []*Case
}

// Case is one test case.
type Case struct {
	Name                 string
	Event, Tool, Trigger string
	// Input is the input mapping as a JSON object (run's --input), nil
	// when the case has none.
	Input  []byte
	Expect Expect
	// File, Line and Column are where the case starts (File as
	// File.Path); Abs is the file's absolute path.
	File, Abs    string
	Line, Column int
}

// Expect is a case's expectation; a nil field is not checked.
type Expect struct {
	Decision *string
	ToolRuns *bool
	Reason   *string
	Context  *string
	// ToolInput (BeforeTool) are parameters the tool must be called with,
	// after the hooks' rewrite: each key given must equal the call's.
	ToolInput *runner.Object
	// Hooks are the per-hook expectations, in file order.
	Hooks []HookExpect
	// Line is where each key was written ("decision", "toolRuns", ...),
	// for annotations.
	Line map[string]int
}

// HookExpect is what one hook, by name (or command when it has none),
// must have done.
type HookExpect struct {
	Name string
	Ran  *bool
	Exit *int
	Line int
}

// Empty says the expectation checks nothing.
func (e Expect) Empty() bool {
	return e.Decision == nil && e.ToolRuns == nil && e.Reason == nil && e.Context == nil && e.ToolInput == nil && len(e.Hooks) == 0
}

// Error is a problem with a test file: nothing runs while there is one.
type Error struct {
	// Code says what kind of problem it is (the Code* constants), for
	// validate's reports.
	Code string
	// Path is the file as named; Abs its absolute path ("" when unknown).
	Path, Abs    string
	Line, Column int
	Msg, Hint    string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// Codes of Error, as validate reports them.
const (
	CodeSyntax       = "test-syntax"        // not YAML or JSON
	CodeUnknownKey   = "test-unknown-key"   // a key the format does not have
	CodeWrongType    = "test-wrong-type"    // a value of the wrong type
	CodeUnknownEvent = "test-unknown-event" // not one of Gemini's events
	CodeNeverHolds   = "test-never-holds"   // an expectation that cannot hold on its event
	CodeInvalid      = "test-invalid"       // anything else: missing keys, bad tool or trigger, duplicates
	CodeFile         = "test-file"          // unreadable: a link out, a FIFO, too large, too deep
)

// Errors are every problem found in the files loaded.
type Errors []*Error

func (e Errors) Error() string {
	s := make([]string, len(e))
	for i, x := range e {
		s[i] = x.Error()
	}
	return strings.Join(s, "\n")
}

// Source is a test file to read: Name as shown, Root the directory tree
// it may not leave and Rel its path inside Root.
type Source struct {
	Name      string
	Root, Rel string
}

// DefaultFiles are the project's test files gh-hooks test reads without
// arguments, as globs relative to the project.
var DefaultFiles = []string{".gemini/hooks.test.yaml", ".gemini/hooks.test.json", ".gemini/tests/*.yaml", ".gemini/tests/*.yml", ".gemini/tests/*.json"}

// IsTestFile says whether name has a test file's extension.
func IsTestFile(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".yaml", ".yml", ".json":
		return true
	}
	return false
}

// Find lists the test files to run. With no args it is the project's
// DefaultFiles that exist (found through an os.Root on project, so a
// .gemini or tests that is a link out of the project is refused); each
// arg is a file or a directory (its *.yaml, *.yml and *.json), resolved
// against dir. A file inside the project is read through the project's
// root, any other through its own directory's. A missing arg is an
// *Error; no files at all is not.
func Find(project, dir string, args []string) ([]Source, error) {
	var out []Source
	var errs Errors
	if len(args) == 0 {
		root, err := os.OpenRoot(project)
		if err != nil {
			return nil, Errors{{Code: CodeFile, Path: project, Msg: errText(err), Hint: "pass the project with --project"}}
		}
		defer root.Close()
		for _, pat := range DefaultFiles {
			if !strings.Contains(pat, "*") {
				_, err := root.Lstat(filepath.FromSlash(pat))
				switch {
				case err == nil:
					out = append(out, Source{Name: filepath.FromSlash(pat), Root: project, Rel: filepath.FromSlash(pat)})
				case !errors.Is(err, fs.ErrNotExist):
					// .gemini a link out of the project, say: not read, and said.
					errs = append(errs, &Error{Code: CodeFile, Path: filepath.FromSlash(pat), Msg: errText(err), Hint: "keep .gemini a directory of the project"})
				}
				continue
			}
			d, ext := filepath.FromSlash(filepath.Dir(pat)), filepath.Ext(pat)
			names, err := readDir(root, d)
			if err != nil {
				if !errors.Is(err, fs.ErrNotExist) {
					errs = append(errs, &Error{Code: CodeFile, Path: d, Msg: errText(err), Hint: "keep .gemini/tests a directory of the project"})
				}
				continue
			}
			for _, n := range names {
				if strings.EqualFold(filepath.Ext(n), ext) {
					rel := filepath.Join(d, n)
					out = append(out, Source{Name: rel, Root: project, Rel: rel})
				}
			}
		}
		if len(errs) > 0 {
			return nil, errs
		}
		return out, nil
	}
	for _, a := range args {
		abs := a
		if !filepath.IsAbs(abs) {
			abs = filepath.Join(dir, a)
		}
		abs = filepath.Clean(abs)
		root, rel := filepath.Dir(abs), filepath.Base(abs)
		if r, err := filepath.Rel(project, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			root, rel = project, r
		}
		fi, err := statIn(root, rel)
		if err != nil {
			errs = append(errs, &Error{Code: CodeFile, Path: a, Msg: errText(err), Hint: "name a test file or a directory of them"})
			continue
		}
		if !fi.IsDir() {
			out = append(out, Source{Name: a, Root: root, Rel: rel})
			continue
		}
		r, err := os.OpenRoot(root)
		if err != nil {
			errs = append(errs, &Error{Code: CodeFile, Path: a, Msg: errText(err)})
			continue
		}
		names, err := readDir(r, rel)
		r.Close()
		if err != nil {
			errs = append(errs, &Error{Code: CodeFile, Path: a, Msg: errText(err)})
			continue
		}
		for _, n := range names {
			if IsTestFile(n) {
				out = append(out, Source{Name: filepath.Join(a, n), Root: root, Rel: filepath.Join(rel, n)})
			}
		}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return out, nil
}

// statIn stats rel inside root, refusing links out of it.
func statIn(root, rel string) (fs.FileInfo, error) {
	r, err := os.OpenRoot(root)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	return r.Stat(rel)
}

// readDir lists the regular names of directory d in root, sorted.
func readDir(root *os.Root, d string) ([]string, error) {
	f, err := root.Open(d)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	ents, err := f.ReadDir(-1)
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range ents {
		if !e.IsDir() {
			names = append(names, e.Name())
		}
	}
	slices.Sort(names)
	return names, nil
}

// errText is err's message without the path os puts in it (the caller
// names the file).
func errText(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		err = pe.Err
	}
	if strings.Contains(err.Error(), "path escapes from parent") {
		return "leads out of the project through a symbolic link"
	}
	return err.Error()
}

// Load reads and checks every source; any problem in any file is
// returned (as Errors) and no file is returned then. Case names must be
// unique across the files.
func Load(srcs []Source) ([]*File, error) {
	var files []*File
	var errs Errors
	seen := map[string]*Case{}
	for _, s := range srcs {
		abs := filepath.Join(s.Root, s.Rel)
		data, err := read(s)
		if err != nil {
			err.Abs = abs
			errs = append(errs, err)
			continue
		}
		f, ferrs := Parse(s.Name, data)
		for _, e := range ferrs {
			e.Abs = abs
		}
		errs = append(errs, ferrs...)
		if f == nil {
			continue
		}
		f.Abs = abs
		for _, c := range f.Cases {
			c.Abs = f.Abs
		}
		for _, c := range f.Cases {
			if prev := seen[c.Name]; prev != nil {
				errs = append(errs, &Error{Code: CodeInvalid, Path: c.File, Line: c.Line, Column: c.Column,
					Abs: c.Abs, Msg: fmt.Sprintf("a second case named %q (the first is at %s:%d)", c.Name, prev.File, prev.Line),
					Hint: "give each case its own name: --run and the reports select cases by it"})
				continue
			}
			seen[c.Name] = c
		}
		files = append(files, f)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	return files, nil
}

// read reads s through an os.Root on s.Root: no link out of it, no FIFO
// or device, at most MaxFileSize bytes.
func read(s Source) ([]byte, *Error) {
	hint := "keep test files regular files inside the project"
	root, err := os.OpenRoot(s.Root)
	if err != nil {
		return nil, &Error{Code: CodeFile, Path: s.Name, Msg: errText(err), Hint: hint}
	}
	defer root.Close()
	f, err := regfile.OpenIn(root, s.Rel)
	if err != nil {
		return nil, &Error{Code: CodeFile, Path: s.Name, Msg: errText(err), Hint: hint}
	}
	defer f.Close()
	data, _, err := regfile.Read(f, MaxFileSize)
	if err != nil {
		var tl *regfile.TooLargeError
		if errors.As(err, &tl) {
			return nil, &Error{Code: CodeFile, Path: s.Name, Msg: fmt.Sprintf("too large: %s (a test file may hold at most %d KiB)", err, MaxFileSize>>10),
				Hint: "split the cases over several files in .gemini/tests/"}
		}
		return nil, &Error{Code: CodeFile, Path: s.Name, Msg: err.Error(), Hint: hint}
	}
	return data, nil
}

// Parse reads one test file's bytes. name is how errors refer to it; a
// name ending in .json is read as JSON (its syntax errors positioned as
// JSON's), anything else as YAML. The file is nil when it cannot be
// parsed at all; otherwise every problem found is returned with it.
func Parse(name string, data []byte) (*File, Errors) {
	if strings.EqualFold(filepath.Ext(name), ".json") {
		if err := json.Unmarshal(data, new(any)); err != nil {
			line, col := 1, 1
			var se *json.SyntaxError
			if errors.As(err, &se) {
				line, col = position(data, int(se.Offset)-1)
			}
			msg := err.Error()
			if len(bytes.TrimSpace(data)) == 0 {
				msg = "empty file"
			}
			return nil, Errors{{Code: CodeSyntax, Path: name, Line: line, Column: col, Msg: "not valid JSON: " + msg, Hint: `a test file is an object {"tests": [...]}`}}
		}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		msg := strings.TrimPrefix(err.Error(), "yaml: ")
		if rest, ok := strings.CutPrefix(msg, "line "); ok {
			if _, after, ok := strings.Cut(rest, ": "); ok {
				msg = after
			}
		}
		line, col := syntaxLine(data)
		if len(bytes.TrimSpace(data)) == 0 {
			msg = "empty file"
		}
		return nil, Errors{{Code: CodeSyntax, Path: name, Line: line, Column: col, Msg: "not valid YAML: " + msg, Hint: "a test file is a mapping with a tests: list; check the indentation and the quotes at that line"}}
	}
	if doc.Kind == 0 {
		return nil, Errors{{Code: CodeSyntax, Path: name, Line: 1, Column: 1, Msg: "not valid YAML: empty file", Hint: "a test file is a mapping with a tests: list"}}
	}
	p := &parser{name: name}
	f := &File{Path: name}
	p.file(f, &doc)
	return f, p.errs
}

// syntaxLine finds the line of a YAML syntax error: yaml.v3 reports
// the line where the enclosing block starts, or none, and no column. The
// first line whose addition makes the document fail is the line; the
// column is that of its first character. Prefixes are tried by bisection.
func syntaxLine(data []byte) (int, int) {
	lines := bytes.SplitAfter(data, []byte("\n"))
	fails := func(n int) bool {
		var d yaml.Node
		return yaml.Unmarshal(bytes.Join(lines[:n], nil), &d) != nil
	}
	lo, hi := 0, len(lines) // fails(hi) holds
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if fails(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	l := lines[hi-1]
	col := 1 + utf8.RuneCount(l[:len(l)-len(bytes.TrimLeft(l, " \t"))])
	return hi, col
}

// position is the 1-based line and column (in characters) of byte off.
func position(data []byte, off int) (int, int) {
	off = max(0, min(off, len(data)))
	before := data[:off]
	line := 1 + bytes.Count(before, []byte("\n"))
	col := 1 + utf8.RuneCount(before[bytes.LastIndexByte(before, '\n')+1:])
	return line, col
}

type parser struct {
	name string
	errs Errors
}

func (p *parser) add(code string, n *yaml.Node, hint, format string, a ...any) {
	p.errs = append(p.errs, &Error{Code: code, Path: p.name, Line: n.Line, Column: n.Column, Msg: fmt.Sprintf(format, a...), Hint: hint})
}

// kindName names a node's type for messages.
func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a mapping"
	case yaml.SequenceNode:
		return "a list"
	case yaml.AliasNode:
		return "an alias"
	case yaml.ScalarNode:
		switch n.ShortTag() {
		case "!!null":
			return "null"
		case "!!bool":
			return "a boolean (" + n.Value + ")"
		case "!!int", "!!float":
			return "a number (" + n.Value + ")"
		}
		return fmt.Sprintf("a string (%q)", clip(n.Value))
	}
	return "nothing"
}

func clip(s string) string {
	if r := []rune(s); len(r) > 40 {
		return string(r[:40]) + "…"
	}
	return s
}

// check walks the whole tree once for what no key-level check sees:
// aliases (which can multiply a small file) and depth.
func (p *parser) check(n *yaml.Node, depth int) bool {
	if n.Kind == yaml.AliasNode {
		p.add(CodeFile, n, "write the value out where it is used", "YAML aliases (*%s) are not supported in test files", n.Value)
		return false
	}
	if depth > MaxDepth {
		p.add(CodeFile, n, "a payload is a few levels deep; flatten the input", "nested more than %d levels deep", MaxDepth)
		return false
	}
	for _, c := range n.Content {
		if !p.check(c, depth+1) {
			return false
		}
	}
	return true
}

// pairs returns a mapping's keys and values, reporting unknown and
// repeated keys; known lists the keys allowed (for the hint).
func (p *parser) pairs(n *yaml.Node, where string, known []string) ([]*yaml.Node, []*yaml.Node) {
	var keys, vals []*yaml.Node
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind != yaml.ScalarNode {
			p.add(CodeWrongType, k, "keys are plain words: "+strings.Join(known, ", "), "%s: a key must be a string, not %s", where, kindName(k))
			continue
		}
		if known != nil && !slices.Contains(known, k.Value) {
			hint := "known keys: " + strings.Join(known, ", ")
			if s := closest(k.Value, known); s != "" {
				hint = "did you mean " + s + "?"
			}
			p.add(CodeUnknownKey, k, hint, "%s: unknown key %q", where, k.Value)
			continue
		}
		if seen[k.Value] {
			p.add(CodeInvalid, k, "give each key once", "%s: %q is given twice", where, k.Value)
			continue
		}
		seen[k.Value] = true
		keys = append(keys, k)
		vals = append(vals, v)
	}
	return keys, vals
}

// closest is the known word nearest to s (case and - or _ aside), by
// suggest.Closest's rule; "" when none is near.
func closest(s string, known []string) string {
	norm := func(x string) string {
		return strings.NewReplacer("-", "", "_", "").Replace(strings.ToLower(x))
	}
	normed := make([]string, len(known))
	for i, k := range known {
		normed[i] = norm(k)
	}
	if best := suggest.Closest(norm(s), normed); len(best) > 0 {
		return known[slices.Index(normed, best[0])]
	}
	return ""
}

var (
	fileKeys   = []string{"tests"}
	caseKeys   = []string{"name", "event", "tool", "trigger", "input", "expect"}
	expectKeys = []string{"decision", "toolRuns", "reason", "context", "toolInput", "hooks"}
	hookKeys   = []string{"ran", "exit"}
)

func (p *parser) file(f *File, doc *yaml.Node) {
	root := doc
	if doc.Kind == yaml.DocumentNode && len(doc.Content) == 1 {
		root = doc.Content[0]
	}
	if !p.check(root, 0) {
		return
	}
	if root.Kind != yaml.MappingNode {
		p.add(CodeWrongType, root, "a test file is a mapping with a tests: list", "the file must be a mapping with a tests key, not %s", kindName(root))
		return
	}
	keys, vals := p.pairs(root, "file", fileKeys)
	var tests *yaml.Node
	for i, k := range keys {
		if k.Value == "tests" {
			tests = vals[i]
		}
	}
	if tests == nil {
		if len(p.errs) == 0 {
			p.add(CodeInvalid, root, "list the cases under tests:", "no tests key")
		}
		return
	}
	if tests.Kind != yaml.SequenceNode {
		p.add(CodeWrongType, tests, "list the cases under tests:, each starting with - name:", "tests must be a list, not %s", kindName(tests))
		return
	}
	if len(tests.Content) > MaxCases {
		p.add(CodeFile, tests, "split the cases over several files in .gemini/tests/", "%d cases, more than %d in one file", len(tests.Content), MaxCases)
		return
	}
	for i, n := range tests.Content {
		if c := p.testCase(i, n); c != nil {
			f.Cases = append(f.Cases, c)
		}
	}
}

func (p *parser) testCase(i int, n *yaml.Node) *Case {
	where := fmt.Sprintf("tests[%d]", i)
	if n.Kind != yaml.MappingNode {
		p.add(CodeWrongType, n, "each case is a mapping: - name: ..., event: ...", "%s: a case must be a mapping, not %s", where, kindName(n))
		return nil
	}
	before := len(p.errs)
	c := &Case{File: p.name, Line: n.Line, Column: n.Column}
	// Messages name the case from the start.
	for j := 0; j+1 < len(n.Content); j += 2 {
		if k, v := n.Content[j], n.Content[j+1]; k.Value == "name" && v.Kind == yaml.ScalarNode && v.ShortTag() == "!!str" && v.Value != "" {
			where = fmt.Sprintf("%s (%s)", where, clip(v.Value))
		}
	}
	keys, vals := p.pairs(n, where, caseKeys)
	var expect, input, tool, trigger *yaml.Node
	for j, k := range keys {
		v := vals[j]
		switch k.Value {
		case "name":
			c.Name, _ = p.str(v, where+".name")
		case "event":
			c.Event, _ = p.str(v, where+".event")
			if c.Event != "" && !merge.IsEvent(c.Event) {
				hint := "events: " + strings.Join(merge.Events, ", ")
				if s := merge.Suggest(c.Event); s != "" {
					hint = "did you mean " + s + "?"
				}
				p.add(CodeUnknownEvent, v, hint, "%s.event: unknown event %q", where, c.Event)
			}
		case "tool":
			c.Tool, _ = p.str(v, where+".tool")
			tool = v
		case "trigger":
			c.Trigger, _ = p.str(v, where+".trigger")
			trigger = v
		case "input":
			input = v
		case "expect":
			expect = v
		}
	}
	if c.Name == "" && !hasKey(keys, "name") {
		p.add(CodeInvalid, n, "give the case a name: - name: guard denies rm -rf", "%s: no name", where)
	}
	if c.Event == "" && !hasKey(keys, "event") {
		p.add(CodeInvalid, n, "events: "+strings.Join(merge.Events, ", "), "%s: no event", where)
	}
	if merge.IsEvent(c.Event) {
		p.context(c, where, tool, trigger)
	}
	if input != nil {
		if input.Kind != yaml.MappingNode {
			p.add(CodeWrongType, input, "input is a mapping of payload fields, e.g. tool_input: {command: ls}", "%s.input must be a mapping, not %s", where, kindName(input))
		} else if v, err := toJSON(input); err != nil {
			p.add(CodeInvalid, input, "write the input as plain mappings, lists, strings, numbers and booleans", "%s.input: %v", where, err)
		} else {
			c.Input = v
		}
	}
	if expect != nil {
		c.Expect = p.expect(c, where, expect)
	}
	if len(p.errs) > before {
		return nil
	}
	return c
}

func hasKey(keys []*yaml.Node, k string) bool {
	return slices.ContainsFunc(keys, func(n *yaml.Node) bool { return n.Value == k })
}

// context checks tool and trigger against the event, as run's --tool and
// --trigger are checked.
func (p *parser) context(c *Case, where string, tool, trigger *yaml.Node) {
	switch merge.ContextOf(c.Event) {
	case merge.ToolContext:
		if trigger != nil {
			p.add(CodeInvalid, trigger, "use tool: for "+c.Event, "%s.trigger: %s has no trigger", where, c.Event)
		}
	case merge.TriggerContext:
		triggers := merge.Triggers[c.Event]
		if tool != nil {
			p.add(CodeInvalid, tool, "use trigger: ("+strings.Join(triggers, ", ")+")", "%s.tool: %s has no tool", where, c.Event)
		}
		if trigger != nil && c.Trigger != "" && !slices.Contains(triggers, c.Trigger) {
			p.add(CodeInvalid, trigger, "use one of: "+strings.Join(triggers, ", "), "%s.trigger: %q is not a %s trigger: Gemini fires %s only with %s", where, c.Trigger, c.Event, c.Event, strings.Join(triggers, ", "))
		}
	default:
		if trigger != nil {
			p.add(CodeInvalid, trigger, "remove trigger:", "%s.trigger: %s has no trigger", where, c.Event)
		}
		if tool != nil && c.Event != "Notification" {
			p.add(CodeInvalid, tool, "remove tool:", "%s.tool: %s has no tool: Gemini fires it without a context", where, c.Event)
		}
		if tool != nil && c.Event == "Notification" {
			if _, ok := runner.NotificationKind(c.Tool); !ok {
				p.add(CodeInvalid, tool, "use one of: "+runner.NotificationTools, "%s.tool: %q: the Notification payloads modelled are those of the confirmations watched on Gemini CLI 0.61.0 only", where, c.Tool)
			}
		}
	}
}

func (p *parser) str(n *yaml.Node, where string) (string, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!str" {
		p.add(CodeWrongType, n, "quote it: \"...\"", "%s must be a string, not %s", where, kindName(n))
		return "", false
	}
	if n.Value == "" {
		p.add(CodeInvalid, n, "give a value", "%s is empty", where)
		return "", false
	}
	return n.Value, true
}

func (p *parser) boolean(n *yaml.Node, where string) (*bool, bool) {
	if n.Kind != yaml.ScalarNode || n.ShortTag() != "!!bool" {
		p.add(CodeWrongType, n, "write true or false", "%s must be true or false, not %s", where, kindName(n))
		return nil, false
	}
	var b bool
	if err := n.Decode(&b); err != nil {
		p.add(CodeInvalid, n, "write true or false", "%s: %v", where, err)
		return nil, false
	}
	return &b, true
}

// expect reads a case's expect mapping and checks each key against the
// event: an expectation that can never hold there is an error.
func (p *parser) expect(c *Case, where string, n *yaml.Node) Expect {
	e := Expect{Line: map[string]int{}}
	where += ".expect"
	if n.Kind != yaml.MappingNode {
		p.add(CodeWrongType, n, "expect is a mapping: decision, toolRuns, reason, context, hooks", "%s must be a mapping, not %s", where, kindName(n))
		return e
	}
	keys, vals := p.pairs(n, where, expectKeys)
	for i, k := range keys {
		v := vals[i]
		e.Line[k.Value] = k.Line
		switch k.Value {
		case "decision":
			s, ok := p.str(v, where+".decision")
			if !ok {
				continue
			}
			if !slices.Contains(Decisions, s) {
				p.add(CodeInvalid, v, "one of: "+strings.Join(Decisions, ", "), "%s.decision: %q is not a decision", where, s)
				continue
			}
			e.Decision = &s
		case "toolRuns":
			e.ToolRuns, _ = p.boolean(v, where+".toolRuns")
		case "reason":
			if s, ok := p.str(v, where+".reason"); ok {
				e.Reason = &s
			}
		case "context":
			if s, ok := p.str(v, where+".context"); ok {
				e.Context = &s
			}
		case "toolInput":
			if v.Kind != yaml.MappingNode {
				p.add(CodeWrongType, v, "toolInput is a mapping of the tool's parameters, e.g. {command: date -u}", "%s.toolInput must be a mapping, not %s", where, kindName(v))
				continue
			}
			b, err := toJSON(v)
			if err != nil {
				p.add(CodeInvalid, v, "write the parameters as plain mappings, lists, strings, numbers and booleans", "%s.toolInput: %v", where, err)
				continue
			}
			if o, err := runner.ParseJSON(string(b)); err == nil {
				e.ToolInput, _ = o.(*runner.Object)
			}
		case "hooks":
			e.Hooks = p.hooks(v, where+".hooks")
		}
	}
	if merge.IsEvent(c.Event) {
		for _, x := range Impossible(c.Event, e) {
			line := e.Line[x.Key]
			p.errs = append(p.errs, &Error{Code: CodeNeverHolds, Path: p.name, Line: line, Column: column(n, x.Key), Msg: where + "." + x.Key + ": " + x.Msg, Hint: x.Hint})
		}
	}
	return e
}

// column is the column of key k in mapping n.
func column(n *yaml.Node, k string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == k {
			return n.Content[i].Column
		}
	}
	return n.Column
}

func (p *parser) hooks(n *yaml.Node, where string) []HookExpect {
	if n.Kind != yaml.MappingNode {
		p.add(CodeWrongType, n, "hooks is a mapping of hook names: guard: {ran: true, exit: 2}", "%s must be a mapping of hook names, not %s", where, kindName(n))
		return nil
	}
	keys, vals := p.pairs(n, where, nil)
	var out []HookExpect
	for i, k := range keys {
		v := vals[i]
		h := HookExpect{Name: k.Value, Line: k.Line}
		w := fmt.Sprintf("%s.%s", where, clip(k.Value))
		if v.Kind != yaml.MappingNode {
			p.add(CodeWrongType, v, "e.g. "+k.Value+": {ran: true, exit: 0}", "%s must be a mapping with ran and exit, not %s", w, kindName(v))
			continue
		}
		hk, hv := p.pairs(v, w, hookKeys)
		for j, kk := range hk {
			switch kk.Value {
			case "ran":
				h.Ran, _ = p.boolean(hv[j], w+".ran")
			case "exit":
				vv := hv[j]
				var x int
				if vv.Kind != yaml.ScalarNode || vv.ShortTag() != "!!int" || vv.Decode(&x) != nil || x < 0 || x > 255 {
					p.add(CodeWrongType, vv, "an exit status is a whole number from 0 to 255", "%s.exit must be an exit status, not %s", w, kindName(vv))
					continue
				}
				h.Exit = &x
			}
		}
		if h.Ran != nil && !*h.Ran && h.Exit != nil {
			p.add(CodeInvalid, v, "drop exit: or say ran: true", "%s: a hook that did not run has no exit status", w)
		}
		out = append(out, h)
	}
	return out
}

// Problem is an expectation that can never hold on its event.
type Problem struct {
	Key, Msg, Hint string
}

// Impossible lists the expectations of e that can never hold on event:
// what Gemini does with the aggregated output on each event
// (runner.Stops, runner.OutcomeOf).
func Impossible(event string, e Expect) []Problem {
	var out []Problem
	if e.ToolRuns != nil && event != "BeforeTool" {
		h := "drop toolRuns"
		if event == "AfterTool" {
			h += " (AfterTool fires after the tool ran; to stop its result reaching the model, expect decision: deny and a reason)"
		}
		out = append(out, Problem{"toolRuns", "only BeforeTool decides whether the tool runs; on " + event + " there is no such outcome", h})
	}
	if e.ToolInput != nil && event != "BeforeTool" {
		out = append(out, Problem{"toolInput", "only BeforeTool hooks can change the tool's parameters; on " + event + " there are none to check", "drop toolInput"})
	}
	if e.Decision != nil && *e.Decision != "none" && !runner.Stops(event) {
		out = append(out, Problem{"decision", fmt.Sprintf("Gemini ignores the decision on %s, so it is always none (%s)", event, runner.EventUses(event)), "drop decision, or expect decision: none"})
	}
	if e.Decision != nil && *e.Decision == "ask" && event != "BeforeTool" {
		out = append(out, Problem{"decision", "ask is a BeforeTool decision (Gemini asks the user to confirm a tool call)", "use allow, deny or block on " + event})
	}
	if e.Reason != nil && !runner.Stops(event) {
		out = append(out, Problem{"reason", "nothing is blocked on " + event + ", so there is never a reason", "drop reason"})
	}
	if e.Context != nil {
		switch event {
		case "BeforeAgent", "AfterTool", "SessionStart":
		default:
			out = append(out, Problem{"context", "Gemini passes additionalContext on only for BeforeAgent, AfterTool and SessionStart, not " + event, "drop context"})
		}
	}
	return out
}

// toJSON converts a YAML mapping to JSON bytes, keeping key order.
func toJSON(n *yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	if err := writeJSON(&b, n); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func writeJSON(b *bytes.Buffer, n *yaml.Node) error {
	switch n.Kind {
	case yaml.MappingNode:
		b.WriteByte('{')
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yaml.ScalarNode {
				return fmt.Errorf("line %d: a key must be a string, not %s", k.Line, kindName(k))
			}
			if i > 0 {
				b.WriteByte(',')
			}
			kb, _ := json.Marshal(k.Value)
			b.Write(kb)
			b.WriteByte(':')
			if err := writeJSON(b, n.Content[i+1]); err != nil {
				return err
			}
		}
		b.WriteByte('}')
	case yaml.SequenceNode:
		b.WriteByte('[')
		for i, c := range n.Content {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := writeJSON(b, c); err != nil {
				return err
			}
		}
		b.WriteByte(']')
	case yaml.ScalarNode:
		var v any
		switch n.ShortTag() {
		case "!!null":
			v = nil
		case "!!bool", "!!int", "!!float":
			if err := n.Decode(&v); err != nil {
				return fmt.Errorf("line %d: %v", n.Line, err)
			}
			if f, ok := v.(float64); ok && (f != f || f > 1e308 || f < -1e308) {
				return fmt.Errorf("line %d: %s is not a JSON number", n.Line, n.Value)
			}
		case "!!str":
			v = n.Value
		default:
			// A date or other tagged scalar is its text.
			v = n.Value
		}
		vb, err := json.Marshal(v)
		if err != nil {
			return fmt.Errorf("line %d: %v", n.Line, err)
		}
		b.Write(vb)
	default:
		return fmt.Errorf("line %d: %s is not JSON", n.Line, kindName(n))
	}
	return nil
}
