# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A kernel parameter without an annotation.

import warp as wp


@wp.kernel
# CHECK: .py:[[# @LINE + 1]]:7: error: parameter 'x' needs a type annotation
def k(x):
    pass
