package shellcmd

import (
	"github.com/evanw/esbuild/pkg/api"
)

// TypeScript: tsx, ts-node, bun, deno and node's --experimental-strip-types
// run a .ts file once its types are taken out. stripTypes does that with
// esbuild's transform (the one tsx itself runs), nothing of it executed,
// and the JavaScript it gives is read by scanJS like any other. With
// verbatimModuleSyntax every import is kept but `import type` (and
// `export type ... from`), which no runtime loads: an import used only as
// a type is kept, as node's type stripping keeps it (more, never less
// than tsx, which drops it). `import x = require("./y")` becomes a
// require. A file esbuild refuses is a *jsParseError (its line).
const tsconfigStrip = `{"compilerOptions": {"verbatimModuleSyntax": true, "experimentalDecorators": true}}`

func stripTypes(code, file string) (string, error) {
	r := api.Transform(code, api.TransformOptions{
		Loader:      api.LoaderTS,
		Target:      api.ESNext,
		TsconfigRaw: tsconfigStrip,
		Sourcefile:  file,
		LogLevel:    api.LogLevelSilent,
	})
	if len(r.Errors) > 0 {
		e := r.Errors[0]
		pe := &jsParseError{Msg: e.Text}
		if e.Location != nil {
			pe.Line = e.Location.Line
		}
		return "", pe
	}
	return string(r.Code), nil
}
