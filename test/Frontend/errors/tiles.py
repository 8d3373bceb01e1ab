# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Shape and dtype errors of Warp's tile builtins and operators (issue 30,
# docs/design/tiles.md slice 1). One case per chunk.

# shape-not-constant:
# A shape must be a compile-time constant (Warp requires static tile shapes).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    # expected-error@+1 {{wp.tile_load() tile shape must be compile-time integer constants (literals or wp.constant module constants)}}
    t = wp.tile_load(a, shape=n)

# -----

# shape-rank:
# The shape has the array's rank.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{wp.tile_load() shape has 1 extents for a 2-d array}}
    t = wp.tile_load(a, shape=8)

# -----

# shape-rank3:
# Tiles have 1 to 4 dimensions, as arrays.

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_zeros() tile shapes have 1 to 4 extents, got 5}}
    t = wp.tile_zeros(shape=(2, 2, 2, 2, 2), dtype=float)

# -----

# shape-zero:
# Extents are positive.

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_ones() tile extents must be positive, got 0}}
    t = wp.tile_ones(shape=(0, 4), dtype=float)

# -----

# offset-count:
# One offset per array dimension.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{wp.tile_load() offset has 1 entries for a 2-d array}}
    t = wp.tile_load(a, shape=(2, 2), offset=3)

# -----

# offset-float:
# Offsets are integers.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), x: float):
    # expected-error@+1 {{wp.tile_load() offsets must be integers, got float32}}
    t = wp.tile_load(a, shape=4, offset=x)

# -----

# load-not-array:
# tile_load reads an array.

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.tile_load() expects an array, got float32}}
    t = wp.tile_load(x, shape=4)

# -----

# store-dtype:
# The tile's dtype is the array's.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_zeros(shape=4, dtype=wp.float64)
    # expected-error@+1 {{wp.tile_store() tile dtype float64 does not match the array's float32}}
    wp.tile_store(a, t)

# -----

# store-rank:
# The tile's rank is the array's.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    t = wp.tile_zeros(shape=(2, 2), dtype=float)
    # expected-error@+1 {{wp.tile_store() of a 2-d tile into a 1-d array}}
    wp.tile_store(a, t)

# -----

# matmul-shapes:
# Inner extents agree.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=(8, 4), dtype=float)
    b = wp.tile_zeros(shape=(8, 4), dtype=float)
    # expected-error@+1 {{wp.tile_matmul() shapes do not match: tile(dtype=float32, shape=(8, 4)) @ tile(dtype=float32, shape=(8, 4))}}
    c = wp.tile_matmul(a, b)

# -----

# matmul-out-shape:
# The accumulator has the product's shape.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=(8, 4), dtype=float)
    b = wp.tile_zeros(shape=(4, 2), dtype=float)
    c = wp.tile_zeros(shape=(8, 8), dtype=float)
    # expected-error@+1 {{wp.tile_matmul() output tile(dtype=float32, shape=(8, 8)) does not have the shape (8, 2)}}
    wp.tile_matmul(a, b, c)

# -----

# matmul-1d:
# Operands are 2-d.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{wp.tile_matmul() operands are 2-d tiles, got tile(dtype=float32, shape=(8,))}}
    c = wp.tile_matmul(a, a)

# -----

# binary-shapes:
# Element-wise operators need one shape.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    b = wp.tile_zeros(shape=4, dtype=float)
    # expected-error@+1 {{operator '+' needs tiles of one shape, got tile(dtype=float32, shape=(8,)) and tile(dtype=float32, shape=(4,))}}
    c = a + b

# -----

# binary-dtypes:
# ... and one dtype.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    b = wp.tile_zeros(shape=8, dtype=wp.float64)
    # expected-error@+1 {{operator '-' needs tiles of one dtype}}
    c = a - b

# -----

# binary-scalar-type:
# A scalar operand has the tile's element type.

import warp as wp


@wp.kernel
def k(x: wp.float64):
    a = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{expected float32, got float64}}
    c = a * x

# -----

# binary-scalar-add:
# tile + scalar is not one of Warp's operators.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{operator '+' is not defined for tile(dtype=float32, shape=(8,)) and a number}}
    c = a + 1.0

# -----

# extract-indices:
# t[i, j] takes at most one index per dimension (fewer give a view).

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=(2, 2), dtype=float)
    # expected-error@+1 {{tile(dtype=float32, shape=(2, 2)) takes at most 2 indices, got 3}}
    x = a[0, 1, 0]

# -----

# extract-builtin-indices:
# wp.tile_extract likewise.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=(2, 2), dtype=float)
    # expected-error@+1 {{wp.tile_extract() takes 2 indices for tile(dtype=float32, shape=(2, 2)), got 3}}
    x = wp.tile_extract(a, 0, 1, 1)

# -----

# transpose-1d:
# Only 2-d tiles transpose.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=4, dtype=float)
    # expected-error@+1 {{wp.tile_transpose() expects a 2-d tile, got tile(dtype=float32, shape=(4,))}}
    t = wp.tile_transpose(a)

# -----

# broadcast-shape:
# NumPy's broadcasting rules.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=3, dtype=float)
    # expected-error@+1 {{wp.tile_broadcast() cannot broadcast tile(dtype=float32, shape=(3,)) to tile(dtype=float32, shape=(4, 8))}}
    t = wp.tile_broadcast(a, shape=(4, 8))

# -----

# sum-axis:
# The axis is a constant in range.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=(4, 8), dtype=float)
    # expected-error@+1 {{wp.tile_sum() axis must be a constant from 0 to 1}}
    s = wp.tile_sum(a, axis=2)

# -----

# arange-empty:
# The length is positive.

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_arange() gives an empty tile (length 0)}}
    t = wp.tile_arange(4, 4)

# -----

# storage:
# storage= is register or shared.

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_zeros() storage must be "register" or "shared"}}
    t = wp.tile_zeros(shape=4, dtype=float, storage="global")

# -----

# unknown-keyword:
# Warp's parameter names only.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.tile_load() got an unexpected keyword argument 'offsets'}}
    t = wp.tile_load(a, shape=4, offsets=1)

# -----

# tile-element-assign:
# An element assigned takes the tile's dtype.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=4, dtype=float)
    # expected-error@+1 {{assignment: expected float32, got vec3f}}
    a[0] = wp.vec3(1.0, 2.0, 3.0)

# -----

# map-shapes:
# tile_map's tiles have one shape.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    b = wp.tile_zeros(shape=4, dtype=float)
    # expected-error@+1 {{wp.tile_map() takes tiles of one shape, got tile(dtype=float32, shape=(8,)) and tile(dtype=float32, shape=(4,))}}
    c = wp.tile_map(wp.add, a, b)

# -----

# map-not-function:
# The first argument is a function.

import warp as wp


@wp.kernel
def k(x: float):
    a = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{wp.tile_map() expects a builtin (wp.sin) or a @wp.func as its first argument}}
    c = wp.tile_map(x, a)

# -----

# map-arity:
# The function takes the elements: its own rule reports a mismatch.

import warp as wp


@wp.kernel
def k():
    a = wp.tile_zeros(shape=8, dtype=float)
    # expected-error@+1 {{wp.sin() takes 1 argument(s), got 2}}
    c = wp.tile_map(wp.sin, a, a)

# -----

# ones-struct:
# No "one" of a struct (Warp rejects it too: test_tile_struct_ones_rejected).

import warp as wp


@wp.struct
class S:
    m: float


@wp.kernel
def k():
    # expected-error@+1 {{wp.tile_ones() dtype must be a scalar, vector or matrix type, got S}}
    t = wp.tile_ones(8, dtype=S)
