# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# Regression (was a bug): a top-level name whose value is host code (`data = np.zeros(8)`) is
# undefined inside a kernel (docs/language.md sections 1 and 11). kdsl
# reports the error at the host code, with a confusing message, and only
# a note at the use:
#   4:8: error: method calls are not supported in kernel code
#   10:12: note: constant 'data' used here
# The error belongs at the use in the kernel.

import warp as wp


data = np.zeros(8)


@wp.kernel
def k(a: wp.array(dtype=float)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: name 'data' is not defined
    a[0] = data[0]
