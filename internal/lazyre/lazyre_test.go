package lazyre

import "testing"

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a+$`)
	if re() != re() {
		t.Error("New returned a different *Regexp on the second call")
	}
	if !re().MatchString("aaa") || re().MatchString("b") {
		t.Error("the compiled expression does not match as written")
	}
}
