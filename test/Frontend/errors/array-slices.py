# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Array slices and unpacking array slices: what Warp rejects (test_unpack's
# negative tests) and what kdsl does not support. One case per chunk.

# slice-step-zero:
# A constant step of 0 (Warp: "Slice step cannot be zero").

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{slice step cannot be zero}}
    v = a[1:3:0]

# -----

# slice-float-bound:

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), x: float):
    # expected-error@+1 {{slice bounds and steps must be integers, got float32}}
    v = a[x:]

# -----

# slice-too-many-indices:

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{too many indices (3) for a 2-d array}}
    v = a[0, 1:, 2]

# -----

# slice-indexed-array:
# Warp's view of an indexed array takes plain indices only.

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{slices of indexed arrays are not supported}}
    v = a[1:]

# -----

# slice-assign-whole:
# A view is not assignable as a whole.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=float)):
    # expected-error@+1 {{cannot assign}}
    a[0:2] = b[0:2]

# -----

# unpack-non-constant-bounds:
# test_unpack.py test_unpack_error_non_constant_bounds.

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int), n: int):
    # expected-error@+1 {{the bounds and step of an unpacked array slice must be compile-time integer constants}}
    v = wp.vec3i(*arr[:n])

# -----

# unpack-missing-stop:
# test_unpack.py test_unpack_error_missing_stop_bound.

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{'*' on an array slice needs an explicit stop}}
    v = wp.vec3i(*arr[0:])

# -----

# unpack-negative-bound:
# test_unpack.py test_unpack_error_negative_index.

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{the bounds of an unpacked array slice cannot be negative}}
    v = wp.vec3i(*arr[:-3])

# -----

# unpack-negative-step:

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{the step of an unpacked array slice cannot be negative}}
    v = wp.vec3i(*arr[3:0:-1])

# -----

# unpack-2d:
# Only slices of 1-d arrays unpack.

import warp as wp


@wp.kernel
def k(arr: wp.array2d(dtype=int)):
    # expected-error@+1 {{'*' unpacks slices of 1-d arrays only, got a 2-d array}}
    v = wp.vec3i(*arr[0:3])

# -----

# unpack-index-and-slice:
# Warp unpacks an array only through one slice (a[0, 0:2] is an error there too).

import warp as wp


@wp.kernel
def k(arr: wp.array2d(dtype=int)):
    # expected-error@+1 {{'*' unpacks an array only through a slice with constant bounds}}
    v = wp.vec2i(*arr[0, 0:2])

# -----

# unpack-whole-array:

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{'*' unpacks an array only through a slice with constant bounds}}
    v = wp.vec2i(*arr)

# -----

# unpack-empty:

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{this unpacked array slice selects no element}}
    v = wp.max(*arr[2:2])

# -----

# shape-index-past-4:
# Warp's shape has 4 entries.

import warp as wp


@wp.kernel
def k(arr: wp.array(dtype=int)):
    # expected-error@+1 {{shape index must be a constant from 0 to 3 (1-d array: entries from 1 on are 0)}}
    n = arr.shape[4]

# -----

# rebind-in-loop:
# An array local takes another ndim only at the top of the body: inside an
# if or a loop, which of the two it holds afterwards would depend on the path.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), n: int):
    v = a[1:]
    if n > 0:
        # expected-error@+1 {{local variable 'v' changes type from array(dtype=float32, ndim=2) to array(dtype=float32) (locals keep the type of their first assignment)}}
        v = a[1:, 0]

# -----

# rebind-other-dtype:
# Warp compares arrays by kind and dtype: another dtype is an error there too.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), b: wp.array(dtype=int)):
    v = a[1:]
    # expected-error@+1 {{local variable 'v' changes type from array(dtype=float32, ndim=2) to array(dtype=int32)}}
    v = b[1:]

# -----

# float-index-beside-slice:
# An index beside a slice is an integer, as a plain index is (it used to reach
# MLIR generation and fail there as an internal error).

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    # expected-error@+1 {{indices must be integers, got float literal}}
    s = a[1.5, 0:2]
    out[0] = s[0]
