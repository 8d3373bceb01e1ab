# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: echo '{"kernel": "conv", "dim": 2, "inputs": {"h": {"data": [1.5, -2.25], "dtype": "float16"}, "out": {"zeros": [4], "dtype": "float32"}}}' > %t.spec.json
# RUN: kdsl-run %s %t.spec.json | FileCheck %s --check-prefix=OUT
# RUN: kdsl-run %s %t.spec.json --backend cpp | FileCheck %s --check-prefix=OUT
#
# wp.float(x) and wp.int(x) are Python's float and int conversions (Warp
# registers them as builtins too): float32 and int32 (truncating).
# By hand: h = (1.5, -2.25): wp.float(h) * 2 = (3, -4.5); wp.int(h) = (1, -2).
# OUT: {"ok":true,"outputs":{"h":[1.5,-2.25],"out":[3.0,1.0,-4.5,-2.0]}
import warp as wp


# CHECK-LABEL: kdsl.kernel @conv(
# CHECK: arith.extf %{{.*}} : f16 to f32
# CHECK: arith.fptosi %{{.*}} : f16 to i32
@wp.kernel
def conv(h: wp.array(dtype=wp.float16), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i * 2] = wp.float(h[i]) * 2.0
    out[i * 2 + 1] = float(wp.int(h[i]))
