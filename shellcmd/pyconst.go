package shellcmd

// Module constants. A name is a constant when the file binds it once:
// `NAME = value` at the top level, and nowhere else in any of the forms
// that bind a name (an assignment's targets, augmented assignment, :=, an
// annotation, for, as, lambda and def parameters, global, nonlocal, del,
// class, def, import, a match statement's case). Counting every name in
// those places, loads in a target such as x[NAME] included, errs on the
// side of no constant.

func (r *pyReader) constants() {
	n := len(r.t)
	bound := map[string]int{}
	cand := map[string][]pyTok{}
	mark := func(from, to int) { // every name in [from, to) is bound
		for k := from; k < to && k < n; k++ {
			if t := r.t[k]; t.kind == pyNAME && !pyKeywords(t.text) && !r.is(k-1, pyOp, ".") {
				bound[t.id]++
			}
		}
	}
	// until is the index of the first token at or after i, at bracket
	// depth 0, that is one of ops or ends the statement.
	until := func(i int, ops ...string) int {
		depth := 0
		for k := i; k < n; k++ {
			t := r.t[k]
			if t.kind == pyNewline || t.kind == pyEnd {
				return k
			}
			if t.kind != pyOp {
				continue
			}
			switch t.text {
			case "(", "[", "{":
				depth++
				continue
			case ")", "]", "}":
				if depth == 0 {
					return k
				}
				depth--
				continue
			}
			if depth == 0 {
				for _, o := range ops {
					if t.text == o {
						return k
					}
				}
			}
		}
		return n
	}
	level := 0
	for i := 0; i < n; i++ {
		t := r.t[i]
		switch t.kind {
		case pyIndent:
			level++
			continue
		case pyDedent:
			level--
			continue
		case pyNAME:
		default:
			continue
		}
		switch t.text {
		case "for":
			for k := i + 1; k < n && !r.is(k, pyNAME, "in") && r.t[k].kind != pyNewline; k++ {
				if r.t[k].kind == pyNAME && !pyKeywords(r.t[k].text) {
					bound[r.t[k].id]++
				}
			}
		case "as", "global", "nonlocal", "del", "class", "def":
			mark(i+1, until(i+1, ":", ",", "=", ";"))
			if t.text == "def" || t.text == "class" {
				mark(i+1, until(i+1, ":")) // the parameters
			}
		case "lambda":
			mark(i+1, until(i+1, ":"))
		case "case":
			if r.stmtStart(i) {
				mark(i+1, until(i+1, ":"))
			}
		}
		if !r.stmtStart(i) {
			if r.is(i+1, pyOp, ":=") {
				bound[t.id]++
			}
			continue
		}
		// A statement: its targets are what stands before its last
		// top-level =, or before an augmented assignment or an
		// annotation's colon.
		end := until(i, ";")
		last := -1
		for k := i; k < end; k = until(k+1, "=", ";") {
			if r.is(k, pyOp, "=") {
				last = k
			}
		}
		switch {
		case last > i:
			mark(i, last)
		case last == i:
		default:
			if k := until(i, ":"); k < end && r.is(k, pyOp, ":") && !pyKeywords(t.text) {
				mark(i, k) // NAME: T (= v)
			}
			for k := i; k < end; k++ {
				if r.t[k].kind == pyOp && len(r.t[k].text) >= 2 && r.t[k].text[len(r.t[k].text)-1] == '=' &&
					r.t[k].text != "==" && r.t[k].text != "!=" && r.t[k].text != "<=" && r.t[k].text != ">=" {
					mark(i, k) // x += v
					break
				}
			}
		}
		if level == 0 && !pyKeywords(t.text) && r.is(i+1, pyOp, "=") && last == i+1 && end > i+2 {
			cand[t.id] = r.t[i+2 : end]
		}
	}
	for _, imp := range r.f.imports {
		if len(imp.names) == 1 && imp.names[0] == "*" {
			return // a star import can bind any name again
		}
	}
	for name, toks := range cand {
		if _, imported := r.f.binds[name]; bound[name] == 1 && !imported {
			if r.f.consts == nil {
				r.f.consts = map[string][]pyTok{}
			}
			r.f.consts[name] = toks
		}
	}
}
