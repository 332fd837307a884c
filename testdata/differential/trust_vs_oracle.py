# Differential check (dev aid, not run by CI; see README.md): random folder-trust setups
# (trustedFolders.json rules, security.folderTrust settings, env) compared
# with the oracle: trust decision, fatal, active hooks.
import json, os, subprocess, sys, tempfile, random
from oracle_common import gh_env, oracle_argv, run_oracle, settings_dirs
GH = sys.argv[1]; N = int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
bad = 0; n = 0
VALUES = ["TRUST_FOLDER", "TRUST_PARENT", "DO_NOT_TRUST", "trust_folder", "TRUST", "", 1, None, True, ["TRUST_FOLDER"]]
for case in range(N):
    with tempfile.TemporaryDirectory() as d:
        d = os.path.realpath(d)
        home, proj = settings_dirs(d, 'a/b/proj')
        os.makedirs(os.path.join(d, 'a', 'b', 'other')); os.makedirs(os.path.join(proj, 'sub'))
        os.symlink(os.path.join(d, 'a'), os.path.join(d, 'link'))
        use_link = rnd.random() < 0.2
        projarg = os.path.join(d, 'link', 'b', 'proj') if use_link else proj
        cands = [d, d + '/a', d + '/a/b', proj, proj + '/sub', d + '/a/b/other', d + '/a/b/pro', d + '/link', d + '/link/b/proj',
                 d + '/a/b/proj/', d + '/a/', 'a/b/proj', '', '/', proj.upper(), d + '/a/b/./proj', d + '/a/b/other/../proj', proj + '//']
        rules = {}
        for _ in range(rnd.randint(0, 4)):
            rules[rnd.choice(cands)] = rnd.choice(VALUES) if rnd.random() < 0.3 else rnd.choice(VALUES[:3])
        tf = json.dumps(rules)
        r = rnd.random()
        if r < 0.05: tf = '{"x": '
        elif r < 0.08: tf = '[]'
        elif r < 0.1: tf = '// c\n' + tf
        elif r < 0.12: tf = None
        if tf is not None:
            open(os.path.join(home, '.gemini', 'trustedFolders.json'), 'w').write(tf)
        user = {"hooks": {"AfterAgent": [{"hooks": [{"type": "command", "command": "echo u"}]}]}}
        ft = rnd.choice(["absent", True, False, "yes", None, 0])
        if ft != "absent":
            user["security"] = {"folderTrust": {"enabled": ft}}
        open(os.path.join(home, '.gemini', 'settings.json'), 'w').write(json.dumps(user))
        projs = {"hooks": {"BeforeAgent": [{"hooks": [{"type": "command", "command": "echo p"}]}]}}
        if rnd.random() < 0.35:
            projs["security"] = rnd.choice([{"folderTrust": {"enabled": True}}, {"folderTrust": {"enabled": False}}, {"folderTrust": {"enabled": None}},
                                            None, "x", {"folderTrust": None}, {"folderTrust": {}}, {"folderTrust": {"enabled": 0}}])
        open(os.path.join(proj, '.gemini', 'settings.json'), 'w').write(json.dumps(projs))
        envv = rnd.choice([None, None, "true", "false", "1", "TRUE"])
        args = oracle_argv('effective.mjs', '--home', home, '--project', projarg)
        env = gh_env(home, d)
        env.pop('GEMINI_CLI_TRUST_WORKSPACE', None)
        if envv is not None:
            args += ['--env', 'GEMINI_CLI_TRUST_WORKSPACE=' + envv]
            env['GEMINI_CLI_TRUST_WORKSPACE'] = envv
        oj, oerr = run_oracle(args, d)
        if oj is None:
            print("oracle failed", oerr[:300]); continue
        g = subprocess.run([GH, '--project', projarg, 'effective', '--json'], capture_output=True, text=True, env=env)
        try:
            gj = json.loads(g.stdout)
        except Exception:
            print("gh failed", g.stderr[:300]); bad += 1; continue
        n += 1
        desc = f"case {case} rules={tf!r} ft={ft!r} env={envv!r} link={use_link}"
        if oj.get('fatal_error'):
            if not gj.get('fatal'):
                bad += 1; print("MISMATCH fatal: oracle fatal", oj.get('fatal_error'), "gh not;", desc)
            continue
        if gj.get('fatal'):
            bad += 1; print("MISMATCH fatal: gh fatal, oracle not;", desc, [p['message'] for p in gj['problems'] if p['severity']=='error'][:1]); continue
        ot = (oj.get('config_params') or {}).get('trustedFolder')
        gt = gj['folderTrust']['trusted']
        oact = sorted(i for ids in (oj.get('active') or {}).values() for i in ids)
        gact = sorted(h['id'] for h in gj['hooks'] if h['active'])
        if bool(ot) != gt or oact != gact:
            bad += 1
            print("MISMATCH trust oracle", ot, oact, "gh", gt, gact, gj['folderTrust']['why'][:120], ";", desc)
print(f"{n} cases, {bad} mismatches")
