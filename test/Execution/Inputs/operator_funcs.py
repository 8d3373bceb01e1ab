# Warp's operator functions (wp.add, wp.mul, wp.neg, ...) mean their Python
# operators on every type those accept (operator_funcs.test).
import warp as wp


@wp.kernel
def operator_funcs(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64),
                   v: wp.array(dtype=wp.vec3d), m: wp.array(dtype=wp.mat33d),
                   n: wp.array(dtype=int), k: wp.array(dtype=int),
                   fo: wp.array(dtype=wp.float64), vo: wp.array(dtype=wp.vec3d), io: wp.array(dtype=int)):
    i = wp.tid()
    a = wp.add(wp.mul(x[i], y[i]), wp.div(wp.sub(x[i], wp.float64(1.0)), y[i]))
    fo[i] = a + wp.mod(x[i], y[i]) * wp.float64(10.0) + wp.neg(wp.floordiv(x[i], y[i])) + wp.pos(y[i])
    vo[i] = wp.add(wp.mul(m[i], v[i]), wp.mul(wp.float64(2.0), v[i])) - wp.neg(wp.div(v[i], y[i])) + wp.mul(v[i], x[i])
    b = wp.bit_and(n[i], 12) + wp.bit_or(n[i], 1) * 3 + wp.bit_xor(n[i], k[i]) * 5
    c = wp.lshift(n[i], 2) + wp.rshift(n[i], 1) + wp.invert(k[i]) * 7
    d = wp.div(n[i], k[i]) * 11 + wp.mod(n[i], k[i]) * 13 + wp.floordiv(n[i], k[i]) * 17
    io[i] = b + c + d + wp.where(wp.unot(n[i]), 1000, 0) + wp.add(2, 3)
