# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# module_options (fast_math, deterministic, mode, ...) change what a kernel
# computes; kdsl implements none of them, and accepted and ignored them.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:12: error: kdsl does not support the @wp.kernel option 'module_options' yet
@wp.kernel(module_options={"fast_math": True})
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
