# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
# Fuzzer regression (UBSan, crash-53580aa1): a module constant whose value
# calls wp.tid() was checked in a function context whose `isKernel` flag was
# never initialized. The constant is host code, so the use is undefined.
import warp as wp

I = wp.tid()


@wp.kernel
def k(a: wp.array(dtype=int)):
    # CHECK: .py:[[# @LINE + 1]]:12: error: name 'I' is not defined in kernel code
    a[0] = I
