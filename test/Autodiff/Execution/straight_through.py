# The straight-through quantizer (issue 15's acceptance example): quant()
# rounds to quarters forward and passes the adjoint through unchanged
# backward. This file was test/Frontend/errors/func-grad-decorator.py while
# @wp.func_grad was rejected (before that, the custom gradient was ignored and
# a got zero gradients).
import warp as wp


@wp.func
def quant(x: float):
    return wp.round(x * 4.0) / 4.0


@wp.func_grad(quant)
def adj_quant(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    q = quant(a[i])
    wp.atomic_add(loss, 0, q * q)
