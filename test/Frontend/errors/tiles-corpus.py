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

# -----

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=S)):
    t = wp.tile_load(a, shape=8)
    # Struct tiles take + and - only (field by field).
    # expected-error@+1 {{operator '*' is not defined for tile(dtype=S, shape=(8,)) and tile(dtype=S, shape=(8,))}}
    wp.tile_store(a, t * t)

# -----

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=S)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{operator '+=' on an element of a tile of S needs a S, got a number}}
    t[0] += 1.0

# -----

import warp as wp


@wp.kernel
def k(b: wp.array(dtype=wp.int8)):
    # Warp's test_tile_atomic_add_unsupported_types.
    # expected-error@+1 {{wp.tile_atomic_add() only supports integers of 32 or 64 bits, floats, and vectors, matrices or structs of them, not int8}}
    wp.tile_atomic_add(b, wp.tile_load(b, shape=8))

# -----

import warp as wp


@wp.kernel
def k():
    tb = wp.tile_zeros(shape=8, dtype=bool)
    # expected-error@+1 {{wp.tile_scatter_add() adds numbers, vectors, matrices or structs, not bool}}
    wp.tile_scatter_add(tb, 0, True, True)

# -----

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_scatter_add() a must be a local variable (Warp updates it in place)}}
    wp.tile_scatter_add(wp.tile_zeros(shape=8, dtype=float), 0, 1.0, True)

# -----

import warp as wp


@wp.kernel
def k(flag: int):
    t = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{wp.tile_scatter_add() atomic must be a constant True or False}}
    wp.tile_scatter_add(t, 0, 1.0, True, atomic=flag > 0)

# -----

import warp as wp


@wp.kernel
def k():
    t = wp.tile_zeros(shape=(2, 4), dtype=float)
    # One index per dimension of the tile.
    # expected-error@+1 {{wp.tile_scatter_masked() missing argument 'has_value'}}
    wp.tile_scatter_masked(t, 0, 1.0, True)

# -----

import warp as wp


# expected-error@+2 {{a wp.tile_stack annotation takes a positive constant capacity and a dtype: wp.tile_stack(capacity=C, dtype=T)}}
@wp.func
def f(s: wp.tile_stack(dtype=int), v: int):
    wp.tile_stack_push(s, v, True)

# -----

import warp as wp


@wp.func
def f(s: wp.tile_stack(capacity=8, dtype=int), v: int):
    wp.tile_stack_push(s, v, True)


@wp.kernel
def k():
    s = wp.tile_stack(capacity=4, dtype=int)
    # expected-error@+1 {{argument 's': expected tile_stack(dtype=int32, capacity=8), got tile_stack(dtype=int32, capacity=4)}}
    f(s, 1)

# -----

import warp as wp


@wp.kernel
def k(seed: int):
    rng = wp.rand_init(seed)
    # expected-error@+1 {{wp.tile_randf() takes both min and max, or neither}}
    t = wp.tile_randf(shape=4, rng=rng, min=1.0)

# -----

import warp as wp


@wp.kernel
def k(seed: int):
    # expected-error@+1 {{wp.tile_randi() rng: expected uint32, got float32}}
    t = wp.tile_randi(shape=4, rng=1.5 * float(seed))

# -----

import warp as wp

a, b = 1, 2
# A right side naming a target: both are values only Python knows.
a, b = b, a


@wp.kernel
def k(out: wp.array(dtype=int)):
    # expected-error@+1 {{name 'a' is not a constant, @wp.func or @wp.struct visible to kernel code}}
    out[0] = a
