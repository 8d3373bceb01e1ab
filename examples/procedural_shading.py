# Procedural textures and tone mapping: smoothstep / lerp / step masks from
# signed distances, checkerboards with floor and integer %, stripes with
# frac and float %, polar coordinates with atan2, banding with float //,
# rounding modes (round, trunc, ceil), where, exposure with
# exp / log / log2 / log10, and RGBA colours as wp.vec4.

import warp as wp

CHECKS = 8
EPS = wp.constant(1e-6)


@wp.func
def sd_circle(p: wp.vec2, c: wp.vec2, r: float):
    return wp.length(p - c) - r


@wp.func
def checker(u: float, v: float):
    cu = int(wp.floor(u * float(CHECKS)))
    cv = int(wp.floor(v * float(CHECKS)))
    return (cu + cv) % 2


@wp.func
def stripes(x: float, freq: float):
    """Triangle wave in [0, 1] built from the fractional part."""
    f = wp.frac(x * freq)
    return 1.0 - wp.abs(2.0 * f - 1.0)


@wp.func
def reinhard(c: float, exposure: float):
    e = c * wp.exp(exposure)
    return e / (1.0 + e)


@wp.kernel
def shade(image: wp.array2d(dtype=wp.vec4), time: float, exposure: float):
    j, i = wp.tid()
    h = image.shape[0]
    w = image.shape[1]
    u = (float(i) + 0.5) / float(w)
    v = (float(j) + 0.5) / float(h)
    p = wp.vec2(u, v)

    # 1. a soft-edged disc: smoothstep across the edge, step() as a hard mask
    d = sd_circle(p, wp.vec2(0.5, 0.5), 0.3)
    soft = 1.0 - wp.smoothstep(-0.01, 0.01, d)
    hard = wp.step(d)  # Warp: 1.0 where d < 0, else 0.0

    # 2. background: checkerboard blended with animated stripes
    base = wp.where(checker(u, v) == 1, 0.75, 0.25)  # where(cond, true_value, false_value)
    phase = (time * 0.25) % 1.0
    s = stripes(u + v + phase, 6.0)
    bg = wp.lerp(base, s, 0.3)

    # 3. polar colour wheel inside the disc
    q = p - wp.vec2(0.5, 0.5)
    angle = wp.atan2(q.y, q.x)  # (-pi, pi]
    hue = (angle + wp.pi) / wp.tau
    r = 0.5 + 0.5 * wp.cos(wp.tau * hue)
    g = 0.5 + 0.5 * wp.cos(wp.tau * (hue - 1.0 / 3.0))
    b = 0.5 + 0.5 * wp.sin(wp.tau * hue + wp.half_pi)

    # 4. quantise the wheel into bands with float floor division
    bands = 6.0
    r = (r * bands) // 1.0 / bands
    g = wp.round(g * bands) / bands
    b = wp.ceil(b * bands) / bands

    color = wp.vec4(
        wp.lerp(bg, r, soft),
        wp.lerp(bg, g, soft),
        wp.lerp(bg, b, soft),
        wp.where(hard > 0.5, 1.0, soft),
    )

    # tone map rgb, keep alpha
    color.x = reinhard(color.x, exposure)
    color.y = reinhard(color.y, exposure)
    color.z = reinhard(color.z, exposure)
    image[j, i] = color


@wp.kernel
def to_decibels(amplitude: wp.array(dtype=float), db: wp.array(dtype=float), octaves: wp.array(dtype=float), decades: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.abs(amplitude[i]) + EPS
    db[i] = 20.0 * wp.log10(a)
    octaves[i] = wp.log2(a)
    decades[i] = wp.log(a) / wp.log(10.0)


@wp.kernel
def quantize(x: wp.array(dtype=float), step_size: float, rounded: wp.array(dtype=float), truncated: wp.array(dtype=float), ceiled: wp.array(dtype=float)):
    i = wp.tid()
    s = x[i] / step_size
    rounded[i] = wp.round(s) * step_size  # halfway cases away from zero
    truncated[i] = wp.trunc(s) * step_size  # toward zero
    ceiled[i] = wp.ceil(s) * step_size


@wp.kernel
def pack_rgba8(image: wp.array2d(dtype=wp.vec4), packed: wp.array2d(dtype=wp.uint32)):
    j, i = wp.tid()
    c = image[j, i]
    r = wp.uint32(wp.clamp(c.x, 0.0, 1.0) * 255.0 + 0.5)
    g = wp.uint32(wp.clamp(c.y, 0.0, 1.0) * 255.0 + 0.5)
    b = wp.uint32(wp.clamp(c.z, 0.0, 1.0) * 255.0 + 0.5)
    a = wp.uint32(wp.clamp(c.w, 0.0, 1.0) * 255.0 + 0.5)
    packed[j, i] = (a << 24) | (b << 16) | (g << 8) | r


if __name__ == "__main__":
    wp.init()
    img = wp.zeros((256, 256), dtype=wp.vec4)
    wp.launch(shade, dim=(256, 256), inputs=[img, 0.0, 0.0])
