// Package layers finds and reads every file that feeds Gemini CLI 0.61.0's
// hooks: the system-defaults, user, project (workspace) and system-override
// settings files, and the hooks/hooks.json files of enabled extensions,
// together with the folder-trust decision that gates them (spec §1, §3.5).
//
// Load never writes anything. Each Layer records whether it exists,
// whether Gemini takes it into the merge and, if not, why, so that callers
// can explain every hook that will not run.
package layers
