# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Storing 2**32 into an int32 element.

import warp as wp


@wp.kernel
def k(b: wp.array(dtype=int)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: assignment: the literal does not fit in int32
    b[0] = 4294967296
