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

func TestNewFuncBuildsOnFirstUse(t *testing.T) {
	built := 0
	re := NewFunc(func() string { built++; return `^(a|b)$` })
	if built != 0 {
		t.Fatal("NewFunc built the expression before its first use")
	}
	if !re.Get().MatchString("b") || re.Get().MatchString("ab") || built != 1 {
		t.Errorf("the expression built does not match as written, or was built %d times", built)
	}
}
