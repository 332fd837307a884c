package cli

import (
	"io"
	"sort"
	"strconv"
	"unicode/utf8"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/gemini"
	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// writeTo writes v as writeJSON would (encoding/json, two-space indent, no
// HTML escaping), without reflection: encoding/json made a whole
// `effective --json` process 16% slower on the 40-hook benchmark tree
// (BENCHMARKS.md). TestEffectiveJSONWriter
// keeps it byte-identical to encoding/json, so a field added to one of
// these types without being added here fails the tests.
func (v effectiveJSON) writeTo(out io.Writer) error {
	w := &jsonWriter{b: make([]byte, 0, jsonFlushAt+jsonFlushAt/4), out: out}
	w.open('{')
	w.key("project").str(v.Project)
	w.key("home").str(v.Home)
	w.key("hooksEnabled").bool(v.HooksEnabled)
	w.key("folderTrust").open('{')
	w.key("enabled").bool(v.FolderTrust.Enabled)
	w.key("trusted").bool(v.FolderTrust.Trusted)
	w.key("source").str(v.FolderTrust.Source)
	w.key("why").str(v.FolderTrust.Why)
	w.close('}')
	w.key("disabled").strs(v.Disabled)
	w.key("layers").open('[')
	for _, l := range v.Layers {
		w.elem().layer(l)
	}
	w.close(']')
	w.key("dotenv").dotEnv(v.DotEnv)
	w.key("hooks").open('[')
	for _, h := range v.Hooks {
		w.elem().hook(h)
	}
	w.close(']')
	w.key("problems").open('[')
	for i := range v.Problems {
		w.elem().problem(&v.Problems[i])
	}
	w.close(']')
	if v.Plan != nil {
		w.key("plan").plan(v.Plan)
	}
	w.key("fatal").bool(v.Fatal)
	if v.Crash != "" {
		w.key("crash").str(v.Crash)
	}
	w.key("gemini").geminiInstall(v.Gemini)
	w.close('}')
	w.b = append(w.b, '\n')
	w.flush()
	return w.err
}

func (w *jsonWriter) dotEnv(d *layers.DotEnv) {
	if d == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('{')
	w.key("path").str(d.Path)
	w.key("inside").bool(d.Inside)
	if d.Unread != "" {
		w.key("unread").str(d.Unread)
	}
	if d.Inexact {
		w.key("inexact").bool(true)
	}
	w.key("vars").open('[')
	for _, v := range layers.PublicVars(d) {
		w.elem().open('{')
		w.key("key").str(v.Key)
		w.key("value").str(v.Value)
		w.key("line").int(v.Line)
		w.key("column").int(v.Column)
		w.key("loaded").bool(v.Loaded)
		if v.Shadowed {
			w.key("shadowed").bool(true)
		}
		if v.Why != "" {
			w.key("why").str(v.Why)
		}
		w.close('}')
	}
	w.close(']')
	w.close('}')
}

func (w *jsonWriter) geminiInstall(in *gemini.Install) {
	if in == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('{')
	w.key("found").bool(in.Found)
	w.key("version").str(in.Version)
	w.key("source").str(in.Source)
	w.key("command").str(in.Command)
	w.key("packageJson").str(in.PackageJSON)
	w.key("install").str(in.Install)
	w.key("rules").str(in.Rules)
	w.key("modelled").bool(in.Modelled)
	w.key("warning").str(in.Warning)
	w.close('}')
}

func (w *jsonWriter) layer(l *layers.Layer) {
	w.open('{')
	w.key("layer").str(l.Kind)
	if l.Extension != "" {
		w.key("extension").str(l.Extension)
	}
	w.key("path").str(l.Path)
	w.key("exists").bool(l.Exists)
	w.key("loaded").bool(l.Loaded)
	w.key("reason").str(l.Reason)
	w.close('}')
}

func (w *jsonWriter) hook(h *merge.Hook) {
	w.open('{')
	w.key("id").str(h.ID)
	w.key("event").str(h.Event)
	w.key("layer").str(h.Layer)
	w.key("extension").str(h.Extension)
	w.key("path").str(h.Path)
	w.key("pointer").str(h.Pointer)
	w.key("line").int(h.Line)
	w.key("matcher").str(h.Matcher)
	w.key("sequential").bool(h.Sequential)
	w.key("type").str(h.Type)
	w.key("name").str(h.Name)
	w.key("command").str(h.Command)
	w.key("expandedCommand").str(h.ExpandedCommand)
	if h.Description != "" {
		w.key("description").str(h.Description)
	}
	w.key("timeout")
	w.b = append(w.b, h.Timeout.JSON()...)
	if len(h.Env) > 0 {
		keys := make([]string, 0, len(h.Env))
		for k := range h.Env {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		w.key("env").open('{')
		for _, k := range keys {
			w.elem().str(k)
			w.b = append(w.b, ':', ' ')
			w.str(h.Env[k])
		}
		w.close('}')
	}
	w.key("key").str(h.Key)
	w.key("disableName").str(h.DisableName)
	w.key("enabled").bool(h.Enabled)
	w.key("active").bool(h.Active)
	w.key("reason").str(h.Reason)
	w.close('}')
}

func (w *jsonWriter) problem(p *config.Problem) {
	w.open('{')
	w.key("severity").str(string(p.Severity))
	w.key("code").str(p.Code)
	w.key("path").str(p.Path)
	w.key("pointer").str(p.Pointer)
	w.key("line").int(p.Line)
	w.key("column").int(p.Column)
	w.key("message").str(p.Message)
	w.key("hint").str(p.Hint)
	w.close('}')
}

func (w *jsonWriter) plan(p *merge.Plan) {
	w.open('{')
	w.key("event").str(p.Event)
	w.key("tool").str(p.Tool)
	w.key("trigger").str(p.Trigger)
	w.key("runs").bool(p.Runs)
	w.key("execution").str(p.Execution)
	w.key("hooks").strs(p.Hooks)
	w.key("deduplicated").strs(p.Deduplicated)
	w.key("candidates").strs(p.Candidates)
	w.key("matched").strs(p.Matched)
	if p.Error != "" {
		w.key("error").str(p.Error)
	}
	if p.Why != "" {
		w.key("why").str(p.Why)
	}
	w.close('}')
}

// jsonWriter writes indented JSON the way encoding/json's indenter lays
// it out: "[]" and "{}" for empty containers, two spaces a level.
type jsonWriter struct {
	b     []byte
	out   io.Writer
	err   error // the first write error; later writes are dropped
	depth int
	first bool // nothing written yet in the innermost container
}

// jsonFlushAt is the buffered size at which an array element or object
// member starts by writing the buffer out. A variable so that the test can
// make every element flush.
var jsonFlushAt = 16 << 10

// flush writes the buffer out and empties it.
func (w *jsonWriter) flush() {
	if w.err == nil && len(w.b) > 0 {
		_, w.err = w.out.Write(w.b)
	}
	w.b = w.b[:0]
}

// indents is a newline and the indentation of the first levels.
const indents = "\n                                "

func (w *jsonWriter) newline() {
	if n := 1 + 2*w.depth; n <= len(indents) {
		w.b = append(w.b, indents[:n]...)
		return
	}
	w.b = append(w.b, '\n')
	for i := 0; i < w.depth; i++ {
		w.b = append(w.b, ' ', ' ')
	}
}

func (w *jsonWriter) open(c byte) {
	w.b = append(w.b, c)
	w.depth++
	w.first = true
}

func (w *jsonWriter) close(c byte) {
	w.depth--
	if !w.first {
		w.newline()
	}
	w.b = append(w.b, c)
	w.first = false
}

// elem starts an array element.
func (w *jsonWriter) elem() *jsonWriter {
	if len(w.b) >= jsonFlushAt {
		w.flush()
	}
	if !w.first {
		w.b = append(w.b, ',')
	}
	w.newline()
	w.first = false
	return w
}

// key starts an object member whose name is one of this file's constant
// field names, which need no escaping (a name from the user's files goes
// through str).
func (w *jsonWriter) key(k string) *jsonWriter {
	w.elem()
	w.b = append(w.b, '"')
	w.b = append(w.b, k...)
	w.b = append(w.b, '"', ':', ' ')
	return w
}

func (w *jsonWriter) bool(v bool) { w.b = strconv.AppendBool(w.b, v) }

func (w *jsonWriter) int(v int) { w.b = strconv.AppendInt(w.b, int64(v), 10) }

func (w *jsonWriter) strs(ss []string) {
	if ss == nil {
		w.b = append(w.b, "null"...)
		return
	}
	w.open('[')
	for _, s := range ss {
		w.elem().str(s)
	}
	w.close(']')
}

// plainASCII marks the ASCII bytes str copies as they are: not a control
// character, '"' or '\\'.
var plainASCII = func() (t [utf8.RuneSelf]bool) {
	for c := 0x20; c < utf8.RuneSelf; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// str writes a JSON string as encoding/json does without HTML escaping:
// \" \\ \n \r \t, \b and \f (as encoding/json does since Go 1.22), \u00XX
// for other control characters, \u2028 and \u2029 escaped, invalid UTF-8
// as \ufffd.
func (w *jsonWriter) str(s string) {
	const hex = "0123456789abcdef"
	b := append(w.b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if plainASCII[c] {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			default:
				b = append(b, '\\', 'u', '0', '0', hex[c>>4], hex[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
		case r == '\u2028' || r == '\u2029':
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	w.b = append(append(b, s[start:]...), '"')
}
