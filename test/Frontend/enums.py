# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Members of enum.IntEnum and enum.IntFlag classes are their integers in
# kernel code, as in Warp (docs/language.md, "Integer enums"): E.A and
# E.A.value, in expressions, wp.static and module constants. enum.auto()
# counts on from the last member (IntEnum) or takes the next power of two
# above the highest (IntFlag).

import enum
from enum import IntFlag

import warp as wp


class Color(enum.IntEnum):
    """A docstring is allowed."""

    RED = -1
    GREEN = enum.auto()  # -1 + 1 = 0
    BLUE = 7
    ALPHA = enum.auto()  # 8


class Bits(IntFlag):
    A = enum.auto()  # 1
    B = 8
    C = enum.auto()  # 16


MASK = wp.constant(wp.int32(Bits.B | Bits.C))


# CHECK-LABEL: kdsl.kernel @members(
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
# CHECK: %[[RED:.*]] = arith.subi %[[ZERO]], %[[ONE]] : i32
# CHECK: kdsl.store %[[RED]]
# CHECK: %[[GREEN:.*]] = arith.constant 0 : i32
# CHECK: kdsl.store %[[GREEN]]
# CHECK: arith.constant 8 : i32
# CHECK: kdsl.store
# CHECK: arith.constant 1 : i32
# CHECK: arith.constant 16 : i32
# CHECK: arith.ori
# CHECK: kdsl.store
# CHECK: arith.constant 24 : i32
# CHECK: kdsl.store
# CHECK: arith.constant 7 : i32
# CHECK: kdsl.store
@wp.kernel
def members(a: wp.array(dtype=int)):
    a[0] = Color.RED
    a[1] = Color.GREEN.value
    a[2] = int(Color.ALPHA)
    a[3] = Bits.A | Bits.C
    a[4] = MASK
    a[5] = wp.static(Color.BLUE.value)


# IntFlag tests: an int32 & member as a condition.
# CHECK-LABEL: kdsl.kernel @flags(
# CHECK: arith.constant 8 : i32
# CHECK: arith.andi
@wp.kernel
def flags(ins: wp.array(dtype=wp.int32), outs: wp.array(dtype=wp.int32)):
    i = wp.tid()
    if ins[i] & Bits.B:
        outs[i] += Bits.B
