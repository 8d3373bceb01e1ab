# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md sections 7.5 and 11 reject comparisons of vectors,
# matrices and quaternions, but `v == v` is accepted (compiled as an
# all-components-equal reduction).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:11: error: {{.*}}compar
    c = v == v
    if c:
        b[i] = 1
