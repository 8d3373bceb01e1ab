# Arguments Warp declares unsigned (unsigned-args.test).
import warp as wp


@wp.kernel
def hash_it(seeds: wp.array(dtype=wp.uint32), out: wp.array(dtype=wp.uint32), v: wp.array(dtype=wp.vec2ui), s: wp.uint32, signed_out: wp.array(dtype=wp.int32)):
    i = wp.tid()
    out[i] = seeds[i] * wp.uint32(2654435761)
    v[i] = wp.vec2ui(out[i], s)
    signed_out[i] = wp.int32(out[i])
