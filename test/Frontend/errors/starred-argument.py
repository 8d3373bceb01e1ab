# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# *args in a call.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:17: error: argument unpacking (*args, **kwargs)
    c = wp.vec3(*v)
