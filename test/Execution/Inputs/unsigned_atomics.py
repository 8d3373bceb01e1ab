import warp as wp

# atomic_min / atomic_max on unsigned arrays compare as unsigned: 4294967280
# (0xFFFFFFF0) is the largest uint32 here, not -16.
@wp.kernel
def umin_umax(vals: wp.array(dtype=wp.uint32), lo: wp.array(dtype=wp.uint32), hi: wp.array(dtype=wp.uint32),
              lo64: wp.array(dtype=wp.uint64), v2: wp.array(dtype=wp.vec2ui)):
    i = wp.tid()
    v = vals[i]
    wp.atomic_min(lo, 0, v)
    wp.atomic_max(hi, 0, v)
    wp.atomic_min(lo64, 0, wp.uint64(v) * wp.uint64(4294967296))
    wp.atomic_max(v2, 0, wp.vec2ui(v, wp.uint32(7)))

# The signed kinds stay signed.
@wp.kernel
def smin_smax(vals: wp.array(dtype=wp.int32), lo: wp.array(dtype=wp.int32), hi: wp.array(dtype=wp.int32)):
    i = wp.tid()
    wp.atomic_min(lo, 0, vals[i])
    wp.atomic_max(hi, 0, vals[i])
