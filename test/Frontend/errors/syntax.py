# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Lexer and parser errors: Python syntax kdsl does not accept.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# async-for:
# async for.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{async code}}
    async for j in range(3):
        pass

# -----

# await-expression:
# await.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{await}}
    await x

# -----

# chained-assignment:
# a = b = 0.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{chained assignment (a = b = c) is not supported}}
    p = q = 0

# -----

# closer-without-opener:
# A ) without (.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unmatched ')'}}
    c = 1 + 2)

# -----

# dict-comprehension:
# A dict comprehension.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{dict and set literals are not supported in kernel code}}
    d = {i: i for i in range(3)}

# -----

# dict-literal:
# A dict literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{dict and set literals are not supported in kernel code}}
    y = {1: 2}

# -----

# elif-without-if:
# elif with no if.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'elif' without a matching 'if'}}
    elif x:
        pass

# -----

# else-without-if:
# else with no if.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'else' without a matching}}
    else:
        pass

# -----

# expected-indented-block:
# A block with no statements.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if x > 0.0:
    # expected-error@+1 {{expected an indented block}}
    a[0] = 1.0

# -----

# f-string:
# An f-string.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{f-strings and bytes are not supported in kernel code}}
    s = f"{x}"

# -----

# generator-expression:
# Regression (was a bug): a generator expression gets a confusing parse error pointing at the
# closing parenthesis:
#   7:32: error: expected end of statement, found ')'
# It should say that generator expressions (or comprehensions) are not
# supported, at the expression.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error-re@+1 {{{{.*}}generator}}
    c = sum(t for t in range(3))

# -----

# in-operator:
# in.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator 'in' is not supported in kernel code}}
    c = x in x

# -----

# integer-literal-too-large:
# An integer literal beyond 64 bits.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{integer literal is too large}}
    b[i] = 123456789012345678901234567890123456789

# -----

# invalid-character:
# $ is not Python.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{invalid character '$' in source}}
    c = 1 $ 2

# -----

# is-operator:
# is.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator 'is' is not supported in kernel code}}
    c = x is x

# -----

# lambda:
# lambda in a kernel.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{lambda expressions are not supported in kernel code}}
    f = lambda t: t

# -----

# list-comprehension:
# A list comprehension.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{list literals and comprehensions are not supported in kernel code}}
    y = [t for t in range(3)]

# -----

# list-literal:
# A list literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{list literals and comprehensions are not supported in kernel code}}
    y = [1, 2]

# -----

# match-statement:
# Regression (was a bug): `match` is listed as rejected (docs/language.md section 11) but the
# message is a confusing parse error at the subject:
#   7:11: error: expected end of statement, found 'n'
# It should say that 'match' statements are not supported, at `match`.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'match' statements are not supported}}
    match n:
        case 1:
            pass

# -----

# mismatched-brackets:
# ( closed by ].

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{closing ']' does not match opening '('}}
    c = (1 + 2]

# -----

# missing-colon:
# if without a colon.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{expected ':' after the condition, found end of line}}
    if x > 0.0
        pass

# -----

# set-comprehension:
# A set comprehension.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{dict and set literals are not supported in kernel code}}
    y = {t for t in range(3)}

# -----

# slice:
# A slice of a vector needs constant bounds (as in Warp: its length is a type).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{slice bounds and steps must be constant integers}}
    w = v[0:n]

# -----

# starred-argument:
# **kwargs in a call (f(*v) is supported: test/Frontend/star-args.py).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{argument unpacking (*args, **kwargs)}}
    c = wp.vec3(**v)

# -----

# starred-target:
# Starred unpacking target.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{cannot assign to this expression}}
    y, *z = x, x

# -----

# unclosed-bracket-host:
# An unbalanced bracket in host code is an error too.

import warp as wp


# expected-error@+1 {{'[' was never closed}}
data = [1, 2,


@wp.kernel
def k(a: wp.array(dtype=float)):
    pass

# -----

# unclosed-bracket:
# A ( never closed.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'(' was never closed}}
    c = (1 + 2

# -----

# unexpected-indent:
# An indented line that starts no block.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    c = 1
    # expected-error@+1 {{unexpected indent}}
        d = 2

# -----

# unindent-mismatch:
# A dedent to a column that matches no enclosing block.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if x > 0.0:
        c = 1
    # expected-error@+1 {{unindent does not match any outer indentation level}}
      d = 2

# -----

# unterminated-string-host:
# An unterminated string in host code is an error too.

import warp as wp


# expected-error@+1 {{unterminated string literal}}
name = 'abc

# -----

# unterminated-string:
# An unterminated string literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unterminated string literal}}
    c = "abc

# -----

# unterminated-triple-string:
# An unterminated triple-quoted string.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unterminated triple-quoted string literal}}
    """abc
    c = 1

# -----

# walrus:
# The := operator.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{assignment expressions (:=) are not supported in kernel code}}
    if (y := x) > 0.0:
        pass

# -----

# yield-statement:
# yield.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'yield' statements are not supported in kernel code}}
    yield x
