# Kernels of the CPU backend benchmark kdsl-bench-cpu (bench/cpu_kernels.cpp,
# bench/README.md). cpu_kernels.cpp has a hand-written C++ loop for each of
# them with the same floating-point operations in the same order, and checks
# that both give the same results.
import warp as wp


@wp.kernel
def saxpy(a: float, x: wp.array(dtype=float), y: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a * x[i] + y[i]


@wp.kernel
def normalize3(v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.normalize(v[i])


@wp.kernel
def matvec3(m: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = m[i] * v[i]


# out[i] = sum_{k < terms} (k + 1) * x[i]^k, with a trip count known only at
# run time.
@wp.kernel
def poly_loop(x: wp.array(dtype=float), terms: int, out: wp.array(dtype=float)):
    i = wp.tid()
    xi = x[i]
    s = float(0.0)
    p = float(1.0)
    for k in range(terms):
        s = s + p * float(k + 1)
        p = p * xi
    out[i] = s
