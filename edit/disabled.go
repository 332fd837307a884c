package edit

import (
	"fmt"
	"strconv"

	"github.com/gh-hooks/gh-hooks/config"
)

const disabledPtr = "/hooksConfig/disabled"

// disabledNode returns hooksConfig.disabled of doc (nil when absent or
// null), or an ErrShape error when hooksConfig or the list has a type
// gh-hooks will not edit. A string list is refused: Gemini's merge wraps
// it, while /hooks enable uses substring tests on it (spec §8.2).
func disabledNode(doc *config.Document) (*config.Node, error) {
	if doc == nil {
		return nil, nil
	}
	hc := doc.Root.Get("hooksConfig")
	if hc == nil {
		return nil, nil
	}
	if hc.Kind != config.Object {
		return nil, shapeErr(doc, hc, `"hooksConfig"`, `make it an object such as {"disabled": []}`)
	}
	d := hc.Get("disabled")
	switch {
	case d == nil || d.Kind == config.Null:
		return nil, nil
	case d.Kind == config.String:
		return nil, shapeErr(doc, d, "hooksConfig.disabled", fmt.Sprintf("write a list: [%s]", strconv.Quote(d.Str)))
	case d.Kind != config.Array:
		return nil, shapeErr(doc, d, "hooksConfig.disabled", `make it a list of hook names: ["name"]`)
	}
	return d, nil
}

// Disabled returns the string entries of hooksConfig.disabled in doc, in
// file order (nil when there is no list). It fails like Disable on a
// hooksConfig or list of the wrong type.
func Disabled(doc *config.Document) ([]string, error) {
	d, err := disabledNode(doc)
	if err != nil || d == nil {
		return nil, err
	}
	var out []string
	for _, it := range d.Items {
		if it.IsString() {
			out = append(out, it.Str)
		}
	}
	return out, nil
}

// Disable adds names to hooksConfig.disabled in doc (nil: a new file),
// creating hooksConfig and the list when missing (a null list is replaced).
// Names already in the list, and repeats within names, are skipped; added
// are the ones written, in order. Gemini matches these entries exactly
// against name || command (spec §3.6). When nothing is added the bytes are
// doc's own.
func Disable(doc *config.Document, names []string) (data []byte, added []string, err error) {
	d, err := disabledNode(doc)
	if err != nil {
		return nil, nil, err
	}
	have := map[string]bool{}
	for _, it := range items(d) {
		if it.IsString() {
			have[it.Str] = true
		}
	}
	for _, n := range names {
		if !have[n] {
			have[n] = true
			added = append(added, n)
		}
	}
	if len(added) == 0 {
		if doc == nil {
			return nil, nil, nil
		}
		return doc.Data, nil, nil
	}
	e := doc.Edit()
	if d == nil {
		list := make([]any, len(added))
		for i, n := range added {
			list[i] = n
		}
		err = e.Set(disabledPtr, list)
	} else {
		for _, n := range added {
			if err = e.Append(disabledPtr, n); err != nil {
				break
			}
		}
	}
	if err != nil {
		return nil, nil, err
	}
	data, err = e.Bytes()
	return data, added, err
}

// Enable removes from hooksConfig.disabled in doc every entry equal to one
// of names, or every entry when names is nil. removed lists the entries
// taken out, in file order. A list this leaves empty is removed, and so is
// a hooksConfig object left empty, which undoes what Disable created (an
// empty list that was there before is left alone). When nothing is removed
// the bytes are doc's own (nil for a nil doc).
func Enable(doc *config.Document, names []string) (data []byte, removed []string, err error) {
	d, err := disabledNode(doc)
	if err != nil || d == nil {
		if doc != nil && err == nil {
			data = doc.Data
		}
		return data, nil, err
	}
	want := map[string]bool{}
	for _, n := range names {
		want[n] = true
	}
	var idx []int
	for i, it := range d.Items {
		if names == nil || it.IsString() && want[it.Str] {
			idx = append(idx, i)
			removed = append(removed, it.Text())
		}
	}
	if len(idx) == 0 {
		return doc.Data, nil, nil
	}
	e := doc.Edit()
	for k := len(idx) - 1; k >= 0; k-- {
		if err := e.Remove(disabledPtr + "/" + strconv.Itoa(idx[k])); err != nil {
			return nil, nil, err
		}
	}
	if err := e.Prune(disabledPtr); err != nil {
		return nil, nil, err
	}
	data, err = e.Bytes()
	return data, removed, err
}
