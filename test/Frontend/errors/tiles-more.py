# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Shape, dtype and in-place errors of the tile views, element updates,
# reductions, solvers and FFT (issue 30). One case per chunk.

# view-write:
# Warp writes through a view into its source; kdsl tiles are values.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    row = t[1]
    # expected-error@+1 {{'row' is a view of another tile: Warp writes through a view into its source, and kdsl tiles are values; write the source instead (t[i] = row, t[a:b, :] = u, wp.tile_assign(t, u, offset=...))}}
    row[0] = 1.0

# -----

# view-assign-builtin:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    v = wp.tile_view(t, offset=(0, 0), shape=(2, 8))
    # expected-error@+1 {{'v' is a view of another tile}}
    wp.tile_assign(v, wp.tile_zeros(shape=(2, 8), dtype=float))

# -----

# view-shape:
# A view assigned needs a tile of its shape.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{cannot assign tile(dtype=float32, shape=(3, 8)) to a tile view of tile(dtype=float32, shape=(2, 8)) (the shape and dtype must match)}}
    t[0:2, :] = wp.tile_zeros(shape=(3, 8), dtype=float)

# -----

# view-augassign:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{augmented assignment to a tile view (t[a:b] += u, t[i] += u) is not supported (as in Warp): read the view, update it, assign it}}
    t[0] += wp.tile_ones(shape=8, dtype=float)

# -----

# index-range:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{index 4 is out of range for dimension 0 of tile(dtype=float32, shape=(4, 8))}}
    u = t[4]

# -----

# view-fit:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{wp.tile_view() view does not fit in dimension 1 of tile(dtype=float32, shape=(4, 8)) (start 4, extent 8)}}
    u = wp.tile_view(t, offset=(0, 4), shape=(4, 8))

# -----

# argmin-bool:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=bool)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{wp.tile_argmin() compares numbers, not bool}}
    u = wp.tile_argmin(t)

# -----

# reduce-type:

import warp as wp


@wp.func
def f(a: float, b: float):
    return a > b


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{wp.tile_reduce() operator must return the tile's dtype float32, got bool}}
    u = wp.tile_reduce(f, t)

# -----

# reshape-count:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{wp.tile_reshape() cannot reshape tile(dtype=float32, shape=(8,)) (8 elements) to tile(dtype=float32, shape=(3, 3))}}
    u = wp.tile_reshape(t, shape=(3, 3))

# -----

# squeeze-axis:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(2, 8))
    # expected-error@+1 {{wp.tile_squeeze() cannot squeeze dimension 0 of tile(dtype=float32, shape=(2, 8)): its extent is not 1}}
    u = wp.tile_squeeze(t, axis=0)

# -----

# cholesky-square:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 8))
    # expected-error@+1 {{wp.tile_cholesky() A must be a square 2-d tile, got tile(dtype=float32, shape=(4, 8))}}
    u = wp.tile_cholesky(t)

# -----

# cholesky-dtype:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=wp.float16)):
    t = wp.tile_load(a, shape=(4, 4))
    # expected-error@+1 {{wp.tile_cholesky() A must have float32 or float64 elements, got tile(dtype=float16, shape=(4, 4))}}
    u = wp.tile_cholesky(t)

# -----

# fill-mode:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 4))
    # expected-error@+1 {{wp.tile_cholesky() fill_mode must be "lower" or "upper"}}
    u = wp.tile_cholesky(t, fill_mode="diagonal")

# -----

# solve-rows:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(4, 4))
    y = wp.tile_load(b, shape=8)
    # expected-error@+1 {{wp.tile_lower_solve() y must be a 1-d or 2-d tile of 4 rows, got tile(dtype=float32, shape=(8,))}}
    u = wp.tile_lower_solve(t, y)

# -----

# solve-inplace-local:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(4, 4))
    # expected-error@+1 {{wp.tile_upper_solve_inplace() z must be a local variable (Warp updates it in place)}}
    wp.tile_upper_solve_inplace(t, wp.tile_load(b, shape=4))

# -----

# fft-dtype:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(2, 8))
    # expected-error@+1 {{wp.tile_fft() takes a tile of complex numbers (vec2f or vec2d), got tile(dtype=float32, shape=(2, 8))}}
    wp.tile_fft(t)

# -----

# fft-rank:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec2f)):
    t = wp.tile_load(a, shape=8)
    # expected-error@+1 {{wp.tile_ifft() takes a tile of rank 2 or more (batches of rows), got tile(dtype=vec2f, shape=(8,))}}
    wp.tile_ifft(t)

# -----

# matmul-alpha:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), s: float):
    t = wp.tile_load(a, shape=(4, 4))
    # expected-error@+1 {{wp.tile_matmul() alpha must be a compile-time number in kdsl}}
    u = wp.tile_matmul(t, t, alpha=s)

# -----

# diag-add:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    t = wp.tile_load(a, shape=(4, 4))
    # expected-error@+1 {{wp.tile_diag_add() d must be a 1-d tile of 4 float32, got tile(dtype=float32, shape=(2,))}}
    u = wp.tile_diag_add(t, wp.tile_ones(shape=2, dtype=float))

# -----

# lanes-shape:
# wp.tile(x)'s extent is the block dimension, known at launch only.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile(a[i])
    # expected-error@+1 {{operator '+' needs tiles of one shape, got tile(dtype=float32, shape=(block_dim,)) and tile(dtype=float32, shape=(4,))}}
    u = t + wp.tile_zeros(shape=4, dtype=float)

# -----

# untile-static:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=4)
    # expected-error@+1 {{wp.untile() takes a tile whose last extent is the block dimension (of wp.tile(x)), got tile(dtype=float32, shape=(4,))}}
    x = wp.untile(t)

# -----

# stack-arg:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int)):
    # expected-error@+1 {{wp.tile_stack_count() expects a wp.tile_stack, got array(dtype=int32)}}
    n = wp.tile_stack_count(a)
