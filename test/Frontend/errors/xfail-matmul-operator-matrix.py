# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md sections 7.5 and 11 reject the `@` operator ("use
# `*`"), but `m @ m` on matrices is accepted and compiled as kdsl.matmul.

import warp as wp


@wp.kernel
def k(m: wp.mat22, a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:11: error: {{.*}}'@'
    w = m @ m
    a[0] = w[0, 0]
