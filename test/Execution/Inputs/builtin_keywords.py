# Warp builtins called with keyword arguments named as Warp names their
# parameters (builtin_keywords.test): bound by position.
import warp as wp


@wp.kernel
def kw(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    a = x[i]
    out[i * 6 + 0] = wp.pow(y=2.0, x=a)
    out[i * 6 + 1] = wp.atan2(x=1.0, y=0.0) + wp.clamp(a, high=1.0, low=-1.0)
    out[i * 6 + 2] = wp.lerp(a, t=0.25, b=a + 4.0)
    out[i * 6 + 3] = wp.dot(b=wp.vec3(1.0, 2.0, 3.0), a=wp.vec3(a))
    out[i * 6 + 4] = wp.length(a=wp.vec2(3.0, a))
    m = wp.transform_compose(scale=wp.vec3(2.0), rotation=wp.quat_identity(), position=wp.vec3(a, 0.0, 0.0))
    out[i * 6 + 5] = m[0, 0] + m[0, 3]


@wp.kernel
def selfcheck():
    wp.expect_eq(wp.pow(2.0, y=4.0), 16.0)
    wp.expect_eq(wp.sub(b=1.0, a=3.0), 2.0)
    wp.expect_eq(wp.mod(a=7, b=3), 1)
