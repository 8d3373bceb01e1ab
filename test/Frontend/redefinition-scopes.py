# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Funcs and structs of one name are rejected only within one scope
# (errors/func-redefinition.py): the same names in different Python
# functions or class bodies are different definitions, as in Warp. A class
# body is a scope of its own.

import warp as wp


def make_float():
    @wp.struct
    class S:
        v: float

    @wp.func
    def f(x: float):
        return x * 2.0

    @wp.kernel
    def k_float(a: wp.array(dtype=float), s: S):
        a[0] = f(s.v)


def make_int():
    @wp.struct
    class S:
        v: int

    @wp.func
    def f(x: int):
        return x + 1

    @wp.kernel
    def k_int(a: wp.array(dtype=int), s: S):
        a[0] = f(s.v)


class First:
    @wp.func
    def g(x: float):
        return x - 1.0

    @wp.kernel
    def k_first(a: wp.array(dtype=float)):
        a[0] = g(a[0])


class Second:
    @wp.func
    def g(x: int):
        return x - 1

    @wp.kernel
    def k_second(a: wp.array(dtype=int)):
        a[0] = g(a[0])


# CHECK-DAG: kdsl.kernel @k_float(%a: !kdsl.array<f32, 1>, %s: !S)
# CHECK-DAG: kdsl.kernel @k_int(%a: !kdsl.array<i32, 1>, %s: !S1)
# CHECK-DAG: kdsl.kernel @k_first(%a: !kdsl.array<f32, 1>)
# CHECK-DAG: kdsl.kernel @k_second(%a: !kdsl.array<i32, 1>)
