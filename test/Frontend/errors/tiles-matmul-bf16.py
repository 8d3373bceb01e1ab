# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Warp 1.16's tile_matmul refuses a bfloat16 accumulator (the out tile, or the
# result of the returning form, which has a's dtype) and bfloat16 operands
# when the kernel has a backward pass (tests/tile/test_tile_matmul.py's
# *_bf16_*_rejected tests); without one, bfloat16 operands are fine.

import warp as wp


@wp.kernel
def out_bf16(A: wp.array2d(dtype=wp.bfloat16), C: wp.array2d(dtype=wp.bfloat16)):
    a = wp.tile_load(A, shape=(4, 4))
    c = wp.tile_zeros(shape=(4, 4), dtype=wp.bfloat16)
    # expected-error@+1 {{wp.tile_matmul() does not support a bfloat16 'out' tile: the accumulator is float16, float32 or float64, as in Warp}}
    wp.tile_matmul(a, a, c)
    wp.tile_store(C, c)

# -----

import warp as wp


@wp.kernel(enable_backward=False)
def return_bf16(A: wp.array2d(dtype=wp.bfloat16), C: wp.array2d(dtype=wp.bfloat16)):
    a = wp.tile_load(A, shape=(4, 4))
    # expected-error@+1 {{wp.tile_matmul() does not support a bfloat16 'out' tile}}
    wp.tile_store(C, wp.tile_matmul(a, a))

# -----

import warp as wp


@wp.kernel
def b_bf16(A: wp.array2d(dtype=float), B: wp.array2d(dtype=wp.bfloat16), C: wp.array2d(dtype=float)):
    a = wp.tile_load(A, shape=(4, 4))
    b = wp.tile_load(B, shape=(4, 4))
    c = wp.tile_zeros(shape=(4, 4), dtype=float)
    # expected-error@+1 {{wp.tile_matmul() does not support bfloat16 'a' or 'b' tiles when the backward pass is enabled}}
    wp.tile_matmul(a, b, c)
    wp.tile_store(C, c)

# -----

import warp as wp


# No backward pass: bfloat16 operands into a float32 accumulator translate.
@wp.kernel(enable_backward=False)
def forward_only(A: wp.array2d(dtype=wp.bfloat16), C: wp.array2d(dtype=float)):
    a = wp.tile_load(A, shape=(4, 4))
    c = wp.tile_zeros(shape=(4, 4), dtype=float)
    wp.tile_matmul(a, a, c)
    wp.tile_store(C, c)
