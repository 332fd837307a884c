package shellcmd

import (
	"slices"
	"strings"
	"sync"
)

// Program knowledge as data (issue 30 §2): one row per program, with its
// option grammar and what its arguments are to it. One parser (Parse)
// reads every row's command line and one apply step (walker.apply)
// follows what the parse says is code, so a new wrapper or interpreter
// is a row. A program without a row runs code gh-hooks cannot see: every
// argument that names a project file is hashed and the hook is not
// covered (walker.unknownProgram). The grammar is getopt's, as
// ShellCheck writes it (getBsdOpts "vAknS..." in ShellCheck's
// ASTLib.hs): combined short flags (-Eu root), a value attached or in
// the next word (-uroot, -u root), --name=value or --name value, a
// unique prefix of a long option (getopt_long), and -- to end options.

// Kind is what an operand or an option's value is to a program.
type Kind string

// Kinds of arguments. KindData is not code; every other kind is code the
// walker follows, or a reason the hook is not covered.
const (
	// KindData is not code: a file the program reads as data, a name, a
	// number.
	KindData Kind = ""
	// KindScript is a file the program runs in its language (Row.Lang):
	// bash x.sh, python3 x.py, awk -f x.awk.
	KindScript Kind = "script"
	// KindCode is code in the program's language given on the command line:
	// python -c, node -e, awk 'prog', sed 's/a/b/'.
	KindCode Kind = "code"
	// KindModule is a module the program finds and runs (python -m).
	KindModule Kind = "module"
	// KindPreload is a module loaded before the script (node -r, --import).
	KindPreload Kind = "preload"
	// KindRC is shell code a shell reads when it starts (bash --rcfile).
	KindRC Kind = "rc"
	// KindShellCode is a command line the program runs with sh -c (su -c,
	// tar --to-command, flock -c).
	KindShellCode Kind = "shell-code"
	// KindCommand starts a command line the program runs: this word and all
	// after it (sudo, env, timeout, nice, find -exec ... ;).
	KindCommand Kind = "command"
	// KindShellWords: the remaining words, joined with spaces, are run with
	// sh -c (watch).
	KindShellWords Kind = "shell-words"
	// KindProgram is a program the program runs by name or path (sort
	// --compress-program).
	KindProgram Kind = "program"
	// KindLibrary is a shared library the program loads (ssh -I).
	KindLibrary Kind = "library"
	// KindPackage is a package's program run by name, fetched when
	// missing (uvx).
	KindPackage Kind = "package-program"
	// KindDir is the directory the program, and what it runs, works in (env
	// -C, sudo -D, git -C).
	KindDir Kind = "dir"
	// KindAssign is NAME=value put in the environment of the command (env,
	// sudo); as an operand, it repeats while words are assignments.
	KindAssign Kind = "assign"
	// KindUnset removes a variable from the command's environment (env -u).
	KindUnset Kind = "unset"
	// KindSplit is a string split into words that are read as more of the
	// command line (env -S).
	KindSplit Kind = "split"
	// KindShellOpt is a shell option set at start (bash -O NAME, -o NAME).
	KindShellOpt Kind = "shell-option"
	// KindOperand changes what the program's operands are (bash -c makes
	// the first operand code, bash -s reads code from stdin, watch -x
	// runs its words as a command): see Use.As.
	KindOperand Kind = "operand"
	// KindStdin: the program reads its code from standard input.
	KindStdin Kind = "stdin"
	// KindNoRun: with this option the program runs nothing of the command
	// line (command -v, ionice -p).
	KindNoRun Kind = "no-run"
	// KindConfig is a project file the program reads that can make it run
	// code (ssh -F, dotenv -e): hashed, and the hook is not covered.
	KindConfig Kind = "config"
	// KindWrite is a file the program writes (find -fprint, sort -o,
	// script's typescript): what a later command runs may be what it
	// wrote (written.go).
	KindWrite Kind = "write"
	// KindNotCovered is an option with which the program runs or loads code
	// gh-hooks does not model (git -c alias.x=!..., perl -M): the hook is
	// not covered.
	KindNotCovered Kind = "not-covered"
)

// Use is what one option's value is.
type Use struct {
	Kind Kind
	// When, if set, is the prefix (compared without case) that the value
	// must start with for Kind to apply (tar --checkpoint-action=exec=,
	// git -c alias.); the prefix is cut from the value. A row can list
	// several Uses for an option; the first that applies wins, and a
	// value that matches none is KindData.
	When string
	// As is the kind an Operand option gives the first operand that is
	// code (Script, Code): Code for bash -c, Stdin for bash -s, Command
	// for watch -x.
	As Kind
	// Stop: no option is read after this one (python -c, -m: the rest
	// are the script's arguments).
	Stop bool
}

// Row is what gh-hooks knows about one program.
type Row struct {
	// Names are the program's names as run (the base name).
	Names []string
	// Lang is the language of its code: "sh", "python", "node", "awk",
	// "sed", "perl", ...; "" for none.
	Lang string
	// Short is the getopt string of its one-letter options: each letter,
	// followed by ':' when it takes a value (attached, or the next word)
	// or '::' when the value is optional (attached only). A leading '+'
	// means options end at the first operand (POSIX), as for every
	// program that runs a command after its options; otherwise options
	// and operands mix (GNU).
	Short string
	// Long are its long options: "name", "name=" (takes a value:
	// --name=v or --name v), "name=?" (optional: --name=v only); "|x"
	// after the name makes it the same option as -x ("chdir=|C").
	Long []string
	// OneDash: long options take one dash (find -exec, go -C); there are
	// no combined short options.
	OneDash bool
	// Plus: options may start with + too (bash +O NAME, +x).
	Plus bool
	// Opts says what options are: keyed by the option as Parse names it
	// ("-c", or "--name" for a long option without a short one). An
	// option not listed is KindData.
	Opts map[string][]Use
	// Until is the word that ends the value of an option whose Use is
	// Command (find -exec CMD ;): any of these words.
	Until []string
	// Operands are the kinds of the operands, in order; operands past
	// the list are KindData. KindAssign repeats while the words are NAME=value;
	// KindCommand takes the rest of the words.
	Operands []Kind
	// Stdin: without a script or code, the program reads code from its
	// standard input (bash, python3, node).
	Stdin bool
	// Subs are subcommands: the first operand picks the row the rest of
	// the words are read by (git submodule, uv run, deno run).
	Subs map[string]*Row
	// OtherSub is the kind of a first operand not in Subs (a git command
	// gh-hooks does not know is KindData; a deno subcommand is KindNotCovered).
	OtherSub Kind
	// Pure: the program runs none of its arguments and loads no project
	// code (echo, cat, grep): nothing is parsed.
	Pure bool
	// HashArgs: the program copies or moves files (cp, mv, ln, tee), so
	// every argument that names a project file is hashed: what a later
	// command runs may be what was copied.
	HashArgs bool
	// Via names the follower that walks the program in its own way
	// ("npm", "make", "go", "npx", "runner", "cross-env", "manifest",
	// "xargs", "bun"); its options are read there.
	Via string
	// Why is the reason a program is not covered whatever its arguments
	// ("bundle evaluates the Gemfile"); "" for most.
	Why string
	// OldStyle: a first word without a dash is a cluster of one-letter
	// options whose values are the words after it, in order (tar xIf
	// PROG a.tar).
	OldStyle bool
	// Repo: the program reads the git repository it discovers from its
	// folder, whose configuration and hooks can run commands (git,
	// gitreach.go).
	Repo bool
	// Alias: a whole word read as another (node -pe is --print --eval:
	// node's options are not getopt clusters).
	Alias map[string]string
	// Dash: a lone "-" is an option, not an operand (su - USER).
	Dash bool
	// Reopen: with a leading '+' in Short, options are read again after
	// the first Reopen operands and end at the next one (ssh DEST -o
	// ProxyCommand=...: ssh.c parses its options again after the
	// destination unless -- came before it).
	Reopen int
	// loose: an option the row does not list is read as a flag (a git
	// command whose options are listed only where they run code).
	loose bool
}

// Item is one element of a command line as a Row reads it.
type Item struct {
	// Opt is the option as Parse names it ("-c", "--to-command"); "" for
	// an operand.
	Opt string
	// Value is the option's value, or the operand.
	Value string
	// Index is the index of the word that holds Value (-1 for an option
	// without a value).
	Index int
	// Kind is what Value is to the program (for Command, the command
	// starts at Index and runs to End).
	Kind Kind
	// End is the index after the last word of a Command.
	End int
}

// Parse reads a command line (the words after the program's name, as
// the program gets them) by row's grammar. It returns the items in
// order, and a reason when the command line cannot be read exactly (an
// option the row does not know, a missing value): then what the program
// runs is not known.
func Parse(row *Row, words []string) ([]Item, string) {
	as := make([]arg, len(words))
	for i, s := range words {
		as[i] = arg{v: val{s: s, known: true}, text: s}
	}
	items, _, why := parseRow(row, as)
	return items, why
}

// Table returns the rows of the programs gh-hooks knows, in the order
// they are written. The rows must not be changed.
func Table() []*Row { return table() }

// Lookup returns the row of a program's base name, or nil. A name the
// table does not have is answered from rowNames, without building the
// table: a hook that runs its scripts by path (./x.sh) had the whole
// table built to find no row, 5% of the instructions and of the page
// faults of an effective --json of 40 such hooks, and 6.6% of its time
// (BenchmarkProcess x-floor, medians of 3 interleaved runs: 3.09x with
// rowNames, 3.31x without). TestRowNames keeps the list true.
func Lookup(base string) *Row {
	if _, ok := slices.BinarySearch(rowNames, base); !ok && !isPython(base) {
		return nil
	}
	if r := rowIndex()[base]; r != nil {
		return r
	}
	if isPython(base) {
		return rowIndex()["python3"]
	}
	return nil
}

var rowIndex = sync.OnceValue(func() map[string]*Row {
	n := 0
	for _, r := range table() {
		n += len(r.Names)
	}
	m := make(map[string]*Row, n)
	for _, r := range table() {
		for _, n := range r.Names {
			m[n] = r
		}
	}
	return m
})

// optSpec is one option of a row: its canonical name, and whether it
// takes a value (0 no, 1 required, 2 optional and attached only).
type optSpec struct {
	name  string
	value int
}

// shortSpec returns the option letter c of row's Short.
func shortSpec(short string, c byte) (optSpec, bool) {
	s := strings.TrimPrefix(short, "+")
	for i := 0; i < len(s); i++ {
		if s[i] == ':' || s[i] != c {
			continue
		}
		v := 0
		if i+1 < len(s) && s[i+1] == ':' {
			v = 1
			if i+2 < len(s) && s[i+2] == ':' {
				v = 2
			}
		}
		return optSpec{name: "-" + string(c), value: v}, true
	}
	return optSpec{}, false
}

// longSpec returns the long option name (or the only one it is a
// unique prefix of, as getopt_long allows).
func longSpec(long []string, name string) (optSpec, bool) {
	var found []optSpec
	for _, l := range long {
		if !strings.HasPrefix(l, name) {
			continue // n below is a prefix of l
		}
		n, short, _ := strings.Cut(l, "|")
		v := 0
		switch {
		case strings.HasSuffix(n, "=?"):
			n, v = strings.TrimSuffix(n, "=?"), 2
		case strings.HasSuffix(n, "="):
			n, v = strings.TrimSuffix(n, "="), 1
		}
		if !strings.HasPrefix(n, name) {
			continue
		}
		canon := "--" + n
		if short != "" {
			canon = "-" + short
		}
		if n == name {
			return optSpec{name: canon, value: v}, true
		}
		if !slices.ContainsFunc(found, func(o optSpec) bool { return o.name == canon }) {
			found = append(found, optSpec{name: canon, value: v})
		}
	}
	if len(found) == 1 {
		return found[0], true
	}
	return optSpec{}, false
}

// use returns what an option's value is to row, and the value with the
// Use's prefix cut.
func (r *Row) use(opt, value string) (Use, string) {
	for _, u := range r.Opts[opt] {
		if u.When == "" {
			return u, value
		}
		if len(value) >= len(u.When) && strings.EqualFold(value[:len(u.When)], u.When) {
			return u, value[len(u.When):]
		}
	}
	return Use{}, value
}

// parseRow reads words by row (see Parse); it returns the items, the kinds
// the operands were read as, and a reason when it cannot be read. A word
// whose value is not known where an option may be is such a reason: it
// may be any option.
func parseRow(row *Row, words []arg) ([]Item, []Kind, string) {
	if row.OldStyle && len(words) > 0 && words[0].v.known && words[0].v.s != "" && !strings.HasPrefix(words[0].v.s, "-") {
		return parseOldStyle(row, words)
	}
	if len(row.Alias) > 0 {
		words = slices.Clone(words)
		for i, a := range words {
			if to, ok := row.Alias[a.v.s]; ok && a.v.known {
				words[i] = arg{v: val{s: to, known: true}, text: a.text, one: a.one}
			}
		}
	}
	p := &rowParser{row: row, words: words, operands: slices.Clone(row.Operands), name: row.Names[0]}
	posix := strings.HasPrefix(row.Short, "+")
	for i := 0; i < len(words); i++ {
		a := words[i]
		s := a.v.s
		isOpt := !p.done && a.v.known && len(s) > 1 && (s[0] == '-' || row.Plus && s[0] == '+')
		if !p.done && !a.v.known && !(a.one && nextCode(p.operands, p.opnd)) {
			// It may be an option, or several words. One word where code
			// is expected is that code, not known either way.
			return p.items, p.operands, p.name + " with " + a.v.why + " where an option may be"
		}
		if isOpt && s == "--" {
			p.done = true
			continue
		}
		if row.Dash && !p.done && a.v.known && s == "-" {
			continue // su -: the same as su -l
		}
		var stop bool
		var why string
		switch {
		case isOpt && (strings.HasPrefix(s, "--") || row.OneDash):
			i, stop, why = p.long(i)
		case isOpt:
			i, stop, why = p.short(i)
		default:
			// An operand.
			if posix && p.opnd >= row.Reopen {
				p.done = true
			}
			stop, why = p.operand(i)
		}
		if stop {
			return p.items, p.operands, why
		}
	}
	return p.items, p.operands, ""
}

// parseOldStyle reads tar xzf a.tgz as -x -z -f a.tgz. Indexes then
// count the words as split; a word's value is its own.
func parseOldStyle(row *Row, words []arg) ([]Item, []Kind, string) {
	var split []arg
	rest := words[1:]
	for _, c := range []byte(words[0].v.s) {
		split = append(split, arg{v: val{s: "-" + string(c), known: true}, text: "-" + string(c), one: true})
		if spec, ok := shortSpec(row.Short, c); ok && spec.value == 1 && len(rest) > 0 {
			if !rest[0].v.known {
				return nil, nil, row.Names[0] + " with " + rest[0].v.why + " where an option's value is"
			}
			split = append(split, rest[0])
			rest = rest[1:]
		}
	}
	r := *row
	r.OldStyle = false
	return parseRow(&r, append(split, rest...))
}

// rowParser is parseRow's state as it reads the words: the items so
// far, the operands' kinds (as options change them) and the next one.
type rowParser struct {
	row       *Row
	words     []arg
	items     []Item
	operands  []Kind
	codeGiven bool // an option gave the code: a KindScript or KindCode operand is data
	done      bool // no more options
	opnd      int
	name      string
}

// add adds an option's item; it reports false when the option means
// the program runs nothing.
func (p *rowParser) add(opt string, value string, index int) bool {
	u, v := p.row.use(opt, value)
	k := u.Kind
	if k == KindOperand {
		// bash -c: the script operand is code; bash -s: there is no
		// script operand, the code is on stdin; watch -x: the words
		// are a command.
		to, k2 := u.As, KindData
		if to == KindStdin {
			to, k2 = KindData, KindStdin
		}
		if to == KindCommand {
			// runuser -u USER: every operand is the command (no user
			// operand).
			p.operands = append(p.operands[:p.opnd:p.opnd], KindCommand)
		}
		for j := p.opnd; j < len(p.operands); j++ {
			if p.operands[j] == KindScript || p.operands[j] == KindCode || p.operands[j] == KindShellWords {
				p.operands[j] = to
				break
			}
		}
		k = k2
	}
	if k == KindScript || k == KindCode || k == KindModule {
		p.codeGiven = true
	}
	p.items = append(p.items, Item{Opt: opt, Value: v, Index: index, Kind: k})
	if u.Stop {
		p.done = true
	}
	return k != KindNoRun
}

// long reads the long option words[i] (--name, --name=value, or -name
// for a OneDash row) and its value. It returns the index of the last
// word it read, and whether parseRow stops there, with the reason it
// cannot read on, if any.
func (p *rowParser) long(i int) (int, bool, string) {
	row, words, name := p.row, p.words, p.name
	s := words[i].v.s
	body := strings.TrimLeft(s, "-+")
	n, value, has := strings.Cut(body, "=")
	spec, ok := longSpec(row.Long, n)
	if !ok && row.loose {
		spec, ok = optSpec{name: "--" + n}, true
		if has {
			spec.value = 2
		}
	}
	if !ok {
		return i, true, name + " " + s + " (an option gh-hooks does not know)"
	}
	index := -1
	switch {
	case spec.value == 0 && has:
		return i, true, name + " " + s + " (an option that takes no value)"
	case spec.value == 1 && !has:
		if u, _ := row.use(spec.name, ""); (u.Kind == KindCommand || u.Kind == KindCommandElsewhere) && len(row.Until) > 0 {
			j := i + 1
			for j < len(words) && !(words[j].v.known && slices.Contains(row.Until, words[j].v.s)) {
				j++
			}
			p.items = append(p.items, Item{Opt: spec.name, Index: i + 1, End: j, Kind: u.Kind})
			return j, false, ""
		}
		if i+1 >= len(words) {
			return i, true, name + " " + s + " without its value"
		}
		i++
		value, index = words[i].v.s, i
		if !words[i].v.known {
			value = ""
		}
	case has:
		index = i
	}
	if !p.add(spec.name, value, index) {
		return i, true, ""
	}
	return i, false, ""
}

// short reads the short options of words[i] (-abc, -ovalue, -o value,
// +o). It returns as long does.
func (p *rowParser) short(i int) (int, bool, string) {
	row, words, name := p.row, p.words, p.name
	s := words[i].v.s
	for j := 1; j < len(s); j++ {
		spec, ok := shortSpec(row.Short, s[j])
		if !ok && row.loose {
			spec, ok = optSpec{name: "-" + string(s[j])}, true
		}
		if !ok {
			return i, true, name + " " + string(s[0]) + string(s[j]) + " (an option gh-hooks does not know)"
		}
		if s[0] == '+' {
			spec.name = "+" + spec.name[1:]
		}
		if spec.value == 0 {
			if !p.add(spec.name, "", -1) {
				return i, true, ""
			}
			continue
		}
		value, index := s[j+1:], i
		if value == "" && spec.value == 1 {
			if i+1 >= len(words) {
				return i, true, name + " " + s + " without its value"
			}
			i++
			value, index = words[i].v.s, i
		} else if value == "" {
			index = -1
		}
		if !p.add(spec.name, value, index) {
			return i, true, ""
		}
		break
	}
	return i, false, ""
}

// operand reads the operand words[i] as the row's next operand kind (a
// subcommand, a command taking the rest, data, ...). It reports whether
// parseRow stops there, with the reason it cannot read on, if any.
func (p *rowParser) operand(i int) (bool, string) {
	row, words := p.row, p.words
	a := words[i]
	s := a.v.s
	k := KindData
	for p.opnd < len(p.operands) {
		k = p.operands[p.opnd]
		if k == KindAssign && !(a.v.known && strings.IndexByte(s, '=') > 0) {
			p.opnd++
			continue
		}
		break
	}
	if p.opnd >= len(p.operands) {
		k = KindData
	}
	if (k == KindScript || k == KindCode) && p.codeGiven {
		k = KindData
	}
	if k != KindAssign {
		p.opnd++
	}
	if p.opnd == 1 && len(row.Subs) > 0 && k != KindCommand {
		if sub := row.Subs[s]; sub != nil && a.v.known {
			p.items = append(p.items, Item{Value: s, Index: i})
			more, kinds, why := parseRow(sub, words[i+1:])
			for _, it := range more {
				if it.Index >= 0 {
					it.Index += i + 1
				}
				if it.Kind == KindCommand || it.End > 0 {
					it.End += i + 1
				}
				p.items = append(p.items, it)
			}
			p.operands = kinds
			return true, why
		}
		p.items = append(p.items, Item{Value: s, Index: i, Kind: row.OtherSub})
		if row.OtherSub != KindData {
			return true, ""
		}
		return false, ""
	}
	if k == KindCommand || k == KindShellWords || k == KindFlockCommand {
		p.items = append(p.items, Item{Value: s, Index: i, Kind: k, End: len(words)})
		return true, ""
	}
	p.items = append(p.items, Item{Value: s, Index: i, Kind: k})
	return false, ""
}

// nextCode reports whether the next operand is code (a script, code, a
// module, a command).
func nextCode(operands []Kind, opnd int) bool {
	for ; opnd < len(operands); opnd++ {
		switch operands[opnd] {
		case KindAssign:
			continue
		case KindScript, KindCode, KindModule, KindCommand, KindShellWords, KindFlockCommand:
			return true
		}
		return false
	}
	return false
}
