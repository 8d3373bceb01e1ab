# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# @wp.func_grad / @wp.func_replay signatures (lib/Frontend/CustomGrad.cpp).

# grad-arity:
# The gradient takes f's parameters, then one adjoint per result of f.

import warp as wp


@wp.func
# expected-note@+2 {{'f' is defined here}}
# expected-note@+1 {{'f' has this custom gradient}}
def f(x: float, y: float):
    return x * y


@wp.func_grad(f)
# expected-error@+1 {{@wp.func_grad function 'adj_f' of 'f': takes 2 parameters, expected 3 (the parameters of 'f', then one adjoint per result)}}
def adj_f(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    a[i] = f(a[i], 2.0)

# -----

# grad-adjoint-type:
# The adjoint of a result has the result's type.

import warp as wp


@wp.func
# expected-note@+2 {{'f' is defined here}}
# expected-note@+1 {{'f' has this custom gradient}}
def f(x: float):
    return wp.vec2(x, x)


@wp.func_grad(f)
# expected-error@+1 {{@wp.func_grad function 'adj_f' of 'f': parameter 'adj_ret' has type float32, expected vec2f}}
def adj_f(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    a[i] = f(a[i])[0]

# -----

# grad-return:
# A custom gradient adds into wp.adjoint[...]; it returns nothing.

import warp as wp


@wp.func
# expected-note@+2 {{'f' is defined here}}
# expected-note@+1 {{'f' has this custom gradient}}
def f(x: float):
    return x * x


@wp.func_grad(f)
def adj_f(x: float, adj_ret: float):
    if x > 0.0:
        # expected-error@+1 {{@wp.func_grad function 'adj_f' of 'f': a custom gradient returns nothing (it adds into wp.adjoint[...])}}
        return
    wp.adjoint[x] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    a[i] = f(a[i])

# -----

# grad-adjoint-of-field:
# wp.adjoint[...] takes a parameter name.

import warp as wp


@wp.func
# expected-note@+1 {{'f' has this custom gradient}}
def f(v: wp.vec3):
    return v[0]


@wp.func_grad(f)
def adj_f(v: wp.vec3, adj_ret: float):
    # expected-error@+1 {{wp.adjoint[...] of anything but a parameter name are not supported in kernel code}}
    wp.adjoint[v[0]] += adj_ret


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    b[i] = f(a[i])

# -----

# grad-adjoint-type-mismatch:
# wp.adjoint[x] has x's type.

import warp as wp


@wp.func
# expected-note@+1 {{'f' has this custom gradient}}
def f(x: float):
    return x * x


@wp.func_grad(f)
def adj_f(x: float, adj_ret: float):
    # expected-error@+1 {{vec3f}}
    wp.adjoint[x] += wp.vec3(adj_ret)


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    a[i] = f(a[i])

# -----

# replay-result:
# A replay function returns what the func it replays returns.

import warp as wp


@wp.func
def f(x: float):
    return x * x


@wp.func_replay(f)
# expected-error@+1 {{@wp.func_replay function 'replay_f' must return what 'f' returns}}
def replay_f(x: float):
    return wp.vec2(x, x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'f'}}
    a[i] = f(a[i])
