# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Kernels and funcs defined inside a Python function use the names of the
# enclosing functions (and of the module) that have values in the source:
# literals and constant expressions, @wp.func and @wp.struct definitions,
# and aliases of funcs (`g = helper`). A name keeps the last value the
# function assigns to it (Python looks captured names up when the kernel is
# built, after the whole function ran).

import warp as wp

OFFSET = 0.25


@wp.func
def module_helper(x: float):
    return x + OFFSET


module_alias = module_helper


def make_kernels():
    n = 3
    scale = 2.0 * n
    flag = n > 2

    # scale = 2.0 * n = 6.0
    # CHECK-LABEL: func.func private @helper(
    # CHECK: arith.constant 6.000000e+00 : f32
    @wp.func
    def helper(x: float):
        return x * scale

    @wp.struct
    class Pair:
        a: float
        b: int

    alias = helper

    # CHECK-LABEL: kdsl.kernel @closure(
    # CHECK: func.call @helper
    # CHECK: kdsl.store %{{.*}}, %a
    # CHECK: func.call @helper
    # CHECK: func.call @module_helper
    # CHECK: %[[N:.*]] = arith.constant 3 : i32
    # CHECK: kdsl.store %[[N]], %b
    # CHECK: arith.cmpi sgt
    # CHECK: %[[LATE:.*]] = arith.constant 1.000000e+00 : f32
    # CHECK: kdsl.store %[[LATE]], %a
    @wp.kernel
    def closure(a: wp.array(dtype=float), b: wp.array(dtype=int), c: wp.array(dtype=bool)):
        p = Pair()
        p.a = helper(a[0])
        a[0] = p.a
        a[1] = alias(a[1]) + module_alias(a[2])
        b[0] = n
        c[0] = flag
        a[3] = late

    late = 1.0

    def inner():
        m = n + 1

        # Two levels deep: m from inner(), helper and n from make_kernels().
        # CHECK-LABEL: kdsl.kernel @nested(
        # CHECK: arith.constant 4 : i32
        # CHECK: func.call @helper
        @wp.kernel
        def nested(a: wp.array(dtype=float), b: wp.array(dtype=int)):
            b[0] = m
            a[0] = helper(a[0])

        return nested

    return closure, inner()


# math and numpy constants (pi, e, tau, inf, nan) count in module constants,
# as in Warp (Python computes them): 2 * np.pi, math.pi / 2, 1 / (H * H).
import math

import numpy as np

TWO_PI = 2 * np.pi
HALF_PI = math.pi / 2
H = TWO_PI / 4
INV_H2 = 1.0 / (H * H)
F64 = wp.constant(wp.float64(math.e))


# CHECK-LABEL: kdsl.kernel @host_module_constants(
# CHECK: arith.constant 6.28318{{[0-9]*}} : f32
# CHECK: arith.constant 1.57079{{[0-9]*}} : f32
# 1 / (pi / 2)^2 = 0.405284...
# CHECK: arith.constant 0.40528{{[0-9]*}} : f32
# CHECK: arith.constant 2.71828{{[0-9]*}} : f64
@wp.kernel
def host_module_constants(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    a[0] = TWO_PI
    a[1] = HALF_PI
    a[2] = INV_H2
    d[0] = F64


# Type aliases of the enclosing function: annotations, constructors, dtypes.
def make_typed():
    dtype = wp.float64
    vec_type = wp.vec3d

    # CHECK-LABEL: kdsl.kernel @typed(
    # CHECK-SAME: !kdsl.array<f64, 1>
    # CHECK-SAME: !kdsl.array<vector<3xf64>, 1>
    # CHECK: vector.from_elements %{{.*}} : vector<3xf64>
    @wp.kernel
    def typed(a: wp.array(dtype=dtype), v: wp.array(dtype=vec_type)):
        v[0] = vec_type(a[0], dtype(2.0), a[1])

    return typed


# A constant built with a type alias is a typed constant, as with the type.
wptype = wp.float64
PI64 = wptype(math.pi)


# CHECK-LABEL: kdsl.kernel @alias_typed_constant(
# (y is float64, not a float32 local as it would be for a Python number.)
# CHECK: arith.constant 3.1415926535897931 : f64
@wp.kernel
def alias_typed_constant(d: wp.array(dtype=wp.float64)):
    y = PI64
    d[0] = y
