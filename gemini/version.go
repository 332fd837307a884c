package gemini

import (
	"fmt"
	"strconv"
	"strings"
)

// Version is a Gemini CLI release as major.minor, the part that decides
// which rules apply (spec gemini-versions.md §1.1 rule 6: patch numbers and
// prerelease tags do not change them).
type Version struct {
	Major, Minor int
}

// String is "0.58".
func (v Version) String() string { return strconv.Itoa(v.Major) + "." + strconv.Itoa(v.Minor) }

// Less reports whether v is older than w.
func (v Version) Less(w Version) bool {
	if v.Major != w.Major {
		return v.Major < w.Major
	}
	return v.Minor < w.Minor
}

// IsZero reports whether v is the zero Version (no version).
func (v Version) IsZero() bool { return v == Version{} }

// The modelled range (spec gemini-versions.md §2): Oldest's rules apply to
// every older release and Newest's to every newer one.
var (
	Oldest = Version{0, 47}
	Newest = Version{0, 61}
)

// NewestRelease is the release gh-hooks is checked against.
const NewestRelease = "0.61.0"

// ParseVersion reads MAJOR.MINOR.PATCH with an optional -prerelease (and
// an optional +build), as npm writes it in package.json: "0.58.0",
// "0.62.0-preview.1", "0.61.0-nightly.20260909.ged2ac40df". A leading "v"
// is accepted.
func ParseVersion(s string) (Version, error) {
	core := strings.TrimPrefix(s, "v")
	if i := strings.IndexByte(core, '+'); i >= 0 {
		if !validIdents(core[i+1:]) {
			return Version{}, fmt.Errorf("%q is not a version (want MAJOR.MINOR.PATCH, e.g. 0.58.0)", s)
		}
		core = core[:i]
	}
	if i := strings.IndexByte(core, '-'); i >= 0 {
		if !validIdents(core[i+1:]) {
			return Version{}, fmt.Errorf("%q is not a version (want MAJOR.MINOR.PATCH, e.g. 0.58.0)", s)
		}
		core = core[:i]
	}
	parts := strings.Split(core, ".")
	if len(parts) != 3 {
		return Version{}, fmt.Errorf("%q is not a version (want MAJOR.MINOR.PATCH, e.g. 0.58.0)", s)
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil || v < 0 || p == "" || p[0] == '+' || len(p) > 1 && p[0] == '0' || len(p) > 9 {
			return Version{}, fmt.Errorf("%q is not a version (want MAJOR.MINOR.PATCH, e.g. 0.58.0)", s)
		}
		n[i] = v
	}
	return Version{n[0], n[1]}, nil
}

// validIdents checks semver's dot-separated [0-9A-Za-z-] identifiers.
func validIdents(s string) bool {
	if s == "" {
		return false
	}
	for _, id := range strings.Split(s, ".") {
		if id == "" {
			return false
		}
		for _, c := range id {
			if !(c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
				return false
			}
		}
	}
	return true
}
