package claudecompat

import "testing"

// TestReaches: the adapter counts only where bash reaches it on every
// path. The class: every way a command can hold the adapter's words and
// not run them (a function never called, after an exit, behind a
// condition, in one branch, in a loop, in the background, a comment, a
// string), against the forms that do run it.
func TestReaches(t *testing.T) {
	t.Parallel()
	w := Wrap(Wrapped{Hook: Hook{Event: "PreToolUse"}, Binary: "gh-hooks", Command: "./guard.sh", FailClosed: true})
	a := "gh-hooks claude-compat --event PreToolUse -- ./guard.sh"
	for _, tc := range []struct {
		cmd  string
		want bool
	}{
		{w, true},
		{a, true},
		{"exec " + a, true},
		{"cd hooks && " + a, false}, // cd can fail: not every path
		{"echo start; " + a, true},
		{"{ " + a + "; }", true},
		{"( " + a + " )", true},
		{"cat | " + a, true},
		{"f() { " + a + "; }; f", true},
		{"if true; then " + a + "; else " + a + "; fi", true},
		{"f() { " + a + "; }", false},
		{"f() { " + a + "; }; true", false},
		{"exit 0; " + a, false},
		{"false && " + a, false},
		{"true || " + a, false},
		{"test -f x || exit 0; " + a, false},
		{"if [ -f x ]; then " + a + "; fi", false},
		{"if [ -f x ]; then exit 0; fi; " + a, false},
		{"for i in 1; do " + a + "; done", false},
		{"case x in y) " + a + ";; esac", false},
		{a + " &", false},
		{"# " + a, false},
		{"echo '" + a + "'", false},
		{"eval x; " + a, false},
		{"f() { exit 0; }; f; " + a, false},
	} {
		_, ok := Reaches(tc.cmd)
		if ok != tc.want {
			t.Errorf("Reaches(%q) = %v, want %v", tc.cmd, ok, tc.want)
		}
	}
	got, ok := Reaches(w)
	if !ok || !got.FailClosed || got.Command != "./guard.sh" || got.Event != "PreToolUse" {
		t.Errorf("Reaches(Wrap(...)) = %+v, %v", got, ok)
	}
}
