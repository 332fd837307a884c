# Differential check (dev aid, not run by CI; see README.md): random Claude Code hook
# configs -> gh-hooks migrate -> does the real Gemini CLI load the result
# cleanly (no fatal, no invalid event, no discarded hook), is a second run a
# no-op, and does gh-hooks effective agree with the oracle on the
# registered hooks?
import json, os, subprocess, sys, tempfile, random
from oracle_common import ORACLE
GH = sys.argv[1]; N = int(sys.argv[2]); seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
rnd = random.Random(seed)
EVENTS = ["PreToolUse", "PostToolUse", "UserPromptSubmit", "Stop", "SubagentStop", "SessionStart", "SessionEnd", "PreCompact", "Notification", "PostToolUseFailure", "PermissionRequest", "Bogus"]
MATCHERS = [None, "", "*", "Bash", "Edit|Write", "Edit|MultiEdit|Write", "mcp__github__.*", "mcp__memory__create_entities", "Bash(git:*)", "Notebook.*", "WebFetch", "[bad", "startup", "startup|resume", "resume|clear|compact", "manual", "auto", "permission_prompt", "idle_prompt", "Read,Grep", "Task", ".*", "Write|Edit|^Bash$"]
CMDS = ["echo hi", "$CLAUDE_PROJECT_DIR/.claude/hooks/x.sh", "\"$CLAUDE_PROJECT_DIR\"/scripts/y.py", "${CLAUDE_PLUGIN_ROOT}/hooks/z.sh", "python3 -c 'print(1)'", "jq -r .tool_input.command | grep -q rm && exit 2", "npx prettier --write \"$(jq -r .tool_input.file_path)\""]
bad = 0; n = 0
for case in range(N):
    hooks = {}
    for _ in range(rnd.randint(1, 4)):
        ev = rnd.choice(EVENTS)
        defs = hooks.setdefault(ev, [])
        d = {"hooks": []}
        m = rnd.choice(MATCHERS)
        if m is not None: d["matcher"] = m
        for _ in range(rnd.randint(1, 3)):
            h = {"type": rnd.choice(["command"] * 6 + ["prompt", "agent"])}
            if h["type"] == "command": h["command"] = rnd.choice(CMDS)
            else: h["prompt"] = "check it"
            t = rnd.choice([None, None, 30, 5, "30", 0, 600, 1e9])
            if t is not None: h["timeout"] = t
            for k, v in [("async", True), ("once", True), ("statusMessage", "s")]:
                if rnd.random() < 0.1: h[k] = v
            d["hooks"].append(h)
        defs.append(d)
    claude = {"hooks": hooks}
    if rnd.random() < 0.2: claude["permissions"] = {"allow": ["Bash(ls)"]}
    with tempfile.TemporaryDirectory() as tmp:
        tmp = os.path.realpath(tmp)
        home, proj = os.path.join(tmp, "home"), os.path.join(tmp, "project")
        os.makedirs(os.path.join(proj, ".claude")); os.makedirs(home)
        src = os.path.join(proj, ".claude", "settings.json")
        open(src, "w").write(json.dumps(claude, indent=2))
        env = dict(os.environ, HOME=home, GEMINI_CLI_HOME=home, NO_COLOR="1", GEMINI_CLI_TRUST_WORKSPACE="true",
                   GEMINI_CLI_SYSTEM_SETTINGS_PATH=os.path.join(tmp, "etc", "settings.json"),
                   GEMINI_CLI_SYSTEM_DEFAULTS_PATH=os.path.join(tmp, "etc", "system-defaults.json"))
        p = subprocess.run([GH, "--project", proj, "migrate", "--json", "--no-commands", src], env=env, capture_output=True, text=True)
        n += 1
        desc = f"case {case} {json.dumps(claude)}"
        if p.returncode != 0:
            bad += 1; print("MIGRATE FAILED", p.returncode, p.stderr[:300], desc); continue
        target = os.path.join(proj, ".gemini", "settings.json")
        if not os.path.exists(target):
            continue
        before = open(target, "rb").read()
        subprocess.run([GH, "--project", proj, "migrate", "--no-commands", src], env=env, capture_output=True, text=True)
        if open(target, "rb").read() != before:
            bad += 1; print("NOT IDEMPOTENT", desc)
        o = subprocess.run(["node", os.path.join(ORACLE, "check-settings.mjs"), "--home", home, "--project", proj, "--trust-workspace"], capture_output=True, text=True)
        try:
            chk = json.loads(o.stdout)
        except Exception:
            print("oracle failed", o.stderr[:200]); continue
        probs = []
        if chk["fatal"]: probs.append(f"fatal {chk['fatal']}")
        if chk["invalid_event_warnings"]: probs.append(f"invalid events {chk['invalid_event_warnings']}")
        if chk["discarded_count"]: probs.append(f"discarded {chk['discarded_count']}")
        if chk["settings_errors"]: probs.append(f"settings errors {[e['message'][:300] for e in chk['settings_errors']]}")
        g = subprocess.run([GH, "--project", proj, "effective", "--json"], env=env, capture_output=True, text=True)
        gj = json.loads(g.stdout)
        greg = sum(1 for h in gj["hooks"] if h["active"])
        if greg != chk["registered_count"]:
            probs.append(f"registered oracle {chk['registered_count']} gh active {greg}")
        if probs:
            bad += 1; print("PROBLEM", probs, "migrated:", before.decode()[:600], desc)
print(f"{n} cases, {bad} problems")
