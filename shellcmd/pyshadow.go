package shellcmd

import (
	"path/filepath"
	"strings"
	"sync"
)

// A Python process imports more than its code names: a module of the
// standard library or of site-packages imports others in turn (json
// imports re, which imports enum), and CPython itself imports some when
// it needs them (traceback for an uncaught error in 3.13, linecache for a
// warning). Each such import looks on sys.path first in the script's own
// folder (the current one for -c and -m) and PYTHONPATH's, before the
// standard library: a project file named like any of them runs instead
// (watched with CPython 3.11: `import json` in hooks/x.py ran a planted
// hooks/enum.py, `python3 -m json.tool` a planted argparse.py; with 3.13
// a script that only raises ran a planted traceback.py). So each project folder on sys.path is recorded as the
// list of the module names in it (RoleModules: a name planted there
// changes the fingerprint), a module named like one of the standard
// library's is followed as an import, and every other module is hashed
// (what it imports is followed only when the code itself imports it).

// pyShadows records the project folders on proc's sys.path and the
// modules in them.
func (w *walker) pyShadows(proc *pyProc, st *state, depth int) {
	if w.files == nil {
		return
	}
	for _, d := range proc.search {
		if d == "" || !w.inProject(d, st) || containsStr(proc.site, d) {
			continue
		}
		entries, ok := w.files.ReadDir(d)
		if !ok {
			continue
		}
		if w.full() {
			return
		}
		w.record(File{Word: w.rel(d), Path: d, Role: RoleModules, Probe: true, Via: w.via})
		for _, e := range entries {
			sub := filepath.Join(d, e)
			_, isDir := w.files.ReadDir(sub)
			name, ok := PyModuleEntry(e, isDir)
			if !ok {
				continue
			}
			switch {
			case pyStdlib()[name]:
				w.pyFind(proc, d, name, st, depth)
			case isDir:
				init := filepath.Join(sub, "__init__.py")
				w.probe(w.rel(init), init, RoleScript)
			default:
				w.probe(w.rel(sub), sub, RoleScript)
			}
		}
	}
}

// PyModuleEntry reports whether a folder's entry (a folder when dir) is
// something CPython's path finder can import, and under which name: a
// package or namespace folder NAME, NAME.py, NAME.pyc, an extension
// module NAME.*.so or NAME.pyd. __pycache__, which CPython writes itself,
// is not.
func PyModuleEntry(entry string, dir bool) (string, bool) {
	name := entry
	if !dir {
		stem, _, ok := strings.Cut(entry, ".")
		if !ok || !(strings.HasSuffix(entry, ".py") || strings.HasSuffix(entry, ".pyc") || strings.HasSuffix(entry, ".pyw") ||
			strings.HasSuffix(entry, ".so") || strings.HasSuffix(entry, ".pyd")) {
			return "", false
		}
		name = stem
	}
	if name == "" || name == "__pycache__" {
		return "", false
	}
	for i, r := range name {
		if !pyIdentRune(r, i == 0) {
			return "", false
		}
	}
	return name, true
}

// pyStdlib are the top-level modules of CPython's standard library, 3.8
// to 3.14 (sys.stdlib_module_names of 3.10 to 3.13, the modules 3.8 and
// 3.9 still had, and those 3.14 added).
var pyStdlib = sync.OnceValue(func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(pyStdlibNames) {
		m[n] = true
	}
	return m
})

const pyStdlibNames = `
	__future__ _abc _aix_support _android_support _ast _asyncio _bisect _blake2 _bootlocale _bootsubprocess 
	_bz2 _codecs _codecs_cn _codecs_hk _codecs_iso2022 _codecs_jp _codecs_kr _codecs_tw _collections 
	_collections_abc _colorize _compat_pickle _compression _contextvars _crypt _csv _ctypes _curses 
	_curses_panel _datetime _dbm _decimal _dummy_thread _elementtree _frozen_importlib 
	_frozen_importlib_external _functools _gdbm _hashlib _heapq _hmac _imp _interpchannels _interpqueues 
	_interpreters _io _ios_support _json _locale _lsprof _lzma _markupbase _md5 _msi _multibytecodec 
	_multiprocessing _opcode _opcode_metadata _operator _osx_support _overlapped _pickle _posixshmem 
	_posixsubprocess _py_abc _pydatetime _pydecimal _pyio _pylong _pyrepl _queue _random _remote_debugging 
	_scproxy _sha1 _sha2 _sha256 _sha3 _sha512 _signal _sitebuiltins _socket _sqlite3 _sre _ssl _stat 
	_statistics _string _strptime _struct _suggestions _symtable _sysconfig _thread _threading_local _tkinter 
	_tokenize _tracemalloc _typing _uuid _warnings _weakref _weakrefset _winapi _wmi _zoneinfo _zstd abc aifc 
	annotationlib antigravity argparse array ast asynchat asyncio asyncore atexit audioop base64 bdb binascii 
	binhex bisect builtins bz2 cProfile calendar cgi cgitb chunk cmath cmd code codecs codeop collections 
	colorsys compileall compression concurrent configparser contextlib contextvars copy copyreg crypt csv 
	ctypes curses dataclasses datetime dbm decimal difflib dis distutils doctest dummy_threading email 
	encodings ensurepip enum errno faulthandler fcntl filecmp fileinput fnmatch formatter fractions ftplib 
	functools gc genericpath getopt getpass gettext glob graphlib grp gzip hashlib heapq hmac html http idlelib 
	imaplib imghdr imp importlib inspect io ipaddress itertools json keyword lib2to3 linecache locale logging 
	lzma mailbox mailcap marshal math mimetypes mmap modulefinder msilib msvcrt multiprocessing netrc nis 
	nntplib nt ntpath nturl2path numbers opcode operator optparse os ossaudiodev parser pathlib pdb pickle 
	pickletools pipes pkgutil platform plistlib poplib posix posixpath pprint profile pstats pty pwd py_compile 
	pyclbr pydoc pydoc_data pyexpat queue quopri random re readline reprlib resource rlcompleter runpy sched 
	secrets select selectors shelve shlex shutil signal site smtpd smtplib sndhdr socket socketserver spwd 
	sqlite3 sre_compile sre_constants sre_parse ssl stat statistics string stringprep struct subprocess sunau 
	symbol symtable sys sysconfig syslog tabnanny tarfile telnetlib tempfile termios textwrap this 
	threading time timeit tkinter token tokenize tomllib trace traceback tracemalloc tty turtle turtledemo 
	types typing unicodedata unittest urllib uu uuid venv warnings wave weakref webbrowser winreg winsound 
	wsgiref xdrlib xml xmlrpc zipapp zipfile zipimport zlib zoneinfo `
