// Package merge computes Gemini CLI 0.61.0's effective hooks from the layers
// that package layers found: its deep merge of the settings files (spec §3),
// its registry's validation and disabling rules (spec §2, §3.6), and its
// planner's matching, de-duplication and sequential rules (spec §4).
//
// Merge returns every hook found in any file, each with its provenance and
// a verdict: active, or the reason Gemini will not run it. Plan computes
// the execution plan of one event for one tool name or trigger.
//
// The package never writes files.
package merge
