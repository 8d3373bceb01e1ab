# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# str is not a kdsl type.

import warp as wp


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:10: error: unsupported type annotation
def k(x: str):
    pass
