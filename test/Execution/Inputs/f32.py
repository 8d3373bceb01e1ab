"""IEEE binary32 / binary16 rounding helpers for the execution-test references.

Python floats are binary64. A float32 operation is emulated by computing the
exact double result and rounding it to float32: for + - * / and sqrt on
float32 operands the double result rounds correctly (53 >= 2 * 24 + 2), so
f32(a + b) is exactly what a float32 adder gives. Transcendental functions are
computed in double and rounded once, which may differ from a float32 libm by
an ulp; the tests compare those with a tolerance.

This module knows nothing about kdsl. It is the independent arithmetic the
references (../*_ref.py, through wpref.py) are built on.
"""

import math
import struct

INF = math.inf
NAN = math.nan


def f32(x):
    """Round a Python number to the nearest float32 (ties to even)."""
    x = float(x)
    try:
        return struct.unpack("<f", struct.pack("<f", x))[0]
    except OverflowError:  # finite double beyond the float32 range
        return math.copysign(INF, x)


def f16(x):
    """Round a Python number to the nearest float16 (ties to even)."""
    x = float(x)
    try:
        return struct.unpack("<e", struct.pack("<e", x))[0]
    except OverflowError:
        return math.copysign(INF, x)


def f16_op(x):
    """float16 arithmetic: computed in float32, then rounded to float16."""
    return f16(f32(x))


def ieee_div(a, b):
    """a / b with IEEE results for a zero divisor (Python raises instead)."""
    if b == 0.0:
        if a == 0.0 or math.isnan(a):
            return NAN
        sign = math.copysign(1.0, a) * math.copysign(1.0, b)
        return math.copysign(INF, sign)
    return a / b


def ieee_sqrt(a):
    if math.isnan(a) or a < 0.0:
        return NAN
    return math.sqrt(a)


def ieee_fmod(a, b):
    """C fmod: the result has the sign of a."""
    if math.isnan(a) or math.isnan(b) or math.isinf(a) or b == 0.0:
        return NAN
    if math.isinf(b):
        return a
    return math.fmod(a, b)


# float32 arithmetic on plain Python floats ----------------------------------

def add(a, b):
    return f32(a + b)


def sub(a, b):
    return f32(a - b)


def mul(a, b):
    return f32(a * b)


def div(a, b):
    return f32(ieee_div(a, b))


def sqrt(a):
    return f32(ieee_sqrt(a))


# float32 vector / matrix helpers on lists of Python floats -----------------

def vadd(a, b):
    return [add(x, y) for x, y in zip(a, b)]


def vsub(a, b):
    return [sub(x, y) for x, y in zip(a, b)]


def vscale(a, s):
    return [mul(x, s) for x in a]


def vdot(a, b):
    acc = mul(a[0], b[0])
    for x, y in zip(a[1:], b[1:]):
        acc = add(acc, mul(x, y))
    return acc


def vcross(a, b):
    return [
        sub(mul(a[1], b[2]), mul(a[2], b[1])),
        sub(mul(a[2], b[0]), mul(a[0], b[2])),
        sub(mul(a[0], b[1]), mul(a[1], b[0])),
    ]


def vlength(a):
    return sqrt(vdot(a, a))


def matvec(m, v):
    return [vdot(row, v) for row in m]


def matmul(a, b):
    cols = list(zip(*b))
    return [[vdot(row, list(col)) for col in cols] for row in a]


def transpose(m):
    return [list(col) for col in zip(*m)]


def ulp_distance32(a, b):
    """Number of float32 values between a and b (both finite float32)."""

    def key(x):
        i = struct.unpack("<i", struct.pack("<f", x))[0]
        return i if i >= 0 else -(i & 0x7FFFFFFF)

    return abs(key(f32(a)) - key(f32(b)))
