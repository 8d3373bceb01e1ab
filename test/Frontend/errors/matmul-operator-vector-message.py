# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): `v @ v` is rejected with a message about the `*` operator:
#   error: '*' between two vectors is ambiguous: use wp.cw_mul ...
# The message should name the operator that was written, `@`.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: {{.*}}'@'
    c = v @ v
