# RUN: kdsl-translate %s --emit=mlir --verify-diagnostics
#
# wp.grad(f)(...) (Warp's GradWrapper: f's gradient called in forward code)
# is not implemented: a located error instead of "cannot be called".

import warp as wp


@wp.func
def square(x: float):
    return x * x


@wp.kernel(enable_backward=False)
def k(x: wp.array(dtype=float), g: wp.array(dtype=float)):
    i = wp.tid()
    # expected-error@+1 {{wp.grad(f)(...) (the gradient of a function, called in forward code) is not supported by kdsl yet}}
    g[i] = wp.grad(square)(x[i])
