# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Arrays: indexing, stores, atomics, shapes.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# array-index-float:
# A float array index.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{indices must be integers, got float32}}
    c = a[x]

# -----

# array-ndim-0:
# ndim 0.

import warp as wp


@wp.kernel
# expected-error@+1 {{array ndim must be a constant from 1 to 4}}
def k(x: wp.array(dtype=float, ndim=0)):
    pass

# -----

# array-ndim-5:
# ndim above 4.

import warp as wp


@wp.kernel
# expected-error@+1 {{array ndim must be a constant from 1 to 4}}
def k(x: wp.array(dtype=float, ndim=5)):
    pass

# -----

# array-of-arrays:
# An array whose elements are arrays.

import warp as wp


@wp.kernel
# expected-error@+1 {{arrays of arrays are not supported}}
def k(x: wp.array(dtype=wp.array(dtype=float))):
    pass

# -----

# array-too-many-indices:
# Two indices on a 1-d array.

import warp as wp


@wp.kernel
def k(b: wp.array(dtype=int)):
    i = wp.tid()
    # expected-error-re@+1 {{too many indices (2) for a {{.*}}-d array}}
    c = b[i, i]

# -----

# array-unknown-attribute:
# An unknown attribute of an array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{arrays have no attribute 'foo' in kernels (only .shape, .ndim and .ptr)}}
    b = a.foo

# -----

# array-view-indexing:
# Indexing a 2-d array with one index is a view (a 1-d array, test/Frontend/
# array-views.py), not an element.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    # expected-error@+1 {{assignment: expected float32, got array(dtype=float32)}}
    out[i] = a[i]

# -----

# array-view-assignment:
# A view is not assignable as a whole.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    # expected-error@+1 {{cannot assign to this expression}}
    a[i] = out

# -----

# atomic-add-int8:
# Atomics are not defined on int8 arrays.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.int8)):
    # expected-error@+1 {{wp.atomic_add() is not supported on arrays of int8}}
    wp.atomic_add(a, 0, wp.int8(1))

# -----

# atomic-arity-message:
# Regression (was a bug): the numbers are lost from the message: it reads
#   wp.atomic_add() on a \x02-d array takes the array, \x02 index(es) and a value
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character).

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    i, j = wp.tid()
    # expected-error@+1 {{wp.atomic_add() on a 2-d array takes the array, 2 index(es) and a value}}
    wp.atomic_add(a, i, 1.0)

# -----

# atomic-min-float16:
# wp.atomic_min is not defined on float16 arrays.

import warp as wp


@wp.kernel
def k(hs: wp.array(dtype=wp.float16)):
    i = wp.tid()
    # expected-error@+1 {{wp.atomic_min() is not supported on arrays of float16}}
    wp.atomic_min(hs, i, wp.float16(1.0))

# -----

# atomic-wrong-index-count:
# wp.atomic_add with one index on a 2-d array.

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    i, j = wp.tid()
    # expected-error-re@+1 {{wp.atomic_add() on a {{.*}}-d array takes the array, {{.*}} index(es) and a value}}
    wp.atomic_add(a, i, 1.0)

# -----

# shape-index-out-of-range:
# a.shape[4]: Warp's shape has 4 entries (a.shape[1] of a 1-d array is 0).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{shape index must be a constant from 0 to 3 (1-d array: entries from 1 on are 0)}}
    c = a.shape[4]

# -----

# shape-index-variable:
# a.shape[d] needs a constant d.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{shape index must be a constant from 0 to 3}}
    c = a.shape[n]

# -----

# store-float-into-int-array:
# Storing a float32 value into an int32 array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{assignment: expected int32, got float32}}
    b[i] = x

# -----

# store-int-into-float-array:
# Storing an int32 variable into a float32 array.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{assignment: expected float32, got int32}}
    a[i] = n

# -----

# too-many-indices-message:
# Regression (was a bug): the dimension count is lost from the message: it reads
#   too many indices (2) for a \x01-d array
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{too many indices (2) for a 1-d array}}
    c = b[i, i]

# -----

# view-indexing-message:
# Regression (was a bug): the dimension count is lost from the message: it read
#   indexing a \x02-d array with 1 index(es): array views are not supported
# (ndim is a uint8_t passed to llvm::Twine, printed as a raw character). Views
# are supported now; the too-many-indices message of a view's rank is checked.

import warp as wp


@wp.kernel
def k(a: wp.array3d(dtype=float), out: wp.array(dtype=float)):
    i, j = wp.tid()
    # expected-error@+1 {{too many indices (3) for a 2-d array}}
    out[i] = a[i][j, 1, 2]

# -----

# indexed-array-is-not-array:
# An indexed array is no wp.array: not for a func parameter of that type, not
# for a generic wp.array(dtype=Any) (Warp's type_matches_template), not for
# the same local, not for wp.lower_bound (Warp's takes array(dtype=Scalar)).

import warp as wp


@wp.func
def f(x: wp.array(dtype=float)):
    return x[0]


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{argument 'x': expected array(dtype=float32), got indexedarray(dtype=float32)}}
    f(a)

# -----

import warp as wp


@wp.func
# expected-note@+1 {{candidate: g(x: Any)}}
def g(x: wp.array(dtype=wp.types.Any)):
    return x[0]


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{no overload of 'g' takes the arguments (indexedarray(dtype=float32))}}
    g(a)

# -----

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{wp.lower_bound() expects a 1-d array of scalars, got indexedarray(dtype=float32)}}
    x = wp.lower_bound(a, 1.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float), b: wp.array(dtype=float)):
    c = a
    # expected-error@+1 {{local variable 'c' changes type from indexedarray(dtype=float32) to array(dtype=float32)}}
    c = b

# -----

# indexed-array-indices:
# Indexing and atomics count an indexed array's dimensions as an array's;
# it is no operand of arithmetic.

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{too many indices (2) for a 1-d array}}
    x = a[0, 1]

# -----

import warp as wp


@wp.kernel
def k(b: wp.indexedarray2d(dtype=float)):
    # expected-error@+1 {{too many indices (3) for a 1-d array}}
    y = b[0][1, 2, 3]

# -----

import warp as wp


@wp.kernel
def k(b: wp.indexedarray2d(dtype=float)):
    # expected-error@+1 {{wp.atomic_add() on a 2-d array takes the array, 2 index(es) and a value}}
    wp.atomic_add(b, 0, 1.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.indexedarray(dtype=float)):
    # expected-error@+1 {{operator '+' cannot be applied to indexedarray(dtype=float32)}}
    z = a + 1.0

# -----

# indexed-array-annotations:
# ndim beyond 1 to 4 (also as Literal[N]); unknown keywords; no dtype.

from typing import Literal

import warp as wp


@wp.kernel
# expected-error@+1 {{array ndim must be a constant from 1 to 4}}
def k(a: wp.indexedarray[float, Literal[5]]):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{unsupported array annotation argument 'shape'}}
def k(a: wp.indexedarray(dtype=float, shape=(2,))):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{array annotations need a dtype, e.g. wp.indexedarray2d(dtype=float)}}
def k(a: wp.indexedarray2d(ndim=2)):
    pass

# -----

# other-array-kinds:
# Warp's Fabric arrays and stack-allocated fixed arrays are named as not
# supported, in every annotation form.

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.fabricarray (Omniverse Fabric data) is not supported by kdsl; use wp.array or wp.indexedarray}}
def k(a: wp.fabricarray(dtype=float)):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.indexedfabricarray (Omniverse Fabric data) is not supported by kdsl}}
def k(a: wp.indexedfabricarray[float]):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.fabricarrayarray (Omniverse Fabric data) is not supported by kdsl}}
def k(a: wp.fabricarrayarray(dtype=float)):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.indexedfabricarrayarray (Omniverse Fabric data) is not supported by kdsl}}
def k(a: wp.indexedfabricarrayarray):
    pass

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{wp.fixedarray is supported only as a func's return annotation (a fixed-size array on the thread's stack is made with wp.zeros(shape, dtype) in kernel code and passed to funcs as a wp.array)}}
def k(a: wp.fixedarray(dtype=float, shape=(2,))):
    pass
