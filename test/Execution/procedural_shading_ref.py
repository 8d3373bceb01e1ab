"""Independent reference for examples/procedural_shading.py (see Inputs/wpref.py).

Set SHADING_REF_MARGINS=1 to print the smallest distance of every
discontinuous step (floor, //, round, ceil, step, float->uint casts) from its
threshold, to check that the spec's inputs stay clear of them.
"""
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, F32, I32, Kernel, U32, main, wp  # noqa: E402

CHECKS = 8
EPS = 1e-6
MARGINS = {}


def margin(what, x, kind="int"):
    """Distance of x from the nearest threshold of a discontinuous function."""
    if not os.environ.get("SHADING_REF_MARGINS"):
        return
    v = float(x.v)
    if kind == "int":
        d = abs(v - round(v)) if kind == "int" else abs(v)
    elif kind == "half":
        d = abs(v - math.floor(v) - 0.5)
    else:
        d = abs(v)
    MARGINS[what] = min(MARGINS.get(what, math.inf), d)


def sd_circle(p, c, r):
    return wp.length(p - c) - r


def checker(u, v):
    margin("checker floor", u * F32(CHECKS))
    margin("checker floor", v * F32(CHECKS))
    cu = I32(wp.floor(u * F32(CHECKS)))
    cv = I32(wp.floor(v * F32(CHECKS)))
    return (cu + cv) % 2


def stripes(x, freq):
    f = wp.frac(x * freq)
    return 1.0 - wp.abs(2.0 * f - 1.0)


def reinhard(c, exposure):
    e = c * wp.exp(exposure)
    return e / (1.0 + e)


def shade(tid, image, time, exposure):
    j, i = tid
    h = image.shape[0]
    w = image.shape[1]
    u = (F32(i) + 0.5) / F32(w)
    v = (F32(j) + 0.5) / F32(h)
    p = wp.vec2(u, v)

    d = sd_circle(p, wp.vec2(0.5, 0.5), 0.3)
    soft = 1.0 - wp.smoothstep(-0.01, 0.01, d)
    margin("step(d)", d, "zero")
    hard = wp.step(d)

    base = wp.where(checker(u, v) == 1, 0.75, 0.25)
    phase = (time * 0.25) % 1.0
    s = stripes(u + v + phase, 6.0)
    bg = wp.lerp(base, s, 0.3)

    q = p - wp.vec2(0.5, 0.5)
    angle = wp.atan2(q.y, q.x)
    hue = (angle + wp.pi) / wp.tau
    r = 0.5 + 0.5 * wp.cos(wp.tau * hue)
    g = 0.5 + 0.5 * wp.cos(wp.tau * (hue - 1.0 / 3.0))
    b = 0.5 + 0.5 * wp.sin(wp.tau * hue + wp.half_pi)

    bands = F32(6.0)
    margin("r // 1", r * bands)
    margin("round(g)", g * bands, "half")
    margin("ceil(b)", b * bands)
    r = (r * bands) // 1.0 / bands
    g = wp.round(g * bands) / bands
    b = wp.ceil(b * bands) / bands

    color = wp.vec4(
        wp.lerp(bg, r, soft),
        wp.lerp(bg, g, soft),
        wp.lerp(bg, b, soft),
        wp.where(hard > 0.5, F32(1.0), soft),
    )
    color.x = reinhard(color.x, exposure)
    color.y = reinhard(color.y, exposure)
    color.z = reinhard(color.z, exposure)
    image[j, i] = color


def to_decibels(i, amplitude, db, octaves, decades):
    a = wp.abs(amplitude[i]) + EPS
    db[i] = 20.0 * wp.log10(a)
    octaves[i] = wp.log2(a)
    decades[i] = wp.log(a) / wp.log(F32(10.0))


def quantize(i, x, step_size, rounded, truncated, ceiled):
    s = x[i] / step_size
    rounded[i] = wp.round(s) * step_size
    truncated[i] = wp.trunc(s) * step_size
    ceiled[i] = wp.ceil(s) * step_size


def pack_rgba8(tid, image, packed):
    j, i = tid
    c = image[j, i]
    chans = []
    for comp in (c.x, c.y, c.z, c.w):
        f = wp.clamp(comp, 0.0, 1.0) * 255.0 + 0.5
        margin("uint32 cast", f)
        chans.append(U32(f))
    r, g, b, a = chans
    packed[j, i] = (a << 24) | (b << 16) | (g << 8) | r


F = ArrT(F32)
KERNELS = {
    "shade": Kernel(shade, [("image", ArrT(wp.vec4, 2)), ("time", F32), ("exposure", F32)], ndim=2),
    "to_decibels": Kernel(to_decibels, [("amplitude", F), ("db", F), ("octaves", F), ("decades", F)]),
    "quantize": Kernel(quantize, [("x", F), ("step_size", F32), ("rounded", F), ("truncated", F), ("ceiled", F)]),
    "pack_rgba8": Kernel(pack_rgba8, [("image", ArrT(wp.vec4, 2)), ("packed", ArrT(U32, 2))], ndim=2),
}

if __name__ == "__main__":
    rc = main(KERNELS)
    if MARGINS:
        for k, v in sorted(MARGINS.items()):
            print(f"margin {k}: {v:.3g}", file=sys.stderr)
    sys.exit(rc)
