# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An unknown attribute of an array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:11: error: arrays have no attribute 'foo' in kernels (only .shape)
    b = a.foo
