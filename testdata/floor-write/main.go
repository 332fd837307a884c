//go:build ignore

// Command floor-write is the floor for BenchmarkAddProcess: the least a
// process can do to change a settings file safely. It reads the file and
// rewrites it atomically with the same durability as config.Update (temp
// file in the same directory, fsync, rename, fsync of the directory), with
// a few bytes changed, and does nothing else: no lock, no parse, no flags.
//
//	go build -o floor-write testdata/floor-write/main.go
//	floor-write FILE
package main

import (
	"fmt"
	"os"
	"path/filepath"
)

func main() {
	if err := run(os.Args[1]); err != nil {
		fmt.Fprintln(os.Stderr, "floor-write:", err)
		os.Exit(1)
	}
}

func run(path string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	data = append(data, ' ')
	f, err := os.CreateTemp(filepath.Dir(path), ".floor-*")
	if err != nil {
		return err
	}
	if _, err := f.Write(data); err != nil {
		return err
	}
	if err := f.Sync(); err != nil {
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Rename(f.Name(), path); err != nil {
		return err
	}
	d, err := os.Open(filepath.Dir(path))
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}
