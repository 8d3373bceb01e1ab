# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# XFAIL: *
#
# BUG: docs/language.md section 11 rejects two funcs with the same name;
# kdsl accepts them, emits the second as @f_1 and silently calls it.
# (Two @wp.struct classes with the same name are accepted too; the second
# one wins.)

import warp as wp


@wp.func
def f(x: float):
    return x


@wp.func
# CHECK: .py:[[# @LINE + 1]]:5: error: {{.*}}'f'
def f(x: float):
    return x * 2.0


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = f(1.0)
