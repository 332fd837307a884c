// Package sarifschema holds only a test: it checks the SARIF that
// `gh-hooks validate --format sarif` and `gh-hooks trust audit --format
// sarif` write against the OASIS SARIF 2.1.0 JSON schema. It lives apart
// from package cli so that the schema validator, whose initialisation cost
// 35 ms under the race detector, is not linked into the cli test binary
// that every testscript command starts.
package sarifschema
