# RUN: kdsl-translate %s --emit=mlir --kernel fill | FileCheck %s --check-prefix=FILL
# RUN: kdsl-translate %s --emit=mlir --kernel accumulate | FileCheck %s --check-prefix=ACC
# RUN: kdsl-translate %s --emit=mlir --kernel stubbed | FileCheck %s --check-prefix=STUB
# RUN: kdsl-translate %s --emit=mlir --kernel untyped --kernel-types 'a=wp.array2d(dtype=wp.float64), s=wp.float64' | FileCheck %s --check-prefix=GIVEN
# RUN: kdsl-translate %s --emit=mlir --kernel untyped --kernel-types 'wp.array(dtype=wp.vec3, ndim=2), float' | FileCheck %s --check-prefix=GIVEN-POS
# RUN: kdsl-translate %s --emit=mlir --kernel untyped --kernel-types 'Any=wp.float64' | FileCheck %s --check-prefix=GIVEN
# RUN: kdsl-translate %s --emit=mlir --kernel fill --kernel-types 'value=wp.vec3d, Any=wp.vec3d' | FileCheck %s --check-prefix=ANY
# RUN: kdsl-translate %s --emit=mlir | FileCheck %s --check-prefix=ALL
# RUN: not kdsl-translate %s --emit=mlir --kernel untyped 2>&1 | FileCheck %s --check-prefix=NOTYPES
# RUN: not kdsl-translate %s --emit=mlir --kernel untyped --kernel-types 'a=wp.array(dtype=float), s=float' 2>&1 | FileCheck %s --check-prefix=MISMATCH
# RUN: not kdsl-translate %s --emit=mlir --kernel-types 's=float' 2>&1 | FileCheck %s --check-prefix=NOKERNEL
# RUN: kdsl-translate %s --emit=cpp --kernel fill > /dev/null
#
# Generic kernels (typing.Any parameters) are instantiated from the typed
# signatures the file gives: wp.overload(k, [types]) and
# wp.overload(k, {"param": type}) calls (at module level or inside host
# functions) and @wp.overload stubs, each instance a kernel named after its
# types; or from --kernel-types, one instance under the kernel's own name.

from typing import Any

import warp as wp


@wp.kernel
def fill(a: wp.array(dtype=Any), value: Any):
    i = wp.tid()
    a[i] = value


fill_int = wp.overload(fill, [wp.array(dtype=int), int])
wp.overload(fill, [wp.array(dtype=wp.vec3), wp.vec3])


def host_code():
    wp.overload(fill, [wp.array(dtype=wp.float64), wp.float64])


# FILL: kdsl.kernel @fill_array_int32_int32(%a: !kdsl.array<i32, 1>, %value: i32)
# FILL: kdsl.kernel @fill_array_vec3f_vec3f(%a: !kdsl.array<vector<3xf32>, 1>, %value: vector<3xf32>)
# FILL: kdsl.kernel @fill_array_float64_float64(%a: !kdsl.array<f64, 1>, %value: f64)
# FILL-NOT: kdsl.kernel


@wp.kernel
def accumulate(a: wp.array(dtype=wp.float64), value: Any):
    i = wp.tid()
    a[i] = a[i] + wp.float64(value)


wp.overload(accumulate, {"value": int})
wp.overload(accumulate, {"value": wp.float32})

# ACC: kdsl.kernel @accumulate_array_float64_int32(%a: !kdsl.array<f64, 1>, %value: i32)
# ACC: kdsl.kernel @accumulate_array_float64_float32(%a: !kdsl.array<f64, 1>, %value: f32)


@wp.kernel
def stubbed(v: Any, out: wp.array(dtype=Any)):
    out[0] = out.dtype(v) * type(v)(2)


@wp.overload
def stubbed(v: float, out: wp.array(dtype=float)): ...


@wp.overload
def stubbed(v: wp.int64, out: wp.array(dtype=wp.int64)):
    pass


# STUB: kdsl.kernel @stubbed_float32_array_float32(%v: f32, %out: !kdsl.array<f32, 1>)
# STUB: kdsl.kernel @stubbed_int64_array_int64(%v: i64, %out: !kdsl.array<i64, 1>)


@wp.kernel
def untyped(a: wp.array2d(dtype=Any), s: Any):
    i, j = wp.tid()
    a[i, j] = a[i, j] * s


# GIVEN: kdsl.kernel @untyped(%a: !kdsl.array<f64, 2>, %s: f64)
# ANY: kdsl.kernel @fill(%a: !kdsl.array<vector<3xf64>, 1>, %value: vector<3xf64>)
# ANY-NOT: kdsl.kernel
# GIVEN-POS: kdsl.kernel @untyped(%a: !kdsl.array<vector<3xf32>, 2>, %s: f32)

# A whole-file translation emits every instance and leaves out a generic
# kernel that has none (as Warp does).
# ALL-DAG: kdsl.kernel @fill_array_int32_int32
# ALL-DAG: kdsl.kernel @accumulate_array_float64_int32
# ALL-DAG: kdsl.kernel @stubbed_int64_array_int64
# ALL-NOT: kdsl.kernel @untyped

# NOTYPES: generic-kernels.py:77:5: error: kernel 'untyped' is generic (typing.Any parameters) and this file gives it no types: add wp.overload(untyped, [types...]) or an @wp.overload stub, or pass --kernel-types 'param=type,...' to kdsl-translate
# MISMATCH: <types of kernel untyped>:1:16: error: type array(dtype=float32) does not fit parameter 'a' of kernel 'untyped'
# NOKERNEL: --kernel-types needs --kernel NAME
