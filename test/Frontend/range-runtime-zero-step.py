# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): docs/language.md section 6.2: "A step of 0 gives zero iterations"
# (Warp does not raise). For a run-time step the trip count is computed as
#   pos = (stop - start + step - 1) / step        (arith.divsi ..., %step)
#   neg = (start - stop + (-step) - 1) / (-step)  (arith.divsi ..., 0 - %step)
# and one of them is selected on `step > 0`. Both divisions are emitted
# unconditionally, so step == 0 divides by zero (undefined behaviour in
# arith/LLVM), and when start > stop the `neg` quotient is selected and used
# as the trip count: range(0, -5, s) with s == 0 runs an unspecified number
# of iterations instead of none.

import warp as wp


# CHECK-LABEL: kdsl.kernel @runtime_step(
# CHECK-NOT: arith.divsi %{{[^,]*}}, %step :
# CHECK: scf.for
@wp.kernel
def runtime_step(x: wp.array(dtype=int), n: int, step: int):
    for j in range(0, n, step):
        x[0] = j
