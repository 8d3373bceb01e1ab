# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 8.2 gives wp.step the signature `(S)` (any
# scalar; "Unsigned: always 0"), as Warp does, but kdsl rejects integers:
#   error: wp.step() expects a float, got int32

import warp as wp


# CHECK-LABEL: func.func private @istep(
# CHECK-SAME: %[[I:[^:]*]]: i32, %[[U:[^:]*]]: i32)
# CHECK: %[[LT:.*]] = arith.cmpi slt, %[[I]], %{{.*}} : i32
# CHECK: arith.select %[[LT]], %{{.*}}, %{{.*}} : i32
@wp.func
def istep(i: int, u: wp.uint32):
    return wp.step(i), wp.step(u)
