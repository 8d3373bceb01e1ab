# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Warp's remaining core builtins (lib/Frontend/BuiltinsMisc.h): wrong uses.

import warp as wp


@wp.kernel
def k(f: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.cast() reinterprets the bits of a value as a type of the same size: float32 has 4 bytes, float64 8}}
    d = wp.cast(f[i], wp.float64)

# -----

import warp as wp


@wp.kernel
def k(f: wp.array(dtype=float)):
    # expected-error@+1 {{wp.cast() expects a scalar, vector, matrix, quaternion or struct of them, got array(dtype=float32)}}
    d = wp.cast(f, wp.int64)

# -----

import warp as wp


@wp.kernel
def k(t: wp.array(dtype=wp.transform)):
    i = wp.tid()
    x = t[i]
    # expected-error@+1 {{wp.transform_set_translation() returns nothing: call it as a statement of its own}}
    y = wp.transform_set_translation(x, wp.vec3(1.0, 2.0, 3.0))

# -----

import warp as wp


@wp.kernel
def k(t: wp.array(dtype=wp.transform)):
    i = wp.tid()
    # expected-error@+1 {{wp.transform_set_rotation() sets the rotation of a transform variable in place: pass a local variable (or a struct field of one), or assign `expr.q = value`}}
    wp.transform_set_rotation(t[i], wp.quat_identity())

# -----

import warp as wp


@wp.kernel
def k(t: wp.array(dtype=wp.transform)):
    i = wp.tid()
    x = t[i]
    # expected-error@+1 {{wp.transform_set_translation_copy() argument 'p': expected vec3f, got quatf}}
    t[i] = wp.transform_set_translation_copy(x, wp.quat_identity())

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    # expected-error@+1 {{wp.copy(dest, src) copies arrays on the host, not in kernel code; in a kernel, wp.copy(a) is a copy of the value a}}
    wp.copy(a, b)

# -----


import warp as wp


@wp.kernel
def k(p: wp.int64):
    # expected-error@+1 {{wp.array() ptr must be a uint64 address (such as arr.ptr), got int64}}
    a = wp.array(ptr=p, shape=(2,), dtype=float)

# -----

import warp as wp


@wp.kernel
def k(p: wp.uint64, n: wp.int64):
    # expected-error@+1 {{wp.array() shape extents must be int32, got int64}}
    a = wp.array(ptr=p, shape=(2, n), dtype=float)

# -----

import warp as wp


@wp.kernel
def k(p: wp.uint64):
    # expected-error@+1 {{wp.array() shape has 1 to 4 extents, got 5}}
    a = wp.array(ptr=p, shape=(1, 1, 1, 1, 1), dtype=float)

# -----

import warp as wp


@wp.kernel
def k(p: wp.uint64):
    # expected-error@+1 {{wp.array() missing argument 'dtype'}}
    a = wp.array(ptr=p, shape=3)

# -----

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{arrays have no attribute 'ptr' in kernels}}
    p = a.ptr

# -----

import warp as wp


@wp.kernel
def k(m: wp.array(dtype=int), a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.dense_gemm_batched() is registered by Warp 1.16 but has no implementation there}}
    wp.dense_gemm_batched(m, m, m, 0, 0, m, m, m, a, a, a)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.quaternion() dtype must be a float type (float16, float32 or float64), got int32}}
    q = wp.quaternion(dtype=wp.int32)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    # expected-error@+1 {{all values given when constructing a quaternion must have the same type}}
    q = wp.quaternion(a[i], a[i], d[i], 1.0)

# -----

import warp as wp


@wp.kernel
def k(v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    # expected-error@+1 {{wp.div_approx() divides a vector, matrix or quaternion by a scalar or a scalar by one, got vec3f and vec3f}}
    w = wp.div_approx(v[i], v[i])

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{wp.block_dim() takes no arguments}}
    a[0] = wp.block_dim(1)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{no overload of wp.dense_gemm() takes (int literal, int literal, int literal, int literal, int literal, array(dtype=int32), array(dtype=int32), array(dtype=int32)); Warp's overloads are:}}
    wp.dense_gemm(2, 2, 2, 0, 0, a, a, a)

# -----

import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float), n: int):
    # expected-error@+1 {{wp.identity() needs a constant n from 1 to 255}}
    m = wp.identity(n, dtype=float)

# -----

import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    # expected-error@+1 {{wp.transform_identity() needs a float dtype}}
    t = wp.transform_identity(wp.vec3)
