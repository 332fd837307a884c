package shellcmd

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// pyTokLines renders tokens as gen.py does ("LINE TYPE 'text'"), with
// adjacent FSTRING_MIDDLE parts joined and empty ones left out (CPython's
// tokenize module splits them at {{ and }} and emits some empty ones).
func pyTokLines(toks []pyTok, middle func(t pyTok) string) []string {
	var out []string
	for i := 0; i < len(toks); i++ {
		t := toks[i]
		text := t.text
		if t.kind == pyFMiddle {
			for i+1 < len(toks) && toks[i+1].kind == pyFMiddle {
				i++
				text += toks[i].text
			}
			if text == "" {
				continue
			}
		}
		if t.kind == pyNewline || t.kind == pyNL {
			text = strings.ReplaceAll(text, "\r\n", "\n") // CPython keeps the file's line ends
		}
		out = append(out, fmt.Sprintf("%d %s %s", t.line, t.kind, middle(pyTok{text: text})))
	}
	return out
}

// TestPyTokenizeGolden: the tokens of forms.py (every statement form,
// f-strings nested as PEP 701 allows, prefixes, numbers, tabs, NFKC
// names) are those CPython 3.13's tokenize module gives (forms.tokens,
// written by gen.py).
func TestPyTokenizeGolden(t *testing.T) {
	t.Parallel()
	for _, name := range []string{"forms"} {
		src, err := os.ReadFile(filepath.Join("testdata", "pytokenize", name+".py"))
		if err != nil {
			t.Fatal(err)
		}
		gold, err := os.ReadFile(filepath.Join("testdata", "pytokenize", name+".tokens"))
		if err != nil {
			t.Fatal(err)
		}
		toks, err := pyTokenize(string(src))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		got := pyTokLines(toks, func(t pyTok) string { return pyRepr(t.text) })
		want := pyTokLines(parseGold(t, string(gold)), func(t pyTok) string { return pyRepr(t.text) })
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%s: tokens differ from CPython's (-cpython +ours):\n%s", name, d)
		}
	}
}

// parseGold reads gen.py's lines back into tokens.
func parseGold(t *testing.T, s string) []pyTok {
	kinds := map[string]pyKind{}
	for k, n := range pyKindNames {
		if n != "" {
			kinds[n] = pyKind(k)
		}
	}
	var out []pyTok
	for _, line := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		var n int
		var kind, rest string
		if _, err := fmt.Sscanf(line, "%d %s", &n, &kind); err != nil {
			t.Fatalf("gold line %q: %v", line, err)
		}
		rest = line[len(fmt.Sprint(n))+1+len(kind)+1:]
		text, err := pyUnrepr(rest)
		if err != nil {
			t.Fatalf("gold line %q: %v", line, err)
		}
		out = append(out, pyTok{kind: kinds[kind], text: text, line: n})
	}
	return out
}

// pyRepr is a stable quoting for comparison (Go's, not Python's).
func pyRepr(s string) string { return fmt.Sprintf("%q", s) }

// pyUnrepr reads the Python repr of a str as gen.py writes it.
func pyUnrepr(r string) (string, error) {
	if len(r) < 2 {
		return "", fmt.Errorf("bad repr %q", r)
	}
	q, body := r[0], r[1:len(r)-1]
	var b strings.Builder
	for i := 0; i < len(body); i++ {
		c := body[i]
		if c != '\\' {
			b.WriteByte(c)
			continue
		}
		i++
		switch body[i] {
		case 'n':
			b.WriteByte('\n')
		case 't':
			b.WriteByte('\t')
		case 'r':
			b.WriteByte('\r')
		case 'x':
			var v int
			fmt.Sscanf(body[i+1:i+3], "%x", &v)
			b.WriteRune(rune(v))
			i += 2
		case 'f':
			b.WriteByte('\f')
		default:
			b.WriteByte(body[i])
		}
	}
	_ = q
	return b.String(), nil
}

// TestPyTokenizeAgainstCPython runs the installed CPython (3.12 or later,
// GH_HOOKS_PYTHON or python3) on the same files and on generated forms,
// when there is one.
func TestPyTokenizeAgainstCPython(t *testing.T) {
	py := os.Getenv("GH_HOOKS_PYTHON")
	if py == "" {
		t.Skip("GH_HOOKS_PYTHON (a CPython 3.12 or later) is not set")
	}
	dir := t.TempDir()
	var files []string
	for i, src := range pyTokenForms {
		p := filepath.Join(dir, fmt.Sprintf("f%d.py", i))
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
		files = append(files, p)
	}
	gen, _ := filepath.Abs(filepath.Join("testdata", "pytokenize", "gen.py"))
	if out, err := exec.Command(py, append([]string{gen}, files...)...).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", py, err, out)
	}
	for i, p := range files {
		gold, err := os.ReadFile(strings.TrimSuffix(p, ".py") + ".tokens")
		if err != nil {
			t.Fatal(err)
		}
		toks, err := pyTokenize(pyTokenForms[i])
		if err != nil {
			t.Errorf("%q: %v", pyTokenForms[i], err)
			continue
		}
		got := pyTokLines(toks, func(t pyTok) string { return pyRepr(t.text) })
		want := pyTokLines(parseGold(t, string(gold)), func(t pyTok) string { return pyRepr(t.text) })
		if d := cmp.Diff(want, got); d != "" {
			t.Errorf("%q: (-cpython +ours):\n%s", pyTokenForms[i], d)
		}
	}
}

var pyTokenForms = []string{
	"import a\n",
	"if x:\n\timport a\n\timport b\n",
	"x = 1\\\n + 2\n",
	"f'{x!r}' f'{x=}' f'{x:{y}.{z}}'\n",
	"x = (1,\n# c\n 2)\n",
	"\fimport m\n",
	"def f():\n    pass\n\n\n# trailing\n",
	"x = 'a' \\\n'b'\n",
	"x = f'{\"a\" \"b\"}'\n",
	"x=1\r\nimport y\r\n",
	"x = f'''{\nx\n}'''\n",
	"if a:\n  if b:\n    c\n  d\n",
	"u = ur'x'\n",
	"def f():\n    async with g(\n        a,\n    ) as r:\n        pass\n    x = [\n  1] + y\n",
}

// TestPyTokenizeErrors: source CPython would refuse is an error, with
// its line.
func TestPyTokenizeErrors(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ src, want string }{
		{"x = 'abc\n", "line 1: unterminated string literal"},
		{"x = (1,\n2\n", "line 3: '(' was never closed"},
		{"if a:\n    b\n  c\n", "line 3: unindent does not match any outer indentation level"},
		{"x = f'{a'\n", "line 1: unterminated string literal"},
		{"# coding: utf-7\n+AAo-import os\n", "line 1: source encoding utf-7 is not read"},
		{"x = 1 $ 2\n", "line 1: invalid character U+0024"},
		{"x = a\x00\n", "line 1: a NUL byte"},
		{"if a:\n\tb\n        c\n", "line 3: inconsistent use of tabs and spaces in indentation"},
		{"x = )\n", "line 1: unmatched ')'"},
		{"a\u00a0= 1\n", "line 1: invalid character U+00A0 in identifier"},
	} {
		_, err := pyTokenize(tc.src)
		if err == nil || err.Error() != tc.want {
			t.Errorf("%q: got %v, want %s", tc.src, err, tc.want)
		}
	}
}

// BenchmarkPyRead reads 64 KiB of Python (forms.py repeated).
func BenchmarkPyRead(b *testing.B) {
	src, err := os.ReadFile(filepath.Join("testdata", "pytokenize", "forms.py"))
	if err != nil {
		b.Fatal(err)
	}
	code := strings.Repeat(string(src), (64<<10)/len(src)+1)
	b.SetBytes(int64(len(code)))
	b.ResetTimer()
	for range b.N {
		if _, err := pyRead(code); err != nil {
			b.Fatal(err)
		}
	}
}
