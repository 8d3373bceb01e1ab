# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md sections 6.3 and 11 reject reading a local on a path
# where it may not have been assigned (kdsl does so after a loop:
# "variable 'j' may be used before it is assigned"). After an `if` without
# `else` the read is accepted and the local silently reads as 0.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    if x > 0.0:
        c = 1
    # CHECK: .py:[[# @LINE + 1]]:12: error: variable 'c' may be used before it is assigned
    b[i] = c
