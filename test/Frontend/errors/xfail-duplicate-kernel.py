# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md section 11 rejects two kernels with the same name;
# kdsl accepts them and silently renames the second one to @k_1.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:5: error: {{.*}}'k'
def k(a: wp.array(dtype=float)):
    a[0] = 2.0
