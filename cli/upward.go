package cli

import (
	"fmt"
	"io"
	"strings"

	"github.com/gh-hooks/gh-hooks/internal/shellword"
	"github.com/gh-hooks/gh-hooks/layers"
)

// warnUpper tells the user about the project file above the one examined,
// and how to look at it with command (e.g. "trust audit", its words
// already quoted for the shell: see shellCommand); false when there is
// none.
func warnUpper(w io.Writer, set *layers.Set, command string) bool {
	u := layers.UpperProject(set)
	if u == nil {
		return false
	}
	warn(w, fmt.Sprintf("%s has no project hooks, but %s above it has %s: Gemini runs them when started in %s (it does not look above its working directory)",
		set.Paths.ProjectDir, u.Path, count(u.Hooks, "hook"), u.Dir),
		"gh-hooks --project "+shellword.Quote(u.Dir)+" "+command)
	return true
}

// shellCommand joins words into a command line, each quoted as the shell
// needs it.
func shellCommand(words ...string) string {
	q := make([]string, len(words))
	for i, w := range words {
		q[i] = shellword.Quote(w)
	}
	return strings.Join(q, " ")
}
