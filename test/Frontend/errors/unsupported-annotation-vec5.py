# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.vec5 does not exist.

import warp as wp


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:10: error: unsupported type annotation
def k(x: wp.vec5):
    pass
