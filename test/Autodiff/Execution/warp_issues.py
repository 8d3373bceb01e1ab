# Kernels on which Warp's backward pass gives wrong gradients because it does
# not replay dynamic loops (warp_issues.test states the true gradients).
import warp as wp


# Warp's documentation, "Dynamic Loops": x = [2, 2, 2], iters = 3. Warp prints
# x.grad = [32. 8. 2.]; d(x0 x1 x2)/dxi = 4.
@wp.kernel
def dynamic_loop_mult(x: wp.array(dtype=float), loss: wp.array(dtype=float), iters: int):
    prod = float(1.0)
    for i in range(iters):
        prod *= x[i]
    wp.atomic_add(loss, 0, prod)


# NVIDIA/warp#1293: nested dynamic-range loops (a chain of joint rotations per
# branch); Warp's gradient for the outer variables is 2x off.
@wp.kernel
def nested_joint_chain(starts: wp.array(dtype=int), angle: wp.array(dtype=wp.float64),
                       axis: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.quatd)):
    b = wp.tid()
    q = wp.quatd(wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))
    for i in range(starts[b], starts[b + 1]):
        for j in range(starts[b], i + 1):
            half = angle[i] * 0.5 * wp.float64(j - starts[b] + 1)
            s = wp.sin(half)
            ax = axis[j]
            qloc = wp.quatd(ax[0] * s, ax[1] * s, ax[2] * s, wp.cos(half))
            q = q * qloc
    out[b] = q


# NVIDIA/warp#1694: a value computed before a dynamic loop and used after it
# (b) gets a zero adjoint in Warp; acc starts at 5.0 as in the report.
# out = (5 + n x) * 3x, d/dx = 15 + 6 n x.
@wp.kernel
def pre_loop_value(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = x[i] * 3.0
    acc = wp.float64(5.0)
    for j in range(n):
        acc += x[i]
    out[i] = acc * b


# NVIDIA/warp#1740: a nonlinear operation on the accumulator of a dynamic
# loop inside a @wp.func. d/dx 1/(n x) = -1/(n x^2); d/dx (n x)^2 = 2 n^2 x.
@wp.func
def reciprocal_of_sum(x: wp.float64, n: int):
    acc = wp.float64(0.0)
    for k in range(n):
        acc += x
    return 1.0 / acc


@wp.func
def square_of_sum(x: wp.float64, n: int):
    acc = wp.float64(0.0)
    for k in range(n):
        acc += x
    return acc * acc


@wp.kernel
def looped_func_reciprocal(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = reciprocal_of_sum(x[i], n)


@wp.kernel
def looped_func_square(x: wp.array(dtype=wp.float64), n: int, out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = square_of_sum(x[i], n)


# NVIDIA/warp#1552: `continue` in a dynamic loop, argmax-style reduction.
# The gradient of out[t] = max over c != 0 of x[t] * c[p, q] (p + q + 2) is the
# winning factor: d = 12 for x > 0, d = 2 for x < 0 with the c below.
@wp.kernel
def argmax_continue(c_arr: wp.array2d(dtype=wp.float64), x_arr: wp.array(dtype=wp.float64), n: int,
                    out: wp.array(dtype=wp.float64)):
    tid = wp.tid()
    max_val = wp.float64(-1.0e20)
    for p in range(n):
        for q in range(n):
            c = c_arr[p, q]
            if c == 0.0:
                continue
            d = c * (wp.float64(p + 1) + wp.float64(q + 1))
            v = x_arr[tid] * d
            if v > max_val:
                max_val = v
    out[tid] = max_val
