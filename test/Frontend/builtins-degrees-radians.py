# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.degrees(x) = x * (180 / pi) and wp.radians(x) = x * (pi / 180) on float
# scalars and, elementwise, float vectors: one arith.mulf by the constant of
# the argument's float type (180 / pi = 57.29577951308232..., rounded to
# float32 57.2957802; pi / 180 = 0.017453292519943295..., float32
# 0.0174532924).

import warp as wp


# CHECK-LABEL: func.func private @scalars(
# CHECK-SAME: %[[X:[^:]*]]: f32, %[[D:[^:]*]]: f64
@wp.func
def scalars(x: float, d: wp.float64):
    # CHECK: %[[C1:.*]] = arith.constant 57.2957802 : f32
    # CHECK: arith.mulf %[[X]], %[[C1]] : f32
    r0 = wp.degrees(x)
    # CHECK: %[[C2:.*]] = arith.constant 0.0174532924 : f32
    # CHECK: arith.mulf %[[X]], %[[C2]] : f32
    r1 = wp.radians(x)
    # CHECK: %[[C3:.*]] = arith.constant 57.29577951308232{{[0-9]*}} : f64
    # CHECK: arith.mulf %[[D]], %[[C3]] : f64
    r2 = wp.degrees(d)
    # CHECK: %[[C4:.*]] = arith.constant 0.017453292519943{{[0-9]*}} : f64
    # CHECK: arith.mulf %[[D]], %[[C4]] : f64
    r3 = wp.radians(d)
    # A literal argument is a float32.
    # CHECK: %[[L:.*]] = arith.constant 1.800000e+02 : f32
    # CHECK: %[[C5:.*]] = arith.constant 0.0174532924 : f32
    # CHECK: arith.mulf %[[L]], %[[C5]] : f32
    r4 = wp.radians(180)
    return r0 + r1 + float(r2 + r3) + r4


# CHECK-LABEL: func.func private @vectors(
# CHECK-SAME: %[[V:[^:]*]]: vector<3xf32>, %[[W:[^:]*]]: vector<2xf64>
@wp.func
def vectors(v: wp.vec3, w: wp.vec2d):
    # CHECK: %[[C6:.*]] = arith.constant 57.2957802 : f32
    # CHECK: %[[S6:.*]] = vector.broadcast %[[C6]] : f32 to vector<3xf32>
    # CHECK: arith.mulf %[[V]], %[[S6]] : vector<3xf32>
    r0 = wp.degrees(v)
    # CHECK: %[[C7:.*]] = arith.constant 0.017453292519943{{[0-9]*}} : f64
    # CHECK: %[[S7:.*]] = vector.broadcast %[[C7]] : f64 to vector<2xf64>
    # CHECK: arith.mulf %[[W]], %[[S7]] : vector<2xf64>
    r1 = wp.radians(w)
    return r0[0] + float(r1[1])


@wp.kernel
def k(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    a[i] = scalars(a[i], wp.float64(a[i])) + vectors(v[i], w[i])
