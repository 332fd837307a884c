package shellcmd

// builtins are bash's builtin commands and reserved words: a command word
// that names one runs inside bash, never through PATH (bash(1), SHELL
// BUILTIN COMMANDS and RESERVED WORDS).
var builtins = map[string]bool{
	":": true, ".": true, "[": true, "[[": true, "]]": true, "alias": true, "bg": true, "bind": true,
	"break": true, "builtin": true, "caller": true, "cd": true, "command": true, "compgen": true,
	"complete": true, "compopt": true, "continue": true, "declare": true, "dirs": true, "disown": true,
	"echo": true, "enable": true, "eval": true, "exec": true, "exit": true, "export": true, "false": true,
	"fc": true, "fg": true, "getopts": true, "hash": true, "help": true, "history": true, "jobs": true,
	"kill": true, "let": true, "local": true, "logout": true, "mapfile": true, "popd": true, "printf": true,
	"pushd": true, "pwd": true, "read": true, "readarray": true, "readonly": true, "return": true,
	"set": true, "shift": true, "shopt": true, "source": true, "suspend": true, "test": true, "times": true,
	"trap": true, "true": true, "type": true, "typeset": true, "ulimit": true, "umask": true,
	"unalias": true, "unset": true, "wait": true, "time": true, "coproc": true, "!": true,
	"if": true, "then": true, "else": true, "elif": true, "fi": true, "case": true, "esac": true,
	"for": true, "select": true, "while": true, "until": true, "do": true, "done": true, "in": true,
	"function": true, "{": true, "}": true,
}

// IsBuiltin reports whether name is a bash builtin or reserved word, which
// bash runs without looking on PATH.
func IsBuiltin(name string) bool { return builtins[name] }
