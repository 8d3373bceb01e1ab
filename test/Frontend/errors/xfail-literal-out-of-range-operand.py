# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: a literal that does not fit the type it adapts to must be rejected
# (docs/language.md section 4, rule 4: `u8 + 300` is an error). kdsl
# silently wraps it: `u8[0] + 300` becomes `arith.addi %x, %c44_i8`.

import warp as wp


@wp.kernel
def k(u8: wp.array(dtype=wp.uint8)):
    # CHECK: .py:[[# @LINE + 1]]:20: error: {{.*}}300
    u8[0] = u8[0] + 300
