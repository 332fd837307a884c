package lazyre

import "testing"

func TestNewCompilesOnceOnFirstUse(t *testing.T) {
	re := New(`^a+$`)
	if re.Get() != re.Get() {
		t.Error("New returned a different *Regexp on the second call")
	}
	if !re.Get().MatchString("aaa") || re.Get().MatchString("b") {
		t.Error("the compiled expression does not match as written")
	}
}
