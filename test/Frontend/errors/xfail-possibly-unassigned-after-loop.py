# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: a local assigned only inside a loop body is read after the loop; if
# the loop runs zero times it was never assigned, which docs/language.md
# sections 6.3 and 11 reject (kdsl does reject the loop variable itself:
# "variable 'j' may be used before it is assigned"). kdsl accepts it and
# the local silently reads as 0.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), n: int):
    for j in range(n):
        t = j
    # CHECK: .py:[[# @LINE + 1]]:12: error: variable 't' may be used before it is assigned
    a[0] = t
