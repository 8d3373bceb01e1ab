# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s --match-full-lines --strict-whitespace
#
# The diagnostic format: `file:line:col: error: message`, then the source
# line and a caret under the column. Only the first error is reported.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), x: float, n: int):
    i = wp.tid()
    a[i] = x + n
    a[i] = undefined_name

# CHECK:{{.*}}caret.py:12:14: error: operator '+': operands have different types float32 and int32 (convert one explicitly)
# CHECK-NEXT:    a[i] = x + n
# CHECK-NEXT:             ^
# CHECK-NOT: error:
