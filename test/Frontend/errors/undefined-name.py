# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir 2>/dev/null; test $? -eq 1
#
# A name that is neither a local, a parameter, a module constant nor a builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:12: error: name 'y' is not defined
    a[i] = y
