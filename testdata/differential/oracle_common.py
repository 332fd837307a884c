"""What the differential scripts share: where the oracle and ../shared are, running an oracle
script, and the environment that points gh-hooks at a generated tree."""
import json, os, subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
# An installed oracle (cd ../shared/oracle && npm ci), as for BenchmarkProcess; and ../shared.
ORACLE = os.environ.get("GH_HOOKS_ORACLE_DIR", os.path.join(HERE, "..", "..", "..", "shared", "oracle"))
SHARED = os.environ.get("GH_HOOKS_SHARED_DIR", os.path.join(HERE, "..", "..", "..", "shared"))


def oracle_argv(script, *args):
    """The command line of an oracle script."""
    return ["node", os.path.join(ORACLE, script)] + list(args)


def run_oracle(argv, tmpdir):
    """Runs argv (see oracle_argv) and returns (parsed JSON or None, stderr). The output goes
    through a file: through a pipe it is cut at 64 KiB (the oracle exits before Node drains it)."""
    with open(os.path.join(tmpdir, "oracle.out"), "w+") as fo:
        o = subprocess.run(argv, stdout=fo, stderr=subprocess.PIPE, text=True)
        fo.seek(0)
        out = fo.read()
    try:
        return json.loads(out), o.stderr
    except ValueError:
        return None, o.stderr


def gh_env(home, tmpdir, **extra):
    """The environment for gh-hooks on a generated tree: home, no system files, a trusted folder."""
    env = dict(os.environ, GEMINI_CLI_HOME=home, HOME=home, GEMINI_CLI_TRUST_WORKSPACE="true",
               GEMINI_CLI_SYSTEM_SETTINGS_PATH=os.path.join(tmpdir, "absent", "settings.json"),
               GEMINI_CLI_SYSTEM_DEFAULTS_PATH=os.path.join(tmpdir, "absent", "system-defaults.json"))
    env.update(extra)
    return env


def settings_dirs(d, project="proj"):
    """Creates home/.gemini and <project>/.gemini under d and returns (home, project dir)."""
    home, proj = os.path.join(d, "home"), os.path.join(d, *project.split("/"))
    os.makedirs(os.path.join(home, ".gemini"))
    os.makedirs(os.path.join(proj, ".gemini"))
    return home, proj
