# A tile element used both per lane (a store of every lane) and by the
# block's tile ops (a scale of a loaded tile), in a kernel with per-lane
# steps (t[j] +=): the element's adjoint is every lane's share of the store
# plus the tile ops' part once (test/Autodiff/Execution/tile-extract-mixed.test).
import warp as wp


@wp.kernel
def mixed(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
          loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    t = wp.tile_zeros(shape=8, dtype=wp.float64)
    t[j] += x[j] * x[j]
    e = t[1]
    y[j] = e * w[j]
    u = wp.tile_load(w, shape=8) * e
    wp.tile_atomic_add(loss, wp.tile_sum(u * u))
