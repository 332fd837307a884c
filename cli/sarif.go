package cli

import (
	"bytes"
	"io"
	"net/url"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/owenrumney/go-sarif/v2/sarif"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/internal/visible"
)

// SARIF is written with github.com/owenrumney/go-sarif/v2. Its v3 has the
// same builder but links a JSON-schema validator (gojsonschema) into the
// binary, whose package initialisation cost about 2 ms in every gh-hooks
// process, the Claude hook adapter's included; the tests validate the
// output against the SARIF 2.1.0 schema with v3 instead (sarif_test.go).

// srcRoot is the uriBaseId of paths relative to the report's base
// directory; originalUriBaseIds says where it is. GitHub code scanning
// reads relative uris as paths in the repository.
const srcRoot = "%SRCROOT%"

// sarifInfoURI is the tool's informationUri.
const sarifInfoURI = "https://github.com/gh-hooks/gh-hooks"

// describeFunc describes a problem code for a SARIF rule: a one-sentence
// summary, and the help that applies to every problem of the code ("" to
// use the problems' hint when they all share one).
type describeFunc func(code string) (summary, help string)

// buildSARIF turns problems into a SARIF 2.1.0 log of one run: one result
// per problem (ruleId = code, level, message with the hint,
// physicalLocation relative to base when the file is inside it) and one
// rule per code used, described by describe(code).
func buildSARIF(base string, ps []config.Problem, describe describeFunc) (*sarif.Report, error) {
	rep, err := sarif.New(sarif.Version210)
	if err != nil {
		return nil, err
	}
	run := sarif.NewRunWithInformationURI("gh-hooks", sarifInfoURI)
	run.Tool.Driver.WithVersion(appVersion())
	// Columns are counted in Unicode code points (config.Document.Position),
	// not in the UTF-16 code units SARIF assumes by default.
	run.WithColumnKind("unicodeCodePoints")
	if base != "" {
		run.WithOriginalUriBaseIds(map[string]*sarif.ArtifactLocation{
			srcRoot: sarif.NewArtifactLocation().WithUri(fileURI(base) + "/"),
		})
	}

	// Rules first, sorted by code, so that every result has its ruleIndex.
	hints := map[string][]string{}
	var codes []string
	for _, p := range ps {
		if _, ok := hints[p.Code]; !ok {
			codes = append(codes, p.Code)
		}
		if !slices.Contains(hints[p.Code], p.Hint) {
			hints[p.Code] = append(hints[p.Code], p.Hint)
		}
	}
	sort.Strings(codes)
	index := map[string]int{}
	for i, code := range codes {
		index[code] = i
		desc, help := describe(code)
		if h := hints[code]; help == "" && len(h) == 1 && h[0] != "" {
			help = h[0]
		}
		if help == "" {
			help = desc + " Each result's message ends with the fix for that finding."
		}
		run.AddRule(code).
			WithName(ruleName(code)).
			WithDescription(desc).
			WithFullDescription(sarif.NewMultiformatMessageString(desc)).
			WithTextHelp(help)
	}

	for _, p := range ps {
		// A viewer (GitHub's code scanning) shows the message as text:
		// escaped, as in every human output, so that a finding cannot hide
		// what a hook runs (issue 24 §3).
		outside := outsidePrefix(base, p)
		msg := visible.EscapeText(outside + p.Message)
		if p.Hint != "" {
			msg += "\nhint: " + visible.EscapeText(p.Hint)
		}
		res := run.CreateResultForRule(p.Code).
			WithRuleIndex(index[p.Code]).
			WithLevel(sarifLevel(p.Severity)).
			WithMessage(sarif.NewTextMessage(msg))
		if p.Pointer != "" {
			// The JSON pointer locates the value inside the file, as in
			// --json; SARIF's location model has no place for it.
			res.PropertyBag = *sarif.NewPropertyBag()
			res.Add("pointer", p.Pointer)
		}
		if outside != "" {
			// Outside the repository: marked, and no file: URI into the
			// home of whoever ran it (the message says where).
			if res.PropertyBag.Properties == nil {
				res.PropertyBag = *sarif.NewPropertyBag()
			}
			res.Add("outsideRepository", true)
			continue
		}
		if p.Path == "" {
			continue // a finding about no file has no location
		}
		loc := sarif.NewArtifactLocation()
		if rel, ok := relPath(base, p.Path); ok {
			loc.WithUri((&url.URL{Path: rel}).String()).WithUriBaseId(srcRoot)
		} else {
			loc.WithUri(fileURI(p.Path))
		}
		phys := sarif.NewPhysicalLocation().WithArtifactLocation(loc)
		if p.Line > 0 {
			region := sarif.NewRegion().WithStartLine(p.Line)
			if p.Column > 0 {
				region.WithStartColumn(p.Column)
			}
			phys.WithRegion(region)
		}
		res.AddLocation(sarif.NewLocationWithPhysicalLocation(phys))
	}
	rep.AddRun(run)
	return rep, nil
}

// writeSARIF writes the log, indented, with a final newline.
func writeSARIF(w io.Writer, rep *sarif.Report) error {
	var b bytes.Buffer
	if err := rep.PrettyWrite(&b); err != nil {
		return err
	}
	b.WriteByte('\n')
	_, err := w.Write(b.Bytes())
	return err
}

// sarifLevel maps a severity to SARIF's result level.
func sarifLevel(s config.Severity) string {
	switch s {
	case config.SevError:
		return "error"
	case config.SevWarning:
		return "warning"
	}
	return "note"
}

// ruleName is a code in SARIF's PascalCase rule-name style: script-missing
// is ScriptMissing.
func ruleName(code string) string {
	var b strings.Builder
	for _, part := range strings.Split(code, "-") {
		if part != "" {
			b.WriteString(strings.ToUpper(part[:1]) + part[1:])
		}
	}
	return b.String()
}

// fileURI is the file: URI of an absolute path.
func fileURI(path string) string {
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // C:/x on Windows
	}
	return (&url.URL{Scheme: "file", Path: p}).String()
}
