# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): wp.sign on an unsigned integer must always be 1 (docs/language.md
# section 8.2: "Unsigned: always 1"), but kdsl compares it as a signed
# number:
#   %0 = arith.cmpi slt, %u, %c0_i32 : i32
#   %1 = arith.select %0, %c-1_i32, %c1_i32 : i32
# so wp.sign(wp.uint32(0x80000000)) gives 0xFFFFFFFF instead of 1.

import warp as wp


# CHECK-LABEL: func.func private @usign(
# CHECK-NOT: arith.cmpi slt
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK: return %[[ONE]] : i32
@wp.func
def usign(u: wp.uint32):
    return wp.sign(u)
