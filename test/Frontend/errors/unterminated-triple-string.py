# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An unterminated triple-quoted string.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:5: error: unterminated triple-quoted string literal
    """abc
    c = 1
