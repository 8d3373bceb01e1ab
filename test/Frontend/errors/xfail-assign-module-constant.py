# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md section 11 rejects assignment to a module constant;
# kdsl accepts `N = 4` in a kernel (it creates a local that shadows N).

import warp as wp


N = 3


@wp.kernel
def k(a: wp.array(dtype=int)):
    # CHECK: .py:[[# @LINE + 1]]:5: error: {{.*}}'N'
    N = 4
    a[0] = N
