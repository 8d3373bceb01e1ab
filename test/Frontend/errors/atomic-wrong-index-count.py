# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# wp.atomic_add with one index on a 2-d array.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    i, j = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:5: error: wp.atomic_add() on a {{.*}}-d array takes the array, {{.*}} index(es) and a value
    wp.atomic_add(a, i, 1.0)
