# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.overload(k, [T] * n) and [A] + [B]: Python list arithmetic on the list
# of types (Warp's test_fast_math.py writes [wp.array[T]] * 4).
import typing

import warp as wp


@wp.kernel
def scale(a: typing.Any, b: typing.Any, out: typing.Any):
    i = wp.tid()
    out[i] = a[i] * b[i]


wp.overload(scale, [wp.array(dtype=wp.float64)] * 3)
wp.overload(scale, 2 * [wp.array(dtype=wp.float32)] + [wp.array(dtype=wp.float32)])

# CHECK-LABEL: kdsl.kernel @scale_array_float64_array_float64_array_float64(%a: !kdsl.array<f64, 1>, %b: !kdsl.array<f64, 1>, %out: !kdsl.array<f64, 1>)
# CHECK-LABEL: kdsl.kernel @scale_array_float32_array_float32_array_float32(%a: !kdsl.array<f32, 1>, %b: !kdsl.array<f32, 1>, %out: !kdsl.array<f32, 1>)
