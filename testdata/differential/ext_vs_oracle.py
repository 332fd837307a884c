#!/usr/bin/env python3
"""Random extension trees: gh-hooks `effective --json` against Gemini 0.61's real ExtensionManager +
HookRegistry (the oracle with oracle-extensions.patch applied, ORACLE_LOAD_EXTENSIONS=1). Compares, per event and in order, the
registered extension hooks (name, command after hydration, matcher, timeout as written, env) and
whether they are enabled; and whether loading fails. Usage: ext_vs_oracle.py GH_BINARY N SEED"""
import json, os, random, subprocess, sys, tempfile, shutil
from oracle_common import ORACLE

GH, N, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(SEED)
EVENTS = ["BeforeTool", "AfterTool", "SessionStart", "BeforeAgent", "Notification"]
NAMES = ["alpha", "beta", "Gamma", "10", "9", "a_ext", "b-ext", "zeta"]
CMDS = ["${extensionPath}/check.sh", "node ${extensionPath}${/}x.js", "echo ${workspacePath}", "echo ${/}${pathSeparator}",
        "echo $HOME ${HOME} $GEMINI_PROJECT_DIR", "echo ${extensionPath:-d}", "echo plain", "${extensionPath}\\\\a b",
        "echo ${unknownVar}", "echo ${ extensionPath }", "echo $extensionPath", "echo ${EXT_SETTING}"]

def hooks_json():
    r = rnd.random()
    if r < 0.05:
        return "{not json"
    if r < 0.08:
        return '{"hooks": {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo c"}]}]}, // comment\n}'
    if r < 0.10:
        return '{"hooks": []}'
    if r < 0.12:
        return '{"notHooks": {}}'
    ev = {}
    for e in rnd.sample(EVENTS, rnd.randint(1, 3)):
        defs = []
        for _ in range(rnd.randint(1, 2)):
            hs = []
            for _ in range(rnd.randint(1, 2)):
                h = {"type": rnd.choice(["command"] * 8 + ["plugin", "prompt"]), "command": rnd.choice(CMDS)}
                if rnd.random() < 0.5:
                    h["name"] = "n%d" % rnd.randint(0, 3)
                if rnd.random() < 0.3:
                    h["timeout"] = rnd.choice([5000, "5000", 0, None, "x"])
                if rnd.random() < 0.15:
                    h["env"] = {"A": "1", "B": "${extensionPath}"}
                hs.append(h)
            d = {"hooks": hs}
            if rnd.random() < 0.4:
                d["matcher"] = rnd.choice(["write_file", "*", "", "run_.*", 5])
            if rnd.random() < 0.1:
                d["sequential"] = True
            defs.append(d)
        r2 = rnd.random()
        if r2 < 0.04:
            defs = defs + [{"matcher": "x"}]          # a definition without "hooks"
        elif r2 < 0.06:
            defs = defs + [None]
        elif r2 < 0.08:
            defs[0]["hooks"] = defs[0]["hooks"] + [None]
        elif r2 < 0.10:
            defs[0]["hooks"] = "str"
        elif r2 < 0.12:
            defs = "str"
        elif r2 < 0.13:
            defs = None
        elif r2 < 0.14:
            defs = 0
        ev[e if rnd.random() > 0.05 else "NotAnEvent"] = defs if rnd.random() > 0.05 else (defs[0] if isinstance(defs, list) and defs else defs)
    return json.dumps({"hooks": ev})

def make(tmp):
    home, proj = os.path.join(tmp, "home"), os.path.join(tmp, "proj")
    ext = os.path.join(home, ".gemini", "extensions")
    os.makedirs(ext); os.makedirs(os.path.join(proj, ".gemini"))
    names = rnd.sample(NAMES, rnd.randint(1, 4))
    manifests = {}
    for dn in names:
        d = os.path.join(ext, dn)
        os.makedirs(os.path.join(d, "hooks"))
        mname = dn if rnd.random() > 0.1 else rnd.choice(NAMES)  # a manifest name may differ from the dir, even collide
        m = {"name": mname, "version": "1.0.0"}
        r = rnd.random()
        if r < 0.04:
            del m["version"]
        elif r < 0.07:
            m["name"] = ""
        if rnd.random() < 0.04:
            m["version"] = 1
        if rnd.random() < 0.3:
            m["settings"] = rnd.choice([[{"name": "S", "description": "s", "envVar": "EXT_SETTING"}]] * 6 +
                                       [{"envVar": "EXT_SETTING"}, [None], "str", [{"name": "S", "envVar": "OTHER"}], []])
            with open(os.path.join(d, ".env"), "w") as f:
                f.write("EXT_SETTING=fromenv\n")
        text = json.dumps(m)
        if rnd.random() < 0.04:
            text = "// c\n" + text
        with open(os.path.join(d, "gemini-extension.json"), "w") as f:
            f.write(text)
        if rnd.random() < 0.9:
            with open(os.path.join(d, "hooks", "hooks.json"), "w") as f:
                f.write(hooks_json())
        manifests[dn] = mname
    if rnd.random() < 0.1:
        with open(os.path.join(ext, "stray-file"), "w") as f:
            f.write("x")
    if rnd.random() < 0.15:
        # a linked extension: the install metadata points at a source elsewhere
        src = os.path.join(tmp, "src", "linked")
        os.makedirs(os.path.join(src, "hooks"))
        with open(os.path.join(src, "gemini-extension.json"), "w") as f:
            json.dump({"name": "linked", "version": "0.1.0"}, f)
        with open(os.path.join(src, "hooks", "hooks.json"), "w") as f:
            f.write(hooks_json())
        os.makedirs(os.path.join(ext, "linked"))
        meta = rnd.choice([{"type": "link", "source": src}, {"type": "local", "source": src}, {"type": "link"}, "garbage"])
        with open(os.path.join(ext, "linked", ".gemini-extension-install.json"), "w") as f:
            f.write(meta if isinstance(meta, str) else json.dumps(meta))
    if rnd.random() < 0.05:
        d = os.path.join(ext, rnd.choice(names))
        p = os.path.join(d, "hooks", "hooks.json")
        if os.path.exists(p):
            data = open(p, "rb").read()
            open(p, "wb").write(b"\xef\xbb\xbf" + data)
    if rnd.random() < 0.3:
        # enablement overrides: disable some extension here, or enable only elsewhere
        en = {}
        for dn in rnd.sample(names, rnd.randint(1, len(names))):
            en[manifests[dn]] = {"overrides": rnd.choice([["!" + proj + "/*"], [proj + "/*"], ["!/*"], ["/elsewhere/*"], ["!" + proj], [proj]])}
        with open(os.path.join(ext, "extension-enablement.json"), "w") as f:
            json.dump(en, f)
    settings = {}
    r = rnd.random()
    if r < 0.08:
        settings["hooksConfig"] = {"enabled": False}
    elif r < 0.12:
        settings["admin"] = {"extensions": {"enabled": False}}
    elif r < 0.15:
        settings["hooksConfig"] = {"enabled": "false"}
    elif r < 0.17:
        settings["experimental"] = {"extensionConfig": False}
    if rnd.random() < 0.2:
        settings["hooks"] = {"BeforeTool": [{"hooks": [{"type": "command", "command": "echo user", "name": "u"}]}]}
    if rnd.random() < 0.1 and "hooksConfig" not in settings:
        settings["hooksConfig"] = {"disabled": ["n0", "echo plain"]}
    with open(os.path.join(home, ".gemini", "settings.json"), "w") as f:
        json.dump(settings, f)
    return home, proj

def gh_run(home, proj, tmp):
    env = {"PATH": os.environ["PATH"], "HOME": home, "GEMINI_CLI_HOME": home,
           "GEMINI_CLI_SYSTEM_SETTINGS_PATH": os.path.join(tmp, "none", "settings.json"), "GEMINI_CLI_TRUST_WORKSPACE": "true"}
    p = subprocess.run([GH, "--project", proj, "effective", "--json"], capture_output=True, text=True, env=env, timeout=60)
    return p.returncode, json.loads(p.stdout) if p.stdout.strip() else None, p.stderr

def oracle_run(home, proj):
    out = os.path.join(os.path.dirname(home), "o.json")
    p = subprocess.run(["node", "effective.mjs", "--home", home, "--project", proj, "--trust-workspace", "--env", "ORACLE_LOAD_EXTENSIONS=1"],
                       capture_output=True, text=True, cwd=ORACLE, timeout=120)
    return p.returncode, json.loads(p.stdout) if p.stdout.strip() else None, p.stderr

def key(e):
    c = e["config"]
    return (e["event"], c.get("name"), c.get("command"), json.dumps(e.get("matcher")), json.dumps(c.get("timeout", "absent")), json.dumps(c.get("env", {}), sort_keys=True), c.get("type"))

def gkey(h):
    raw = h.get("rawTimeout", "absent")
    return (h["event"], h.get("nameRaw", h.get("name") or None), h.get("expandedCommand"), json.dumps(h.get("matcherRaw", h.get("matcher"))), None, json.dumps(h.get("env") or {}, sort_keys=True), h.get("type"))

mism = 0
for k in range(N):
    tmp = tempfile.mkdtemp(prefix="ex")
    try:
        home, proj = make(tmp)
        grc, g, gerr = gh_run(home, proj, tmp)
        orc, o, oerr = oracle_run(home, proj)
        diffs = []
        othrew = o.get("threw") if o else {"message": oerr[-300:]}
        gfatal = grc == 1
        if bool(othrew) != gfatal:
            diffs.append("fatal: oracle %s / gh-hooks rc %d %s" % (othrew, grc, gerr.strip()[:300]))
        if o and g and not othrew:
            oe = {}
            for e in o["entries"]:
                if e["source"] == "extensions":
                    oe.setdefault(e["event"], []).append((e["config"].get("name"), e["config"].get("command"), e["enabled"], json.dumps(e.get("matcher")), e["config"].get("type")))
            ge = {}
            for h in g["hooks"]:
                if h["layer"] == "extension" and (h["active"] or "disabled" in (h.get("reason") or "") or h.get("enabled") is False and h.get("registered", True)):
                    pass
            for h in g["hooks"]:
                if h["layer"] != "extension":
                    continue
                reg = h.get("registered")
                ge.setdefault(h["event"], []).append(h)
            # gh-hooks lists hooks Gemini does not register (inactive extension, hooks off); keep those it registers
            gl = {}
            for ev, hs in ge.items():
                for h in hs:
                    # registered: it runs, or only the planner (a matcher that is not a string) or
                    # hooksConfig.disabled stops it
                    if h["active"] or "planner" in (h.get("reason") or "") or (h.get("reason") or "").startswith("disabled:"):
                        gl.setdefault(ev, []).append((h.get("name") or None, h.get("expandedCommand"), h.get("enabled", True), json.dumps(h.get("matcher") if h.get("matcher") is not None else None), h.get("type")))
            for ev in sorted(set(oe) | set(gl)):
                a = [(x[0], x[1], x[2], x[4]) for x in gl.get(ev, [])]
                b = [(x[0], x[1], x[2], x[4]) for x in oe.get(ev, [])]
                if a != b:
                    diffs.append("%s:\n      gh-hooks %s\n      gemini   %s" % (ev, a, b))
        if diffs:
            mism += 1
            keep = os.path.join(tempfile.gettempdir(), "exfail", "case%d" % k)
            shutil.rmtree(keep, ignore_errors=True)
            shutil.copytree(tmp, keep, symlinks=True)
            print("=== case %d (kept in %s)" % (k, keep))
            for root, dirs, files in os.walk(os.path.join(home, ".gemini")):
                for fn in files:
                    p = os.path.join(root, fn)
                    print("   %s: %s" % (os.path.relpath(p, tmp), open(p, errors="replace").read()[:400].replace("\n", " ")))
            for d in diffs:
                print("   ", d)
    finally:
        shutil.rmtree(tmp)
print("cases %d mismatches %d" % (N, mism))
