# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# RUN: not kdsl-translate %s --emit=mlir --kernel k 2>&1 | FileCheck %s
#
# @wp.func_grad is not implemented: the custom gradient must not be ignored
# (it was, and the straight-through quantizer below got zero gradients
# instead of Warp's 2 * q = [0.5, 1.0, -2.0] for a = [0.3, 0.6, -1.1]).
# Translating the whole file reports the decorator; translating only the
# kernel reports it too, because the kernel calls its target.

import warp as wp


@wp.func
# CHECK-DAG: .py:[[# @LINE + 1]]:5: note: 'quant' has a @wp.func_grad definition
def quant(x: float):
    return wp.round(x * 4.0) / 4.0


# CHECK-DAG: .py:[[# @LINE + 1]]:1: error: kdsl does not support @wp.func_grad (custom gradients) yet
@wp.func_grad(quant)
def adj_quant(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    # CHECK-DAG: .py:[[# @LINE + 1]]:9: note: in the call to 'quant'
    q = quant(a[i])
    wp.atomic_add(loss, 0, q * q)
