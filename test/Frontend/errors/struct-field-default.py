# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# A struct field default value.

import warp as wp


@wp.struct
class S:
    # CHECK: .py:[[# @LINE + 1]]:14: error: @wp.struct classes may only contain annotated fields; default values for struct fields are not supported
    x: float = 1.0
