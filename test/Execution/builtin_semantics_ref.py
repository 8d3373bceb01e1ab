"""Independent reference for examples/builtin_semantics.py (see Inputs/wpref.py).

The self-checking kernels have no outputs; the reference evaluates their
checks with its own model of the builtins (and fails if one does not hold),
so a spec that runs them documents that they pass.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "Inputs"))
from wpref import ArrT, BOOL, F32, F64, I32, Kernel, main, wp, wp_assert  # noqa: E402

TOL = 1e-5


def check_trig(tid):
    x = F32(0.3)
    wp.expect_near(wp.sin(x) * wp.sin(x) + wp.cos(x) * wp.cos(x), 1.0, TOL)
    wp.expect_near(wp.tan(x), wp.sin(x) / wp.cos(x), TOL)
    wp.expect_near(wp.asin(wp.sin(x)), x, TOL)
    wp.expect_near(wp.acos(wp.cos(x)), x, TOL)
    wp.expect_near(wp.atan(wp.tan(x)), x, TOL)
    wp.expect_near(wp.atan2(1.0, 1.0), 0.25 * F32(wp.pi), TOL)
    wp.expect_near(wp.atan2(1.0, -1.0), 0.75 * F32(wp.pi), TOL)
    wp.expect_near(wp.atan2(-1.0, 0.0), -F32(wp.half_pi), TOL)
    wp.expect_near(F32(wp.tau), 2.0 * F32(wp.pi), TOL)
    wp.expect_near(wp.asin(1.0), F32(wp.half_pi), TOL)
    wp.expect_near(wp.acos(-1.0), F32(wp.pi), TOL)
    wp.expect_near(wp.cosh(x) * wp.cosh(x) - wp.sinh(x) * wp.sinh(x), 1.0, 1e-4)
    wp.expect_near(wp.tanh(x), wp.sinh(x) / wp.cosh(x), TOL)
    wp.expect_near(wp.sinh(0.0), 0.0, TOL)


def check_exp_log(tid):
    wp.expect_near(wp.exp(1.0), wp.e, TOL)
    wp.expect_near(wp.log(F32(wp.e)), 1.0, TOL)
    wp.expect_near(wp.log2(8.0), 3.0, TOL)
    wp.expect_near(wp.log10(1000.0), 3.0, TOL)
    wp.expect_near(wp.pow(2.0, 10.0), 1024.0, TOL)
    wp.expect_near(F32(2.0) ** 0.5, wp.sqrt(2.0), TOL)
    wp.expect_near(wp.cbrt(-8.0), -2.0, TOL)
    wp.expect_near(wp.sqrt(0.25), 0.5, TOL)
    y = F64(2.0)
    wp.expect_near(wp.exp(wp.log(y)), y, F64(1e-12))


def check_rounding(tid):
    wp.expect_eq(wp.round(2.5), 3.0)
    wp.expect_eq(wp.round(-2.5), -3.0)
    wp.expect_eq(wp.round(0.49), 0.0)
    wp.expect_eq(wp.trunc(-1.75), -1.0)
    wp.expect_eq(wp.floor(-1.25), -2.0)
    wp.expect_eq(wp.ceil(-1.75), -1.0)
    wp.expect_eq(wp.ceil(1.25), 2.0)
    wp.expect_near(wp.frac(3.75), 0.75, TOL)
    wp.expect_near(wp.frac(-1.25), -0.25, TOL)
    a = F32(-7.5)
    wp.expect_eq(a // 2.0, -4.0)
    wp.expect_eq(a % 2.0, -1.5)
    wp.expect_eq(F32(7.5) % -2.0, 1.5)
    wp.expect_eq(I32(F32(-2.7)), -2)
    wp.expect_eq(I32(F32(2.7)), 2)


def check_sign_step_interp(tid):
    wp.expect_eq(wp.sign(-3.0), -1.0)
    wp.expect_eq(wp.sign(0.0), 1.0)
    wp.expect_eq(wp.sign(2), 1)
    wp.expect_eq(wp.sign(0), 1)
    wp.expect_eq(wp.sign(-5), -1)
    wp.expect_eq(wp.step(-0.5), 1.0)
    wp.expect_eq(wp.step(0.0), 0.0)
    wp.expect_eq(wp.step(2.0), 0.0)
    wp.expect_eq(wp.smoothstep(0.0, 1.0, -1.0), 0.0)
    wp.expect_eq(wp.smoothstep(0.0, 1.0, 2.0), 1.0)
    wp.expect_near(wp.smoothstep(0.0, 1.0, 0.5), 0.5, TOL)
    wp.expect_near(wp.smoothstep(0.0, 2.0, 0.5), 0.15625, TOL)
    wp.expect_near(wp.lerp(2.0, 4.0, 0.25), 2.5, TOL)
    wp.expect_near(wp.lerp(2.0, 4.0, 1.5), 5.0, TOL)
    wp.expect_near(wp.lerp(wp.vec2(0.0, 1.0), wp.vec2(2.0, 3.0), 0.5), wp.vec2(1.0, 2.0), TOL)
    wp.expect_eq(wp.clamp(5, 0, 3), 3)
    wp.expect_eq(wp.clamp(-0.5, 0.0, 1.0), 0.0)
    wp.expect_eq(wp.abs(-4), 4)
    wp.expect_eq(wp.min(3, -2), -2)
    wp.expect_eq(wp.max(1.5, 2.5), 2.5)


def check_where_select(tid):
    c = 3 > 2
    wp.expect_eq(wp.where(c, F32(1.0), F32(2.0)), 1.0)
    wp.expect_eq(wp.where(c, F32(2.0), F32(1.0)), 2.0)
    v = wp.where(not c, wp.vec3(0.0), wp.vec3(1.0, 2.0, 3.0))
    wp.expect_eq(v.z, 3.0)
    k = I32(5) if c else I32(7)
    wp.expect_eq(k, 5)


def check_nan_inf(i, values, n_bad):
    x = values[i]
    if wp.isnan(x) or not wp.isfinite(x):
        wp.atomic_add(n_bad, 0, 1)
    if i == 0:
        wp.expect_eq(wp.isnan(F32(wp.nan)), True)
        wp.expect_eq(wp.isfinite(F32(wp.inf)), False)
        wp.expect_eq(wp.isnan(F32(wp.inf)), False)
        wp.expect_neq(F32(wp.nan), F32(wp.nan))
        wp.expect_eq(wp.isfinite(F32(1.0)), True)
        wp.expect_eq(F32(wp.inf) > 1.0e38, True)


def check_python_builtins(tid):
    wp.expect_eq(wp.abs(-2.5), 2.5)
    wp.expect_eq(wp.abs(-3), 3)
    wp.expect_eq(wp.min(4, 9), 4)
    wp.expect_eq(wp.max(-1.0, -2.0), -1.0)
    wp.expect_eq(wp.round(1.5), 2.0)
    wp.expect_near(wp.pow(9.0, 0.5), 3.0, TOL)
    wp.expect_eq(I32(F32(7.9)), 7)
    wp.expect_eq(F32(I32(3)), 3.0)
    wp.expect_eq(BOOL(I32(0)), False)
    wp.expect_eq(BOOL(F32(2.5)), True)
    b = BOOL(I32(1))
    wp.expect_eq(b, True)
    n = I32(10)
    wp_assert(0 <= n < 100)
    wp_assert(n % 2 == 0 and not n > 10)


KERNELS = {
    "check_trig": Kernel(check_trig, []),
    "check_exp_log": Kernel(check_exp_log, []),
    "check_rounding": Kernel(check_rounding, []),
    "check_sign_step_interp": Kernel(check_sign_step_interp, []),
    "check_where_select": Kernel(check_where_select, []),
    "check_nan_inf": Kernel(check_nan_inf, [("values", ArrT(F32)), ("n_bad", ArrT(I32))]),
    "check_python_builtins": Kernel(check_python_builtins, []),
}

if __name__ == "__main__":
    sys.exit(main(KERNELS))
