# Issue 27: a procedural-noise kernel calling Warp's noise, pnoise and curlnoise in 1-4 D
# (the prelude's funcs, lib/Frontend/Prelude/random.py): bench/funcs_adjoint.sh.
import warp as wp

@wp.kernel
def noise_field(seed: int, pts: wp.array(dtype=wp.vec4), out: wp.array(dtype=float), vel: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = pts[i]
    s = wp.rand_init(seed)
    a = wp.noise(s, p[0]) + wp.noise(s, wp.vec2(p[0], p[1])) + wp.noise(s, wp.vec3(p[0], p[1], p[2])) + wp.noise(s, p)
    b = wp.pnoise(s, p[0], 4) + wp.pnoise(s, wp.vec2(p[0], p[1]), 4, 4) + wp.pnoise(s, wp.vec3(p[0], p[1], p[2]), 4, 4, 4) + wp.pnoise(s, p, 4, 4, 4, 4)
    c = wp.curlnoise(s, wp.vec2(p[0], p[1])) 
    d = wp.curlnoise(s, wp.vec3(p[0], p[1], p[2]))
    e = wp.curlnoise(s, p)
    out[i] = a + b + c[0] + c[1]
    vel[i] = d + e
