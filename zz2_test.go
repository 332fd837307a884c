package main

import (
	"os"
	"testing"

	"github.com/gh-hooks/gh-hooks/config"
	"github.com/tailscale/hujson"
)

func BenchmarkZZHujson(b *testing.B) {
	d, _ := os.ReadFile("/tmp/bt/home/.gemini/settings.json")
	b.SetBytes(int64(len(d)))
	for i := 0; i < b.N; i++ {
		hujson.Parse(d)
	}
}
func BenchmarkZZConfig(b *testing.B) {
	d, _ := os.ReadFile("/tmp/bt/home/.gemini/settings.json")
	b.SetBytes(int64(len(d)))
	for i := 0; i < b.N; i++ {
		config.Parse("x", d, config.Options{})
	}
}
