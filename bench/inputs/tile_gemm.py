# The tiled fp32 GEMM of issue 30's benchmark (bench/tile_gemm.cpp): Warp's tile GEMM
# (example_tile_matmul style), 64x64 tiles accumulated over K in 64-wide steps.
# Launched as wp.launch_tiled(tile_gemm, dim=(M / 64, N / 64), block_dim=64).
import warp as wp

TILE_M = wp.constant(64)
TILE_N = wp.constant(64)
TILE_K = wp.constant(64)


@wp.kernel
def tile_gemm(A: wp.array2d(dtype=float), B: wp.array2d(dtype=float), C: wp.array2d(dtype=float)):
    i, j = wp.tid()
    acc = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=float)
    count = int(A.shape[1] / TILE_K)
    for k in range(0, count):
        a = wp.tile_load(A, shape=(TILE_M, TILE_K), offset=(i * TILE_M, k * TILE_K))
        b = wp.tile_load(B, shape=(TILE_K, TILE_N), offset=(k * TILE_K, j * TILE_N))
        wp.tile_matmul(a, b, acc)
    wp.tile_store(C, acc, offset=(i * TILE_M, j * TILE_N))
