package main

import "runtime/debug"

// appVersion is what --version prints: the -ldflags "-X main.version=..."
// value when set, else the module version recorded by `go install
// module@version`, else "devel" for a build from a checkout.
func appVersion() string {
	if version != "" {
		return version
	}
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "devel"
}
