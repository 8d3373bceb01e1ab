# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 8.3 defines wp.outer(a: vecN, b: vecM) ->
# matNM (Warp does too), but kdsl requires both vectors to have the same
# length:
#   error: wp.outer() expects vec3f, got vec2f

import warp as wp


# CHECK-LABEL: func.func private @outer32(
# CHECK: vector.outerproduct %{{.*}}, %{{.*}} : vector<3xf32>, vector<2xf32>
@wp.func
def outer32(a: wp.vec3, b: wp.vec2):
    return wp.outer(a, b)
