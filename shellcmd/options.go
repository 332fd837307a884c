package shellcmd

import "strings"

// Shell options (set -o, shopt, bash -O/-o): those that change what a
// command runs are modelled or make the command not covered; the others
// are listed as inert. An option not listed is not covered (issue 30
// §3).

// shellOpts maps set -o names and set's letters to the options.
func setLetters(s string) string {
	switch s {
	case "a":
		return "allexport"
	case "b":
		return "notify"
	case "e":
		return "errexit"
	case "f":
		return "noglob"
	case "h":
		return "hashall"
	case "k":
		return "keyword"
	case "m":
		return "monitor"
	case "n":
		return "noexec"
	case "p":
		return "privileged"
	case "t":
		return "onecmd"
	case "u":
		return "nounset"
	case "v":
		return "verbose"
	case "x":
		return "xtrace"
	case "B":
		return "braceexpand"
	case "C":
		return "noclobber"
	case "E":
		return "errtrace"
	case "H":
		return "histexpand"
	case "P":
		return "physical"
	case "T":
		return "functrace"
	case "i":
		return "interactive"
	case "l":
		return "login"
	case "r":
		return "restricted"
	case "s":
		return "stdin"
	case "D":
		return "dump-strings"
	case "c":
		return "command"
	}
	return ""
}

// inertOptions change nothing of what runs here: globs are not known
// anyway, and a shell that exits or skips earlier runs less.
func inertOptions(s string) bool {
	switch s {
	case "allexport", "notify", "errexit", "noglob", "hashall", "monitor",
		"noexec", "privileged", "onecmd", "nounset", "verbose", "braceexpand",
		"noclobber", "errtrace", "histexpand", "physical", "functrace", "emacs",
		"vi", "ignoreeof", "history", "nolog", "interactive-comments", "pipefail",
		"login", "restricted", "stdin", "dump-strings", "command", "interactive",
		// shopt
		"autocd", "assoc_expand_once", "array_expand_once", "cdspell", "checkhash",
		"checkjobs", "checkwinsize", "cmdhist", "direxpand", "dirspell", "dotglob",
		"execfail", "extglob", "extquote", "failglob", "force_fignore",
		"globasciiranges", "globskipdots", "globstar", "gnu_errfmt", "histappend",
		"histreedit", "histverify", "hostcomplete", "huponexit", "inherit_errexit",
		"interactive_comments", "lithist", "localvar_inherit", "localvar_unset",
		"login_shell", "mailwarn", "no_empty_cmd_completion", "nocaseglob", "nocasematch",
		"noexpand_translation", "nullglob", "patsub_replacement", "progcomp",
		"progcomp_alias", "promptvars", "restricted_shell", "shift_verbose",
		"sourcepath", "varredir_close", "bash_source_fullpath", "extdebug":
		return true
	}
	return false
}

// shellOption applies an option that a shell is started with (bash -O
// NAME, -o NAME, -x, --posix) or that set and shopt change: opt is the
// option as written ("-O", "+o", "-x", "--posix", "set", "shopt -s"),
// value its name when it has one.
func (w *walker) shellOption(base, opt, value string, st *state) {
	on := !strings.HasPrefix(opt, "+") && opt != "shopt -u"
	name := value
	switch {
	case opt == "--posix":
		name = "posix"
	case value == "" && len(opt) == 2:
		name = setLetters(opt[1:])
	}
	switch name {
	case "":
		return // bash -o alone lists the options
	case "posix":
		st.posix = on
	case "expand_aliases":
		st.aliases = on
	case "xtrace":
		st.xtrace = on
		if _, ok := st.vars["PS4"]; on && !ok {
			// bash expands PS4 before each traced command, and takes it
			// from the environment (variables.c): its text is not known.
			w.unknown("xtrace (" + base + " " + strings.TrimSpace(opt+" "+value) + ") with PS4 from the environment, which bash expands before each command")
		}
	case "keyword":
		if on {
			w.unknown("set -k (assignments anywhere on a command line go to its environment): not followed")
		}
	case "cdable_vars":
		if on {
			w.unknown("shopt -s cdable_vars (cd to a variable's value): not followed")
		}
	case "lastpipe":
		if on {
			w.unknown("shopt -s lastpipe (the last command of a pipe runs in this shell): not followed")
		}
	case "xpg_echo":
		if on {
			w.unknown("shopt -s xpg_echo (echo reads escapes): not followed")
		}
	default:
		if !inertOptions(name) && !strings.HasPrefix(name, "compat") {
			w.unknown(base + " " + strings.TrimSpace(opt+" "+value) + " (an option gh-hooks does not know): not followed")
		}
	}
}

// setOptions applies `set` (set -x, set -o posix, set +o ...) or `shopt`
// (shopt -s NAME, -u, -o) to the shell's state.
func (w *walker) setOptions(n string, rest []arg, st *state) {
	if n == "shopt" {
		mode, setNames := "shopt -s", false
		for _, a := range rest {
			switch {
			case !a.v.known:
				w.unknown("shopt with " + a.v.why)
			case a.v.s == "-s":
				mode = "shopt -s"
			case a.v.s == "-u":
				mode = "shopt -u"
			case a.v.s == "-o":
				setNames = true
			case strings.HasPrefix(a.v.s, "-"):
			case mode == "shopt -u" && !setNames:
				w.shellOption(n, "shopt -u", a.v.s, st)
			case setNames:
				w.shellOption(n, map[bool]string{true: "-o", false: "+o"}[mode == "shopt -s"], a.v.s, st)
			default:
				w.shellOption(n, mode, a.v.s, st)
			}
		}
		return
	}
	for i := 0; i < len(rest); i++ {
		a := rest[i]
		if !a.v.known {
			w.unknown("set with " + a.v.why)
			setPositional(st, []arg{{v: a.v}}) // they may be set
			return
		}
		s := a.v.s
		switch {
		case s == "--" || s == "-":
			setPositional(st, rest[i+1:])
			return
		case !(strings.HasPrefix(s, "-") || strings.HasPrefix(s, "+")):
			setPositional(st, rest[i:])
			return
		case s == "-o" || s == "+o":
			if i+1 < len(rest) && rest[i+1].v.known {
				w.shellOption(n, s, rest[i+1].v.s, st)
			}
			i++
		default:
			for _, c := range s[1:] {
				if c != 'o' {
					w.shellOption(n, s[:1]+string(c), "", st)
				} else if i+1 < len(rest) && rest[i+1].v.known {
					// set -euo pipefail: o takes the next word.
					i++
					w.shellOption(n, s[:1]+"o", rest[i].v.s, st)
				}
			}
		}
	}
}
