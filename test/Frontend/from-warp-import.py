# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 1 says that `from warp import vec3` resolves
# like `wp.vec3`, but kdsl does not know names imported this way:
#   error: unsupported type annotation (...)      for `v: vec3`
#   error: name 'vec3' is not defined              for `vec3(1.0)`

import warp as wp
from warp import vec3, length


# CHECK-LABEL: kdsl.kernel @k(
# CHECK-SAME: %v: vector<3xf32>
# CHECK: vector.broadcast
# CHECK: kdsl.length
@wp.kernel
def k(a: wp.array(dtype=float), v: vec3):
    i = wp.tid()
    a[i] = length(v + vec3(1.0))
