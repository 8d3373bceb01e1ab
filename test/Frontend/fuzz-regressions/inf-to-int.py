# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# Fuzzer regression (UBSan, crash-126400f2): materializing wp.inf / -wp.inf /
# wp.nan constants converted inf to int64 (undefined behaviour) even for float
# targets. The constants must come out as IEEE values.
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = wp.inf
    out[i] = -wp.inf
    out[i] = wp.nan
    d[i] = wp.inf * 2.0


# CHECK-LABEL: kdsl.kernel @k
# CHECK: arith.constant 0x7F800000 : f32
# CHECK: arith.constant 0x7F800000 : f32
# CHECK: arith.constant 0x7FC00000 : f32
# CHECK: arith.constant 0x7FF0000000000000 : f64
