# RUN: kdsl-translate %s --emit=cpp --split-input-file --verify-diagnostics
# RUN: kdsl-translate %s --emit=mlir | kdsl-opt --kdsl-autodiff 2>/dev/null | FileCheck %s
#
# An array read, then written in place where the adjoint needs the value
# read: a warning at the write (the adjoint must run on the array as it was
# before the forward launch; kdsl-run does, docs/autodiff.md), and the
# adjoint kernel lists the argument in kdsl.pre_launch_args. No warning
# where the adjoint needs no old value (additive updates, damping by a
# constant, atomics, a coefficient whose adjoint nothing reads back), where
# the read comes after the write, or in a loop recurrence over other
# elements. verify-diagnostics fails on any warning not expected here.

import warp as wp


# CHECK-LABEL: kdsl.kernel @square_backward(
# CHECK-SAME: kdsl.pre_launch_args = array<i64: 0>
@wp.kernel
def square(x: wp.array(dtype=float), f: wp.array(dtype=float)):
    i = wp.tid()
    # expected-warning@+1 {{autodiff: 'x' is written here after its read at}}
    x[i] = x[i] * x[i] * f[i]

# -----

import warp as wp


# The value decides a branch of the replay.
@wp.kernel
def clamp_sq(x: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i]
    if v > 1.0:
        # expected-warning@+1 {{'x' is written here after its read at}}
        x[i] = v * v

# -----

import warp as wp


@wp.struct
class State:
    q: wp.array(dtype=wp.vec3)


# A struct's array, written by a later statement.
@wp.kernel
def normalize_state(s: State):
    i = wp.tid()
    q = s.q[i]
    n = wp.normalize(q)
    # expected-warning@+1 {{'s.q' is written here after its read at}}
    s.q[i] = n

# -----

import warp as wp


# One warning per array; every iteration reads what the last one wrote, so
# neither x before nor after the launch gives the replay every iterate.
@wp.kernel
def power(x: wp.array(dtype=float), a: float, n: int):
    i = wp.tid()
    for k in range(n):
        # expected-warning@+2 {{'x' is written here after its read at}}
        # expected-note@+1 {{the adjoint also needs the value written that this reads, and no one state of 'x' has both: the gradient is wrong}}
        x[i] = x[i] * x[i] * a
    x[i] = x[i] * a

# -----

import warp as wp


# Read, overwritten, then read again: the adjoint needs both values.
@wp.kernel
def square_twice(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    # expected-warning@+1 {{'x' is written here after its read at}}
    x[i] = x[i] * x[i]
    # expected-note@+1 {{no one state of 'x' has both}}
    y[i] = x[i] * x[i]

# -----

import warp as wp


# CHECK-LABEL: kdsl.kernel @additive_backward(
# CHECK-NOT: pre_launch_args
# CHECK-SAME: {
@wp.kernel
def additive(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float, e: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = x[i] + v[i] * dt
    v[i] += x[i] * 0.5
    v[i] = v[i] * 0.99
    wp.atomic_add(e, 0, wp.length(v[i]))
    wp.atomic_add(x, i, wp.vec3(1.0, 0.0, 0.0))

# -----

import warp as wp


# y = alpha * x + beta * y in a loop: only adj_beta, which nothing reads
# back, needs the old y.
@wp.kernel
def axpby(alpha: float, beta: float, x: wp.array(dtype=float), y: wp.array(dtype=float), n: int):
    b = wp.tid()
    for i in range(b * 4, wp.min(b * 4 + 4, n)):
        y[i] = alpha * x[i] + beta * y[i]

# -----

import warp as wp


# Written, then read: the replay reads what the launch wrote.
@wp.kernel
def write_read(x: wp.array(dtype=float), f: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = f[i] * 2.0
    y[i] = x[i] * x[i]

# -----

import warp as wp


# Back substitution: x[k + 1] was written by the previous iteration.
@wp.kernel
def back_subst(c: wp.array(dtype=float, ndim=2), d: wp.array(dtype=float, ndim=2), x: wp.array(dtype=float, ndim=2)):
    s = wp.tid()
    n = d.shape[1]
    x[s, n - 1] = d[s, n - 1]
    for k in range(n - 2, -1, -1):
        x[s, k] = d[s, k] - c[s, k] * x[s, k + 1]

# -----

import warp as wp


# A tile read, then stored into its array: the adjoint needs t.
# CHECK-LABEL: kdsl.kernel @tile_square_backward(
# CHECK-SAME: kdsl.pre_launch_args = array<i64: 0>
@wp.kernel
def tile_square(x: wp.array(dtype=float), f: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=8, offset=i * 8)
    # expected-warning@+1 {{autodiff: 'x' is written here after its read at}}
    wp.tile_store(x, t * t * wp.tile_load(f, shape=8, offset=i * 8), offset=i * 8)

# -----

import warp as wp


# A scalar read of an element a tile store may overwrite, needed by the
# adjoint (sin): the write is warned too.
@wp.kernel
def tile_over_scalar(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = wp.sin(x[0])
    # expected-warning@+1 {{autodiff: 'x' is written here after its read at}}
    wp.tile_store(x, wp.tile_zeros(shape=8, dtype=float), offset=i * 8)

# -----

import warp as wp


# A tile scaled in place by a constant: the adjoint needs no old value.
# CHECK-LABEL: kdsl.kernel @tile_scale_backward(
# CHECK-NOT: pre_launch_args
# CHECK: kdsl.return
@wp.kernel
def tile_scale(x: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(x, shape=8, offset=i * 8)
    wp.tile_store(x, t * 3.0, offset=i * 8)
