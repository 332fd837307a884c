# Writes NAME.tokens from NAME.py as CPython's tokenize reads it:
#   python3.13 gen.py forms.py
import sys, tokenize
for name in sys.argv[1:]:
    with open(name, "rb") as f, open(name[:-3] + ".tokens", "w") as out:
        for t in tokenize.tokenize(f.readline):
            if t.type == tokenize.ENCODING:
                continue
            out.write(f"{t.start[0]} {tokenize.tok_name[t.type]} {t.string!r}\n")
