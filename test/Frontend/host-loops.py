# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Host loops over tuples and lists the source gives (docs/language.md, "Host
# loops"): the body holding Warp definitions or wp.overload calls is scanned
# once per item, the loop variables bound to it (as Warp's test_fast_math.py,
# test_static.py write them). Loops over other values keep their variables
# host values (test/Frontend/errors/host-loops.py).
from typing import Any

import warp as wp


@wp.kernel
def copy(a: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = a[i]


# A tuple of types, one overload each.
for T in (wp.float16, wp.int64):
    wp.overload(copy, [wp.array(dtype=T), wp.array(dtype=T)])

# A list of tuples unpacked over parenthesized targets, list arithmetic.
for (V, S) in [(wp.vec3, wp.float32), (wp.mat22d, wp.float64)]:
    wp.overload(copy, [wp.array(dtype=V)] * 2)

# A name bound to a tuple constant, nested loops (reading an item,
# DIMS[0], is not a change of the list).
DIMS = [2, 4]
FIRST = DIMS[0]
for n in DIMS:
    for D in [wp.uint8]:
        wp.overload(copy, {"a": wp.array(dtype=wp.types.vector(n, D)), "out": wp.array(dtype=wp.types.vector(n, D))})

# CHECK-DAG: kdsl.kernel @copy_array_float16_array_float16(%a: !kdsl.array<f16, 1>, %out: !kdsl.array<f16, 1>)
# CHECK-DAG: kdsl.kernel @copy_array_int64_array_int64(%a: !kdsl.array<i64, 1>
# CHECK-DAG: kdsl.kernel @copy_array_vec3f_array_vec3f(%a: !kdsl.array<vector<3xf32>, 1>
# CHECK-DAG: kdsl.kernel @copy_array_mat22d_array_mat22d(%a: !kdsl.array<vector<2x2xf64>, 1>
# CHECK-DAG: kdsl.kernel @copy_array_vec2ub_array_vec2ub(%a: !kdsl.array<vector<2xi8>, 1>
# CHECK-DAG: kdsl.kernel @copy_array_vec4ub_array_vec4ub(%a: !kdsl.array<vector<4xi8>, 1>


def test_function_variable():
    @wp.func
    def add(a: int, b: int):
        return a + b

    @wp.func
    def sub(a: int, b: int):
        return a - b

    # A kernel per func: each iteration makes its own (the second one's
    # symbol is function_variable_kernel_1), as Warp builds one per pass.
    for func in [add, sub]:

        @wp.kernel
        def function_variable_kernel(results: wp.array(dtype=int)):
            results[0] = wp.static(func)(3, 2)

        # Host code in the body is skipped as anywhere else.
        results = wp.zeros(1, dtype=int)
        wp.launch(function_variable_kernel, 1, [results])

# CHECK-LABEL: kdsl.kernel @function_variable_kernel(
# CHECK: func.call @add(
# CHECK-LABEL: kdsl.kernel @function_variable_kernel_1(
# CHECK: func.call @sub(


def test_function_lookup():
    @wp.func
    def do_add(a: float, b: float):
        return a + b

    @wp.func
    def do_mul(a: float, b: float):
        return a * b

    # A loop over a dict's items (also .values() and .keys()); `inputs.dtype`
    # of a host array made with a dtype is that type (test_static.py).
    op_handlers = {"add": do_add, "mul": do_mul}
    inputs = wp.array([[1, 2], [3, 0]], dtype=wp.float32)
    for _op, op_func in op_handlers.items():

        @wp.kernel
        def operate(input: wp.array2d[inputs.dtype], output: wp.array[float]):
            tid = wp.tid()
            output[tid] = wp.static(op_func)(input[tid, 0], input[tid, 1])

    for f in op_handlers.values():

        @wp.kernel
        def by_value(x: wp.array[float]):
            x[0] = f(x[0], 2.0)

# CHECK-LABEL: kdsl.kernel @operate(%input: !kdsl.array<f32, 2>
# CHECK: func.call @do_add(
# CHECK-LABEL: kdsl.kernel @operate_1(%input: !kdsl.array<f32, 2>
# CHECK: func.call @do_mul(
# CHECK-LABEL: kdsl.kernel @by_value(
# CHECK: func.call @do_add(
# CHECK-LABEL: kdsl.kernel @by_value_1(
# CHECK: func.call @do_mul(


@wp.kernel
def triple(a: wp.array(dtype=Any)):
    a[0] = a.dtype(3) * a[0]


# Warp's tuples of scalar types, by a name bound to one too (test_jax.py).
SCALARS = wp._src.types.float_types
for T in SCALARS:
    wp.overload(triple, [wp.array(dtype=T)])
for T in wp.types.non_atomic_types:
    wp.overload(triple, [wp.array(dtype=T)])

# CHECK-DAG: kdsl.kernel @triple_array_float16(
# CHECK-DAG: kdsl.kernel @triple_array_bfloat16(
# CHECK-DAG: kdsl.kernel @triple_array_float32(
# CHECK-DAG: kdsl.kernel @triple_array_float64(
# CHECK-DAG: kdsl.kernel @triple_array_int8(
# CHECK-DAG: kdsl.kernel @triple_array_uint8(
# CHECK-DAG: kdsl.kernel @triple_array_int16(
# CHECK-DAG: kdsl.kernel @triple_array_uint16(


# No item: the body never runs, so it defines nothing.
for c in ():

    @wp.kernel
    def never_made(a: wp.array(dtype=float)):
        a[0] = c

# CHECK-NOT: never_made
