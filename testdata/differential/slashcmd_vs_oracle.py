# Differential check (dev aid, not run by CI; see README.md): random custom-command trees (odd
# file names that sanitise alike, nested directories, symlinks, invalid TOML, wrong field types,
# BOM, CRLF, bytes that are not UTF-8, project == home, folder trust on and off) compared with
# Gemini's real FileCommandLoader + CommandService (slashcmd-oracle.mjs): the commands kept, by
# name and description. Known difference: when two files of one scope sanitise to the same
# name, which one survives follows glob's internal order, which gh-hooks does not model
# (slashcmd.Discover); such a case shows up as a mismatch of descriptions.
import json, os, random, shutil, subprocess, sys, tempfile
from oracle_common import HERE, ORACLE, gh_env, run_oracle

GH, N, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(SEED)
NAMECH = list('abcdefghij') + list('AB019') + ['-', '_', '.', ' ', 'é', ':', '!', '~', '#', '\u202e', '\t']


def name():
    return ''.join(rnd.choice(NAMECH) for _ in range(rnd.choice([1, 2, 3, 5, 8, 55]))) or 'x'


def content():
    k = rnd.randrange(12)
    desc = ''
    r = rnd.random()
    if r < 0.3:
        desc = 'description = %s\n' % json.dumps(rnd.choice(['d', 'two words', '  spaced  ', 'x' * 120, 'tab\there', 'nl\nline',
                                                           'esc \x1b[31mred\x1b[0m', 'ünï', '']))
    elif r < 0.4:
        desc = 'description = %s\n' % rnd.choice(['3', 'true', '[1]', '{ a = 1 }'])
    if k < 6:
        return desc + 'prompt = "do {{args}}"\n'
    if k == 6:
        return desc + 'prompt = 5\n'
    if k == 7:
        return desc
    if k == 8:
        return 'prompt = "unterminated\n'
    if k == 9:
        return ''
    if k == 10:
        return rnd.choice([desc + 'prompt = """multi\nline"""\n', '\ufeffprompt = "bom"\n', 'prompt = "crlf"\r\ndescription = "c"\r\n',
                           'description = "bad \udcff\udcfe utf8"\nprompt = "x"\n', 'prompt = "a"\nprompt = "b"\n'])
    return desc + "prompt = 'lit'\nextra = 1\n"


def write(p, text):
    with open(p, 'w', encoding='utf-8', errors='surrogateescape') as f:
        f.write(text)


def tree(root):
    home, proj = os.path.join(root, 'home'), os.path.join(root, 'project')
    os.makedirs(home)
    os.makedirs(proj)
    pool = [name() for _ in range(4)]
    for base in [os.path.join(home, '.gemini', 'commands'), os.path.join(proj, '.gemini', 'commands')]:
        if rnd.random() < 0.15:
            continue
        os.makedirs(base, exist_ok=True)
        for _ in range(rnd.randrange(1, 6)):
            parts = [rnd.choice(pool) if rnd.random() < 0.6 else name() for _ in range(rnd.choice([1, 1, 1, 2, 3]))]
            p = os.path.join(base, *parts) + rnd.choice(['.toml'] * 8 + ['.TOML', '.toml.bak', ''])
            try:
                os.makedirs(os.path.dirname(p), exist_ok=True)
                if not os.path.isdir(p):
                    write(p, content())
            except OSError:
                pass
    if rnd.random() < 0.2:  # a symlinked directory, a symlinked file, maybe a dangling link
        ext = os.path.join(root, 'elsewhere')
        os.makedirs(os.path.join(ext, 'deep'))
        write(os.path.join(ext, 'deep', 'linked.toml'), content())
        write(os.path.join(ext, 'file.toml'), content())
        base = os.path.join(rnd.choice([home, proj]), '.gemini', 'commands')
        os.makedirs(base, exist_ok=True)
        try:
            os.symlink(os.path.join(ext, 'deep'), os.path.join(base, 'ln'))
            os.symlink(os.path.join(ext, 'file.toml'), os.path.join(base, 'lf.toml'))
            if rnd.random() < 0.3:
                os.symlink(os.path.join(ext, 'missing.toml'), os.path.join(base, 'dangling.toml'))
        except OSError:
            pass
    return home, (home if rnd.random() < 0.1 else proj)


mism = 0
for i in range(N):
    root = os.path.realpath(tempfile.mkdtemp())
    try:
        home, proj = tree(root)
        mode = rnd.choice(['trusted', 'trusted', 'untrusted', 'notrust'])
        extra = {}
        if mode != 'trusted':
            extra['GEMINI_CLI_TRUST_WORKSPACE'] = ''
        if mode == 'notrust':
            os.makedirs(os.path.join(home, '.gemini'), exist_ok=True)
            write(os.path.join(home, '.gemini', 'settings.json'), '{"security": {"folderTrust": {"enabled": false}}}')
        p = subprocess.run([GH, '--project', proj, 'commands', '--json'], env=gh_env(home, root, **extra), capture_output=True, text=True)
        try:
            got = sorted(({'name': c['name'], 'description': c['description']} for c in json.loads(p.stdout)['commands']
                          if c['status'] in ('loaded', 'renamed')), key=lambda c: c['name'])
        except (ValueError, KeyError):
            got = 'gh-hooks failed: ' + p.stdout[:200] + p.stderr[:200]
        t, ft = {'trusted': ('1', '1'), 'untrusted': ('0', '1'), 'notrust': ('0', '0')}[mode]
        want, err = run_oracle(['node', os.path.join(HERE, 'slashcmd-oracle.mjs'), ORACLE, home, proj, t, ft], root)
        if want is not None:
            want = [{'name': c['name'], 'description': c['description']} for c in want]
        if got != want:
            mism += 1
            print('MISMATCH case', i, 'mode', mode, err[-300:] if want is None else '')
            for dp, _, fn in os.walk(root):
                for f in fn:
                    fp = os.path.join(dp, f)
                    try:
                        body = open(fp, errors='replace').read()[:120]
                    except OSError as e:
                        body = str(e)
                    print('  file', repr(os.path.relpath(fp, root)), repr(body))
            print('  gh-hooks', json.dumps(got, ensure_ascii=False)[:1500])
            print('  gemini  ', json.dumps(want, ensure_ascii=False)[:1500])
    finally:
        shutil.rmtree(root, ignore_errors=True)
print('cases', N, 'mismatches', mism)
