# Every differentiable scalar builtin, in float64, for finite-difference
# gradient checks (scalar_builtins.test). Inputs are chosen away from kinks
# (clamp bounds, integers for floor/round/%, 0 for abs/sign).
import warp as wp


@wp.kernel
def scalar_builtins(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
                    out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i, 0] = wp.sin(a) + wp.cos(b) * wp.tan(a)
    out[i, 1] = wp.asin(a) + wp.acos(a) * wp.atan(b) + wp.atan2(a, b)
    out[i, 2] = wp.sinh(a) * wp.cosh(b) + wp.tanh(a * b)
    out[i, 3] = wp.exp(a) + wp.log(b) + wp.log2(b) * wp.log10(b)
    out[i, 4] = wp.sqrt(b) + wp.cbrt(a) + wp.pow(b, a) + b ** 3.0
    out[i, 5] = wp.abs(a - b) + wp.min(a, b) * wp.max(a, b) + wp.clamp(a * 3.0, 0.5, 1.5)
    out[i, 6] = a / b - a * b + a % b + b % a - (-a)
    out[i, 7] = wp.lerp(a, b, a) + wp.smoothstep(0.0, 2.0, b) + wp.frac(b) * a
    out[i, 8] = wp.floor(b) * a + wp.ceil(a) * b + wp.round(b) * a + wp.trunc(b) * b
    out[i, 9] = wp.sign(a - 0.5) * a + wp.step(a - 0.5) * b + abs(a - 0.5) + min(a, b) + max(a, b)
    out[i, 10] = wp.where(a > 0.5, a * a, b * b) + wp.where(a < 0.35, b / a, a * b)
    out[i, 11] = wp.float64(wp.float32(a)) * 0.0 + wp.float64(a) * b + pow(a, 2.0)
