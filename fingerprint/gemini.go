package fingerprint

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/internal/js"

	"github.com/gh-hooks/gh-hooks/config"
)

// GeminiStorePath is Gemini's trusted-hooks store for a home directory
// (trustedHooks.ts:26-32, spec §6); home already honours GEMINI_CLI_HOME.
func GeminiStorePath(home string) string {
	return filepath.Join(home, ".gemini", "trusted_hooks.json")
}

// GeminiStore is Gemini's trusted_hooks.json as Gemini reads it: one JSON
// object mapping project roots to lists of hook keys.
type GeminiStore struct {
	// Path is the file.
	Path string
	// Exists is false when there is no file; an absent or empty file reads
	// as an empty store.
	Exists bool
	// Problem is set when the file cannot be used: unreadable, not JSON
	// (comments included: Gemini uses JSON.parse), or not an object. Gemini
	// then treats it as {} and overwrites it at its next warning (spec
	// §6); gh-hooks reports it and refuses to write.
	Problem *StoreError

	data []byte
	root *config.Node // nil when absent, empty or broken
}

// ReadGeminiStore reads Gemini's store. It never fails: a broken file is
// described by the Problem field, so that an audit can still report.
func ReadGeminiStore(path string) *GeminiStore {
	s := &GeminiStore{Path: path}
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return s
	}
	s.Exists = true
	if err != nil {
		s.Problem = &StoreError{Path: path, Line: 1, Column: 1, Msg: "cannot read Gemini's trusted-hooks store: " + errText(err),
			Hint: "check the file's permissions"}
		return s
	}
	s.data = data
	if len(bytes.TrimSpace(data)) == 0 {
		return s // nothing to lose: Gemini reads it as {} too
	}
	doc, err := config.Parse(path, data, config.Options{NoComments: true, AllowNonObject: true})
	if err == nil && doc.Root.Kind != config.Object {
		line, col := doc.Position(doc.Root.Offset)
		err = &config.ParseError{Path: path, Line: line, Column: col, Msg: "root is " + doc.Root.Kind.String() + ", not an object"}
	}
	if err != nil {
		se := &StoreError{Path: path, Line: 1, Column: 1, Msg: err.Error()}
		var pe *config.ParseError
		if errors.As(err, &pe) {
			se.Line, se.Column, se.Msg = pe.Line, pe.Column, pe.Msg
		}
		se.Msg = "corrupt Gemini trusted-hooks store: " + se.Msg
		se.Hint = fmt.Sprintf("Gemini CLI treats it as empty and overwrites it; fix it by hand, or move it away: mv %s %s.bak", path, path)
		se.Err = ErrCorrupt
		s.Problem = se
		return s
	}
	s.root = doc.Root
	return s
}

// Keys returns the hook keys Gemini considers trusted for project root
// (path.resolve(cwd), spec §6), as Gemini computes
// new Set(store[root] || []): a missing or falsy value is empty, an array
// gives its string elements, and a string gives its characters (a Gemini
// quirk, so practically nothing is trusted). For any other value Gemini's
// check throws and it neither warns nor saves; problem says so.
func (s *GeminiStore) Keys(root string) (keys map[string]bool, problem string) {
	keys = map[string]bool{}
	v := s.root.Get(root)
	if v == nil || !v.Truthy() {
		return keys, ""
	}
	switch v.Kind {
	case config.Array:
		for _, it := range v.Items {
			if it.Kind == config.String {
				keys[it.Str] = true
			}
		}
	case config.String:
		for _, r := range v.Str {
			keys[string(r)] = true
		}
		return keys, fmt.Sprintf("%s: the entry for %q is a string, not a list: Gemini CLI reads it as a set of characters", s.Path, root)
	default:
		line, col := s.position(v)
		return keys, fmt.Sprintf("%s:%d:%d: the entry for %q is %s, not a list: Gemini CLI's trust check fails on it and never warns",
			s.Path, line, col, root, v.Kind)
	}
	return keys, ""
}

func (s *GeminiStore) position(n *config.Node) (int, int) {
	doc, err := config.Parse(s.Path, s.data, config.Options{NoComments: true, AllowNonObject: true})
	if err != nil {
		return 1, 1
	}
	return doc.Position(n.Offset)
}

// Add returns the store's new bytes after Gemini's trustHooks(root, keys)
// (trustedHooks.ts, spec §6): the project's list becomes the set-union of
// its existing elements and keys, in append order (existing first, each
// value once), other projects are kept, a new project is added last, and
// the whole object is written as JSON.stringify(obj, null, 2) with no final
// newline. changed is false, and out nil, when every key is already there,
// so an up-to-date file is never rewritten.
//
// Add refuses (ErrCorrupt) when the file is broken or the project's entry
// is neither a list nor null: Gemini would silently replace it.
func (s *GeminiStore) Add(root string, keys []string) (out []byte, changed bool, err error) {
	if s.Problem != nil {
		return nil, false, s.Problem
	}
	have, _ := s.Keys(root)
	v := s.root.Get(root)
	if v != nil && v.Kind != config.Array && v.Kind != config.Null {
		line, col := s.position(v)
		return nil, false, &StoreError{Path: s.Path, Line: line, Column: col, Err: ErrCorrupt,
			Msg:  fmt.Sprintf("the entry for %q in Gemini's trusted-hooks store is %s, not a list of hook keys", root, v.Kind),
			Hint: fmt.Sprintf("remove the %q entry from %s (Gemini CLI re-creates it)", root, s.Path)}
	}
	missing := false
	for _, k := range keys {
		if !have[k] || v == nil || v.Kind != config.Array {
			missing = true
			break
		}
	}
	if !missing {
		return nil, false, nil
	}
	// Build the new value: existing elements deduplicated like a JS Set
	// (strings, numbers, booleans and null by value; objects and arrays by
	// identity, so all kept), then the new keys.
	list := &config.Node{Kind: config.Array}
	seen := map[string]bool{}
	push := func(n *config.Node) {
		if n.Kind != config.Array && n.Kind != config.Object {
			id := n.Kind.String() + "\x00" + n.Str + "\x00" + js.StringifyNumber(n.Num) + fmt.Sprint(n.Bool)
			if seen[id] {
				return
			}
			seen[id] = true
		}
		list.Items = append(list.Items, n)
	}
	if v != nil {
		for _, it := range v.Items {
			push(it)
		}
	}
	for _, k := range keys {
		push(&config.Node{Kind: config.String, Str: k})
	}
	obj := &config.Node{Kind: config.Object}
	if s.root != nil {
		obj.Keys = append(obj.Keys, s.root.Keys...)
		obj.Vals = append(obj.Vals, s.root.Vals...)
	}
	replaced := false
	for i, k := range obj.Keys {
		if k == root {
			obj.Vals[i], replaced = list, true
		}
	}
	if !replaced {
		obj.Keys = append(obj.Keys, root)
		obj.Vals = append(obj.Vals, list)
	}
	return []byte(obj.Stringify()), true, nil
}
