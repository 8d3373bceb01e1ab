# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): a generator expression gets a confusing parse error pointing at the
# closing parenthesis:
#   7:32: error: expected end of statement, found ')'
# It should say that generator expressions (or comprehensions) are not
# supported, at the expression.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:{{[0-9]+}}: error: {{.*}}generator
    c = sum(t for t in range(3))
