# -*- coding: utf-8 -*-
"""Module doc."""
import os, sys as s
import a.b as c
from . import x
from .m import (a,
 b)
from ..pkg.sub import *
if True: import m
try:
    import fast
except ImportError:  # comment
    fast = None
else:
	import tabbed
finally:
    pass
x = 1; import semi; y = 2
z = \
    3
def f[T](a: T, /, *, b: int = 0x_ff) -> T:
    return (yield from g())
async def h():
    async with a as b, c:
        await d
    return [i async for i in e]
class C[T](Base, metaclass=M):
    x: int = 1_000.5e-3j
    @property
    def p(self): return self.__class__
match point:
    case Point(x=0) | [1, *rest] if (n := len(rest)):
        pass
    case {"k": v, **kw}:
        pass
    case _:
        pass
type Alias[T] = list[T]
s1 = f"{a!r:>{w}} {{lit}} {b=} {c:%Y-%m-%d}" u'u' F'{x}'
b1 = rb'\x00' Rb"x" bR'y'
s2 = f"{f"{"nested"}"}" + f'''
multi {
  x  # a comment in a field
  + 1
} line'''
s3 = f"{x:=5}" f"{'a' if b else 'c'}" f"\{6}" f"\N{EM DASH}"
s4 = fr'\{x}\d' rf"{x}\n"
l = lambda x=1, *a, **k: x
n = 1if x else 2
n2 = 0o17 + 0b101 + .5 + 5. + 1e10
d = {**a, 'b': [1, 2,
  3]}
@decorator.chain(arg)
def g(): ...
ｏｓ = __ｉｍｐｏｒｔ__("os")
café = 1
while x:
    if y:
        break
    elif z: continue
    else:
        with open("f") as fh, other(): x @= y
w = x if y else z; v = not a or b and c is not d
e = a ** -b // c % d << e >> f & g | h ^ ~i
del x[1:2, ::3]
global g1
assert x, "msg"
raise E from e
print(*args, sep="")
