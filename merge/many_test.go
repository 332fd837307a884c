package merge

import (
	"strconv"
	"strings"
	"testing"
)

// TestManyEventNames: 5,000 event names in two layers merge by name
// through an index (a scan per name was quadratic): each user event is
// replaced by the workspace's value of the same name, in first-seen order.
func TestManyEventNames(t *testing.T) {
	const n = 5000
	events := func(cmd string) string {
		var b strings.Builder
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			b.WriteString(`"Ev` + strconv.Itoa(i) + `": [{"hooks": [{"type": "command", "command": "` + cmd + `"}]}]`)
		}
		return b.String()
	}
	files := map[string]string{"U": `{"hooks": {` + events("user") + `}}`, "W": `{"hooks": {` + events("workspace") + `}}`}
	_, r := loadSpecCase(t, specCase{name: "many", files: files})
	order := r.EventOrder()
	if len(order) != n || order[0] != "Ev0" || order[n-1] != "Ev"+strconv.Itoa(n-1) {
		t.Fatalf("%d events in order, first %q", len(order), order[:min(3, len(order))])
	}
	if len(r.Hooks) != 2*n {
		t.Errorf("%d hooks, want %d", len(r.Hooks), 2*n)
	}
}
