# RUN: not kdsl-translate %s --emit=mlir --kernel rows33 2>&1 | FileCheck %s --check-prefix=M33
# RUN: not kdsl-translate %s --emit=mlir --kernel rows22d 2>&1 | FileCheck %s --check-prefix=M22D
# RUN: not kdsl-translate %s --emit=mlir --kernel generic 2>&1 | FileCheck %s --check-prefix=GEN
#
# A matrix built from row vectors. Warp 1.16 rejects it (kdsl silently built
# rows): "Passing vectors to `wp.matrix()` isn't supported, use
# `wp.matrix_from_rows()` or `wp.matrix_from_cols()` instead."

import warp as wp


@wp.kernel
def rows33(a: wp.array(dtype=wp.mat33)):
    v = wp.vec3(1.0, 2.0, 3.0)
    # M33: .py:[[# @LINE + 1]]:12: error: passing vectors to mat33f() is not supported{{.*}}wp.matrix_from_rows() or wp.matrix_from_cols()
    a[0] = wp.mat33(v, v, v)


@wp.kernel
def rows22d(a: wp.array(dtype=wp.mat22d)):
    v = wp.vec2d(1.0, 2.0)
    # M22D: .py:[[# @LINE + 1]]:12: error: passing vectors to mat22d() is not supported
    a[0] = wp.mat22d(v, v)


@wp.kernel
def generic(a: wp.array(dtype=wp.mat22)):
    v = wp.vec2(1.0, 2.0)
    # GEN: .py:[[# @LINE + 1]]:12: error: passing vectors to wp.matrix() is not supported
    a[0] = wp.matrix(v, v, shape=(2, 2))
