# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A struct with a method.

import warp as wp


@wp.struct
class S:
    x: float

    # CHECK: .py:[[# @LINE + 1]]:5: error: @wp.struct classes may only contain annotated fields
    def m(self):
        return self.x
