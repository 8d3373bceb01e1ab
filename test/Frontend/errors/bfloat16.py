# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# wp.bfloat16 misuse (Warp 1.16): one case per chunk.

# Warp names no bfloat16 vector types: vec3bf16 is only a kdsl-run dtype.

import warp as wp


# expected-error@+2 {{unsupported type annotation 'wp.vec3bf16'}}
@wp.kernel
def k(a: wp.array(dtype=wp.vec3bf16)):
    pass

# -----

# atomic_cas / atomic_exch do not take bfloat16 arrays (Warp: [u]int32,
# [u]int64, float32, float64 only).

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16)):
    # expected-error@+1 {{wp.atomic_cas() is not supported on arrays of bfloat16}}
    wp.atomic_cas(a, 0, wp.bfloat16(1.0), wp.bfloat16(2.0))

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16)):
    # expected-error@+1 {{wp.atomic_exch() is not supported on arrays of bfloat16}}
    wp.atomic_exch(a, 0, wp.bfloat16(1.0))

# -----

# atomic_min / atomic_max take bfloat16 but still not float16 arrays.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.float16)):
    # expected-error@+1 {{wp.atomic_min() is not supported on arrays of float16}}
    wp.atomic_min(a, 0, wp.float16(1.0))

# -----

# bfloat16 and float16 do not mix without a conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16), h: wp.array(dtype=wp.float16)):
    # expected-error@+1 {{operator '+': operands have different types bfloat16 and float16}}
    x = a[0] + h[0]

# -----

# A float32 value is not stored into a bfloat16 element implicitly.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16), f: wp.array(dtype=float)):
    # expected-error@+1 {{assignment: expected bfloat16, got float32}}
    a[0] = f[0]

# -----

# A bfloat16 local keeps its type.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16)):
    x = a[0]
    # expected-error@+1 {{local variable 'x' changes type from bfloat16 to float32}}
    x = 1.0 + float(x)
