# RUN: rm -rf %t && mkdir -p %t && cp %s %t/main.py
# RUN: printf 'import warp as wp\n\nNoneType = 1\n' > %t/types.py
# RUN: printf 'import warp as wp\n\npi = 3.0\n' > %t/math.py
# RUN: printf 'import warp as wp\n\nAny = 1.0\n' > %t/typing.py
# RUN: printf 'import warp as wp\n\nscale = 2.5\n' > %t/local_mod.py
# RUN: kdsl-translate %t/main.py --emit=mlir | FileCheck %s
#
# Python takes `types`, `typing`, `math`, `functools`, `ctypes` (stdlib
# modules already imported when a Warp module runs) from sys.modules, never
# from a file of that name next to the source: kdsl ignores the types.py,
# math.py and typing.py written above, and still reads local_mod.py (a module
# of the source's own directory).
import math
import types
from typing import Any

import local_mod

import warp as wp

TWO_PI = 2.0 * math.pi


@wp.kernel
def k_none_type(a: wp.array(dtype=float)) -> types.NoneType:
    a[0] = 2.0
    return


@wp.func
def twice(x: Any):
    return x + x


@wp.kernel
def k_math(a: wp.array(dtype=float)):
    a[0] = twice(a[0]) * TWO_PI * local_mod.scale


# CHECK-LABEL: kdsl.kernel @k_none_type(
# CHECK: arith.constant 2.000000e+00 : f32
# CHECK-LABEL: kdsl.kernel @k_math(
# CHECK-DAG: arith.constant 6.28318{{[0-9]*}} : f32
# CHECK-DAG: arith.constant 2.500000e+00 : f32
