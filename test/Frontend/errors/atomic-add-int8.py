# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Atomics are not defined on int8 arrays.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.int8)):
    # CHECK: .py:[[# @LINE + 1]]:19: error: wp.atomic_add() is not supported on arrays of int8
    wp.atomic_add(a, 0, wp.int8(1))
