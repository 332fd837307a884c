// Package edit computes gh-hooks' edits of Gemini CLI settings files: add a
// hook, remove hooks, and add or remove names in hooksConfig.disabled.
//
// Every operation is pure: it takes a parsed *config.Document (nil for a
// file that does not exist yet) and returns the new bytes, made with
// config's byte-stable Editor, so everything outside the edited range keeps
// its exact bytes (comments, key order, indentation, CRLF, a missing final
// newline). Reading, locking and writing are config.Update's job; callers
// run these functions inside its callback so the edit is made on the bytes
// that are under the lock.
//
// Operations that cannot be made safely fail with an *Error that names the
// position (path:line:col) and carries a hint; callers branch on its
// sentinel with errors.Is (ErrInvalid, ErrDuplicate, ErrShape).
package edit
