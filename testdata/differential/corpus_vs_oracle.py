# Differential check (dev aid, not run by CI; see README.md): each Gemini settings file of
# the corpus (or of GLOB) as a project file; compare the oracle's plans and active hooks with
# gh-hooks'. A NAME_project.json with a NAME_user.json beside it loads as a two-layer tree.
# Usage: corpus_vs_oracle.py GH_BINARY [GLOB]
import json, os, subprocess, sys, tempfile, glob, shutil
from oracle_common import SHARED, gh_env, oracle_argv, run_oracle, settings_dirs
GH = sys.argv[1]
corpus = sorted(f for f in glob.glob(sys.argv[2] if len(sys.argv) > 2 else os.path.join(SHARED, 'corpus/gemini/*.json')) if f.endswith('.json'))
cases = [("BeforeTool", "run_shell_command", None), ("BeforeTool", "write_file", None), ("AfterTool", "replace", None),
         ("SessionStart", None, "startup"), ("BeforeAgent", None, None), ("AfterAgent", None, None), ("Notification", None, None)]
bad = 0; n = 0
ACTIVE_SEEN = {}
for f in corpus:
    with tempfile.TemporaryDirectory() as d:
        home, proj = settings_dirs(d, 'project')
        shutil.copy(f, os.path.join(proj, '.gemini', 'settings.json'))
        user = f[:-len('_project.json')] + '_user.json' if f.endswith('_project.json') else ''
        if user and os.path.exists(user):
            shutil.copy(user, os.path.join(home, '.gemini', 'settings.json'))
        for ev, tool, trig in cases:
            args = oracle_argv('effective.mjs', '--home', home, '--project', proj, '--trust-workspace', '--plan', ev)
            if tool: args += ['--tool', tool]
            if trig: args += ['--trigger', trig]
            # The oracle's stdout is cut at 64 KiB through a pipe (it exits
            # before Node drains it); a file is written synchronously.
            oj, oerr = run_oracle(args, d)
            if oj is None:
                print("oracle failed", f, oerr[:200]); continue
            env = gh_env(home, d)
            gargs = [GH, '--project', proj, 'effective', '--json', '--event', ev]
            if tool: gargs += ['--tool', tool]
            if trig: gargs += ['--trigger', trig]
            g = subprocess.run(gargs, capture_output=True, text=True, env=env)
            gj = json.loads(g.stdout)
            n += 1
            if oj.get('fatal_error'):
                ok = gj.get('fatal')
                if not ok: bad += 1; print("MISMATCH fatal", f)
                continue
            # Active hooks per event, and their timeouts and sequential flags.
            oact = {ev2: sorted(ids) for ev2, ids in (oj.get('active') or {}).items() if ids}
            gact = {}
            for h in gj.get('hooks', []):
                # A hook under a non-string matcher is registered but its
                # event's plan throws: gh-hooks shows it inactive, with why.
                if h.get('active') or "planner throws" in h.get('reason', ''):
                    gact.setdefault(h['event'], []).append(h['id'])
            gact = {k: sorted(v) for k, v in gact.items()}
            if oact != gact and not ACTIVE_SEEN.get(f):
                ACTIVE_SEEN[f] = True
                bad += 1
                print("MISMATCH active", os.path.basename(f), "oracle", oact, "gh-hooks", gact)
            op = oj.get('plan') or {}
            want = [h['id'] for h in op.get('hooks', [])]
            got = gj['plan']['hooks']
            wexec = op.get('execution'); gexec = gj['plan']['execution'] or None
            if want != got or (wexec or None) != gexec:
                bad += 1
                print("MISMATCH", os.path.basename(f), ev, tool or trig or '', "oracle", want, wexec, "gh-hooks", got, gexec)
print(f"{len(corpus)} files, {n} plans compared, {bad} mismatches")
