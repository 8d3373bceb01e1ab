# Python names that C++ cannot take as they are (keywords, macros, names the
# prelude's headers declare at global scope) get a trailing _ in the C++ and
# CUDA C; the kernel's own symbol is unchanged. A local does not take the
# name of a func it calls.
#
# RUN: kdsl-translate %s --emit=cpp --verify-emitted | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda --verify-emitted | FileCheck %s
# CHECK: struct int8_t_ {
# CHECK-NEXT: float new_;
# CHECK: static KDSL_FN float delete_(float template_)
# CHECK: static KDSL_FN float sqrt_(float x)
# CHECK: void auto_{{cpu|cuda_kernel}}_forward(
#
# The C++ backend runs it as the JIT does: delete(1.5) + 0.25 + 2 + 3 + sqrt(1.5)
# = 2 * 1.5 + 0.25 + 2 + 3 + 3 * 1.5 = 12.75 (the file's own sqrt multiplies by 3).
# RUN: printf '{"kernel": "auto", "dim": 1, "inputs": {"a": {"zeros": [1]}, "new": 1.5, "s": {"new": 0.25, "this": 1}, "double": 2.0, "register": 3}}' > %t.spec.json
# RUN: kdsl-run %s %t.spec.json | FileCheck %s --check-prefix=OUT
# RUN: kdsl-run %s %t.spec.json --backend cpp | FileCheck %s --check-prefix=OUT
# OUT: "a":[12.75]

import warp as wp


@wp.struct
class int8_t:
    new: float
    this: int


@wp.func
def delete(template: float) -> float:
    return template * 2.0


@wp.func
def sqrt(x: float) -> float:
    return x * 3.0


@wp.kernel
def auto(a: wp.array(dtype=float), new: float, s: int8_t, double: float, register: int):
    i = wp.tid()
    sqrt = sqrt(new)
    a[i] = delete(new) + s.new + double + float(register) + sqrt
