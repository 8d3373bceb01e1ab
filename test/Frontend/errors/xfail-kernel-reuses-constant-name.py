# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md section 11 rejects a kernel that reuses a module
# constant's name; kdsl accepts it.

import warp as wp


k = 3


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:5: error: {{.*}}'k'
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
