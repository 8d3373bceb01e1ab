# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
# RUN: kdsl-translate %s --emit=mlir --kernel k | FileCheck %s --check-prefix=FIRST
#
# Two kernels of one name in one scope. In Warp a redefined kernel leaves the
# earlier one valid (a launch uses whichever the name is bound to at that
# moment), so kdsl keeps both: the later one is `k_1`, and --kernel k selects
# the first definition. (Funcs and structs of one name are errors instead:
# errors/func-redefinition.py, errors/struct-redefinition.py.)

import warp as wp


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: arith.constant 1.0
# FIRST-LABEL: kdsl.kernel @k(
# FIRST: arith.constant 1.0
# FIRST-NOT: kdsl.kernel
@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0


# CHECK-LABEL: kdsl.kernel @k_1(
# CHECK: arith.constant 2.0
@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 2.0
