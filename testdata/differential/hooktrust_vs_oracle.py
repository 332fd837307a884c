# Differential check (dev aid, not run by CI; see README.md): random project hooks and
# random trusted_hooks.json stores; compare Gemini's untrusted list and the
# store it writes on approval with gh-hooks trust audit / approve --all.
import json, os, subprocess, sys, tempfile, random, shutil
from oracle_common import gh_env, oracle_argv, run_oracle, settings_dirs
GH = sys.argv[1]; N = int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
NAMES = ["fmt", "lint", "", None, "a:b", "é", "x y", "fmt", 5, "guard"]
CMDS = ["./fmt.sh", "echo hi", "$HOME/x.sh", "${UNSET:-d}", "", None, "echo \"q\"", "a:b", "./fmt.sh", 7]
bad = 0; n = 0
for case in range(N):
    with tempfile.TemporaryDirectory() as d:
        d = os.path.realpath(d)
        home, proj = settings_dirs(d)
        hooks = {}
        for _ in range(rnd.randint(1, 3)):
            ev = rnd.choice(["BeforeTool", "AfterTool", "BeforeAgent", "SessionStart", "Nope"])
            defs = hooks.setdefault(ev, [])
            for _ in range(rnd.randint(1, 2)):
                hs = []
                for _ in range(rnd.randint(1, 3)):
                    h = {"type": rnd.choice(["command"] * 5 + ["plugin", "other"])}
                    nm = rnd.choice(NAMES)
                    if nm is not None: h["name"] = nm
                    c = rnd.choice(CMDS)
                    if c is not None: h["command"] = c
                    hs.append(h)
                df = {"hooks": hs}
                if rnd.random() < 0.3: df["matcher"] = rnd.choice(["write_file", "*", ""])
                defs.append(df)
        if rnd.random() < 0.15 and hooks:
            k = next(iter(hooks)); hooks[k] = hooks[k][0]  # bare object
        open(os.path.join(proj, '.gemini', 'settings.json'), 'w').write(json.dumps({"hooks": hooks}))
        r = rnd.random()
        store = None
        if r < 0.5:
            keys = [f"{rnd.choice(['fmt','lint','','guard'])}:{rnd.choice(['./fmt.sh','echo hi','x'])}" for _ in range(rnd.randint(0, 3))]
            st = {proj: keys}
            if rnd.random() < 0.3: st["/other"] = [":x"]
            if rnd.random() < 0.1: st[proj] = "fmt:./fmt.sh"
            store = json.dumps(st, indent=2)
        elif r < 0.55:
            store = "{bad"
        elif r < 0.6:
            store = "[]"
        if store is not None:
            open(os.path.join(home, '.gemini', 'trusted_hooks.json'), 'w').write(store)
        oj, oerr = run_oracle(oracle_argv('trust.mjs', '--home', home, '--project', proj, '--trust-workspace'), d)
        if oj is None:
            print("oracle failed", oerr[:300]); continue
        env = gh_env(home, d)
        a = subprocess.run([GH, '--project', proj, 'trust', 'audit', '--json'], capture_output=True, text=True, env=env)
        n += 1
        desc = f"case {case} hooks={json.dumps(hooks)} store={store!r}"
        if oj.get('fatal_error') or oj.get('threw'):
            if a.returncode not in (1,):
                bad += 1; print("MISMATCH oracle threw", oj.get('fatal_error') or oj.get('threw'), "gh rc", a.returncode, a.stdout[:200], a.stderr[:200], desc)
            continue
        try:
            aj = json.loads(a.stdout)
        except Exception:
            bad += 1; print("gh audit failed", a.returncode, a.stderr[:300], desc); continue
        # Gemini adds every current key it does not have: the keys added
        # to the store are the untrusted ones.
        sb = (oj.get('store_before') or {}).get('parsed')
        sa = (oj.get('store_after') or {}).get('parsed') or {}
        before = set(sb.get(proj) or []) if isinstance(sb, dict) and isinstance(sb.get(proj), list) else set()
        if isinstance(sb, dict) and isinstance(sb.get(proj), str):
            before = set(sb.get(proj))
        after = sa.get(proj) or []
        if not isinstance(sb, dict) and sb is not None:
            continue  # a store that is not an object: Gemini never saves it; gh-hooks refuses it
        okeys = sorted(set(after) - before)
        gkeys = sorted(set(h['key'] for h in aj['hooks'] if h['gemini'] == 'untrusted' and '/*/' not in h['id']))  # bare objects: by design
        if okeys != gkeys:
            bad += 1; print("MISMATCH untrusted keys oracle", okeys, "gh", gkeys, "warned", oj.get('untrusted_before'), desc)
            continue
        if store == '{bad':
            continue  # gh-hooks refuses to overwrite an unparseable store, by design
        ap = subprocess.run([GH, '--project', proj, 'trust', 'approve', '--all'], capture_output=True, text=True, env=env)
        sp = os.path.join(home, '.gemini', 'trusted_hooks.json')
        graw = open(sp).read() if os.path.exists(sp) else None
        oraw = (oj.get('store_after') or {}).get('raw')
        if graw != oraw:
            bad += 1; print("MISMATCH store oracle", repr(oraw)[:400], "gh", repr(graw)[:400], "rc", ap.returncode, ap.stderr[:200], desc)
print(f"{n} cases, {bad} mismatches")
