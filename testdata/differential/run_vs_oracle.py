#!/usr/bin/env python3
"""Random hook outputs run by gh-hooks `run --json` and by Gemini's real HookRunner +
HookAggregator (run-oracle.mjs, copied into the oracle directory), compared hook by hook (success, exitCode, output)
and aggregated (success, final output). Usage: run_vs_oracle.py GH_BINARY N SEED"""
import json, os, random, subprocess, sys, tempfile, shutil
from oracle_common import ORACLE

GH, N, SEED = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
rnd = random.Random(SEED)
EVENTS = ["BeforeTool", "AfterTool", "BeforeAgent", "AfterAgent", "SessionStart", "SessionEnd",
          "Notification", "PreCompress", "BeforeModel", "AfterModel", "BeforeToolSelection"]
J = json.dumps
OUTS = ["", "  ", "\n", "hello", "multi\nline", "  padded  ", "\ufeff{\"decision\":\"deny\"}",
        J({"decision": "deny", "reason": "r1"}), J({"decision": "block", "reason": "b"}), J({"decision": "ask", "reason": "a"}),
        J({"decision": "allow"}), J({"decision": "approve", "systemMessage": "ok"}), J({"continue": False, "stopReason": "stop"}),
        J({"continue": False}), J({"systemMessage": "m"}), J({"suppressOutput": True}), J({"clearContext": True}),
        J({"hookSpecificOutput": {"additionalContext": "<b>x</b>", "tool_input": {"command": "rm"}}}),
        J({"hookSpecificOutput": {"additionalContext": "more"}}),
        J({"hookSpecificOutput": {"tool_input": {"file": "a"}}}),
        J({"hookSpecificOutput": {"toolConfig": {"mode": "ANY", "allowedFunctionNames": ["b", "a"]}}}),
        J({"hookSpecificOutput": {"toolConfig": {"mode": "NONE"}}}),
        J({"hookSpecificOutput": {"llm_request": {"model": "m2"}}}),
        J({"hookSpecificOutput": {"llm_response": {"candidates": []}}}),
        J({"decision": None}), J({"decision": 5}), J({"reason": ["x"]}), J({"continue": "false"}), J({"continue": 0}),
        J({"systemMessage": 123}), J({"decision": "DENY"}), J({"decision": "deny", "reason": ""}),
        "[1,2]", J([{"decision": "deny"}]), "42", "null", "true", "\"hello\"", J(J({"decision": "deny"})),
        "debug\n" + J({"decision": "deny"}), "{\"a\":1}garbage", "{\"decision\":\"deny\",\"decision\":\"allow\"}",
        "{\"x\":1e400}", "{\"x\":-0}", "{\"n\":1.0,\"m\":1e21}", "{\"u\":\"\\u0041\\ud83d\\ude00\"}", "{\"__proto__\":{\"decision\":\"deny\"}}",
        "{\"stopReason\":\"s\",\"continue\":false,\"decision\":\"deny\"}", "{}", "[]", "\"\"", "\"42\"", "\"null\"",
        J({"reason": "only reason"}), J({"decision": "deny", "systemMessage": "sm", "suppressOutput": False}),
        "\t", "\r\n", "\u00a0", "\u2028x\u2028", "\u3000", "\u200b", "\u00a0{\"decision\":\"deny\"}\u00a0",
        "{\"2\":1,\"1\":2,\"b\":3,\"a\":4,\"-1\":5,\"01\":6,\"4294967295\":7,\"4294967294\":8}",
        "{\"x\":1E2,\"y\":-1e-7,\"z\":5e-324,\"w\":1e21,\"v\":123456789012345678901234567890,\"u\":0.1}",
        "{\"hookSpecificOutput\":\"str\"}", "{\"hookSpecificOutput\":[1]}", "{\"hookSpecificOutput\":null}",
        J({"hookSpecificOutput": {"additionalContext": 5}}), J({"hookSpecificOutput": {"additionalContext": ["a", "b"]}}),
        J({"hookSpecificOutput": {"tool_input": "x"}}), J({"hookSpecificOutput": {"llm_request": None}}),
        J({"hookSpecificOutput": {"toolConfig": {"mode": "AUTO", "allowedFunctionNames": ["z", "a", "z"]}}}),
        J({"hookSpecificOutput": {"toolConfig": {"allowedFunctionNames": "x"}}}),
        J({"hookSpecificOutput": {"toolConfig": None}}),
        J({"decision": "ask"}), J({"decision": "block"}), J({"decision": "deny", "continue": True}),
        J({"stopReason": 7, "continue": False}), J({"reason": 7, "decision": "deny"}), J({"systemMessage": None}),
        J({"suppressOutput": "yes"}), J({"clearContext": 1}), J({"tailToolCallRequest": {"name": "x"}}),
        "  {\"decision\":\"deny\"}  \n", "\"\\\"x\\\"\"", "-0", "1e400", "{\"a\":{\"b\":{\"c\":[{},[],null,true,false]}}}"]
CODES = [0, 0, 0, 1, 2, 2, 3, 127]

def sq(s):
    return "'" + s.replace("'", "'\\''") + "'"

def hook_cmd(i):
    kind = rnd.random()
    if kind < 0.12:
        return "cat"  # echoes the input: compares payloads, including sequential chaining
    if kind < 0.16:
        return "printf '%s' " + sq(rnd.choice(OUTS)) + "; kill -9 $$"
    if kind < 0.18:
        return "printf '\\377\\376 bad utf8 \\303'; exit " + str(rnd.choice(CODES))  # echoes the input: compares payloads, including sequential chaining
    out, err, code = rnd.choice(OUTS), rnd.choice(OUTS + [""] * 8), rnd.choice(CODES)
    parts = []
    if out:
        parts.append("printf '%s' " + sq(out))
    if err:
        parts.append("printf '%s' " + sq(err) + " >&2")
    parts.append("exit %d" % code)
    return "; ".join(parts)

def case(k):
    ev = rnd.choice(EVENTS)
    n = rnd.randint(1, 4)
    hooks = [{"type": "command", "name": "h%d" % i, "command": hook_cmd(i) + ("" if True else "")} for i in range(n)]
    # unique keys: name differs, so no dedup
    seq = rnd.random() < 0.35
    return ev, hooks, seq

def run_gh(ev, hooks, seq, tmp):
    home, proj = os.path.join(tmp, "home"), os.path.join(tmp, "proj")
    os.makedirs(home, exist_ok=True); os.makedirs(os.path.join(proj, ".gemini"), exist_ok=True)
    d = {"hooks": hooks}
    if seq:
        d["sequential"] = True
    with open(os.path.join(proj, ".gemini", "settings.json"), "w") as f:
        json.dump({"hooks": {ev: [d]}}, f)
    env = {"PATH": os.environ["PATH"], "HOME": home, "GEMINI_CLI_HOME": home,
           "GEMINI_CLI_SYSTEM_SETTINGS_PATH": os.path.join(tmp, "none", "settings.json"),
           "GEMINI_CLI_TRUST_WORKSPACE": "true"}
    args = [GH, "--project", proj, "run", "--event", ev, "--json", "--allow-untrusted"]
    if ev in ("BeforeTool", "AfterTool"):
        args += ["--tool", "run_shell_command"]
    p = subprocess.run(args, capture_output=True, text=True, env=env, timeout=60)
    if not p.stdout.strip():
        raise RuntimeError("gh-hooks printed nothing: rc %d %s" % (p.returncode, p.stderr))
    return json.loads(p.stdout)

def run_oracle(ev, hooks, seq, inp):
    req = {"event": ev, "input": inp, "hooks": hooks, "sequential": seq}
    p = subprocess.run(["node", os.path.join(ORACLE, "run-oracle.mjs")], input=json.dumps(req), capture_output=True, text=True,
                       cwd=ORACLE, timeout=60, env={"PATH": os.environ["PATH"], "HOME": "/tmp"})
    line = [l for l in p.stdout.split("\n") if l.startswith("{\"results\"")]
    if not line:
        raise RuntimeError("oracle failed: %s %s" % (p.stdout[-500:], p.stderr[-500:]))
    return json.loads(line[-1])

def canon(v):
    return json.dumps(v, sort_keys=False)

mismatches = 0
for k in range(N):
    ev, hooks, seq = case(k)
    tmp = tempfile.mkdtemp(prefix="rd")
    try:
        gh = run_gh(ev, hooks, seq, tmp)
        o = run_oracle(ev, hooks, seq, gh["input"])
    finally:
        shutil.rmtree(tmp)
    diffs = []
    gr = gh["hooks"]
    if o["results"] is None:
        o["results"] = []  # the runner threw: executeHooks reports the error alone
        gr = []
    if len(gr) != len(o["results"]):
        diffs.append("hook count %d vs %d" % (len(gr), len(o["results"])))
    for i, (a, b) in enumerate(zip(gr, o["results"])):
        if a["success"] != b["success"]:
            diffs.append("hook %d success %s vs %s" % (i, a["success"], b["success"]))
        if a["exitCode"] != (b["exitCode"] if b["exitCode"] is not None else a["exitCode"]):
            diffs.append("hook %d exitCode %s vs %s" % (i, a["exitCode"], b["exitCode"]))
        if canon(a.get("output")) != canon(b["output"]):
            diffs.append("hook %d output %s vs %s" % (i, canon(a.get("output")), canon(b["output"])))
    ga = gh["aggregate"]
    if ga["success"] != o["aggregate"]["success"]:
        diffs.append("aggregate success %s vs %s" % (ga["success"], o["aggregate"]["success"]))
    if ga.get("errors", []) != o["aggregate"]["errors"]:
        diffs.append("aggregate errors %s vs %s" % (ga.get("errors"), o["aggregate"]["errors"]))
    if canon(ga.get("output")) != canon(o["aggregate"]["finalOutput"]):
        diffs.append("aggregate output %s vs %s" % (canon(ga.get("output")), canon(o["aggregate"]["finalOutput"])))
    if diffs:
        mismatches += 1
        print("=== case %d event %s sequential %s" % (k, ev, seq))
        for h in hooks:
            print("   hook:", h["command"])
        for d in diffs:
            print("   ", d)
print("cases %d mismatches %d" % (N, mismatches))
