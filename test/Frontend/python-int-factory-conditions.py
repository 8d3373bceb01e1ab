# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# A factory's host conditions compare Python numbers exactly (PyNumber), as
# Python does: 2^53 + 1 > 2^53 although both are the same double (kdsl
# compared doubles and took the else branch), and (1 << 70) >> 68 == 4 with
# integers of any width.

import warp as wp


def make_big(n):
    if n > 9007199254740992:  # python3: 9007199254740993 > 9007199254740992 is True
        @wp.func
        def big() -> int:
            return 1
    else:
        @wp.func
        def big() -> int:
            return 2
    return big


def make_shift(n):
    if (n << 70) >> 68 == 4:  # python3: (1 << 70) >> 68 == 4 is True
        @wp.func
        def shift() -> int:
            return 10
    else:
        @wp.func
        def shift() -> int:
            return 20
    return shift


big = make_big(9007199254740993)
shift = make_shift(1)

# CHECK-LABEL: func.func private @big()
# CHECK: arith.constant 1 : i32
# CHECK-LABEL: func.func private @shift()
# CHECK: arith.constant 10 : i32


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = big()
    out[1] = shift()
