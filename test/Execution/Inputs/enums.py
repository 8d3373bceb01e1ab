# Integer enums in kernel code (enums.test; docs/language.md, "Integer enums").
import enum

import warp as wp


class Color(enum.IntEnum):
    RED = -1
    GREEN = enum.auto()
    BLUE = 7
    ALPHA = enum.auto()


class Bits(enum.IntFlag):
    A = enum.auto()
    B = 8
    C = enum.auto()


@wp.kernel
def flags(ins: wp.array(dtype=wp.int32), outs: wp.array(dtype=wp.int32)):
    i = wp.tid()
    if ins[i] & Bits.A:
        outs[i] += Bits.A
    if ins[i] & Bits.B.value:
        outs[i] += Bits.B * Color.ALPHA
    if ins[i] & Bits.C:
        outs[i] += Color.RED
