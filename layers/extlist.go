package layers

// ExtensionInfo is one installed extension and whether Gemini activates it
// for the project, whatever it contributes (hooks, commands, ...).
type ExtensionInfo struct {
	// Name is the manifest name (gemini-extension.json "name").
	Name string
	// Dir is the extension's directory: the link source for a linked
	// extension, else <home>/.gemini/extensions/<dir>.
	Dir string
	// Enabled reports whether extension-enablement.json leaves it on for
	// the project directory.
	Enabled bool
	// Reason says why a disabled extension is off; "" when Enabled.
	Reason string
}

// Extensions lists every installed extension with a valid manifest, in
// Gemini's discovery order (directory names sorted byte-wise), enabled or
// not. Unlike Set.Layers, which only keeps extensions that have a
// hooks/hooks.json, it includes extensions without hooks. It reads the
// extensions directory again, so it reflects the disk at call time; folder
// trust is not applied here.
func (s *Set) Extensions() []ExtensionInfo {
	var out []ExtensionInfo
	found, _ := s.discoverExtensions()
	for _, e := range found {
		out = append(out, ExtensionInfo{Name: e.name, Dir: e.dir, Enabled: e.enabled, Reason: e.reason})
	}
	return out
}
