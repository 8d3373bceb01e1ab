# RUN: kdsl-translate %s --split-input-file | FileCheck %s
# RUN: kdsl-translate %s | FileCheck %s --check-prefix=WHOLE
#
# --split-input-file: each chunk between split markers (a line of '#' and five
# dashes) is a file of its own
# (so both kernels are @k; translated as one file the second is @k_1).

import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0

# -----

import warp as wp


@wp.kernel
def k(n: int):
    m = n + 1

# CHECK: kdsl.kernel @k(%x: !kdsl.array<f32, 1>)
# CHECK-NOT: @k_1
# CHECK: kdsl.kernel @k(%n: i32)
# WHOLE: kdsl.kernel @k(
# WHOLE: kdsl.kernel @k_1(
