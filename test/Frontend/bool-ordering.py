# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Bools order as in Python and Warp (False < True): unsigned i1 comparisons.
# Warp's test_conditional_chain_faker: (-2 < x) < (1 > 0) is True < True.

import warp as wp


# CHECK-LABEL: kdsl.kernel @k(
# CHECK:      %[[L:.*]] = arith.cmpf ogt, %x, %{{.*}} : f32
# CHECK:      %[[R:.*]] = arith.cmpf olt, %x, %{{.*}} : f32
# CHECK-NEXT: %{{.*}} = arith.cmpi ult, %[[L]], %[[R]] : i1
# CHECK:      arith.cmpi uge, %{{.*}}, %true : i1
@wp.kernel
def k(x: float, out: wp.array(dtype=int)):
    c = (x > 0.0) < (x < 1.0)
    if c >= True:
        out[0] = 1
