# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Vector builtins and operators (docs/language.md sections 7.5 and 8.3).

import warp as wp


# CHECK-LABEL: func.func private @vec_builtins(
# CHECK-SAME: %[[A:[^:]*]]: vector<3xf32>, %[[B:[^:]*]]: vector<3xf32>, %[[C:[^:]*]]: vector<2xf32>, %[[VI:[^:]*]]: vector<3xi32>, %[[S:[^:]*]]: f32, %[[D:[^:]*]]: vector<4xf64>
@wp.func
def vec_builtins(a: wp.vec3, b: wp.vec3, c: wp.vec2, vi: wp.vec3i, s: float, d: wp.vec4d):
    # CHECK: kdsl.dot %[[A]], %[[B]] : vector<3xf32>
    r0 = wp.dot(a, b)
    # CHECK: kdsl.dot %[[VI]], %[[VI]] : vector<3xi32>
    r1 = wp.dot(vi, vi)
    # CHECK: kdsl.cross %[[A]], %[[B]] : vector<3xf32>
    r2 = wp.cross(a, b)
    # CHECK: kdsl.length %[[A]] : vector<3xf32>
    r3 = wp.length(a)
    # CHECK: kdsl.length_sq %[[C]] : vector<2xf32>
    r4 = wp.length_sq(c)
    # CHECK: kdsl.normalize %[[A]] : vector<3xf32>
    r5 = wp.normalize(a)
    # CHECK: vector.outerproduct %[[A]], %[[B]] : vector<3xf32>, vector<3xf32>
    r6 = wp.outer(a, b)
    # CHECK: arith.mulf %[[A]], %[[B]] : vector<3xf32>
    r7 = wp.cw_mul(a, b)
    # CHECK: arith.divf %[[A]], %[[B]] : vector<3xf32>
    r8 = wp.cw_div(a, b)
    # Integer components truncate.
    # CHECK: arith.divsi %[[VI]], %[[VI]] : vector<3xi32>
    r9 = wp.cw_div(vi, vi)
    # Component-wise abs / sign / min / max.
    # CHECK: math.absf %[[A]] : vector<3xf32>
    r10 = wp.abs(a)
    # CHECK: %[[NEG:.*]] = arith.cmpf olt, %[[A]], %{{.*}} : vector<3xf32>
    # CHECK: arith.select %[[NEG]], %{{.*}}, %{{.*}} : vector<3xi1>, vector<3xf32>
    r11 = wp.sign(a)
    # CHECK: arith.minnumf %[[A]], %[[B]] : vector<3xf32>
    r12 = wp.min(a, b)
    # CHECK: arith.maxsi %[[VI]], %[[VI]] : vector<3xi32>
    r13 = wp.max(vi, vi)
    # lerp with a scalar t: t is broadcast.
    # CHECK: %[[OMT:.*]] = arith.subf %{{.*}}, %[[S]] : f32
    # CHECK: %[[OMTV:.*]] = vector.broadcast %[[OMT]] : f32 to vector<3xf32>
    # CHECK: %[[TV:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
    # CHECK: %[[L0:.*]] = arith.mulf %[[A]], %[[OMTV]] : vector<3xf32>
    # CHECK: %[[L1:.*]] = arith.mulf %[[B]], %[[TV]] : vector<3xf32>
    # CHECK: arith.addf %[[L0]], %[[L1]] : vector<3xf32>
    r14 = wp.lerp(a, b, s)
    # isnan on a vector: true if any component is NaN.
    # CHECK: arith.cmpf uno, %[[A]], %[[A]] : vector<3xf32>
    # CHECK: vector.reduction <and>
    r15 = wp.isnan(a)
    # isfinite: every component finite.
    # CHECK: %[[AD:.*]] = math.absf %[[D]] : vector<4xf64>
    # CHECK: %[[FIN:.*]] = arith.cmpf olt, %[[AD]], %{{.*}} : vector<4xf64>
    # CHECK: vector.reduction <and>, %[[FIN]] : vector<4xi1> into i1
    r16 = wp.isfinite(d)
    # len() of a vector is a constant.
    # CHECK: %[[LEN:.*]] = arith.constant 3 : i32
    r17 = len(a)
    # CHECK: kdsl.length %[[D]] : vector<4xf64>
    r18 = wp.length(d)
    return r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r10, r11, r12, r13, r14, r15, r16, r17, r18


# CHECK-LABEL: func.func private @vec_operators(
# CHECK-SAME: %[[A:[^:]*]]: vector<3xf32>, %[[B:[^:]*]]: vector<3xf32>, %[[S:[^:]*]]: f32, %[[VI:[^:]*]]: vector<3xi32>
@wp.func
def vec_operators(a: wp.vec3, b: wp.vec3, s: float, vi: wp.vec3i):
    # CHECK: arith.addf %[[A]], %[[B]] : vector<3xf32>
    # CHECK: arith.subf %[[A]], %[[B]] : vector<3xf32>
    # CHECK: arith.negf %[[A]] : vector<3xf32>
    # Scaling broadcasts the scalar.
    # CHECK: %[[SV:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
    # CHECK: arith.mulf %[[A]], %[[SV]] : vector<3xf32>
    # CHECK: %[[SV2:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
    # CHECK: arith.mulf %[[SV2]], %[[A]] : vector<3xf32>
    # CHECK: %[[SV3:.*]] = vector.broadcast %[[S]] : f32 to vector<3xf32>
    # CHECK: arith.divf %[[A]], %[[SV3]] : vector<3xf32>
    # CHECK: arith.addi %[[VI]], %[[VI]] : vector<3xi32>
    # A literal scale adapts to the element type.
    # CHECK: %[[TWO:.*]] = arith.constant 2 : i32
    # CHECK: %[[TWOV:.*]] = vector.broadcast %[[TWO]] : i32 to vector<3xi32>
    # CHECK: arith.muli %[[VI]], %[[TWOV]] : vector<3xi32>
    return a + b, a - b, -a, a * s, s * a, a / s, vi + vi, vi * 2
