# The kernel of Warp 1.16's warp/tests/test_rand.py test_rand (seed 42, 10
# threads): warp_rand_values.test compares kdsl's values with the ones that
# test asserts, which Warp itself produced.
import warp as wp


@wp.kernel
def rand_values(kernel_seed: int, int_a: wp.array(dtype=int), int_ab: wp.array(dtype=int),
                uint_a: wp.array(dtype=wp.uint32), uint_ab: wp.array(dtype=wp.uint32),
                float_01: wp.array(dtype=float), float_ab: wp.array(dtype=float)):
    tid = wp.tid()
    state = wp.rand_init(kernel_seed, tid)
    int_a[tid] = wp.randi(state)
    int_ab[tid] = wp.randi(state, 0, 100)
    uint_a[tid] = wp.randu(state)
    uint_ab[tid] = wp.randu(state, wp.uint32(0), wp.uint32(100))
    float_01[tid] = wp.randf(state)
    float_ab[tid] = wp.randf(state, 0.0, 100.0)
