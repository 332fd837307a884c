// Package config reads and edits Gemini CLI settings files the way Gemini
// CLI 0.61.0 reads them, while keeping the exact bytes of the file.
//
// A settings file is JSON with comments (strip-json-comments followed by
// JSON.parse in Gemini). Parse turns it into a Document: the original bytes
// and a tree of Nodes with a position (byte offset, line, column, JSON
// pointer) for every value, so that every problem can be reported as
// path:line:col. Most files are read on a fast path (tidwall/jsonc blanks
// the comments, gjson walks the JSON); the hujson syntax tree that edits are
// made on is built when a file is edited, or when a file needs its errors
// worded.
//
// Gemini rejects several inputs that lenient JSONC parsers accept: a trailing
// comma, a UTF-8 byte-order mark, an empty file and a root that is not an
// object are all fatal (spec §1.4). Parse rejects them too, with a ParseError
// that names the position and gives a hint. Gemini also accepts what hujson
// alone rejects: a comment open at the end of the file, and invalid UTF-8 in
// a comment (see parseJSONC). testdata/gemini-read records Gemini's own
// reader on such edge cases.
//
// Only this package writes files (see edit.go and write.go); layers, merge
// and migrate only read.
package config
