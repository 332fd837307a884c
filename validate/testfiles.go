package validate

import (
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/hooktest"
)

// CheckTestFiles checks hook test files (gh-hooks test) as gh-hooks test
// loads them: the project's default ones without paths, else the given
// ones (relative to dir). Each problem is an error with the file's
// position: a syntax error, an unknown key or event, a wrong type, an
// expectation that can never hold on its event, a file that cannot be
// read (hooktest.Load). No test files is no problem.
func CheckTestFiles(project, dir string, paths []string) []config.Problem {
	srcs, err := hooktest.Find(project, dir, paths)
	if err == nil {
		_, err = hooktest.Load(srcs)
	}
	errs, _ := err.(hooktest.Errors)
	var out []config.Problem
	for _, e := range errs {
		path := e.Abs
		if path == "" {
			path = e.Path
			if !filepath.IsAbs(path) {
				path = filepath.Join(dir, path)
			}
		}
		out = append(out, config.Problem{Severity: config.SevError, Code: e.Code, Path: path, Line: e.Line, Column: e.Column,
			Message: e.Msg, Hint: e.Hint})
	}
	config.SortProblems(out)
	return out
}

// IsTestFile says whether path is named like a hook test file rather than
// a settings file: a .yaml or .yml file, hooks.test.json, or a .json file
// in a tests directory.
func IsTestFile(path string) bool {
	base := strings.ToLower(filepath.Base(path))
	switch filepath.Ext(base) {
	case ".yaml", ".yml":
		return true
	case ".json":
		return strings.HasSuffix(base, ".test.json") || filepath.Base(filepath.Dir(path)) == "tests"
	}
	return false
}
