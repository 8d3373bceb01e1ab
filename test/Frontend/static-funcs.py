# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# wp.static(...) with @wp.func calls, `in` of tuple, list and set constants,
# and a factory bound to a list literal (Warp's test_unique_module
# kernel_with_deferred_static): len() and items of the list are constants.

import warp as wp

PRIMES = {2, 3, 5, 7}
SMALL = (0, 1)


@wp.func
def pick(n: int) -> int:
    if n % 2 == 1:
        return n * 10
    return -1


def make_kernel(values):
    @wp.kernel
    def deferred(result: wp.array(dtype=int)):
        for i in range(wp.static(len(values))):
            result[i] = wp.static(values[i])

    return deferred


kernel1 = make_kernel([100, 200, 300])


# CHECK-LABEL: kdsl.kernel @deferred
# CHECK-NOT: scf.for
# CHECK: arith.constant 100 : i32
# CHECK: arith.constant 200 : i32
# CHECK: arith.constant 300 : i32
# CHECK-NOT: scf.for


# CHECK-LABEL: kdsl.kernel @membership
# CHECK-NOT: scf.if
# CHECK-NOT: func.call
# CHECK: arith.constant 50 : i32
# CHECK: arith.subi
# CHECK: arith.constant 4 : i32
# CHECK: arith.constant 7 : i32
@wp.kernel
def membership(out: wp.array(dtype=int)):
    out[0] = wp.static(pick(5))
    out[1] = wp.static(pick(4))
    out[2] = wp.static(len(PRIMES))
    if wp.static(1 in SMALL and 3 not in [4, 5] and 5 in PRIMES):
        out[3] = 7
    else:
        out[3] = undefined_name
