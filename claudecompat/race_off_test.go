//go:build !race

package claudecompat

const raceOn = false
