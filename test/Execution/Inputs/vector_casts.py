# Vectors and matrices converted to another scalar type (test/Execution/vector-casts.test).
import warp as wp


@wp.kernel
def vector_casts(a: wp.array(dtype=wp.vec3f), m: wp.array(dtype=wp.mat22d), out_v: wp.array(dtype=wp.vec3d),
          out_m: wp.array(dtype=wp.mat22f), out_i: wp.array(dtype=wp.vec3i)):
    i = wp.tid()
    out_v[i] = wp.vec3d(a[i]) * wp.float64(2.0)
    out_m[i] = wp.mat22f(m[i])
    out_i[i] = wp.vec3i(a[i])
