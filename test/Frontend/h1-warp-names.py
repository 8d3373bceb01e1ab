# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Warp's upper-case constants (warp/_src/constants.py: PI = pi = ...), and
# names used without `wp.` that are neither local nor global: Warp resolves
# them as attributes of the warp module (codegen.py resolve_path), so Warp's
# tests call expect_eq(...) and vec3(...) after `from warp.tests.unittest_utils
# import *`, which imports no such name. Values are float64 so that the
# printed constants show every digit (expected: Python's math module).

import warp as wp
from warp.tests.unittest_utils import *  # noqa: F403

# CHECK-LABEL: kdsl.kernel @upper_case(
# CHECK: arith.constant 3.1415926535897931 : f64
# CHECK: arith.constant 1.5707963267948966 : f64
# CHECK: arith.constant 6.2831853071795862 : f64
# CHECK: arith.constant 2.7182818284590451 : f64
# CHECK: arith.constant 1.6180339887498949 : f64
# CHECK: arith.constant 0.69314718055994529 : f64
# CHECK: arith.constant 2.3025850929940459 : f64
# CHECK: arith.constant 1.4426950408889634 : f64
# CHECK: arith.constant 0.43429448190325182 : f64
# CHECK: arith.constant 0x7FF0000000000000 : f64
# CHECK: arith.constant 0x7FF8000000000000 : f64
@wp.kernel
def upper_case(a: wp.array(dtype=wp.float64)):
    a[0] = wp.float64(wp.PI)
    a[1] = wp.float64(wp.HALF_PI)
    a[2] = wp.float64(wp.TAU)
    a[3] = wp.float64(wp.E)
    a[4] = wp.float64(wp.PHI)
    a[5] = wp.float64(wp.LN2)
    a[6] = wp.float64(wp.LN10)
    a[7] = wp.float64(wp.LOG2E)
    a[8] = wp.float64(wp.LOG10E)
    a[9] = wp.float64(wp.INF)
    a[10] = wp.float64(wp.NAN)


HALF_TURN = PI  # a module constant made of a bare Warp name


# CHECK-LABEL: kdsl.kernel @bare_names(
# CHECK: vector.from_elements {{.*}} : vector<3xf32>
# CHECK: kdsl.assert {{.*}}"expect_eq(v, vec3(1.0, 2.0, 3.0))"
# CHECK: kdsl.length
# CHECK: arith.constant 3.14159274 : f32
# CHECK: arith.constant 3.14159274 : f32
# CHECK: arith.constant 6.28318548 : f32
@wp.kernel
def bare_names(a: wp.array(dtype=float)):
    v = vec3(1.0, 2.0, 3.0)
    expect_eq(v, vec3(1.0, 2.0, 3.0))
    a[0] = length(v) + PI + HALF_TURN + tau


# A local or a global of the same name wins, as in Python.
E = 2


# CHECK-LABEL: kdsl.kernel @shadowed(
# CHECK: arith.constant 2 : i32
# CHECK: arith.constant 7 : i32
@wp.kernel
def shadowed(a: wp.array(dtype=int)):
    a[0] = E
    PI = 7
    a[1] = PI
