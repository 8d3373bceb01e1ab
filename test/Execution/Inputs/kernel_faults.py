# Kernels that fault or never end (test/Execution/kernel-faults.test).
import warp as wp

@wp.kernel
def divide(x: wp.array(dtype=int), d: int, out: wp.array(dtype=int)):
    i = wp.tid()
    out[i] = x[i] / d

@wp.kernel
def write_past(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = 1.0

@wp.kernel
def runaway(n: int, out: wp.array(dtype=int)):
    j = int(0)
    while n > 0:
        j = j + 1
    out[0] = j
