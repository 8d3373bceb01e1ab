# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Hash grid queries (docs/language.md 8.9a): wrong arguments, index locals
# that are compile-time constants, query loops kdsl does not take.

# index-constant-local: hash_grid_query_next writes `index`, as a wp.ref[int].

import warp as wp


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.hash_grid_query(grid, x[i], 0.5)
    index = 0
    # expected-error@+1 {{cannot pass the constant local 'index' to the wp.ref[int32] parameter 'index' of 'wp.hash_grid_query_next' (it holds a compile-time constant): declare it as index = wp.int32(0) to make it a variable, as Warp asks}}
    while wp.hash_grid_query_next(q, index):
        out[i] += 1

# -----

# index-temporary

import warp as wp


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.hash_grid_query(grid, x[i], 0.5)
    index = int(0)
    # expected-error@+1 {{the wp.ref[int32] parameter 'index' of 'wp.hash_grid_query_next' needs an addressable expression}}
    while wp.hash_grid_query_next(q, index + 1):
        out[i] += 1

# -----

# radius-precision: the radius has the point's scalar type.

import warp as wp


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), r: wp.float64):
    i = wp.tid()
    # expected-error@+1 {{no overload of wp.hash_grid_query() takes (uint64, vec3f, float64); Warp's overloads are:}}
    q = wp.hash_grid_query(grid, x[i], r)

# -----

# grid-id-type: a grid id is a wp.uint64.

import warp as wp


@wp.kernel
def k(grid: int, out: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{no overload of wp.hash_grid_point_id() takes (int32, int32)}}
    out[i] = wp.hash_grid_point_id(grid, i)

# -----

# query-annotation-dtype

import warp as wp


# expected-error@+2 {{wp.HashGridQuery[...] takes one dtype: float16, float32 or float64}}
@wp.func
def f(q: wp.HashGridQuery[wp.int32]) -> int:
    return 0


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    out[i] = f(wp.hash_grid_query(grid, x[i], 0.5))

# -----

# next-in-and-operand: the query's writes need the condition's own level.

import warp as wp


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.hash_grid_query(grid, x[i], 0.5)
    index = int(0)
    # expected-error@+1 {{kdsl cannot call a function with wp.ref[T] parameters inside a conditional expression or an 'and'/'or' operand yet}}
    while i > 0 and wp.hash_grid_query_next(q, index):
        out[i] += 1

# -----

# for-tuple-target

import warp as wp


@wp.kernel
def k(grid: wp.uint64, x: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error@+1 {{the target of a loop over a hash grid query must be a single name}}
    for a, b in wp.hash_grid_query(grid, x[i], 0.5):
        out[i] += 1
