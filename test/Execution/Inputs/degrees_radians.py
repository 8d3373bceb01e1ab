# wp.degrees and wp.radians on float32 / float64 scalars and float32 vectors,
# forward and backward (degrees_radians.test).
import warp as wp


@wp.kernel
def angles(x: wp.array(dtype=float), y: wp.array(dtype=float),
           v: wp.array(dtype=wp.vec3), w: wp.array(dtype=wp.vec3),
           d: wp.array(dtype=wp.float64),
           deg: wp.array(dtype=float), rad: wp.array(dtype=float),
           vdeg: wp.array(dtype=wp.vec3), vrad: wp.array(dtype=wp.vec3),
           deg64: wp.array(dtype=wp.float64), rad64: wp.array(dtype=wp.float64)):
    i = wp.tid()
    deg[i] = wp.degrees(x[i])
    rad[i] = wp.radians(y[i])
    vdeg[i] = wp.degrees(v[i])
    vrad[i] = wp.radians(w[i])
    deg64[i] = wp.degrees(d[i])
    rad64[i] = wp.radians(d[i] * 2.0)
