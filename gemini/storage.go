package gemini

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
)

// PlansDir is Gemini's storage.getPlansDir() for a session:
// <home>/.gemini/tmp/<project id>/<session>/plans, where the project id
// is the one Gemini's project registry (<home>/.gemini/projects.json)
// holds for the path, else the slug it would claim for a new project
// (ProjectRegistry.claimNewSlug; the -1, -2 suffixes for a taken slug are
// not modelled). Nothing is created.
func PlansDir(home, project, session string) string {
	id := ""
	if b, err := os.ReadFile(filepath.Join(home, ".gemini", "projects.json")); err == nil {
		var reg struct {
			Projects map[string]string `json:"projects"`
		}
		if json.Unmarshal(b, &reg) == nil {
			id = reg.Projects[project]
		}
	}
	if id == "" {
		id = slugify(filepath.Base(project))
	}
	return filepath.Join(home, ".gemini", "tmp", id, session, "plans")
}

// ProjectTempDir is Gemini's project temp directory, the plans
// directory's grandparent (<home>/.gemini/tmp/<project id>).
func ProjectTempDir(plans string) string { return filepath.Dir(filepath.Dir(plans)) }

// slugify is ProjectRegistry.slugify: lower-case, runs of characters
// other than a-z and 0-9 become one "-", no leading or trailing "-",
// "project" when nothing is left. (A loop, not a package-level regexp:
// compiling one at start-up costs every gh-hooks process.)
func slugify(s string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(s) {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	if b.Len() == 0 {
		return "project"
	}
	return b.String()
}
