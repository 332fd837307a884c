package cli

import (
	"fmt"

	"github.com/urfave/cli/v3"
)

// values are what completion offers for a flag's value; words are the
// words typed before it (trigger reads --event there). A flag declares its
// own: completion reads them from the flag (declaredValues), not from a
// list kept beside the flags.
type values func(words []string) []string

// choice is a string flag that declares its values (Config).
type choice = cli.FlagBase[string, values, choiceValue]

// choices is choice for a flag given several times or comma-separated.
type choices = cli.FlagBase[[]string, values, cli.SliceBase[string, values, choiceValue]]

// fixed is values that are always the same.
func fixed(vs ...string) values { return func([]string) []string { return vs } }

// declaredValues is what flag f declares for completion (nil: none, files).
func declaredValues(f cli.Flag) values {
	switch f := f.(type) {
	case *choice:
		return f.Config
	case *choices:
		return f.Config
	}
	return nil
}

// choiceValue holds a choice flag's value as cli.StringFlag's does.
type choiceValue struct {
	destination *string
}

// Create and ToString make choiceValue a cli.ValueCreator.
func (choiceValue) Create(val string, p *string, _ values) cli.Value {
	*p = val
	return &choiceValue{destination: p}
}

func (choiceValue) ToString(val string) string {
	return (&choiceValue{destination: &val}).String()
}

// Set, Get and String make *choiceValue a flag.Value and flag.Getter.
func (s *choiceValue) Set(val string) error {
	*s.destination = val
	return nil
}

func (s *choiceValue) Get() any { return *s.destination }

func (s *choiceValue) String() string {
	if s.destination != nil && *s.destination != "" {
		return fmt.Sprintf("%q", *s.destination)
	}
	return ""
}
