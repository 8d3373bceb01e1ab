# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# What the forms of tests/Frontend/tiles-corpus.py still reject, as Warp
# does (issue 30). One case per chunk.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3)):
    t = wp.tile_load(a, shape=8)
    # Warp's invalid_tile_vec_mul_vec tests: no product of two vector tiles.
    # expected-error@+1 {{operator '*' is not defined for tile(dtype=vec3f, shape=(8,)) and tile(dtype=vec3f, shape=(8,))}}
    wp.tile_store(a, t * t)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.float64)):
    t = wp.tile_load(a, shape=8)
    s = wp.tile_load(b, shape=8)
    # expected-error@+1 {{operator '*': element types differ (float64 and vec3f)}}
    wp.tile_store(a, s * t)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{operator '&' is not defined for tile(dtype=float32, shape=(8,)) and tile(dtype=float32, shape=(8,))}}
    wp.tile_store(a, t & t)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.int64), b: wp.array(dtype=int)):
    t = wp.tile_load(a, shape=8)
    u = wp.tile_load(b, shape=8)
    # expected-error@+1 {{operator '|' is not defined for tile(dtype=int64, shape=(8,)) and tile(dtype=int32, shape=(8,))}}
    wp.tile_store(a, t | u)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=32)
    # expected-error@+1 {{wp.tile_reshape() cannot reshape tile(dtype=float32, shape=(32,)) (32 elements) with -1: the other extents multiply to 3, which does not divide it}}
    wp.tile_store(a, wp.tile_reshape(t, shape=(-1, 3)))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=32)
    # expected-error@+1 {{wp.tile_reshape() tile extents must be positive (or one -1), got -1}}
    wp.tile_store(a, wp.tile_reshape(t, shape=(-1, -1)))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.tile_zeros() tile extents must be positive, got -1}}
    t = wp.tile_zeros(shape=(-1, 4), dtype=float)

# -----

from typing import Literal

import warp as wp


@wp.func
# expected-note@+1 {{candidate: passthrough(t: wp.tile[float32, 8, 4])}}
def passthrough(t: wp.tile[float, Literal[8], Literal[4]]):
    return t


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{no overload of 'passthrough' takes the arguments (tile(dtype=float32, shape=(8, 8)))}}
    t = passthrough(wp.tile_load(a, shape=(8, 8)))

# -----

import warp as wp


@wp.func
# expected-note@+1 {{candidate: ints_only(t: wp.tile[int32])}}
def ints_only(t: wp.tile[int]):
    return t


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{no overload of 'ints_only' takes the arguments (tile(dtype=float32, shape=(8,)))}}
    t = ints_only(wp.tile_load(a, shape=8))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{wp.tile_view() takes no shape= with slice() offsets}}
    wp.tile_store(a, wp.tile_view(t, offset=(slice(0, 4),), shape=(4,)))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{slice step cannot be zero}}
    wp.tile_store(a, wp.tile_view(t, offset=(slice(0, 4, 0),)))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{slice() takes 1 to 3 positional arguments}}
    wp.tile_store(a, wp.tile_view(t, offset=(slice(),)))

# -----

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=S)):
    t = wp.tile_load(a, shape=8)
    # Warp's test_tile_struct_bitwise_inplace_rejected.
    # expected-error@+1 {{operator '&' is not defined for tile(dtype=S, shape=(8,)) and tile(dtype=S, shape=(8,))}}
    t &= t
