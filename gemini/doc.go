// Package gemini knows which Gemini CLI the user runs and what it does
// differently from the release gh-hooks models (0.61.0).
//
// Detect finds the installed version without running Gemini (spec
// gemini-versions.md §1): GH_HOOKS_GEMINI_VERSION first, else the first
// executable `gemini` on PATH, followed through symbolic links, pnpm and
// cmd shims and Volta's shim to the package.json of @google/gemini-cli.
// It reads a handful of small regular files and nothing else: a FIFO, a
// device or a huge file where a package.json should be is skipped, and the
// walk is bounded (PATH entries, link chain, folders walked up).
//
// For turns a version into Features, the one value that the rest of
// gh-hooks switches on (layers: folder trust, system files, the trusted
// folders path; slashcmd: commands in an untrusted folder). Every
// difference between 0.47.0 and 0.61.0 is one row of the table in
// features.go, with the upstream file that made it.
package gemini
