# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.atomic_min is not defined on float16 arrays.

import warp as wp


@wp.kernel
def k(hs: wp.array(dtype=wp.float16)):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:19: error: wp.atomic_min() is not supported on arrays of float16
    wp.atomic_min(hs, i, wp.float16(1.0))
