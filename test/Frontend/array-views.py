# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff | FileCheck %s --check-prefix=ADJ
#
# a[i] of a 2-d array is a 1-d array (kdsl.subarray), a[i, j] of a 3-d array
# too; indexing the view further loads from it.

import warp as wp


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: %[[ROW:.*]] = kdsl.subarray %m[%{{.*}}] : <f32, 2> -> <f32, 1>
# CHECK: kdsl.load %[[ROW]][%{{.*}}] : <f32, 1>
# CHECK: kdsl.subarray %c[%{{.*}}, %{{.*}}] : <f32, 3> -> <f32, 1>
# The adjoint takes the same view of the adjoint array.
# ADJ-LABEL: kdsl.kernel @k_backward(
# ADJ: kdsl.subarray %adj_m[%{{.*}}] : <f32, 2> -> <f32, 1>
@wp.kernel
def k(m: wp.array2d(dtype=float), c: wp.array3d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    row = m[i]
    out[i] = row[1] * 2.0 + c[i, 0][2]
