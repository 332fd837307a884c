package merge

import (
	"bytes"
	"encoding/json"
	"math"
)

// MarshalJSON encodes the hook with its JSON field names. A timeout that
// JSON cannot carry (±Infinity from 1e400 or "Infinity", NaN) is written
// as 1, the delay Node's setTimeout uses for it (it clamps delays above
// 2147483647 and NaN to 1 ms); before this, `effective --json` failed with
// "json: unsupported value: +Inf" (found by the bad-input catalogue).
// Timeout itself keeps the value as read, for diagnostics.
func (h Hook) MarshalJSON() ([]byte, error) {
	type plain Hook
	p := plain(h)
	if math.IsInf(p.Timeout, 0) || math.IsNaN(p.Timeout) {
		p.Timeout = 1
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // commands are full of <, > and &
	if err := enc.Encode(p); err != nil {
		return nil, err
	}
	return bytes.TrimRight(b.Bytes(), "\n"), nil
}
