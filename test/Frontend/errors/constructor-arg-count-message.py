# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): the expected argument count is lost from the message: it reads
#   vec3f() takes 0, 1 or \x03 arguments, got 2
# (the count is a uint8_t passed to llvm::Twine, which prints it as a raw
# character).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:9: error: vec3f() takes 0, 1 or 3 arguments, got 2
    c = wp.vec3(1.0, 2.0)
