// Package config reads and edits Gemini CLI settings files the way Gemini
// CLI 0.61.0 reads them, while keeping the exact bytes of the file.
//
// A settings file is JSON with comments (strip-json-comments followed by
// JSON.parse in Gemini). Parse turns it into a Document: the original bytes,
// a hujson syntax tree that edits are made on, and a tree of Nodes with a
// position (byte offset, line, column, JSON pointer) for every value, so that
// every problem can be reported as path:line:col.
//
// Gemini rejects several inputs that lenient JSONC parsers accept: a trailing
// comma, a UTF-8 byte-order mark, an empty file and a root that is not an
// object are all fatal (spec §1.4). Parse rejects them too, with a ParseError
// that names the position and gives a hint.
//
// Only this package writes files (see edit.go and write.go); layers, merge
// and migrate only read.
package config
