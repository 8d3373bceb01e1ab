# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 6.1 makes `a[i] += v` / `a[i] -= v` atomic for
# float16 arrays (and float16 vector arrays, component-wise) too, like Warp,
# and wp.atomic_add/sub accept float16 arrays. kdsl compiles the augmented
# assignment as a plain, racy load / addf / store.

import warp as wp


# CHECK-LABEL: kdsl.kernel @half(
# CHECK: kdsl.atomic add %h[%{{.*}}], %{{.*}} : <f16, 1>
# CHECK: kdsl.atomic sub %vh[%{{.*}}], %{{.*}} : <vector<3xf16>, 1>
@wp.kernel
def half(h: wp.array(dtype=wp.float16), vh: wp.array(dtype=wp.vec3h)):
    i = wp.tid()
    h[i] += wp.float16(1.0)
    vh[i] -= wp.vec3h(1.0, 1.0, 1.0)
