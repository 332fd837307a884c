// Package hooktest runs a project's hook test files: cases that fire one
// synthetic event each, exactly as `gh-hooks run` does, and state what
// must come of it (docs/REFERENCE.md, gh-hooks test).
//
// A test file is YAML or JSON with the same keys:
//
//	tests:
//	  - name: guard denies rm -rf
//	    event: BeforeTool
//	    tool: run_shell_command      # optional, as run's --tool
//	    trigger: startup             # optional, as run's --trigger
//	    input:                       # optional, as run's --input
//	      tool_input: {command: "rm -rf /"}
//	    expect:                      # every key optional; all given must hold
//	      decision: deny             # allow | deny | block | ask | none
//	      toolRuns: false
//	      reason: "rm -rf"           # substring of the reason or what the model gets
//	      context: "lint"            # substring of the added context
//	      toolInput: {command: ls}   # BeforeTool: parameters the tool gets
//	      hooks:
//	        guard: {ran: true, exit: 2}
//
// Load reads and checks files (Find names the default ones): an unknown
// key, a value of the wrong type, an unknown event, an expectation that
// can never hold on its event, a file over MaxFileSize or nested deeper
// than MaxDepth, or one reached through a link out of its directory tree,
// is an *Error with the file's path, line and column and a hint. Run runs
// the cases through a Fire function (the caller's `run` code path: the
// project's layers, the plan, the approval gate, the runner), in parallel
// where their plans allow, and compares; Check compares one case's result
// with its expectation. Results are typed (Result, Diff); the command
// layer words them.
package hooktest
