# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): `match` is listed as rejected (docs/language.md section 11) but the
# message is a confusing parse error at the subject:
#   7:11: error: expected end of statement, found 'n'
# It should say that 'match' statements are not supported, at `match`.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # CHECK: .py:[[# @LINE + 1]]:5: error: 'match' statements are not supported
    match n:
        case 1:
            pass
