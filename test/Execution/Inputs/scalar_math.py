# wp.erf, erfc, erfinv, erfcinv, rint, copysign and nonzero on float32 and
# float64 scalars, forward and backward (scalar_math.test).
import warp as wp


@wp.kernel
def scalar_math(x: wp.array(dtype=float), p: wp.array(dtype=float), z: wp.array(dtype=float),
                r: wp.array(dtype=float), s: wp.array(dtype=float), n: wp.array(dtype=int),
                erf32: wp.array(dtype=float), erfc32: wp.array(dtype=float),
                erfinv32: wp.array(dtype=float), erfcinv32: wp.array(dtype=float),
                rint32: wp.array(dtype=float), copysign32: wp.array(dtype=float),
                nonzero32: wp.array(dtype=float), nonzeroi: wp.array(dtype=int)):
    i = wp.tid()
    erf32[i] = wp.erf(x[i])
    erfc32[i] = wp.erfc(x[i])
    erfinv32[i] = wp.erfinv(p[i])
    erfcinv32[i] = wp.erfcinv(z[i])
    rint32[i] = wp.rint(r[i])
    copysign32[i] = wp.copysign(x[i], s[i])
    nonzero32[i] = wp.nonzero(r[i])
    nonzeroi[i] = wp.nonzero(n[i])


@wp.kernel
def scalar_math64(x: wp.array(dtype=wp.float64), p: wp.array(dtype=wp.float64),
                  z: wp.array(dtype=wp.float64), s: wp.array(dtype=wp.float64),
                  out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = (wp.erf(x[i]) + wp.erfc(x[i] * 0.5) * 2.0 + wp.erfinv(p[i]) * 3.0
              + wp.erfcinv(z[i]) * 5.0 + wp.copysign(x[i], s[i]) * 7.0)
