package layers

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/gh-hooks/gh-hooks/config"
)

// ManifestFile is the name of an extension's manifest.
const ManifestFile = "gemini-extension.json"

// ReadManifest reads the gemini-extension.json of the extension in dir as
// Gemini's loadExtensionConfig does (cli/config/extension-manager.ts):
// plain JSON.parse, then `if (!name || !version) throw`, then validateName
// (/^[a-zA-Z0-9-]+$/ on the name's string form; a version of 1 is fine).
// It returns the manifest and its name, or, when Gemini would skip the
// extension ("Warning: Skipping extension in ..."), a warning at the
// manifest's path:line:col whose message is why (Skipped adds that Gemini
// skips it).
func ReadManifest(dir string) (doc *config.Document, name string, problem *config.Problem) {
	path := filepath.Join(dir, ManifestFile)
	doc, err := config.ReadFile(path, config.Options{NoComments: true})
	skip := func(p config.Problem) (*config.Document, string, *config.Problem) {
		p.Severity = config.SevWarning
		return nil, "", &p
	}
	if err != nil {
		var pe *config.ParseError
		if errors.As(err, &pe) {
			p := config.FromParseError(pe)
			p.Code = "extension-manifest-invalid"
			p.Hint = "write plain JSON (no comments): Gemini reads " + ManifestFile + " with JSON.parse"
			if pe.Code == "not-object" {
				// JSON.parse accepts it; then rawConfig.name is undefined.
				p.Message = `missing "name": the manifest is not an object`
				p.Hint = `write {"name": "` + suggestName(filepath.Base(dir)) + `", "version": "1.0.0"}`
			}
			return skip(p)
		}
		msg := "Configuration file not found at " + path
		if !errors.Is(err, fs.ErrNotExist) {
			msg = err.Error()
		}
		return skip(config.Problem{Code: "extension-manifest-missing", Path: path, Line: 1, Column: 1, Message: msg,
			Hint: `create ` + path + ` with {"name": "` + suggestName(filepath.Base(dir)) + `", "version": "1.0.0"}`})
	}
	n, v := doc.Root.Get("name"), doc.Root.Get("version")
	switch {
	case !n.Truthy():
		return skip(doc.At(pointerOr(n, ""), config.SevWarning, "extension-manifest-invalid", `missing "name"`,
			`add "name": "`+suggestName(filepath.Base(dir))+`" (letters, digits and dashes)`))
	case !v.Truthy():
		return skip(doc.At(pointerOr(v, ""), config.SevWarning, "extension-manifest-invalid", `missing "version"`,
			`add "version": "1.0.0"`))
	case !extNamePattern.Get().MatchString(n.JSString()):
		return skip(doc.At("/name", config.SevWarning, "extension-manifest-invalid",
			"invalid extension name "+quoteJS(n.JSString())+": only letters (a-z, A-Z), numbers (0-9) and dashes (-) are allowed",
			`use "name": "`+suggestName(n.JSString())+`"`))
	}
	return doc, n.JSString(), nil
}

// Skipped is ReadManifest's problem as reported where the extension is
// looked at: Gemini skips it, and why.
func Skipped(p config.Problem) config.Problem {
	p.Message = "Gemini skips this extension: " + p.Message
	return p
}

func pointerOr(n *config.Node, def string) string {
	if n != nil {
		return n.Pointer()
	}
	return def
}

func quoteJS(s string) string { return `"` + s + `"` }

// suggestName turns s into a valid extension name: every run of other
// characters becomes one dash, and leading and trailing dashes go. It
// returns "" when nothing is left.
func suggestName(s string) string {
	out := make([]byte, 0, len(s))
	dash := false
	for i := 0; i < len(s); i++ {
		c := s[i]
		ok := c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9'
		switch {
		case ok:
			if dash && len(out) > 0 {
				out = append(out, '-')
			}
			out, dash = append(out, c), false
		default:
			dash = true
		}
	}
	return string(out)
}

// ExtensionName returns s as a valid extension name (see suggestName).
func ExtensionName(s string) string { return suggestName(s) }

// IsExtensionDir reports whether dir holds a gemini-extension.json.
func IsExtensionDir(dir string) bool {
	st, err := os.Stat(filepath.Join(dir, ManifestFile))
	return err == nil && !st.IsDir()
}

// InstalledAt returns the installed extension whose directory (a link's
// source included) is dir, comparing real paths; ok is false when Gemini
// would not find dir under <home>/.gemini/extensions.
func (s *Set) InstalledAt(dir string) (ExtensionInfo, bool) {
	want := realDir(dir)
	for _, e := range s.Extensions() {
		if realDir(e.Dir) == want {
			return e, true
		}
	}
	return ExtensionInfo{}, false
}

func realDir(p string) string {
	if abs, err := filepath.Abs(p); err == nil {
		p = abs
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		return r
	}
	return filepath.Clean(p)
}

// NotLoaded says why Gemini does not run the hooks of the extension in
// dir here: it is neither installed nor linked under
// <home>/.gemini/extensions (extension-not-installed), or it is disabled
// for the project (extension-disabled). It returns nil when Gemini loads
// it. Gemini never loads an extension from anywhere else (spec §3.5).
func (s *Set) NotLoaded(dir string) *config.Problem {
	manifest := filepath.Join(dir, ManifestFile)
	e, ok := s.InstalledAt(dir)
	switch {
	case !ok:
		return &config.Problem{Severity: config.SevWarning, Code: "extension-not-installed", Path: manifest, Line: 1, Column: 1,
			Message: "Gemini does not load this extension: it is neither installed nor linked in " + s.Paths.ExtensionsDir,
			Hint:    "gemini extensions link " + dir + " (or gemini extensions install " + dir + ")"}
	case !e.Enabled:
		return &config.Problem{Severity: config.SevWarning, Code: "extension-disabled", Path: manifest, Line: 1, Column: 1,
			Message: "Gemini does not run this extension's hooks here: " + e.Reason,
			Hint:    "gemini extensions enable " + e.Name + " --scope workspace, run in " + s.Paths.ProjectDir}
	}
	return nil
}
