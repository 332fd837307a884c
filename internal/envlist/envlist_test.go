package envlist

import "testing"

func TestLookup(t *testing.T) {
	env := []string{"A=1", "B=", "A=2", "C=x=y", "broken", "AB=3"}
	for _, tt := range []struct {
		k      string
		want   string
		wantOK bool
	}{
		{"A", "2", true},   // the last one wins
		{"B", "", true},    // set and empty
		{"C", "x=y", true}, // the first = splits
		{"D", "", false},   // not set
		{"broken", "", false},
		{"", "", false},
	} {
		v, ok := Lookup(env, tt.k)
		if v != tt.want || ok != tt.wantOK {
			t.Errorf("Lookup(%q) = %q, %v; want %q, %v", tt.k, v, ok, tt.want, tt.wantOK)
		}
		if g := Get(env, tt.k); g != tt.want {
			t.Errorf("Get(%q) = %q, want %q", tt.k, g, tt.want)
		}
	}
}
