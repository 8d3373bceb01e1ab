# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Argument errors of the indexed tile memory ops (issue 30). One case per chunk.

# axis:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    rows = wp.tile_arange(4, dtype=int)
    # expected-error@+1 {{wp.tile_load_indexed() axis must be a constant from 0 to 1}}
    t = wp.tile_load_indexed(a, indices=rows, shape=(4, 4), axis=2)

# -----

# indices dtype: Warp's indices are int32.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    rows = wp.tile_arange(4, dtype=float)
    # expected-error@+1 {{wp.tile_load_indexed() indices must be a 1-d tile of int32, got tile(dtype=float32, shape=(4,))}}
    t = wp.tile_load_indexed(a, indices=rows, shape=(4, 4))

# -----

# indices extent along the axis:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    cols = wp.tile_arange(4, dtype=int)
    # expected-error@+1 {{wp.tile_store_indexed() indices has 4 elements for a tile of extent 8 along axis 1}}
    wp.tile_store_indexed(a, indices=cols, t=t, axis=1)

# -----

# indices not a tile:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), idx: wp.array(dtype=int)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{wp.tile_atomic_add_indexed() expects a 1-d tile of int32 indices}}
    wp.tile_atomic_add_indexed(a, idx, t)

# -----

# missing shape:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    rows = wp.tile_arange(4, dtype=int)
    # expected-error@+1 {{wp.tile_load_indexed() missing argument 'shape'}}
    t = wp.tile_load_indexed(a, indices=rows)

# -----

# bool atomic add:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=bool), b: wp.array2d(dtype=bool)):
    t = wp.tile_load(b, shape=(4, 8))
    rows = wp.tile_arange(4, dtype=int)
    # expected-error@+1 {{wp.tile_atomic_add_indexed() adds numbers, vectors, matrices or structs, not bool}}
    wp.tile_atomic_add_indexed(a, rows, t)

# -----

# gather with an index in another dimension:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), idx: wp.array(dtype=int)):
    t = wp.tile_load(a, shape=(4, 8))
    i = wp.tile_load(idx, shape=2)
    # expected-error@+1 {{indexing a tile with a tile of indices needs ':' in every other dimension (t[idx, :], t[:, idx])}}
    u = t[i, 1:3]

# -----

# gather with float indices:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    i = wp.tile_arange(4, dtype=float)
    # expected-error@+1 {{a tile of indices must be a 1-d tile of int32, got tile(dtype=float32, shape=(4,))}}
    u = t[i]

# -----

# no assignment through a gather (it is a copy):

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), idx: wp.array(dtype=int)):
    t = wp.tile_load(a, shape=8)
    i = wp.tile_load(idx, shape=2)
    # expected-error@+1 {{cannot assign to this expression}}
    t[i] = wp.tile_zeros(shape=2, dtype=float)
