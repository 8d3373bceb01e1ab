# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Host functions that define a kernel, func or struct and return it are
# factories: where host code binds names to a call of one whose arguments
# the source gives, kdsl builds an instance with the parameters bound to
# those arguments (docs/language.md, "Factories"). Each call is an instance
# of its own: two calls give two funcs (two symbols).

# Two instances of the struct factory (the condition picks the field type):
# CHECK-DAG: !S = !kdsl.struct<"S", {v: f32}>
# CHECK-DAG: !S1 = !kdsl.struct<"S", {v: vector<2xf32>}>
#
# make_const(17) and make_const(value=42): one func each.
# CHECK-LABEL: func.func private @f()
# CHECK: arith.constant 17 : i32
# CHECK-LABEL: func.func private @f_1()
# CHECK: arith.constant 42 : i32
# make_scaler(wp.float64) (factor defaults to 2) and make_scaler(int, factor=3):
# CHECK-LABEL: func.func private @scale(%arg0: f64)
# CHECK: arith.constant 2.000000e+00 : f64
# CHECK-LABEL: func.func private @scale_1(%arg0: i32)
# CHECK: arith.constant 3 : i32
# CHECK-LABEL: func.func private @twice_int32(
# CHECK-LABEL: kdsl.kernel @use_consts(
# CHECK: call @f()
# CHECK: call @f_1()
# CHECK-LABEL: kdsl.kernel @use_structs(%s1: !S, %s2: !S1,
# CHECK-LABEL: kdsl.kernel @use_scalers(
# CHECK: call @scale(
# CHECK: call @scale_1(
# CHECK: call @twice_int32(
# make_kernel(1.5) and make_kernel(-0.25): only the two instances are
# compiled, not the definition whose `offset` is unknown.
# CHECK-LABEL: kdsl.kernel @shifted(
# CHECK: arith.constant 1.500000e+00 : f32
# CHECK-LABEL: kdsl.kernel @shifted_1(
# CHECK: arith.constant -2.500000e-01 : f32
# CHECK-NOT: kdsl.kernel

import warp as wp
from typing import Any


def make_const(value: int):
    @wp.func
    def f():
        return value

    return f


c17 = make_const(17)
c42 = make_const(value=42)


@wp.kernel
def use_consts(a: wp.array(dtype=int)):
    a[0] = c17()
    a[1] = c42()


# A condition the arguments decide picks one of two definitions.
def make_struct(scalar):
    if scalar:

        @wp.struct
        class S:
            v: float

    else:

        @wp.struct
        class S:
            v: wp.vec2

    return S


Scalar = make_struct(True)
Pair = make_struct(False)


@wp.kernel
def use_structs(s1: Scalar, s2: Pair, out: wp.array(dtype=float)):
    out[0] = s1.v + s2.v[1]


# A type and a default value as arguments; a generic func in a factory.
def make_scaler(dtype, factor=2):
    @wp.func
    def scale(x: dtype):
        return x * dtype(factor)

    @wp.func
    def twice(x: Any):
        return x + x

    return scale, twice


scale64, twice_a = make_scaler(wp.float64)
scale_i, twice_b = make_scaler(int, factor=3)


@wp.kernel
def use_scalers(d: wp.array(dtype=wp.float64), i: wp.array(dtype=int)):
    d[0] = scale64(d[0])
    i[0] = scale_i(i[0]) + twice_b(i[0])


# A kernel made by a factory: only its instances are compiled (the
# definition with the parameter unknown is not).
def make_kernel(offset: float):
    @wp.kernel
    def shifted(a: wp.array(dtype=float)):
        a[wp.tid()] = a[wp.tid()] + offset

    return shifted


shift_one, shift_two = make_kernel(1.5), make_kernel(-0.25)

