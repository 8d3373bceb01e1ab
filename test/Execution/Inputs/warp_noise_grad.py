# Gradients of noise, pnoise and curlnoise with respect to the point
# (warp_noise_grad.test): each input array feeds one builtin.
import warp as wp


@wp.kernel
def noise_loss(seed: int, a1: wp.array(dtype=float), a2: wp.array(dtype=wp.vec2), a3: wp.array(dtype=wp.vec3),
               a4: wp.array(dtype=wp.vec4), b1: wp.array(dtype=float), b2: wp.array(dtype=wp.vec2),
               b3: wp.array(dtype=wp.vec3), b4: wp.array(dtype=wp.vec4), c2: wp.array(dtype=wp.vec2),
               c3: wp.array(dtype=wp.vec3), c4: wp.array(dtype=wp.vec4), loss: wp.array(dtype=float)):
    i = wp.tid()
    state = wp.rand_init(seed)
    v = wp.noise(state, a1[i]) + wp.noise(state, a2[i]) + wp.noise(state, a3[i]) + wp.noise(state, a4[i])
    v += wp.pnoise(state, b1[i], 3) + wp.pnoise(state, b2[i], 3, 4) + wp.pnoise(state, b3[i], 2, 3, 4)
    v += wp.pnoise(state, b4[i], 5, 2, 3, 4)
    # the curl's components weighted 1, 2, 3
    k2 = wp.curlnoise(state, c2[i])
    k3 = wp.curlnoise(state, c3[i], wp.uint32(2), 1.5, 0.7)
    k4 = wp.curlnoise(state, c4[i], octaves=wp.uint32(2))
    v += k2[0] + 2.0 * k2[1] + k3[0] + 2.0 * k3[1] + 3.0 * k3[2] + k4[0] + 2.0 * k4[1] + 3.0 * k4[2]
    wp.atomic_add(loss, 0, v)
