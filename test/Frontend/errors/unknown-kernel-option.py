# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): docs/language.md section 11 rejects an unknown @wp.kernel(...) option;
# kdsl accepts `foo=1` and records it in `options = {foo = 1 : i64}`.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:12: error: {{.*}}foo
@wp.kernel(foo=1)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
