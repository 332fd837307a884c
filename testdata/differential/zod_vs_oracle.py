# Differential check (dev aid, not run by CI; see README.md): random hook settings with
# type errors; compare Gemini's settings validation verdict per file and the
# registered hooks (count, enabled) with gh-hooks effective --json.
import json, os, subprocess, sys, tempfile, random
from oracle_common import gh_env, oracle_argv, run_oracle, settings_dirs
GH = sys.argv[1]; N = int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
def pick(*xs): return rnd.choice(xs)
MISSING = object()
def hook():
    h = {}
    for k, vals in [("type", ["command"]*6 + ["prompt", 5, MISSING]), ("command", ["echo a", "x", 5, None, MISSING, "echo a"]),
                    ("name", ["a", "x", 5, None, MISSING, MISSING]), ("timeout", [5000, "5000", "abc", -1, None, True, MISSING, MISSING, 0.5]),
                    ("description", ["d", 5, MISSING, MISSING]), ("env", [{"A": "1"}, {"A": 1}, "x", MISSING, MISSING, MISSING]),
                    ("foo", [1, MISSING, MISSING, MISSING])]:
        v = rnd.choice(vals)
        if v is not MISSING: h[k] = v
    return h
bad = 0; n = 0
for case in range(N):
    with tempfile.TemporaryDirectory() as d:
        d = os.path.realpath(d)
        home, proj = settings_dirs(d)
        files = {}
        for who in ("user", "project"):
            if who == "user" and rnd.random() < 0.5: continue
            hooks = {}
            for _ in range(rnd.randint(1, 2)):
                ev = pick("BeforeTool", "AfterTool", "BeforeAgent", "SessionStart", "Notification")
                df = {"hooks": [hook() for _ in range(rnd.randint(1, 2))]}
                m = pick("write_file", 5, None, ["a"], MISSING, MISSING, "*")
                if m is not MISSING: df["matcher"] = m
                s = pick(True, "true", 1, None, MISSING, MISSING, MISSING)
                if s is not MISSING: df["sequential"] = s
                if rnd.random() < 0.05: df["extra"] = 1
                hooks.setdefault(ev, []).append(df)
            st = {"hooks": hooks}
            if rnd.random() < 0.5:
                hc = {}
                for k, vals in [("enabled", [True, False, "false", 0, None, MISSING]), ("disabled", [["x"], "x", [5], None, ["a", "echo a"], MISSING]),
                                ("notifications", [True, "no", MISSING, MISSING])]:
                    v = rnd.choice(vals)
                    if v is not MISSING: hc[k] = v
                st["hooksConfig"] = hc
            if rnd.random() < 0.1:
                st["security"] = {"folderTrust": {"enabled": pick(True, "yes", 0)}}
            path = os.path.join(home if who == "user" else proj, '.gemini', 'settings.json')
            open(path, 'w').write(json.dumps(st))
            files[who] = (path, st)
        args = oracle_argv('check-settings.mjs', '--home', home, '--project', proj, '--trust-workspace')
        oj, oerr = run_oracle(args, d)
        if oj is None:
            print("oracle failed", oerr[:300]); continue
        env = gh_env(home, d)
        g = subprocess.run([GH, '--project', proj, 'effective', '--json'], capture_output=True, text=True, env=env)
        try:
            gj = json.loads(g.stdout)
        except Exception:
            bad += 1; print("gh failed", g.stderr[:300]); continue
        n += 1
        desc = f"case {case} " + json.dumps({w: s for w, (p, s) in files.items()})
        if oj.get('fatal'):
            if not gj.get('fatal') and not gj.get('crash'):
                bad += 1; print("MISMATCH fatal oracle", str(oj['fatal'])[:200], "gh not;", desc)
            continue
        for who, (path, st) in files.items():
            oinv = any(e['path'] == path for e in oj.get('settings_errors', []))
            ginv = any(p['code'] == 'invalid-configuration' and p['path'] == path for p in gj['problems'])
            if oinv != ginv:
                bad += 1
                print("MISMATCH validity", who, "oracle", oinv, [e['message'][len('Invalid configuration in ')+len(path)+3:][:300] for e in oj['settings_errors'] if e['path']==path], "gh", ginv, desc)
        oreg = oj.get('registered') or {}
        ocount = sum(len(v) for v in oreg.values())
        greg = [h for h in gj['hooks'] if h['active'] or (not h['enabled'] and 'disabled' in h['reason'])]
        oen = sorted(json.dumps([ev, h['enabled']]) for ev, hs in oreg.items() for h in hs)
        gen = sorted(json.dumps([h['event'], h['enabled']]) for h in gj['hooks'] if h['active'] or 'planner throws' in h['reason'] or (not h['enabled'] and 'discards' not in h['reason'] and not h['reason'].startswith('hooks are disabled')))
        if oen != gen:
            bad += 1; print("MISMATCH registered/enabled oracle", oen, "gh", gen, [(h['id'], h['reason'][:80]) for h in gj['hooks'] if not h['active']], desc)
        # Timeouts: Gemini's registered value (after coercion when the file
        # validates), then `timeout ?? 60000` and Node's setTimeout (a
        # non-numeric or out-of-range delay is 1 ms).
        def node_ms(t):
            if t is None: return 60000
            if isinstance(t, bool): t = 1 if t else 0
            if isinstance(t, str):
                try: t = float(t.strip()) if t.strip() else 0
                except ValueError: return 1
            if t != t or t < 1 or t > 2147483647: return 1.0
            return float(t)
        ots = sorted(json.dumps([ev, float(node_ms(h.get("timeout")))]) for ev, hs in oreg.items() for h in hs)
        def gms(t):
            t = float(t)
            if t != t or t < 1 or t > 2147483647: return 1.0
            return t
        gts = sorted(json.dumps([h['event'], gms(h['timeout'])]) for h in gj['hooks'] if h['active'] or 'planner throws' in h['reason'] or (not h['enabled'] and 'discards' not in h['reason'] and not h['reason'].startswith('hooks are disabled')))
        if ots != gts:
            bad += 1; print("MISMATCH timeouts oracle", ots, "gh", gts, desc)
print(f"{n} cases, {bad} mismatches")
