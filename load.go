package main

import (
	"github.com/urfave/cli/v2"

	"github.com/gh-hooks/gh-hooks/layers"
	"github.com/gh-hooks/gh-hooks/merge"
)

// loadProject loads every layer for the --project directory (default: the
// current directory) and merges them.
func loadProject(c *cli.Context) (*merge.Result, error) {
	set, err := layers.Load(layers.Options{ProjectDir: c.String("project")})
	if err != nil {
		return nil, fail(err, "pass an existing directory with --project")
	}
	return merge.Merge(set), nil
}
