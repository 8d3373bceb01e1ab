# Self-checking kernels that pin down the scalar builtins' exact semantics
# (launch each with dim=1; a failed check is reported after the launch).
# Covers trig / hyperbolic / exp / log families, rounding, sign / step,
# frac, smoothstep, lerp, clamp, where (both orders), NaN / infinity checks,
# the math constants, and the Python builtins abs min max round pow int
# float bool used without the wp. prefix.

import warp as wp

TOL = wp.constant(1e-5)


@wp.kernel
def check_trig():
    x = 0.3
    wp.expect_near(wp.sin(x) * wp.sin(x) + wp.cos(x) * wp.cos(x), 1.0, TOL)
    wp.expect_near(wp.tan(x), wp.sin(x) / wp.cos(x), TOL)
    wp.expect_near(wp.asin(wp.sin(x)), x, TOL)
    wp.expect_near(wp.acos(wp.cos(x)), x, TOL)
    wp.expect_near(wp.atan(wp.tan(x)), x, TOL)
    wp.expect_near(wp.atan2(1.0, 1.0), 0.25 * wp.pi, TOL)
    wp.expect_near(wp.atan2(1.0, -1.0), 0.75 * wp.pi, TOL)
    wp.expect_near(wp.atan2(-1.0, 0.0), -wp.half_pi, TOL)
    wp.expect_near(wp.tau, 2.0 * wp.pi, TOL)
    wp.expect_near(wp.asin(1.0), wp.half_pi, TOL)
    wp.expect_near(wp.acos(-1.0), wp.pi, TOL)
    # hyperbolic functions
    wp.expect_near(wp.cosh(x) * wp.cosh(x) - wp.sinh(x) * wp.sinh(x), 1.0, 1e-4)
    wp.expect_near(wp.tanh(x), wp.sinh(x) / wp.cosh(x), TOL)
    wp.expect_near(wp.sinh(0.0), 0.0, TOL)


@wp.kernel
def check_exp_log():
    wp.expect_near(wp.exp(1.0), wp.e, TOL)
    wp.expect_near(wp.log(wp.e), 1.0, TOL)
    wp.expect_near(wp.log2(8.0), 3.0, TOL)
    wp.expect_near(wp.log10(1000.0), 3.0, TOL)
    wp.expect_near(wp.pow(2.0, 10.0), 1024.0, TOL)
    wp.expect_near(2.0 ** 0.5, wp.sqrt(2.0), TOL)
    wp.expect_near(wp.cbrt(-8.0), -2.0, TOL)
    wp.expect_near(wp.sqrt(0.25), 0.5, TOL)
    y = wp.float64(2.0)
    wp.expect_near(wp.exp(wp.log(y)), y, wp.float64(1e-12))


@wp.kernel
def check_rounding():
    # round: halfway cases away from zero
    wp.expect_eq(wp.round(2.5), 3.0)
    wp.expect_eq(wp.round(-2.5), -3.0)
    wp.expect_eq(wp.round(0.49), 0.0)
    # trunc: toward zero; floor: down; ceil: up
    wp.expect_eq(wp.trunc(-1.75), -1.0)
    wp.expect_eq(wp.floor(-1.25), -2.0)
    wp.expect_eq(wp.ceil(-1.75), -1.0)
    wp.expect_eq(wp.ceil(1.25), 2.0)
    # frac(x) = x - trunc(x): keeps the sign of x
    wp.expect_near(wp.frac(3.75), 0.75, TOL)
    wp.expect_near(wp.frac(-1.25), -0.25, TOL)
    # float // floors, float % is C fmod (sign of the dividend)
    a = -7.5
    wp.expect_eq(a // 2.0, -4.0)
    wp.expect_eq(a % 2.0, -1.5)
    wp.expect_eq(7.5 % -2.0, 1.5)
    # int(x) truncates toward zero
    wp.expect_eq(int(-2.7), -2)
    wp.expect_eq(int(2.7), 2)


@wp.kernel
def check_sign_step_interp():
    # sign(x) is -1 for x < 0 and 1 otherwise, including x == 0
    wp.expect_eq(wp.sign(-3.0), -1.0)
    wp.expect_eq(wp.sign(0.0), 1.0)
    wp.expect_eq(wp.sign(2), 1)
    wp.expect_eq(wp.sign(0), 1)
    wp.expect_eq(wp.sign(-5), -1)
    # step(x) is 1 for x < 0 and 0 otherwise (not GLSL's step(edge, x))
    wp.expect_eq(wp.step(-0.5), 1.0)
    wp.expect_eq(wp.step(0.0), 0.0)
    wp.expect_eq(wp.step(2.0), 0.0)
    # smoothstep(edge0, edge1, x): clamped cubic Hermite 3t^2 - 2t^3
    wp.expect_eq(wp.smoothstep(0.0, 1.0, -1.0), 0.0)
    wp.expect_eq(wp.smoothstep(0.0, 1.0, 2.0), 1.0)
    wp.expect_near(wp.smoothstep(0.0, 1.0, 0.5), 0.5, TOL)
    wp.expect_near(wp.smoothstep(0.0, 2.0, 0.5), 0.15625, TOL)
    # lerp(a, b, t) = a * (1 - t) + b * t, not clamped
    wp.expect_near(wp.lerp(2.0, 4.0, 0.25), 2.5, TOL)
    wp.expect_near(wp.lerp(2.0, 4.0, 1.5), 5.0, TOL)
    wp.expect_near(wp.lerp(wp.vec2(0.0, 1.0), wp.vec2(2.0, 3.0), 0.5), wp.vec2(1.0, 2.0), TOL)
    # clamp(x, lo, hi)
    wp.expect_eq(wp.clamp(5, 0, 3), 3)
    wp.expect_eq(wp.clamp(-0.5, 0.0, 1.0), 0.0)
    # abs / min / max on ints and floats
    wp.expect_eq(wp.abs(-4), 4)
    wp.expect_eq(wp.min(3, -2), -2)
    wp.expect_eq(wp.max(1.5, 2.5), 2.5)


@wp.kernel
def check_where_select():
    c = 3 > 2
    # where(cond, value_if_true, value_if_false)
    wp.expect_eq(wp.where(c, 1.0, 2.0), 1.0)
    # Warp 1.16 removed select(cond, value_if_false, value_if_true); its
    # select(c, 1.0, 2.0) is where(c, 2.0, 1.0)
    wp.expect_eq(wp.where(c, 2.0, 1.0), 2.0)
    v = wp.where(not c, wp.vec3(0.0), wp.vec3(1.0, 2.0, 3.0))
    wp.expect_eq(v.z, 3.0)
    k = 5 if c else 7
    wp.expect_eq(k, 5)


@wp.kernel
def check_nan_inf(values: wp.array(dtype=float), n_bad: wp.array(dtype=int)):
    i = wp.tid()
    x = values[i]
    if wp.isnan(x) or not wp.isfinite(x):
        wp.atomic_add(n_bad, 0, 1)
    if i == 0:
        wp.expect_eq(wp.isnan(wp.nan), True)
        wp.expect_eq(wp.isfinite(wp.inf), False)
        wp.expect_eq(wp.isnan(wp.inf), False)
        wp.expect_neq(wp.nan, wp.nan)  # NaN compares unequal to itself
        wp.expect_eq(wp.isfinite(1.0), True)
        wp.expect_eq(wp.inf > 1.0e38, True)


@wp.kernel
def check_python_builtins():
    wp.expect_eq(abs(-2.5), 2.5)
    wp.expect_eq(abs(-3), 3)
    wp.expect_eq(min(4, 9), 4)
    wp.expect_eq(max(-1.0, -2.0), -1.0)
    wp.expect_eq(round(1.5), 2.0)  # like wp.round: the result stays a float
    wp.expect_near(pow(9.0, 0.5), 3.0, TOL)
    wp.expect_eq(int(7.9), 7)
    wp.expect_eq(float(3), 3.0)
    wp.expect_eq(bool(0), False)
    wp.expect_eq(bool(2.5), True)
    b = wp.bool(1)
    wp.expect_eq(b, True)
    n = 10
    assert 0 <= n < 100
    assert n % 2 == 0 and not n > 10


if __name__ == "__main__":
    wp.init()
    for k in (check_trig, check_exp_log, check_rounding, check_sign_step_interp, check_where_select, check_python_builtins):
        wp.launch(k, dim=1, inputs=[])
