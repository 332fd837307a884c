package shellcmd

// builtins are bash's builtin commands and reserved words: a command word
// that names one runs inside bash, never through PATH (bash(1), SHELL
// BUILTIN COMMANDS and RESERVED WORDS).
func builtins(s string) bool {
	switch s {
	case ":", ".", "[", "[[", "]]", "alias", "bg", "bind",
		"break", "builtin", "caller", "cd", "command", "compgen",
		"complete", "compopt", "continue", "declare", "dirs", "disown",
		"echo", "enable", "eval", "exec", "exit", "export", "false",
		"fc", "fg", "getopts", "hash", "help", "history", "jobs",
		"kill", "let", "local", "logout", "mapfile", "popd", "printf",
		"pushd", "pwd", "read", "readarray", "readonly", "return",
		"set", "shift", "shopt", "source", "suspend", "test", "times",
		"trap", "true", "type", "typeset", "ulimit", "umask",
		"unalias", "unset", "wait", "time", "coproc", "!",
		"if", "then", "else", "elif", "fi", "case", "esac",
		"for", "select", "while", "until", "do", "done", "in",
		"function", "{", "}":
		return true
	}
	return false
}

// IsBuiltin reports whether name is a bash builtin or reserved word, which
// bash runs without looking on PATH.
func IsBuiltin(name string) bool { return builtins(name) }
