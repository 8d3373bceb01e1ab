# A temporary never takes a source variable's name: here the load and the
# product before `v0 = ...` would otherwise be v0 and v1, and the source `v0`
# would read `v0_1`. Temporaries skip the function's source names instead.
# RUN: kdsl-translate %s --emit=cpp --forward-only | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda --forward-only | FileCheck %s

import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    a = x[i] * 2.0 + 1.0
    v0 = a * a
    out[i] = v0


# CHECK: // a = x[i] * 2.0 + 1.0
# CHECK-NEXT: const float [[LOAD:v[0-9]+]] = kdsl::load<float>(x, (uint32_t)i);
# CHECK-NOT: const float v0 =
# CHECK: const float a = {{.*}} + 1.0f;
# CHECK: // v0 = a * a
# CHECK-NEXT: const float v0 = a * a;
# CHECK: kdsl::store(out, v0,
