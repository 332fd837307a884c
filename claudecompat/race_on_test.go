//go:build race

package claudecompat

// raceOn: the race detector makes a pure scan about 20 times slower, and
// the README's test command runs with it.
const raceOn = true
