# Custom gradients and replay functions (@wp.func_grad, @wp.func_replay),
# for custom_grad.test. The examples follow Warp's docs
# (docs/user_guide/differentiability.rst) and warp/tests/test_grad_customs.py.
import warp as wp


# A straight-through estimator: round() forward, identity backward (round has
# a zero derivative, so without the custom gradient x gets nothing).
@wp.func
def ste_round(x: float):
    return wp.round(x)


@wp.func_grad(ste_round)
def adj_ste_round(x: float, adj_ret: float):
    wp.adjoint[x] += adj_ret


@wp.kernel
def quantize(x: wp.array(dtype=float), w: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = ste_round(x[i]) * w[i]


# The same kernel through a plain func: round's zero derivative.
@wp.func
def plain_round(x: float):
    return wp.round(x)


@wp.kernel
def quantize_plain(x: wp.array(dtype=float), w: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = plain_round(x[i]) * w[i]


# Warp's safe_sqrt: no infinite gradient at 0; the guard is a branch.
@wp.func
def safe_sqrt(x: float):
    return wp.sqrt(x)


@wp.func_grad(safe_sqrt)
def adj_safe_sqrt(x: float, adj_ret: float):
    if x > 0.0:
        wp.adjoint[x] += 1.0 / (2.0 * wp.sqrt(x)) * adj_ret


@wp.kernel
def run_safe_sqrt(xs: wp.array(dtype=float), output: wp.array(dtype=float)):
    i = wp.tid()
    output[i] = safe_sqrt(xs[i])


# Two results, two adjoints (test_grad_customs.py's overload_fn); the gradient
# calls nothing of the forward, on purpose not its derivative.
@wp.func
def two_out(x: float, y: float):
    return x * 3.0 + y / 3.0, y**2.5


@wp.func_grad(two_out)
def two_out_grad(x: float, y: float, adj_ret0: float, adj_ret1: float):
    wp.adjoint[x] += x * adj_ret0 * 42.0 + y * adj_ret1 * 10.0
    wp.adjoint[y] += y * adj_ret1 * 3.0


@wp.kernel
def run_two_out(xs: wp.array(dtype=float), ys: wp.array(dtype=float), out0: wp.array(dtype=float),
                out1: wp.array(dtype=float)):
    i = wp.tid()
    a, b = two_out(xs[i], ys[i])
    out0[i] = a
    out1[i] = b


# No result: the gradient adds into an adjoint array; it calls the forward
# func sigmoid (whose own custom gradient is not involved).
@wp.func
def sigmoid(x: float):
    return 1.0 / (1.0 + wp.exp(-x))


@wp.func_grad(sigmoid)
def adj_sigmoid(x: float, adj: float):
    wp.adjoint[x] += adj * sigmoid(x) * (1.0 - sigmoid(x))


@wp.func
def sigmoid_no_return(i: int, xs: wp.array(dtype=float), ys: wp.array(dtype=float)):
    ys[i] = sigmoid(xs[i])


@wp.func_grad(sigmoid_no_return)
def adj_sigmoid_no_return(i: int, xs: wp.array(dtype=float), ys: wp.array(dtype=float)):
    wp.adjoint[xs][i] += ys[i] * (1.0 - ys[i])


@wp.kernel
def eval_sigmoid(xs: wp.array(dtype=float), ys: wp.array(dtype=float)):
    i = wp.tid()
    sigmoid_no_return(i, xs, ys)


# A vector parameter, called inside a loop and under a branch.
@wp.func
def clipped_len(v: wp.vec3):
    return wp.min(wp.length(v), 1.0)


@wp.func_grad(clipped_len)
def adj_clipped_len(v: wp.vec3, adj_ret: float):
    wp.adjoint[v] += wp.normalize(v) * adj_ret


@wp.kernel
def sum_clipped(vs: wp.array(dtype=wp.vec3), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for k in range(n):
        if k % 2 == 0:
            s += clipped_len(vs[i] * float(k + 1))
    out[i] = s


# Warp's reversible increment: the replay reads the index the forward pass
# recorded instead of running the atomic again.
@wp.func
def reversible_increment(counter: wp.array(dtype=int), counter_index: int, value: int,
                         thread_values: wp.array(dtype=int), tid: int):
    next_index = wp.atomic_add(counter, counter_index, value)
    thread_values[tid] = next_index
    return next_index


@wp.func_replay(reversible_increment)
def replay_reversible_increment(counter: wp.array(dtype=int), counter_index: int, value: int,
                                thread_values: wp.array(dtype=int), tid: int):
    return thread_values[tid]


@wp.kernel
def run_atomic_add(input: wp.array(dtype=float), counter: wp.array(dtype=int),
                   thread_values: wp.array(dtype=int), output: wp.array(dtype=float)):
    tid = wp.tid()
    idx = reversible_increment(counter, 0, 1, thread_values, tid)
    output[idx] = input[idx] ** 2.0
