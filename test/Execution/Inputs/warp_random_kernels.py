# Kernels of warp_random.test: every random-number and noise builtin, N values
# per seed; thread tid uses seeds[tid / N] and its index i = tid % N.
import warp as wp

N = wp.constant(10000)


@wp.kernel
def scalars(seeds: wp.array(dtype=int), init1: wp.array(dtype=wp.uint32), init2: wp.array(dtype=wp.uint32),
            ri: wp.array(dtype=int), ri_range: wp.array(dtype=int), ru: wp.array(dtype=wp.uint32),
            ru_range: wp.array(dtype=wp.uint32), rf: wp.array(dtype=float), rf_range: wp.array(dtype=float),
            rn: wp.array(dtype=float), final: wp.array(dtype=wp.uint32)):
    tid = wp.tid()
    seed = seeds[tid / N]
    i = tid % N
    init1[tid] = wp.rand_init(seed + i)
    state = wp.rand_init(seed, i)
    init2[tid] = state
    ri[tid] = wp.randi(state)
    ri_range[tid] = wp.randi(state, -7, 1000)
    ru[tid] = wp.randu(state)
    ru_range[tid] = wp.randu(state, wp.uint32(5), wp.uint32(3000000000))
    rf[tid] = wp.randf(state)
    rf_range[tid] = wp.randf(state, low=-2.5, high=4.0)
    rn[tid] = wp.randn(state)
    final[tid] = state


@wp.kernel
def shapes(seeds: wp.array(dtype=int), triangle: wp.array(dtype=wp.vec2), ring: wp.array(dtype=wp.vec2),
           disk: wp.array(dtype=wp.vec2), sphere_surface: wp.array(dtype=wp.vec3),
           sphere: wp.array(dtype=wp.vec3), hemisphere_surface: wp.array(dtype=wp.vec3),
           hemisphere: wp.array(dtype=wp.vec3), square: wp.array(dtype=wp.vec2), cube: wp.array(dtype=wp.vec3),
           final: wp.array(dtype=wp.uint32)):
    tid = wp.tid()
    state = wp.rand_init(seeds[tid / N], tid % N)
    triangle[tid] = wp.sample_triangle(state)
    ring[tid] = wp.sample_unit_ring(state)
    disk[tid] = wp.sample_unit_disk(state)
    sphere_surface[tid] = wp.sample_unit_sphere_surface(state)
    sphere[tid] = wp.sample_unit_sphere(state)
    hemisphere_surface[tid] = wp.sample_unit_hemisphere_surface(state)
    hemisphere[tid] = wp.sample_unit_hemisphere(state)
    square[tid] = wp.sample_unit_square(state)
    cube[tid] = wp.sample_unit_cube(state)
    final[tid] = state


@wp.kernel
def discrete(seeds: wp.array(dtype=int), cdf: wp.array(dtype=float), bin: wp.array(dtype=int),
             poisson_small: wp.array(dtype=wp.uint32), poisson_large: wp.array(dtype=wp.uint32),
             final: wp.array(dtype=wp.uint32)):
    tid = wp.tid()
    i = tid % N
    state = wp.rand_init(seeds[tid / N], i)
    bin[tid] = wp.sample_cdf(state, cdf)
    # lam in {0, 0.5, ..., 24.5}: both of Warp's algorithms and lam == 0
    poisson_small[tid] = wp.poisson(state, float(i % 50) * 0.5)
    poisson_large[tid] = wp.poisson(state, 100.0 + float(i % 7) * 31.5)
    final[tid] = state


@wp.kernel
def noises(seeds: wp.array(dtype=int), n1: wp.array(dtype=float), n2: wp.array(dtype=float),
           n3: wp.array(dtype=float), n4: wp.array(dtype=float), p1: wp.array(dtype=float),
           p2: wp.array(dtype=float), p3: wp.array(dtype=float), p4: wp.array(dtype=float),
           c2: wp.array(dtype=wp.vec2), c3: wp.array(dtype=wp.vec3), c4: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    i = tid % N
    state = wp.rand_init(seeds[tid / N])
    # points on a line through about 120 x 70 x 40 x 30 lattice cells, on both
    # sides of 0
    x = float(i) * 0.01237 - 61.0
    y = float(i) * -0.00731 + 20.0
    z = float(i) * 0.00419 - 13.0
    t = float(i) * 0.00283 + 1.5
    n1[tid] = wp.noise(state, x)
    n2[tid] = wp.noise(state, wp.vec2(x, y))
    n3[tid] = wp.noise(state, wp.vec3(x, y, z))
    n4[tid] = wp.noise(state, wp.vec4(x, y, z, t))
    p1[tid] = wp.pnoise(state, x, 5)
    p2[tid] = wp.pnoise(state, wp.vec2(x, y), 5, 7)
    p3[tid] = wp.pnoise(state, wp.vec3(x, y, z), 3, 4, 5)
    p4[tid] = wp.pnoise(state, wp.vec4(x, y, z, t), 2, 3, 4, 5)
    c2[tid] = wp.curlnoise(state, wp.vec2(x, y))
    c3[tid] = wp.curlnoise(state, wp.vec3(x, y, z), octaves=wp.uint32(2), gain=0.7)
    c4[tid] = wp.curlnoise(state, wp.vec4(x, y, z, t), wp.uint32(2), 1.7, 0.6)
