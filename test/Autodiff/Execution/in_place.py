# Kernels that update arrays in place (in_place.test). Expected gradients by
# hand, next to each kernel; --check-grads compares them with float64 finite
# differences too.
import warp as wp


# x_new = x^2 f: with the seed 1 on x_new, df = x^2 (the x before the
# launch): x = [0.3, 2.0] -> [0.09, 4.0]. The adjoint's replay on the x the
# launch wrote would give x_new^2 = [0.000324, 36.0].
@wp.kernel
def square_scale(x: wp.array(dtype=wp.float64), f: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x[i] = x[i] * x[i] * f[i]


# Launch 0 reads x, launch 1 overwrites it: the gradient of f through
# y = x f is the x launch 0 read: x = [0.3, 2.0] -> df = [0.3, 2.0] (not
# launch 1's 5.0).
@wp.kernel
def mul(x: wp.array(dtype=wp.float64), f: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = x[i] * f[i]


@wp.kernel
def overwrite(x: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x[i] = wp.float64(5.0)


# Written, then read by the same thread: the replay must read what the
# launch wrote. y = (2f)^2 f = 4 f^3 and v_new = v + f (an additive update,
# which needs no old value), both seeded with 1: df = 12 f^2 + 1: f = [0.5,
# -1.5] -> [4.0, 28.0].
@wp.kernel
def write_then_read(x: wp.array(dtype=wp.float64), f: wp.array(dtype=wp.float64),
                    y: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x[i] = f[i] * wp.float64(2.0)
    y[i] = x[i] * x[i] * f[i]
    v[i] = v[i] + f[i]


# For the size limit of the saved arrays (in_place.limit.json): 130 launches
# that each overwrite a 64 MiB x would save 8.2 GiB.
@wp.kernel
def square_sum(x: wp.array(dtype=wp.float64), f: wp.array(dtype=wp.float64), l: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x[i] = x[i] * x[i] * f[i]
    wp.atomic_add(l, 0, x[i])


# The same in tiles: x_new = x^2 f through tile_load / tile_store of one
# array (the adjoint needs the tile of x the launch read and overwrote):
# df = x^2 of the x before the launch: x = [0.3, 2.0, -1.0] -> [0.09, 4.0,
# 1.0].
@wp.kernel
def tile_square_scale(x: wp.array(dtype=wp.float64), f: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = wp.tile_load(x, shape=4, offset=i * 4)
    s = wp.tile_load(f, shape=4, offset=i * 4)
    wp.tile_store(x, t * t * s, offset=i * 4)
