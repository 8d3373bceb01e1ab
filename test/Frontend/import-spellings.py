# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# `import warp` and `import warp as <alias>` make the warp names available
# under that prefix (docs/language.md section 1).

import warp
import warp as w


# CHECK-LABEL: kdsl.kernel @plain_import(
# CHECK-SAME: %a: !kdsl.array<f32, 1>, %v: vector<3xf32>
# CHECK: kdsl.tid
# CHECK: kdsl.length %v : vector<3xf32>
@warp.kernel
def plain_import(a: warp.array(dtype=float), v: warp.vec3):
    i = warp.tid()
    a[i] = warp.length(v)


# CHECK-LABEL: kdsl.kernel @aliased_import(
# CHECK-SAME: %a: !kdsl.array<f64, 1>
# CHECK: %[[D:.*]] = arith.extf %{{.*}} : f32 to f64
# CHECK: kdsl.store %[[D]], %a
@w.kernel(enable_backward=False)
def aliased_import(a: w.array(dtype=w.float64), x: float):
    i = w.tid()
    a[i] = w.float64(x)
