# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Assignment and tuple unpacking: wp.tid() in 1 to 4 dimensions, multiple
# return values unpacked by the caller, reassignment of locals and
# parameters (a parameter is the thread's own copy).

import warp as wp


# CHECK-LABEL: func.func private @divmod_(
# CHECK-SAME: %[[A:.*]]: i32, %[[B:.*]]: i32) -> (i32, i32)
# CHECK: %[[Q:.*]] = arith.divsi %[[A]], %[[B]] : i32
# CHECK: %[[R:.*]] = arith.remsi %[[A]], %[[B]] : i32
# CHECK: return %[[Q]], %[[R]] : i32, i32
@wp.func
def divmod_(a: int, b: int):
    return a / b, a % b


# CHECK-LABEL: func.func private @three(
# CHECK-SAME: -> (f32, vector<3xf32>, i1)
@wp.func
def three(x: float):
    return x, wp.vec3(x), x > 0.0


# CHECK-LABEL: kdsl.kernel @tid1(
@wp.kernel
def tid1(a: wp.array(dtype=int)):
    # CHECK: %[[I:.*]] = kdsl.tid : i32
    # CHECK: kdsl.store %[[I]], %a[%[[I]]]
    i = wp.tid()
    a[i] = i


# CHECK-LABEL: kdsl.kernel @tid2(
@wp.kernel
def tid2(a: wp.array2d(dtype=int)):
    # CHECK: %[[I:.*]], %[[J:.*]] = kdsl.tid : i32, i32
    # CHECK: kdsl.store %[[J]], %a[%[[I]], %[[J]]]
    i, j = wp.tid()
    a[i, j] = j


# CHECK-LABEL: kdsl.kernel @tid3(
@wp.kernel
def tid3(a: wp.array3d(dtype=int)):
    # CHECK: %[[I:.*]], %[[J:.*]], %[[K:.*]] = kdsl.tid : i32, i32, i32
    # CHECK: kdsl.store %[[K]], %a[%[[I]], %[[J]], %[[K]]]
    i, j, k = wp.tid()
    a[i, j, k] = k


# Every wp.tid() call of a kernel unpacks the same number of values.
# CHECK-LABEL: kdsl.kernel @tid4(
@wp.kernel
def tid4(a: wp.array4d(dtype=int)):
    # CHECK: %[[I:.*]], %[[J:.*]], %[[K:.*]], %[[L:.*]] = kdsl.tid : i32, i32, i32, i32
    # CHECK: kdsl.store %[[L]], %a[%[[I]], %[[J]], %[[K]], %[[L]]]
    i, j, k, l = wp.tid()
    a[i, j, k, l] = l
    # CHECK: kdsl.tid : i32, i32, i32, i32
    p, q, r, s = wp.tid()
    a[p, q, r, s] = 0


# A kernel that never calls wp.tid() is valid (and 1-D).
# CHECK-LABEL: kdsl.kernel @no_tid(
# CHECK-NOT: kdsl.tid
# CHECK: kdsl.return
@wp.kernel
def no_tid(a: wp.array(dtype=int)):
    a[0] = 1


# CHECK-LABEL: kdsl.kernel @unpack_results(
@wp.kernel
def unpack_results(a: wp.array(dtype=int), x: float, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    # CHECK: %[[R:.*]]:2 = func.call @divmod_(%{{.*}}, %{{.*}}) : (i32, i32) -> (i32, i32)
    # CHECK: %[[S:.*]] = arith.addi %[[R]]#0, %[[R]]#1 : i32
    # CHECK: kdsl.store %[[S]], %a
    q, r = divmod_(i, 3)
    a[i] = q + r
    # CHECK: %[[T:.*]]:3 = func.call @three(%x) : (f32) -> (f32, vector<3xf32>, i1)
    # CHECK: scf.if %[[T]]#2
    # CHECK: kdsl.store %[[T]]#1, %out
    s, v, positive = three(x)
    if positive:
        out[i] = v


# Reassigning a local with the same type, and a parameter.
# CHECK-LABEL: kdsl.kernel @reassign(
# CHECK-SAME: %x: f32
@wp.kernel
def reassign(a: wp.array(dtype=float), x: float):
    i = wp.tid()
    # CHECK: %[[Y0:.*]] = kdsl.load %a
    y = a[i]
    # CHECK: %[[Y1:.*]] = arith.mulf %[[Y0]], %[[Y0]] : f32
    y = y * y
    # CHECK: %[[X1:.*]] = arith.addf %x, %[[Y1]] : f32
    x = x + y
    # CHECK: kdsl.store %[[X1]], %a
    a[i] = x
