# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.static(expr) is evaluated when the kernel is compiled (as in Warp):
# module and captured constants, local constants, arithmetic, comparisons,
# `and`/`or`/`not`, string ==, len() of vectors, matrices and tuples give
# literals; a @wp.func (by name, alias or tuple element) gives the callee.
# `for i in range(...)` is unrolled when a wp.static in its body uses i, or
# when wp.static gives its range and it has at most 16 iterations and no
# break (Warp's max_unroll); otherwise it stays a loop. `if wp.static(c):`
# keeps only the branch taken.

import warp as wp

N = 3
SCALE = 1.5
NAME = "cpu"


@wp.func
def inc(x: int):
    return x + 1


@wp.func
def dec(x: int):
    return x - 1


FUNCS = (inc, dec)
alias = dec


# CHECK-LABEL: kdsl.kernel @constants(
# 3 * 2 + 4 = 10, with the local constant c = 4.
# CHECK: arith.constant 10 : i32
# SCALE * 2 is a float literal, so it adapts to float64 (no conversion).
# CHECK: arith.constant 3.000000e+00 : f64
# -7 // 2 = -4 (Python's floor division; the literal is -(4)), 2 ** 10 = 1024.
# CHECK: %[[FOUR:.*]] = arith.constant 4 : i32
# CHECK: arith.subi %{{.*}}, %[[FOUR]] : i32
# CHECK: arith.constant 1024 : i32
# N > 2 and not False, NAME == "cpu": true; NAME != "cpu": false.
# CHECK: arith.constant true
# CHECK: arith.constant true
# CHECK: arith.constant false
@wp.kernel
def constants(a: wp.array(dtype=int), d: wp.array(dtype=wp.float64), b: wp.array(dtype=bool)):
    c = 4
    a[0] = wp.static(N * 2 + c)
    d[0] = d[0] * wp.static(SCALE * 2.0)
    a[1] = wp.static(-7 // 2)
    a[2] = wp.static(2**10)
    b[0] = wp.static(N > 2 and not False)
    b[1] = wp.static(NAME == "cpu")
    b[2] = wp.static(NAME != "cpu")


# The loop variable is a compile-time value in each copy of the body.
# CHECK-LABEL: kdsl.kernel @forced_unroll(
# CHECK-NOT: scf.for
# CHECK: %[[C0:.*]] = arith.constant 0 : i32
# CHECK: kdsl.store %[[C0]]
# CHECK: %[[C10:.*]] = arith.constant 10 : i32
# CHECK: kdsl.store %[[C10]]
# CHECK: %[[C20:.*]] = arith.constant 20 : i32
# CHECK: kdsl.store %[[C20]]
# CHECK-NOT: scf.for
# CHECK: kdsl.return
@wp.kernel
def forced_unroll(a: wp.array(dtype=int)):
    for i in range(N):
        a[i] = wp.static(i * 10)


# range(wp.static(N)) with a small count is unrolled too (no wp.static in
# the body); one with 20 iterations stays a loop.
# CHECK-LABEL: kdsl.kernel @static_range(
# CHECK-COUNT-3: kdsl.atomic add
# CHECK: scf.for
# CHECK: kdsl.return
@wp.kernel
def static_range(a: wp.array(dtype=float)):
    for i in range(wp.static(N)):
        wp.atomic_add(a, 0, 1.0)
    for i in range(wp.static(N * 7 - 1)):
        a[1] = a[1] + 1.0


# The else branch names an undefined variable and calls a func with the
# wrong type: it is dropped before type checking. elif chains fold too.
# CHECK-LABEL: kdsl.kernel @folded_if(
# CHECK-NOT: scf.if
# CHECK: arith.constant 2 : i32
# CHECK-NOT: scf.if
# CHECK: kdsl.return
@wp.kernel
def folded_if(a: wp.array(dtype=int)):
    if wp.static(N == 1):
        a[0] = undefined_name
    elif wp.static(N == 3):
        a[0] = 2
    else:
        a[0] = inc(1.5)


# A condition that mixes wp.static with a run-time value stays an if.
# CHECK-LABEL: kdsl.kernel @runtime_if(
# CHECK: scf.if
@wp.kernel
def runtime_if(a: wp.array(dtype=int)):
    if wp.static(N > 1) and a[0] > 0:
        a[0] = 0


# Funcs chosen by wp.static: by name, through a module alias, as a tuple
# element (also indexed by an unrolled loop variable), bound to a local.
# CHECK-LABEL: kdsl.kernel @func_values(
# CHECK: func.call @inc
# CHECK: func.call @dec
# CHECK: func.call @inc
# CHECK: func.call @inc
# CHECK: func.call @dec
# CHECK: func.call @dec
@wp.kernel
def func_values(a: wp.array(dtype=int)):
    a[0] = wp.static(inc)(a[0])
    a[1] = wp.static(alias)(a[1])
    a[2] = wp.static(FUNCS[0])(a[2])
    for k in range(wp.static(len(FUNCS))):
        a[3] = wp.static(FUNCS[k])(a[3])
    g = wp.static(FUNCS[-1])
    a[4] = g(a[4])


# len() of parameters and of locals built by a type constructor.
# CHECK-LABEL: kdsl.kernel @lengths(
# CHECK: arith.constant 4 : i32
# CHECK: arith.constant 9 : i32
@wp.kernel
def lengths(q: wp.quat, a: wp.array(dtype=int)):
    m = wp.mat33()
    a[0] = wp.static(len(q))
    a[1] = wp.static(len(m) * len(m))


# Inside nested loops that reuse the variable, wp.static sees the inner
# loop's last value (as in Warp, which unrolls the small inner loop).
# CHECK-LABEL: kdsl.kernel @nested_same_var(
# CHECK-COUNT-2: kdsl.store %c2_i32{{(_[0-9]+)?}}, %a
@wp.kernel
def nested_same_var(a: wp.array(dtype=int)):
    for i in range(2):
        for i in range(3):
            pass
        a[0] = wp.static(i)


# List and dict constants: elements by constant index or key, len().
# A local bound by wp.static may shadow a builtin's name (add).
HANDLERS = {"up": inc, "down": dec}
SIZES = [4, 5, 6]


# CHECK-LABEL: kdsl.kernel @containers(
# CHECK: func.call @dec
# CHECK: func.call @inc
# SIZES[-1] * len(SIZES) + len(HANDLERS) = 6 * 3 + 2 = 20
# CHECK: arith.constant 20 : i32
@wp.kernel
def containers(a: wp.array(dtype=int)):
    add = wp.static(HANDLERS["down"])
    a[0] = add(a[0])
    a[1] = wp.static(HANDLERS["up"])(a[1])
    a[2] = wp.static(SIZES[-1] * len(SIZES) + len(HANDLERS))
