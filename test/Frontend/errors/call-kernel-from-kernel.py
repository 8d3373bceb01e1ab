# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A kernel cannot be called from a kernel.

import warp as wp


@wp.kernel
def g(a: wp.array(dtype=float)):
    pass


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:5: error: kernels cannot be called from kernel code; 'g' is a kernel
    g(a)
