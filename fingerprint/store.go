package fingerprint

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
)

// Sentinel errors, for errors.Is.
var (
	// ErrCorrupt: a store or baseline file does not parse, or holds a value
	// of the wrong shape. It is never overwritten.
	ErrCorrupt = errors.New("corrupt trust store")
	// ErrNoSuchHook: a selection names no project hook.
	ErrNoSuchHook = errors.New("no such project hook")
	// ErrNoSelection: neither hook names nor All were given.
	ErrNoSelection = errors.New("no hooks selected")
)

// StoreError is a problem with a trust file, positioned in it.
type StoreError struct {
	Path         string
	Line, Column int
	Msg          string
	// Hint is the fix, for the user.
	Hint string
	// Err is the sentinel it wraps (ErrCorrupt), or nil.
	Err error
}

func (e *StoreError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Column, e.Msg)
}

// Unwrap returns the sentinel.
func (e *StoreError) Unwrap() error { return e.Err }

// StorePath is gh-hooks' own approval store for a home directory (the same
// home Gemini uses, so GEMINI_CLI_HOME moves both stores together).
func StorePath(home string) string {
	return filepath.Join(home, ".gemini", "gh-hooks", "trust.json")
}

// storeVersion is the format of trust.json and of the baseline.
const storeVersion = 1

// storeFile is trust.json:
//
//	{"version": 1, "projects": {"<real path>": {"dir": "<path as last given>", "hooks": [Record…]}}}
type storeFile struct {
	Version  int                      `json:"version"`
	Projects map[string]*storeProject `json:"projects"`
}

type storeProject struct {
	// Dir is the project path as given at the last approval (the real
	// path is the map key).
	Dir   string   `json:"dir"`
	Hooks []Record `json:"hooks"`
	// Disabled are the entries of the project's hooksConfig.disabled that
	// switch off a hook of another layer and that the user acknowledged
	// (Approve with Selection.AcceptDisabled; issue 24 §3).
	Disabled []string `json:"disabled,omitempty"`
	// DotEnv are the findings about the project's .env that the user
	// acknowledged (AcceptDotEnv; issue 24 §1).
	DotEnv []string `json:"dotenv,omitempty"`
}

// readJSON decodes a strict-JSON trust file into v, reporting syntax and
// shape errors as path:line:col. ok is false when the file is absent or
// holds only white space.
func readJSON(path string, v any) (ok bool, err error) {
	data, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, &StoreError{Path: path, Line: 1, Column: 1, Msg: "cannot read: " + errText(err), Hint: "check the file's permissions"}
	}
	if len(bytes.TrimSpace(data)) == 0 {
		return false, nil
	}
	hint := fmt.Sprintf("fix the file by hand, or move it away (mv %s %s.bak) and approve again", path, path)
	doc, err := config.Parse(path, data, config.Options{NoComments: true})
	if err != nil {
		se := &StoreError{Path: path, Line: 1, Column: 1, Msg: err.Error(), Hint: hint, Err: ErrCorrupt}
		var pe *config.ParseError
		if errors.As(err, &pe) {
			se.Line, se.Column, se.Msg = pe.Line, pe.Column, pe.Msg
		}
		return false, se
	}
	if err := json.Unmarshal(data, v); err != nil {
		se := &StoreError{Path: path, Line: 1, Column: 1, Msg: err.Error(), Hint: hint, Err: ErrCorrupt}
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			se.Line, se.Column = doc.Position(valueAt(doc.Root, int(te.Offset)-1).Offset)
			// te.Value is "number 1e999" for a number that overflows: the
			// kind alone, not the file's text.
			got, _, _ := strings.Cut(te.Value, " ")
			se.Msg = fmt.Sprintf("%s: want %s, got %s", te.Field, kindName(te.Type), got)
		}
		return false, se
	}
	return true, nil
}

// valueAt returns the innermost value that contains byte offset off.
func valueAt(n *config.Node, off int) *config.Node {
	for _, c := range append(append([]*config.Node{}, n.Items...), n.Vals...) {
		if c.Offset <= off && off < c.End {
			return valueAt(c, off)
		}
	}
	return n
}

// kindName names a Go type as the JSON it decodes from.
func kindName(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Map, reflect.Struct:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "a boolean"
	}
	return "a number"
}

func readStore(path string) (*storeFile, error) {
	s := &storeFile{Version: storeVersion}
	ok, err := readJSON(path, s)
	if err != nil {
		return nil, err
	}
	if ok && s.Version != storeVersion {
		return nil, &StoreError{Path: path, Line: 1, Column: 1, Err: ErrCorrupt,
			Msg:  fmt.Sprintf("unsupported store version %d (this gh-hooks reads version %d)", s.Version, storeVersion),
			Hint: "upgrade gh-hooks"}
	}
	if s.Projects == nil {
		s.Projects = map[string]*storeProject{}
	}
	return s, nil
}

// encode renders a trust file: two-space indent, keys sorted, no HTML
// escaping, final newline.
func encode(v any) []byte {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(v); err != nil {
		panic(err) // only strings, bools, finite numbers, maps and slices
	}
	return b.Bytes()
}

// FileChange is one file a mutating call writes (or, in a dry run, would
// write): its path and its bytes before (nil when new) and after.
type FileChange struct {
	Path   string
	Before []byte
	After  []byte
}

// locked runs fn holding gh-hooks' store lock (config.LockDir on the
// store's directory: no lock file is left in the home, issue 18), so that
// concurrent gh-hooks processes serialise their read-modify-write cycles
// and none loses another's update.
// With dryRun nothing is created or locked: a dry run only reads.
func locked(home string, dryRun bool, fn func() error) error {
	if dryRun {
		return fn()
	}
	dir := filepath.Dir(StorePath(home))
	if fi, err := os.Stat(dir); err == nil && fi.Mode().Perm()&0o200 == 0 {
		// Not even the lock file is created in a read-only store.
		return &config.WriteError{Path: StorePath(home), Op: "write", Err: fmt.Errorf("directory %s is %w; nothing was written", dir, config.ErrReadOnly),
			Hint: "make it writable (chmod u+w " + dir + ") and run the command again"}
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("%s: %w", dir, err)
	}
	unlock, err := config.LockDir(dir, config.WriteOptions{})
	if err != nil {
		return err
	}
	defer unlock()
	return fn()
}

// checkFiles refuses a change of which a file is not writable (see
// checkWritable). Approve, Revoke and Prune call it on their dry-run plan
// before taking the lock, so that a read-only store leaves nothing
// behind, not even the store's directory; apply calls it again under the
// lock.
func checkFiles(changes []FileChange) error {
	for _, c := range changes {
		if err := checkWritable(c.Path); err != nil {
			return err
		}
	}
	return nil
}

// apply writes the changes atomically, in order. Every file is checked
// first (writable, see checkFiles), so that a read-only store refuses the
// whole change and nothing is written.
func apply(changes []FileChange) error {
	if err := checkFiles(changes); err != nil {
		return err
	}
	for _, c := range changes {
		if filepath.Base(c.Path) == "trust.json" {
			// gh-hooks' store is private whatever it was: its directory is
			// created 0700, and an existing file loses its group and other
			// bits before the atomic write keeps that mode.
			if err := os.MkdirAll(filepath.Dir(c.Path), 0o700); err != nil {
				return fmt.Errorf("%s: %w", filepath.Dir(c.Path), err)
			}
			if fi, err := os.Stat(c.Path); err == nil && fi.Mode().Perm()&0o077 != 0 {
				if err := os.Chmod(c.Path, fi.Mode().Perm()&0o700); err != nil {
					return fmt.Errorf("%s: %w", c.Path, err)
				}
			}
		}
		// The store's directory is locked already (locked); another
		// directory (Gemini's trusted_hooks.json) is locked by the write.
		opts := config.WriteOptions{NoLock: filepath.Base(c.Path) == "trust.json"}
		if err := config.WriteFile(c.Path, c.After, 0o600, opts); err != nil {
			return err
		}
	}
	return nil
}

// checkWritable refuses a file (or, for a new file, its nearest existing
// directory) whose owner-write permission bit is off: the user made it
// read-only, and an atomic rename would replace it all the same. The bits
// are checked, not access(2), so that root respects them too, as
// config.Update does.
func checkWritable(path string) error {
	target := path
	if t, err := filepath.EvalSymlinks(path); err == nil {
		target = t
	}
	fi, err := os.Stat(target)
	switch {
	case err == nil && fi.Mode().Perm()&0o200 == 0:
		return &config.WriteError{Path: path, Op: "write", Err: fmt.Errorf("file is %w; nothing was written", config.ErrReadOnly),
			Hint: "make it writable (chmod u+w " + target + ") and run the command again"}
	case err != nil && !errors.Is(err, fs.ErrNotExist):
		return &config.WriteError{Path: path, Op: "read", Err: err, Hint: "check the file's permissions"}
	}
	for dir := filepath.Dir(target); ; dir = filepath.Dir(dir) {
		fi, err := os.Stat(dir)
		if err == nil {
			if fi.Mode().Perm()&0o200 == 0 {
				return &config.WriteError{Path: path, Op: "write", Err: fmt.Errorf("directory %s is %w; nothing was written", dir, config.ErrReadOnly),
					Hint: "make it writable (chmod u+w " + dir + ") and run the command again"}
			}
			return nil
		}
		if filepath.Dir(dir) == dir {
			return nil
		}
	}
}

// Entry is one project in gh-hooks' store.
type Entry struct {
	// Project is the real path (the store key); Dir the path as given at
	// the last approval.
	Project string `json:"project"`
	Dir     string `json:"dir"`
	// Hooks is the number of approved hooks.
	Hooks int `json:"hooks"`
	// Exists is false when the project directory is gone (Prune drops it).
	Exists bool `json:"exists"`
}

// List returns every project in gh-hooks' store, sorted by path.
func List(home string) ([]Entry, error) {
	s, err := readStore(StorePath(home))
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(s.Projects))
	for k, p := range s.Projects {
		out = append(out, Entry{Project: k, Dir: p.Dir, Hooks: len(p.Hooks), Exists: exists(k)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Project < out[j].Project })
	return out, nil
}

// Prune drops from gh-hooks' store every project whose directory no longer
// exists, and returns their paths, sorted. Gemini's trusted_hooks.json is
// left alone (Gemini itself never prunes it, spec §6). With dryRun nothing
// is written; the change is returned either way (nil when nothing goes).
//
// Like Approve, it plans first: a read-only store is refused before the
// lock, and a prune that drops nothing writes nothing, not even the
// store's directory.
func Prune(home string, dryRun bool) (gone []string, change *FileChange, err error) {
	if !dryRun {
		gone, change, err := Prune(home, true)
		if err != nil || change == nil {
			return gone, change, err
		}
		if err := checkFiles([]FileChange{*change}); err != nil {
			return nil, nil, err
		}
	}
	err = locked(home, dryRun, func() error {
		path := StorePath(home)
		before, _ := os.ReadFile(path)
		s, err := readStore(path)
		if err != nil {
			return err
		}
		for k := range s.Projects {
			if _, err := os.Stat(k); errors.Is(err, fs.ErrNotExist) {
				gone = append(gone, k)
				delete(s.Projects, k)
			}
		}
		if len(gone) == 0 {
			return nil
		}
		sort.Strings(gone)
		change = &FileChange{Path: path, Before: before, After: encode(s)}
		if dryRun {
			return nil
		}
		return apply([]FileChange{*change})
	})
	return gone, change, err
}
