# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Module constants are computed with Python's integers, which have no width
# (issue 26, finding 10: these folded in wrapping 64-bit arithmetic to 7, 0
# and a 3-iteration loop). Each expected value is what python3 prints for the
# same expression.

import warp as wp

HUNDRED = 10**20 // 10**18                 # python3: 100
FOUR = (1 << 70) >> 68                     # python3: 4
TRIP = (2**64 + 3) - 2**64                 # python3: 3
BIG_LITERAL = 100000000000000000000 // 7 % 1000  # python3: 714
NEG_SHIFT = -(2**100) >> 98                # python3: -4
NEG_FLOOR = -(10**30) // 10**29            # python3: -10
NEG_MOD = -(10**30) % 7                    # python3: 6
NEG_POW = (-1) ** 65                       # python3: -1
XOR = (2**90 | 5) ^ (2**90)                # python3: 5
INVERT = ~(2**80) >> 79                    # python3: -3
UMAX = 2**64 - 1                           # python3: 18446744073709551615
RATIO = 10**20 / 10**18                    # python3: 100.0
EXACT = (2**53 + 1) / 2**53                # python3: 1.0 (correctly rounded)
FROM_FLOAT = int(1e30) // 10**27           # python3: 1000


# CHECK-LABEL: kdsl.kernel @k(
@wp.kernel
def k(b: wp.array(dtype=int), u: wp.array(dtype=wp.uint64), f: wp.array(dtype=wp.float64)):
    # CHECK: arith.constant 100 : i32
    b[0] = HUNDRED
    # CHECK: arith.constant 4 : i32
    b[1] = FOUR
    # CHECK: arith.constant 714 : i32
    b[2] = BIG_LITERAL
    # CHECK: arith.constant -4 : i32
    b[3] = NEG_SHIFT
    # CHECK: arith.constant -10 : i32
    b[4] = NEG_FLOOR
    # CHECK: arith.constant 6 : i32
    b[5] = NEG_MOD
    # CHECK: arith.constant -1 : i32
    b[6] = NEG_POW
    # CHECK: arith.constant 5 : i32
    b[7] = XOR
    # CHECK: arith.constant -3 : i32
    b[8] = INVERT
    # CHECK: arith.constant 1000 : i32
    b[9] = FROM_FLOAT
    # 2^64 - 1 is the all-ones uint64.
    # CHECK: arith.constant -1 : i64
    u[0] = UMAX
    # CHECK: arith.constant 1.000000e+02 : f64
    f[0] = RATIO
    # CHECK: arith.constant 1.000000e+00 : f64
    f[1] = EXACT
    # The loop runs 3 times, its bound a constant 3.
    # CHECK: %[[THREE:.*]] = arith.constant 3 : i32
    # CHECK: scf.for %{{.*}} = %{{.*}} to %[[THREE]]
    s = int(0)
    for i in range(TRIP):
        s += 1
    b[10] = s
