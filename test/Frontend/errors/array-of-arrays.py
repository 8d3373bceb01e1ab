# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An array whose elements are arrays.

import warp as wp


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:25: error: arrays of arrays are not supported
def k(x: wp.array(dtype=wp.array(dtype=float))):
    pass
