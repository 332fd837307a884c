#!/usr/bin/env bash
# The step of the gh-hooks GitHub Action (action.yml). It installs gh-hooks,
# then runs `validate` and `trust audit --baseline` with --format github, so
# that findings become annotations on the pull request, optionally writes
# validate's SARIF log, and optionally runs the hook tests (`gh-hooks test`,
# annotations or a JUnit report). Inputs arrive as INPUT_* variables (action.yml
# passes them); outputs go to $GITHUB_OUTPUT, a summary to
# $GITHUB_STEP_SUMMARY. It exits 0 when both checks pass, else with the
# first failing check's status (3: a finding; 1 or 2: a check could not be
# made).
#
# GH_HOOKS_BIN names a gh-hooks binary to use instead of installing one (the
# offline tests in cli/testdata/script/action_*.txtar, self-hosted runners).
set -uo pipefail

die() {
  printf '::error title=gh-hooks action::%s\n' "$1"
  exit "${2:-1}"
}
want() { # want NAME VALUE CHOICES...: VALUE is one of CHOICES, else a usage error
  local name=$1 value=$2 c
  shift 2
  for c in "$@"; do [ "$value" = "$c" ] && return 0; done
  die "input $name is \"$value\": want $(echo "$@" | sed 's/ /, /g; s/, \([^,]*\)$/ or \1/')" 2
}

: "${GITHUB_WORKSPACE:?GITHUB_WORKSPACE is not set: this script runs as a GitHub Action step (action.yml)}"
project=${INPUT_PROJECT:-.}
validate=${INPUT_VALIDATE:-true}
audit=${INPUT_AUDIT:-auto}
baseline=${INPUT_BASELINE:-.gemini/gh-hooks-trust.json}
sarif=${INPUT_SARIF:-false}
sarif_file=${INPUT_SARIF_FILE:-gh-hooks.sarif}
trust=${INPUT_TRUST_WORKSPACE:-true}
test=${INPUT_TEST:-false}
junit_file=${INPUT_TEST_JUNIT_FILE:-gh-hooks-junit.xml}
want validate "$validate" true false
want test "$test" false github junit
want audit "$audit" auto true false
want sarif "$sarif" true false
want trust-workspace "$trust" true false

# The project and the SARIF file stay inside the workspace, and neither is
# reached through a symbolic link: the repository decides what its paths
# are, and a planted link (gh-hooks.sarif -> ~/.bash_profile, reports ->
# /home/runner, app -> /) must not lead the runner out. The SARIF file is
# written by gh-hooks itself (validate --output), which refuses a link on
# any component, dangling or not, and writes through an os.Root on the
# workspace (config.WriteNoLinks).
case "/$project/" in */../*) die "input project \"$project\" leaves the workspace" 2 ;; esac
case "/$sarif_file/" in */../*) die "input sarif-file \"$sarif_file\" leaves the workspace" 2 ;; esac
case "$project" in /*) die "input project \"$project\" is absolute: give a path relative to the workspace" 2 ;; esac
case "$sarif_file" in
"$GITHUB_WORKSPACE"/*) sarif_file=${sarif_file#"$GITHUB_WORKSPACE"/} ;;
/*) die "input sarif-file \"$sarif_file\" is outside the workspace: give a path relative to it" 2 ;;
esac
case "/$junit_file/" in */../*) die "input test-junit-file \"$junit_file\" leaves the workspace" 2 ;; esac
case "$junit_file" in
"$GITHUB_WORKSPACE"/*) junit_file=${junit_file#"$GITHUB_WORKSPACE"/} ;;
/*) die "input test-junit-file \"$junit_file\" is outside the workspace: give a path relative to it" 2 ;;
esac
nolink() { # nolink INPUT PATH: no component of PATH (relative to the workspace) is a link
  local rel=$2 part cur=$GITHUB_WORKSPACE
  while [ -n "$rel" ]; do
    part=${rel%%/*}
    [ "$part" = "$rel" ] && rel= || rel=${rel#*/}
    [ -z "$part" ] || [ "$part" = . ] && continue
    cur=$cur/$part
    if [ -L "$cur" ]; then
      die "input $1 \"$2\": ${cur#"$GITHUB_WORKSPACE"/} is a symbolic link (to $(readlink "$cur")); the action does not follow links the repository planted" 2
    fi
  done
}
nolink project "$project"

# Install: a given binary, a given module version, or the action's own
# checkout (the version pinned in `uses:`).
if [ -n "${GH_HOOKS_BIN:-}" ]; then
  gh=$GH_HOOKS_BIN
else
  # A fresh folder of our own: nothing planted in it beforehand.
  bin=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/gh-hooks-bin.XXXXXX") || die "cannot create a folder for gh-hooks in ${RUNNER_TEMP:-${TMPDIR:-/tmp}}"
  if [ -n "${INPUT_VERSION:-}" ]; then
    echo "Installing github.com/gh-hooks/gh-hooks@$INPUT_VERSION"
    CGO_ENABLED=0 GOBIN="$bin" go install "github.com/gh-hooks/gh-hooks@$INPUT_VERSION" ||
      die "go install github.com/gh-hooks/gh-hooks@$INPUT_VERSION failed"
  else
    : "${GITHUB_ACTION_PATH:?GITHUB_ACTION_PATH is not set: give the input version, or GH_HOOKS_BIN}"
    ref=${GH_HOOKS_ACTION_REF:-devel}
    echo "Building gh-hooks $ref from $GITHUB_ACTION_PATH"
    (cd "$GITHUB_ACTION_PATH" && CGO_ENABLED=0 go build -trimpath \
      -ldflags "-X github.com/gh-hooks/gh-hooks/cli.Version=$ref" -o "$bin/gh-hooks" .) ||
      die "building gh-hooks from $GITHUB_ACTION_PATH failed"
  fi
  gh="$bin/gh-hooks"
  [ -n "${GITHUB_PATH:-}" ] && echo "$bin" >>"$GITHUB_PATH"
fi
# This step's own commands need it on PATH too (GITHUB_PATH is for later
# steps): validate looks for the `gh-hooks claude-compat` of migrated
# Claude hooks on PATH, as Gemini would run it.
case "$gh" in */*)
  gh=$(cd "$(dirname "$gh")" && pwd)/$(basename "$gh")
  export PATH="$(dirname "$gh"):$PATH"
  ;;
esac
"$gh" version || die "$gh does not run"

cd "$GITHUB_WORKSPACE/$project" || die "project directory \"$project\" does not exist in the workspace"
if [ "$trust" = true ]; then
  export GEMINI_CLI_TRUST_WORKSPACE=true
fi
ignore=()
if [ -n "${INPUT_IGNORE:-}" ]; then
  ignore=(--ignore "$INPUT_IGNORE")
fi
max_warnings=()
if [ -n "${INPUT_MAX_WARNINGS:-}" ]; then
  case $INPUT_MAX_WARNINGS in
  *[!0-9]*) die "input max-warnings is \"$INPUT_MAX_WARNINGS\": want a count of warnings (0 fails on any)" 2 ;;
  esac
  max_warnings=(--max-warnings "$INPUT_MAX_WARNINGS")
fi

output() { [ -n "${GITHUB_OUTPUT:-}" ] && echo "$1=$2" >>"$GITHUB_OUTPUT"; return 0; }
summary() { [ -n "${GITHUB_STEP_SUMMARY:-}" ] && echo "$1" >>"$GITHUB_STEP_SUMMARY"; return 0; }
verdict() { # verdict STATUS: the summary's words for an exit status
  case "$1" in
  0) echo "passed" ;;
  3) echo "failed: see the annotations" ;;
  skipped) echo "skipped" ;;
  *) echo "could not check (exit $1): see the log" ;;
  esac
}

status=0
validate_rc=skipped
# project-hooks-trust says to approve the project hooks by content: where
# this step audits them against a committed baseline, that is done, and
# the notice on every run is noise.
gated=()
if [ "$audit" != false ] && [ -f "$baseline" ]; then
  gated=(--ignore project-hooks-trust)
fi
if [ "$validate" = true ]; then
  echo "::group::gh-hooks validate"
  "$gh" validate --format github "${ignore[@]}" "${gated[@]}" "${max_warnings[@]}"
  validate_rc=$?
  echo "::endgroup::"
  output validate-exit "$validate_rc"
  if [ "$sarif" = true ]; then
    (cd "$GITHUB_WORKSPACE" && "$gh" --project "$project" validate --format sarif --output "$sarif_file" "${ignore[@]}")
    case $? in
    0 | 3) output sarif-file "$GITHUB_WORKSPACE/$sarif_file" ;;
    *)
      echo "::error title=gh-hooks action::the SARIF log $sarif_file was not written (see the log)"
      status=1
      ;;
    esac
  fi
  [ "$validate_rc" != 0 ] && [ "$status" = 0 ] && status=$validate_rc
fi

audit_rc=skipped
if [ "$audit" != false ]; then
  # The command that writes the baseline this step reads: a baseline input
  # other than the default is named, as trust baseline --write FILE takes it.
  write_cmd="gh-hooks trust baseline --write"
  [ "$baseline" != .gemini/gh-hooks-trust.json ] && write_cmd="$write_cmd $baseline"
  if [ -f "$baseline" ]; then
    echo "::group::gh-hooks trust audit --baseline $baseline"
    "$gh" trust audit --baseline "$baseline" --format github "${ignore[@]}"
    audit_rc=$?
    echo "::endgroup::"
    output audit-exit "$audit_rc"
  elif [ "$audit" = true ]; then
    echo "::error title=gh-hooks trust audit::no trust baseline at $project/$baseline: write it with \`$write_cmd\`, review it and commit it"
    audit_rc=1
    output audit-exit 1
  else
    echo "::notice title=gh-hooks trust audit::skipped: no trust baseline at $project/$baseline (write one with \`$write_cmd\` to gate unreviewed project hooks)"
  fi
  [ "$audit_rc" != skipped ] && [ "$audit_rc" != 0 ] && [ "$status" = 0 ] && status=$audit_rc
fi

# The hook tests run the repository's hooks, as a test step runs its code;
# the JUnit report is written by gh-hooks (test --output: no link followed).
test_rc=skipped
if [ "$test" != false ]; then
  echo "::group::gh-hooks test"
  if [ "$test" = junit ]; then
    (cd "$GITHUB_WORKSPACE" && "$gh" --project "$project" test --allow-untrusted --format junit --output "$junit_file")
    test_rc=$?
    case $test_rc in 0 | 3) output test-junit-file "$GITHUB_WORKSPACE/$junit_file" ;; esac
  else
    "$gh" test --allow-untrusted --format github
    test_rc=$?
  fi
  echo "::endgroup::"
  output test-exit "$test_rc"
  [ "$test_rc" != 0 ] && [ "$status" = 0 ] && status=$test_rc
fi

summary "### gh-hooks"
summary ""
summary "| check | result |"
summary "|---|---|"
summary "| \`validate\` | $(verdict "$validate_rc") |"
summary "| \`trust audit --baseline\` | $(verdict "$audit_rc") |"
[ "$test_rc" != skipped ] && summary "| \`test\` | $(verdict "$test_rc") |"
exit "$status"
