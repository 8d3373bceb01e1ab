# RUN: kdsl-translate %s --emit=mlir --kernel k | FileCheck %s
# RUN: echo '{"kernel":"selfcheck","dim":1,"inputs":{}}' | kdsl-run %s - | FileCheck %s --check-prefix=SELF
# RUN: echo '{"kernel":"k","dim":1,"inputs":{"a":{"data":[[1.0,2.0,3.0]],"dtype":"vec3d","requires_grad":true},"out":{"zeros":[1],"dtype":"float64","requires_grad":true}},"backward":{"seed":{"out":[1.0]}}}' \
# RUN:   | kdsl-run --check-grads %s - | FileCheck %s --check-prefix=GRAD
# RUN: not kdsl-translate %s --emit=mlir --kernel bad 2>&1 | FileCheck %s --check-prefix=BAD
#
# f(*v): a vector's components (a matrix's rows) as arguments (StarArgs.cpp).

import warp as wp


@wp.func
def weigh(x: wp.float64, y: wp.float64, z: wp.float64):
    return x + wp.float64(10.0) * y + wp.float64(100.0) * z * z


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: %[[V:.*]] = kdsl.load
# CHECK-DAG: %[[X:.*]] = vector.extract %[[V]][0]
# CHECK-DAG: %[[Y:.*]] = vector.extract %[[V]][1]
# CHECK-DAG: %[[Z:.*]] = vector.extract %[[V]][2]
# CHECK: call @weigh(%[[X]], %[[Y]], %[[Z]])
# d out / d a = (1, 10, 200 z) = (1, 10, 600) at (1, 2, 3).
# GRAD: "grads":{"a":{{\[\[}}1.0,10.0,600.0]],
# GRAD-SAME: "gradcheck":{"a":{"checked":3,"failed":0
@wp.kernel
def k(a: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = a[i]
    out[i] = weigh(*v)


# SELF: {"ok":true,
@wp.kernel
def selfcheck():
    v3 = wp.vec3(1.0, 2.0, 3.0)
    v4 = wp.vec4(*v3, 4.0)
    wp.expect_eq(v4, wp.vec4(1.0, 2.0, 3.0, 4.0))
    v4b = wp.vec4(0.5, *wp.vec2(7.0, 8.0), 9.0)
    wp.expect_eq(v4b, wp.vec4(0.5, 7.0, 8.0, 9.0))
    w = wp.vec4(*wp.vec2(1.0, 2.0), *wp.vec2(3.0, 4.0))
    wp.expect_eq(w, wp.vec4(1.0, 2.0, 3.0, 4.0))
    wp.expect_eq(wp.max(*wp.vec2(1.0, 3.0)), 3.0)
    q = wp.quat(0.0, 0.0, 0.6, 0.8)
    wp.expect_eq(wp.vec4(*q), wp.vec4(0.0, 0.0, 0.6, 0.8))
    m = wp.mat22(1.0, 2.0, 3.0, 4.0)
    wp.expect_eq(wp.matrix_from_rows(*m), m)
    wp.expect_eq(wp.vec2(*v3[1:3]), wp.vec2(2.0, 3.0))


# BAD: star-args.py:[[# @LINE + 4]]:17: error: only vectors, quaternions, transforms and matrices can be unpacked with '*' (got float32)
@wp.kernel
def bad(x: float):
    i = wp.tid()
    v = wp.vec2(*x, 1.0)
