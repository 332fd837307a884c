package cli

import (
	"strconv"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/gh-hooks/gh-hooks/merge"
)

// TestHooksIndex pins doctor's lookup of the hook a problem belongs to: the
// first hook whose pointer is the problem's or a parent of it, in the same
// file. 50,000 hooks and a problem each is a lookup per problem (a scan of
// every hook per problem took doctor over 30 s).
func TestHooksIndex(t *testing.T) {
	const n = 50000
	r := &merge.Result{}
	for i := range n {
		p := "/hooks/BeforeTool/" + strconv.Itoa(i) + "/hooks/0"
		r.Hooks = append(r.Hooks, &merge.Hook{ID: "project/BeforeTool/" + strconv.Itoa(i) + "/0", Path: "/p/s.json", Pointer: p})
	}
	r.Hooks = append(r.Hooks, &merge.Hook{ID: "user/BeforeTool/0/0", Path: "/u/s.json", Pointer: "/hooks/BeforeTool/0/hooks/0"})
	x := indexHooks(r)
	for i := range n {
		p := config.Problem{Path: "/p/s.json", Pointer: "/hooks/BeforeTool/" + strconv.Itoa(i) + "/hooks/0/command"}
		if got, want := x.hookAt(p), "project/BeforeTool/"+strconv.Itoa(i)+"/0"; got != want {
			t.Fatalf("hookAt(%s) = %q, want %q", p.Pointer, got, want)
		}
	}
	for _, c := range []struct{ path, pointer, want string }{
		{"/u/s.json", "/hooks/BeforeTool/0/hooks/0", "user/BeforeTool/0/0"},
		{"/u/s.json", "/hooks/BeforeTool/0/hooks/0x", ""}, // not a child: no "/"
		{"/u/s.json", "/hooks/BeforeTool/0", ""},          // a parent of a hook is no hook
		{"/x/s.json", "/hooks/BeforeTool/0/hooks/0", ""},
	} {
		if got := x.hookAt(config.Problem{Path: c.path, Pointer: c.pointer}); got != c.want {
			t.Errorf("hookAt(%s %s) = %q, want %q", c.path, c.pointer, got, c.want)
		}
	}
	if i, ok := x.byID[[2]string{"/p/s.json", "project/BeforeTool/49999/0"}]; !ok || i != n-1 {
		t.Errorf("byID of the last project hook = %d, %v", i, ok)
	}
}
