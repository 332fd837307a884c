#!/usr/bin/env python3
"""Random .env files (quotes, escapes, export, comments, colons, CRLF, BOM and other JavaScript
white space, multi-line values, repeated keys): the variables Gemini CLI 0.61.0's real
loadEnvironment loads from a trusted .gemini/.env (dotenv-oracle.mjs) against the loaded
variables of `gh-hooks effective --json` (dotenv.vars). Arguments: GH_BINARY N SEED."""
import json, os, random, subprocess, sys, tempfile
from oracle_common import ORACLE, HERE, gh_env

PIECES = ["A", "B_2", "a.b-c", "export ", "export  ", " ", "\t", "=", " = ", ":", ": ", "#", " #c", "'", '"', "`",
          "\\n", "\\r", "\\", "\n", "\r\n", "\r", "x", "two words", "$HOME", "\u00a0", "\ufeff", "\u3000", "é", "%%", "()"]


def random_env(rng):
    lines = []
    for _ in range(rng.randint(1, 6)):
        key = rng.choice(["K1", "K2", "k.3", "K_4", "K1"])
        val = "".join(rng.choice(PIECES) for _ in range(rng.randint(0, 6)))
        sep = rng.choice(["=", " = ", ": ", "=", "="])
        pre = rng.choice(["", "", "export ", "  ", "# "])
        lines.append(pre + key + sep + val)
    return rng.choice(["\n", "\r\n"]).join(lines) + rng.choice(["", "\n"])


def main():
    gh, n, seed = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    bad = 0
    with tempfile.TemporaryDirectory() as tmp:
        home = os.path.join(tmp, "home")
        os.makedirs(home)
        dirs, texts = [], []
        for i in range(n):
            d = os.path.join(tmp, "p%d" % i)
            os.makedirs(os.path.join(d, ".gemini"))
            t = random_env(rng)
            with open(os.path.join(d, ".gemini", ".env"), "w", newline="") as f:
                f.write(t)
            dirs.append(d)
            texts.append(t)
        lst = os.path.join(tmp, "list.json")
        with open(lst, "w") as f:
            json.dump(dirs, f)
        env = {"PATH": os.environ["PATH"], "HOME": home}
        want = json.loads(subprocess.run(["node", os.path.join(HERE, "dotenv-oracle.mjs"), ORACLE, lst],
                                         env=env, capture_output=True, text=True, check=True).stdout)
        for d, t, w in zip(dirs, texts, want):
            genv = gh_env(home, tmp)
            genv = {k: v for k, v in genv.items() if k not in ("K1", "K2", "k.3", "K_4")}
            out = subprocess.run([gh, "--project", d, "effective", "--json"], env=genv, capture_output=True, text=True)
            got = {v["key"]: v["value"] for v in json.loads(out.stdout)["dotenv"]["vars"] if v["loaded"]}
            if got != w:
                bad += 1
                print("MISMATCH %r\n  gemini  %r\n  gh-hooks %r" % (t, w, got))
    print("cases %d mismatches %d" % (n, bad))


if __name__ == "__main__":
    main()
