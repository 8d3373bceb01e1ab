# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=cpp --kernel use_generics > /dev/null
#
# Generic @wp.func (typing.Any parameters) are instantiated per call from the
# argument types (Python literals are int32 / float32, as in Warp), each
# instance a func of its own with a readable symbol; @wp.func defs of one
# name are overloads, chosen by the argument types: an exact match first
# (the latest def of that signature), else the first template that fits.

import typing
from typing import Any

import warp as wp


@wp.func
def add(a: Any, b: Any):
    return a + b


@wp.func
def first(xs: wp.array(dtype=Any)):
    return xs[0]


@wp.func
def scale2(x: typing.Any):
    # the value's own type as a constructor
    return x * type(x)(2)


@wp.func
def head(xs: wp.array[Any]):
    return xs.dtype(1) + xs[0]


@wp.func
def pick(a: float, b: float):
    return a * b


@wp.func
def pick(a: Any, b: Any):
    return a + b


@wp.func
def pick(a: int, b: int):
    return a - b


# A later def of the same signature replaces the earlier one (Warp keeps
# one overload per signature).
@wp.func
def pick(a: int, b: int):
    return b - a


@wp.func
def total(xs: wp.array(dtype=Any)):
    # types named through values also serve as annotations
    acc: xs.dtype = xs.dtype(0)
    for i in range(xs.shape[0]):
        acc += xs[i]
    return acc


# CHECK-DAG: func.func private @total_array_vec2f(%arg0: !kdsl.array<vector<2xf32>, 1>) -> vector<2xf32>
# CHECK-DAG: func.func private @add_int32_int32(%arg0: i32, %arg1: i32) -> i32
# CHECK-DAG: func.func private @add_float32_float32(%arg0: f32, %arg1: f32) -> f32
# CHECK-DAG: func.func private @add_vec3f_vec3f(%arg0: vector<3xf32>, %arg1: vector<3xf32>) -> vector<3xf32>
# CHECK-DAG: func.func private @add_float64_float64(%arg0: f64, %arg1: f64) -> f64
# CHECK-DAG: func.func private @first_array_vec3f(%arg0: !kdsl.array<vector<3xf32>, 1>) -> vector<3xf32>
# CHECK-DAG: func.func private @first_array_float64(%arg0: !kdsl.array<f64, 1>) -> f64
# CHECK-DAG: func.func private @scale2_float64(%arg0: f64) -> f64
# CHECK-DAG: func.func private @scale2_int32(%arg0: i32) -> i32
# CHECK-DAG: func.func private @head_array_float64(%arg0: !kdsl.array<f64, 1>) -> f64
# CHECK-DAG: func.func private @pick_vec3f_vec3f(%arg0: vector<3xf32>, %arg1: vector<3xf32>) -> vector<3xf32>
# The second pick(a: int, b: int) is pick_2 (the generic pick is no func
# itself), computing b - a:
# CHECK-DAG: func.func private @pick_2(%arg0: i32, %arg1: i32) -> i32
# CHECK-DAG: arith.subi %arg1, %arg0 : i32
# CHECK-DAG: func.func private @pick(%arg0: f32, %arg1: f32) -> f32

# CHECK-LABEL: kdsl.kernel @use_generics
# CHECK: call @add_int32_int32
# CHECK: call @add_float32_float32
# CHECK: call @add_vec3f_vec3f
# CHECK: call @add_float64_float64
# CHECK: call @first_array_vec3f
# CHECK: call @first_array_float64
# CHECK: call @scale2_float64
# CHECK: call @scale2_int32
# CHECK: call @head_array_float64
# CHECK: call @pick(
# CHECK: call @pick_2(
# CHECK: call @pick_vec3f_vec3f
# An instance is made once per argument types:
# CHECK: call @add_int32_int32
# CHECK-NOT: @add_int32_int32_1
@wp.kernel
def use_generics(vs: wp.array(dtype=wp.vec3), ds: wp.array(dtype=wp.float64), ws: wp.array(dtype=wp.vec2), out: wp.array(dtype=float)):
    i = wp.tid()
    n = add(1, 2)
    f = add(1.0, 2.5)
    v = add(vs[i], vs[0])
    d = add(ds[i], ds[0])
    w = first(vs)
    e = first(ds)
    d2 = scale2(ds[i])
    n2 = scale2(n)
    h = head(ds)
    p = pick(f, 2.0)
    q = pick(n, 3)
    r = pick(v, w)
    m = add(n, 7)
    t: type(f) = total(ws)[1]
    out[i] = f + float(n + n2 + q + m) + float(d + e + d2 + h) + v[0] + r[1] + p + t
