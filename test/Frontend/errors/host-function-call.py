# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A host (undecorated) function is not callable from a kernel.

import warp as wp


def helper(x):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: name 'helper' is not defined
    a[0] = helper(1.0)
