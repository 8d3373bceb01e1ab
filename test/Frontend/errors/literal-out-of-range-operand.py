# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A literal that does not fit the type it adapts to (u8 + 300).

import warp as wp


@wp.kernel
def k(u8: wp.array(dtype=wp.uint8)):
    # CHECK: .py:[[# @LINE + 1]]:21: error: operator '+': the literal does not fit in uint8
    u8[0] = u8[0] + 300
