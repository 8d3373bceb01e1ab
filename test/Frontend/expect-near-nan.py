# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 8.8: wp.expect_near "fails if abs(a - b) >
# tol ... As in Warp, a NaN difference does not fail". kdsl asserts the
# ordered comparison
#   %ok = arith.cmpf ole, %absdiff, %tol
# which is false for a NaN difference, so the check fails. The condition
# must be the negation of `|a - b| > tol`, i.e. the unordered `ule`.

import warp as wp


# CHECK-LABEL: kdsl.kernel @near(
# CHECK: %[[D:.*]] = math.absf %{{.*}} : f32
# CHECK: %[[OK:.*]] = arith.cmpf ule, %[[D]], %{{.*}} : f32
# CHECK: kdsl.assert %[[OK]]
# CHECK: %[[DV:.*]] = math.absf %{{.*}} : vector<3xf32>
# CHECK: %[[OKV:.*]] = arith.cmpf ule, %[[DV]], %{{.*}} : vector<3xf32>
# CHECK: vector.reduction <and>, %[[OKV]]
@wp.kernel
def near(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    wp.expect_near(a[i], 1.0, 0.01)
    wp.expect_near(v[i], wp.vec3(1.0), 0.01)
