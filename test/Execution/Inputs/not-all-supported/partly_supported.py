# One kernel kdsl does not support (wp.texture_sample) next to one it does:
# kdsl-run compiles only the kernels a spec launches (spec-strict.test).
# It lives in its own folder: the tests that translate every file of Inputs/
# (Target/verify-emitted.test, ...) would reject it.
import warp as wp


@wp.kernel
def uses_volume(volume: wp.uint64, out: wp.array(dtype=float)):
    tid = wp.tid()
    v = wp.texture_sample(volume, wp.vec3(0.0))
    out[tid] = 1.0


@wp.func
def twice(x: float):
    return 2.0 * x


@wp.kernel
def double_it(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    tid = wp.tid()
    out[tid] = twice(x[tid])
