package shellcmd

import (
	"path/filepath"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/lazyre"
)

// cgo: a package that imports "C" compiles its C, C++, Objective-C,
// assembly and Fortran files and the headers they include (cmd/go's
// go/build: CFiles, CXXFiles, MFiles, HFiles, SFiles, FFiles, SysoFiles).
// The headers are followed through `#include "X"` (next to the including
// file, then the -I folders of `#cgo` CFLAGS/CPPFLAGS/CXXFLAGS, with
// ${SRCDIR}) and `#include <X>` (the -I folders), so
// `#include "../../inc/x.h"` is hashed. A computed #include, pkg-config,
// linker flags that name project files, native code (C, assembly) that
// names a way to start a program or load code (cgoStart) and a .syso
// object are not covered.

var (
	cgoInclude   = lazyre.New(`(?m)^[ \t]*(?://[ \t]*)?#[ \t]*(?:include|import|include_next)[ \t]*(?:"([^"\n]*)"|<([^>\n]*)>|(\S.*))`)
	cgoDirective = lazyre.New(`(?m)^[ \t]*(?://)?[ \t]*#cgo\b([^:\n]*):(.*)$`)
	cgoImportC   = lazyre.New(`(?m)^\s*import\s+(?:\(\s*)?"C"|^\s*"C"\s*$`)
	// cgoStart are the C names (and assembly) through which native code
	// starts a program or loads code: system, popen, the exec and spawn
	// families, wordexp, fork, dlopen/dlsym, raw system calls and inline
	// assembly, memory made executable, and ## (a name pasted together).
	cgoStart = lazyre.New(`(?i)\w*(?:system|popen|exec|spawn|wordexp|fork|clone|dlopen|dlmopen|dlsym|syscall|asm|mmap|mprotect)\w*|##|\bint\s+\$?0x80`)
)

// cgoStarts marks not covered the native code of file p (a cgo
// package's Go file with its preamble, C, C++ or assembly file or
// header) when it names a way to start a program or load code: the
// analysis does not follow C, and a Go program's C calls system("sh
// x.sh") unseen (gcc and Go 1.26 witness it).
func (w *walker) cgoStarts(p string) {
	data, _, ok := w.files.ReadFile(p)
	if !ok {
		return
	}
	if m := cgoStart.Get().Find(data); m != nil {
		if len(m) > 40 {
			m = append(m[:40:40], "..."...) // a word of any length: the reason stays one short line
		}
		w.unknown(w.rel(p) + " names " + string(m) + " in native code: what the program starts or loads is not followed")
	}
}

// cgoExt are the file kinds go build compiles in a cgo package.
func cgoExt(s string) bool {
	switch s {
	case ".c", ".cc", ".cpp", ".cxx", ".h", ".hh", ".hpp",
		".hxx", ".m", ".s", ".S", ".sx", ".f", ".F", ".for", ".f90",
		".syso", ".swig", ".swigcxx":
		return true
	}
	return false
}

// cgoPackage follows the headers of a cgo package in dir whose files are
// names. It does nothing for a package that does not import "C".
func (w *walker) cgoPackage(dir string, names []string, st *state) {
	var incDirs []string
	cgo := false
	for _, n := range names {
		if filepath.Ext(n) != ".go" || strings.HasSuffix(n, "_test.go") {
			continue
		}
		data, _, ok := w.files.ReadFile(filepath.Join(dir, n))
		if !ok || !cgoImportC.Get().Match(data) {
			continue
		}
		cgo = true
		for _, m := range cgoDirective.Get().FindAllSubmatch(data, -1) {
			what := strings.Fields(string(m[1]))
			if len(what) == 0 {
				continue
			}
			flags := strings.Fields(strings.ReplaceAll(string(m[2]), "${SRCDIR}", dir))
			switch what[len(what)-1] {
			case "CFLAGS", "CPPFLAGS", "CXXFLAGS", "FFLAGS":
				for i, f := range flags {
					d := ""
					switch {
					case f == "-I" && i+1 < len(flags):
						d = flags[i+1]
					case strings.HasPrefix(f, "-I") && len(f) > 2:
						d = f[2:]
					case strings.HasPrefix(f, "-include") || strings.HasPrefix(f, "-imacros") || strings.HasPrefix(f, "-iquote") || strings.HasPrefix(f, "-isystem") || strings.HasPrefix(f, "@"):
						w.unknown("cgo " + f + " in " + w.rel(filepath.Join(dir, n)) + ": not followed")
					}
					if d != "" {
						if !filepath.IsAbs(d) {
							d = filepath.Join(dir, d)
						}
						incDirs = append(incDirs, filepath.Clean(d))
					}
				}
			case "pkg-config":
				w.unknown("cgo pkg-config in " + w.rel(filepath.Join(dir, n)) + ": not followed")
			case "LDFLAGS":
				for _, f := range flags {
					if strings.HasPrefix(f, dir) || strings.Contains(f, "-L"+dir) || strings.HasPrefix(f, "@") {
						w.unknown("cgo LDFLAGS naming project files (" + f + ") in " + w.rel(filepath.Join(dir, n)) + ": not followed")
					}
				}
			}
		}
	}
	if !cgo {
		return
	}
	for _, n := range names {
		ext := filepath.Ext(n)
		if ext == ".go" && !strings.HasSuffix(n, "_test.go") || cgoExt(ext) && ext != ".syso" {
			w.cgoIncludes(filepath.Join(dir, n), incDirs, st, 0)
		}
	}
}

// cgoIncludes hashes the project headers file p includes, and theirs.
func (w *walker) cgoIncludes(p string, incDirs []string, st *state, level int) {
	if w.followed["cgo "+p] {
		return
	}
	put(&w.followed, "cgo "+p, true)
	if level > 40 {
		w.unknown("C headers included more than 40 deep")
		return
	}
	data, _, ok := w.files.ReadFile(p)
	if !ok {
		return
	}
	w.cgoStarts(p)
	for _, m := range cgoInclude.Get().FindAllSubmatch(data, -1) {
		if len(m[3]) > 0 {
			w.unknown("a computed #include (" + strings.TrimSpace(string(m[3])) + ") in " + w.rel(p) + ": not followed")
			continue
		}
		name := string(m[1])
		dirs := incDirs
		if name != "" {
			dirs = append([]string{filepath.Dir(p)}, incDirs...)
		} else {
			name = string(m[2])
		}
		if filepath.IsAbs(name) {
			dirs = []string{"/"}
		}
		for _, d := range dirs {
			h := filepath.Join(d, name)
			if _, _, ok := w.files.ReadFile(h); ok && w.within(h) {
				w.add(w.rel(h), val{s: h, known: true}, RoleScript, st, false)
				w.cgoIncludes(h, incDirs, st, level+1)
				break
			}
		}
	}
}
