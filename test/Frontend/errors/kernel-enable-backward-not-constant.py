# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# enable_backward with a value kdsl cannot evaluate was ignored (the kernel
# kept its backward pass).

import warp as wp

flags = {"backward": False}


# CHECK: .py:[[# @LINE + 1]]:28: error: enable_backward must be True or False
@wp.kernel(enable_backward=flags["backward"])
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
