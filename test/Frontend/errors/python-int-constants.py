# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Module constants are Python integers (no width): where Python raises
# evaluating one, kdsl reports it at the constant; where a value does not fit
# the type the kernel uses it as (an int32 range bound or index, an int64, a
# wp.int32(...) constant), that is an error at the use, never a wrapped value
# (issue 26, finding 10). One case per chunk.

import warp as wp

# 2^64 + 3 is wider than any kernel integer (it wrapped to 3 iterations).
N = 2**64 + 3


@wp.kernel
def k(out: wp.array(dtype=int)):
    s = int(0)
    # expected-error@+1 {{constant 'N' is 18446744073709551619, which does not fit in a 64-bit integer}}
    for i in range(N):
        s += 1
    out[0] = s

# -----

import warp as wp

# 2^40 fits an int64, but a range bound of Python ints is an int32 (it
# wrapped to 0 iterations).
N = 2**40


@wp.kernel
def k(out: wp.array(dtype=int)):
    s = int(0)
    # expected-error@+1 {{constant 'N' is 1099511627776, which does not fit in int32 here}}
    for i in range(N):
        s += 1
    out[0] = s

# -----

import warp as wp

N = 3 * 2**31


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-error@+1 {{constant 'N' is 6442450944, which does not fit in int32 here}}
    out[N] = 1

# -----

import warp as wp

# Exactly what the array's int64 holds is fine; a wider value is not.
BIG = 2**200 // 2**140
HUGE = 2**200


@wp.kernel
def k(out: wp.array(dtype=wp.int64)):
    out[0] = BIG
    # expected-error@+1 {{constant 'HUGE' is an integer of 201 bits, which does not fit in a 64-bit integer}}
    out[1] = HUGE

# -----

import warp as wp

# expected-error@+1 {{constant 'Z': Python raises ZeroDivisionError: integer division or modulo by zero}}
Z = 10**20 // (2**3 - 8)


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-note@+1 {{constant 'Z' used here}}
    out[0] = Z

# -----

import warp as wp

# expected-error@+1 {{constant 'S': Python raises ValueError: negative shift count}}
S = 1 << (3 - 4)
T = S + 1


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-note@+1 {{constant 'T' used here}}
    out[0] = T

# -----

import warp as wp

# expected-error@+1 {{constant 'F': Python raises OverflowError: int too large to convert to float}}
F = 2**1100 * 0.5


@wp.kernel
def k(out: wp.array(dtype=float)):
    # expected-note@+1 {{constant 'F' used here}}
    out[0] = F

# -----

import warp as wp

# expected-error@+1 {{constant 'P': the integer is too large for kdsl to compute (more than 65536 bits)}}
P = 7**7**7 % 10


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-note@+1 {{constant 'P' used here}}
    out[0] = P

# -----

import warp as wp

# expected-error@+1 {{constant 'W': 1099511627776 does not fit in int32}}
W = wp.int32(2**40)


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-note@+1 {{constant 'W' used here}}
    out[0] = W

# -----

import warp as wp

# A uint8 holds 0..255.
B = 2**8


@wp.kernel
def k(out: wp.array(dtype=wp.uint8)):
    # expected-error@+1 {{constant 'B' is 256, which does not fit in uint8 here}}
    out[0] = B

# -----

import enum

import warp as wp


# auto() counts on past int64 (Python: 2^63 and 2^63); the members that fit
# are fine.
class F(enum.IntFlag):
    A = 4611686018427387904
    B = enum.auto()


class E(enum.IntEnum):
    A = 9223372036854775807
    B = enum.auto()
    C = -9223372036854775808


@wp.kernel
def k(out: wp.array(dtype=wp.int64)):
    out[0] = E.A
    out[1] = E.C
    out[2] = F.A
    # expected-error@+1 {{enum members whose value does not fit in 64 bits ('F.B') are not supported in kernel code}}
    out[3] = F.B
