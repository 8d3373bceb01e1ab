# t[i] op= v and tile_scatter_add / tile_scatter_masked of @wp.struct
# elements by every lane of a block, in float64, for the finite-difference
# gradient checks of tile-struct-scatter.test (issue 30,
# docs/design/tiles.md "Tiles of structs").
import warp as wp

T = wp.constant(3)


@wp.struct
class Sd:
    m: wp.float64
    v: wp.vec3d
    id: wp.int32


@wp.func
def bend(a: Sd) -> Sd:
    r = Sd()
    r.m = a.m * a.v[0] + wp.sin(a.m)
    r.v = a.v * a.m + wp.vec3d(a.v[2], a.v[0], a.v[1])
    r.id = a.id
    return r


@wp.func
def score(a: Sd) -> wp.float64:
    return a.m * wp.dot(a.v, a.v) + wp.cos(a.m)


# Lane j of block i takes x[i * B + j]. Adds and subtractions with several
# lanes on one element; an assignment by lanes 0 and 1 (to distinct
# elements, overwriting what init and the updates put there); a masked
# scatter_add. init's elements flow through the updates to the loss.
@wp.kernel
def scatter(x: wp.array(dtype=Sd), init: wp.array(dtype=Sd), loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    r = x[i * wp.block_dim() + j]
    t = wp.tile_load(init, shape=T)
    t[j % T] += r
    t[(j + 1) % T] -= bend(r)
    wp.tile_scatter_masked(t, T - 1 - j, bend(bend(r)), j < 2)
    wp.tile_scatter_add(t, j % T, r, j % 2 == 0)
    wp.tile_atomic_add(loss, wp.tile_sum(wp.tile_map(score, t)))


# Every lane adds into the one element (Warp's collision test), then a
# nonlinear function of the sum; and t[j] = x[j] into a zero tile (Warp's
# element assignment test), lanes past the tile assigning nothing.
@wp.kernel
def collide(x: wp.array(dtype=Sd), loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    r = x[i * wp.block_dim() + j]
    one = wp.tile_zeros(shape=1, dtype=Sd)
    wp.tile_scatter_add(one, 0, r, True)
    z = wp.tile_zeros(shape=T, dtype=Sd)
    z[j] = bend(r)
    wp.tile_atomic_add(loss, wp.tile_sum(wp.tile_map(score, one)) + wp.tile_sum(wp.tile_map(score, z)))


# The same updates on a float64 tile (the rule's scalar case); x is read
# both as the lanes' values and as the tile.
@wp.kernel
def floats(x: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    v = x[i * wp.block_dim() + j]
    t = wp.tile_load(x, shape=T)
    t[j % T] += v * v
    t[(j + 2) % T] -= wp.sin(v)
    wp.tile_scatter_masked(t, j, v * v * v, j < 2)
    wp.atomic_add(loss, 0, wp.tile_extract(wp.tile_sum(t * t), 0))


# Warp's tile_struct_scatter_add_grad_kernel: each lane adds into its own
# element and reads it back; the per-lane read's adjoint is every lane's own
# (a per-lane scatter in the adjoint). And a value of the block read by
# every lane and added to the loss by every lane's atomic.
@wp.kernel
def readback(x: wp.array(dtype=Sd), loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    t = wp.tile_zeros(shape=4, dtype=Sd)
    wp.tile_scatter_add(t, j, x[i * wp.block_dim() + j], True)
    wp.atomic_add(loss, 0, score(wp.tile_extract(t, j)))
    s = wp.tile_extract(wp.tile_sum(wp.tile_map(score, t)), 0)
    wp.atomic_add(loss, 0, s * s)
