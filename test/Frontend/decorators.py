# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Decorators, kernels and funcs defined inside a Python function, and host
# code that kdsl skips without checking it.

"""Module docstring: host code."""

import math
import numpy as np
import warp as wp
from warp import vec3

data = np.zeros(8)
names = [n for n in ("a", "b")]


class HostHelper:
    """An undecorated class is host code, even with non-kdsl Python in it."""

    def method(self, xs):
        return {k: v for k, v in xs.items()}


def host_function(x, *args, **kwargs):
    print(f"{x}", lambda y: y ** 2, [1, 2, 3][1:])
    try:
        raise ValueError("host")
    except ValueError:
        pass
    with open("f") as fh:
        del fh


# CHECK-NOT: HostHelper
# CHECK-NOT: host_function

# Funcs are printed before the kernels.
# CHECK-LABEL: func.func private @nested_scale(%{{.*}}: f32) -> f32
# CHECK: arith.mulf

# CHECK-LABEL: kdsl.kernel @plain(%a: !kdsl.array<f32, 1>)
# CHECK-SAME: arg_names = ["a"]
# CHECK-SAME: enable_backward = true
# CHECK-NOT: options
@wp.kernel
def plain(a: wp.array(dtype=float)):
    a[0] = 1.0


# CHECK-LABEL: kdsl.kernel @no_backward(
# CHECK-SAME: enable_backward = false
@wp.kernel(enable_backward=False)
def no_backward(a: wp.array(dtype=float)):
    a[0] = 2.0


# CHECK-LABEL: kdsl.kernel @explicit_backward(
# CHECK-SAME: enable_backward = true
@wp.kernel(enable_backward=True)
def explicit_backward(a: wp.array(dtype=float)):
    a[0] = 3.0


def make_kernels(scale: float):
    """Kernels and funcs nested in a Python function are compiled too."""

    @wp.func
    def nested_scale(x: float):
        return x * 3.0

    @wp.kernel
    def nested_kernel(a: wp.array(dtype=float)):
        i = wp.tid()
        a[i] = nested_scale(a[i])

    return nested_kernel


# CHECK-LABEL: kdsl.kernel @nested_kernel(
# CHECK: %[[X:.*]] = kdsl.load %a
# CHECK: %[[Y:.*]] = func.call @nested_scale(%[[X]]) : (f32) -> f32
# CHECK: kdsl.store %[[Y]], %a


if __name__ == "__main__":
    wp.init()
    k = make_kernels(2.0)
    wp.launch(plain, dim=1, inputs=[wp.zeros(1, dtype=float)])
    print(math.pi, vec3(1.0, 2.0, 3.0), data, names)
