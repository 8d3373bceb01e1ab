# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A real Warp builtin that kdsl does not support.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: unknown or unsupported builtin 'wp.tile_load'
    t = wp.tile_load(a, i)
