# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff | FileCheck %s --check-prefix=ADJ
# RUN: kdsl-translate %s --emit=cpp | FileCheck %s --check-prefix=CPP
#
# a[lo:hi, i] of a wp.array is a view (kdsl.array_slice): a slice takes three
# int32 operands (open bounds are 2147483647 / -2147483648, Warp's
# SLICE_BEGIN / SLICE_END), a plain index one and drops its dimension.
# a.ndim is a constant; a.shape[d] past ndim is 0.

import warp as wp


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: %[[OPEN:.*]] = arith.constant 2147483647 : i32
# CHECK: %[[ONE:.*]] = arith.constant 1 : i32
# CHECK: %[[V:.*]] = kdsl.array_slice %m[%[[OPEN]], %lo, %[[ONE]], %{{.*}}] indexed [false, true] : <f32, 3> -> <f32, 2>
# CHECK: kdsl.load %[[V]][%{{.*}}, %{{.*}}] : <f32, 2>
# CHECK: %[[W:.*]] = kdsl.array_slice %m[%{{.*}}] indexed [true, false] : <f32, 3> -> <f32, 2>
# CHECK: kdsl.store %{{.*}}, %[[W]][%{{.*}}, %{{.*}}] : <f32, 2>
# CHECK: %[[NDIM:.*]] = arith.constant 2 : i32
# CHECK: %[[ZERO:.*]] = arith.constant 0 : i32
# CHECK: arith.addi %[[NDIM]], %[[ZERO]] : i32
# The adjoint takes the same views of the adjoint array.
# ADJ-LABEL: kdsl.kernel @k_backward(
# ADJ-DAG: kdsl.array_slice %adj_m[{{.*}}] indexed [false, true] : <f32, 3> -> <f32, 2>
# ADJ-DAG: kdsl.array_slice %adj_m[{{.*}}] indexed [true, false] : <f32, 3> -> <f32, 2>
# CPP: kdsl::array_slice(m, 2, 2, {{.*}})
# CPP: kdsl::array_slice(m, 2, 1, {{.*}}, 0, 0, {{.*}})
@wp.kernel
def k(m: wp.array3d(dtype=float), lo: int, out: wp.array(dtype=int)):
    i, j = wp.tid()
    v = m[:lo, 0]
    x = v[i, j]
    w = m[1, ::-2]
    w[i, j] = x * 2.0
    out[0] = v.ndim + v.shape[3]
