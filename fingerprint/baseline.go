package fingerprint

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/gh-hooks/gh-hooks/merge"
)

// BaselinePath is the repository-level baseline a team commits:
// <project>/.gemini/gh-hooks-trust.json.
func BaselinePath(p Project) string {
	return filepath.Join(p.Dir, ".gemini", "gh-hooks-trust.json")
}

// baselineFile is the baseline's format: {"version": 1, "hooks": [Record…]}.
type baselineFile struct {
	Version int      `json:"version"`
	Hooks   []Record `json:"hooks"`
	// DotEnv are the findings about the project's .env the team
	// acknowledges (BaselineOptions.DotEnv; issue 24 §1).
	DotEnv []string `json:"dotenv,omitempty"`
}

// MarshalBaseline renders the baseline for the current project hooks:
// records sorted by event (Gemini's schema order, then unknown event keys
// by name) and position, object keys sorted, two-space indent, final
// newline. It holds no absolute path of the machine: script paths are
// relative to the project and commands are as written in the file (a
// matcher or env value that Gemini's $VAR expansion turned into a home
// path is the exception, since merge only keeps expanded values).
func MarshalBaseline(p Project, hooks []merge.Hook) []byte {
	return MarshalBaselineWith(p, hooks, BaselineOptions{})
}

// BaselineOptions are MarshalBaselineWith's choices.
type BaselineOptions struct {
	// AcceptNotCovered records, for every hook whose fingerprint does not
	// cover all it can run, that the team accepts those reasons
	// (Record.AcceptedNotCovered), as Selection.AcceptNotCovered does.
	AcceptNotCovered bool
	// DotEnv are the keys of the .env findings the team acknowledges
	// (layers.Set.DotEnvKey: no machine path, no value), as AcceptDotEnv
	// records them for one user.
	DotEnv []string
}

// MarshalBaselineWith is MarshalBaseline with options.
func MarshalBaselineWith(p Project, hooks []merge.Hook, o BaselineOptions) []byte {
	f := baselineFile{Version: storeVersion, Hooks: []Record{}}
	root, closeRoot := lazyRoot(p.Dir)
	defer closeRoot()
	for _, h := range Compute(p, hooks) {
		r := h.Record
		r.AcceptedNotCovered = o.AcceptNotCovered && len(r.NotCovered) > 0
		if r.AcceptedNotCovered {
			r.AcceptedContent = ackContent(root(), h.left)
		}
		f.Hooks = append(f.Hooks, r)
	}
	sort.SliceStable(f.Hooks, func(i, j int) bool { return recordLess(f.Hooks[i], f.Hooks[j]) })
	if len(o.DotEnv) > 0 {
		f.DotEnv = slices.Sorted(slices.Values(o.DotEnv))
	}
	return encode(f)
}

func recordLess(a, b Record) bool {
	ra, rb := eventRank(a.Event), eventRank(b.Event)
	if ra != rb {
		return ra < rb
	}
	if a.Event != b.Event {
		return a.Event < b.Event
	}
	ad, ah := posNums(a.Pos)
	bd, bh := posNums(b.Pos)
	if ad != bd {
		return ad < bd
	}
	return ah < bh
}

func eventRank(e string) int {
	for i, x := range merge.Events {
		if x == e {
			return i
		}
	}
	return len(merge.Events)
}

// posNums parses "def/hook"; "*" (a wrapped bare object) sorts first.
func posNums(pos string) (int, int) {
	d, h, _ := strings.Cut(pos, "/")
	dn, err := strconv.Atoi(d)
	if err != nil {
		dn = -1
	}
	hn, _ := strconv.Atoi(h)
	return dn, hn
}

// ReadBaseline reads a baseline file. A missing file is an error that
// satisfies errors.Is(err, fs.ErrNotExist); a broken one is a *StoreError
// with ErrCorrupt.
func ReadBaseline(path string) ([]Record, error) {
	f, err := readBaseline(path)
	if err != nil {
		return nil, err
	}
	return f.Hooks, nil
}

// BaselineDotEnv is what a baseline records of the .env findings the
// team acknowledges; errors as ReadBaseline.
func BaselineDotEnv(path string) ([]string, error) {
	f, err := readBaseline(path)
	if err != nil {
		return nil, err
	}
	return f.DotEnv, nil
}

func readBaseline(path string) (baselineFile, error) {
	var f baselineFile
	ok, err := readJSON(path, &f)
	if err != nil {
		return f, err
	}
	if !ok {
		return f, fmt.Errorf("%s: no baseline: %w", path, fs.ErrNotExist)
	}
	if f.Version != storeVersion {
		return baselineFile{}, &StoreError{Path: path, Line: 1, Column: 1, Err: ErrCorrupt,
			Msg:  fmt.Sprintf("unsupported baseline version %d (this gh-hooks reads version %d)", f.Version, storeVersion),
			Hint: "upgrade gh-hooks"}
	}
	return f, nil
}

// CheckBaseline compares the current project hooks with the baseline at
// path (BaselinePath for the usual place), with the same matching and
// statuses as Audit; HookReport.Gemini is left empty.
func CheckBaseline(p Project, hooks []merge.Hook, path string) (*Report, error) {
	old, err := ReadBaseline(path)
	if err != nil {
		if errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("%w (hint: write one with the current hooks, review it, and commit it)", err)
		}
		return nil, err
	}
	r := check(p, Compute(p, hooks), old)
	r.Store = path
	return r, nil
}
