# Issue 27: the two-layer swish(x * w + b) kernel (bench/funcs_adjoint.sh).
import warp as wp

@wp.func
def swish(z: float):
    return z / (1.0 + wp.exp(-z))

@wp.func
def layer(x: float, w: float, b: float):
    return swish(x * w + b)

@wp.kernel
def mlp(x: wp.array(dtype=float), w: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    h = layer(x[i], w[0], b[0])
    out[i] = layer(h, w[1], b[1])
