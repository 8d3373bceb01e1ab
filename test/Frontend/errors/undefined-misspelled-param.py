# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A misspelled parameter.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: name 'nn' is not defined
    b[i] = nn
