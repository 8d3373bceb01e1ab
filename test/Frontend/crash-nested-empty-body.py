# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# BUG (crash): a loop or if whose body contains only another if/loop with an
# empty body (`pass`) aborts kdsl-translate with
#   double free or corruption (!prev)
# in kdsl::MLIRGen::run (exit code 134, SIGABRT). Each kernel below crashes
# on its own; a single level of `pass` (`if c: pass`) does not. Three nested
# while loops whose innermost body is only `break` crash the same way.

import warp as wp


# CHECK-LABEL: kdsl.kernel @for_if_pass(
# CHECK: kdsl.return
@wp.kernel
def for_if_pass(n: int):
    for i in range(n):
        if n < 2:
            pass


# CHECK-LABEL: kdsl.kernel @if_for_pass(
# CHECK: kdsl.return
@wp.kernel
def if_for_pass(n: int, a: wp.array(dtype=int)):
    i = wp.tid()
    if i < n:
        for j in range(n):
            pass
    a[i] = 1


# CHECK-LABEL: kdsl.kernel @for_for_pass(
# CHECK: kdsl.return
@wp.kernel
def for_for_pass(n: int):
    for i in range(n):
        for j in range(n):
            pass


# CHECK-LABEL: kdsl.kernel @while_while_while_break(
# CHECK: kdsl.return
@wp.kernel
def while_while_while_break(n: int):
    while n > 1:
        while n > 2:
            while n > 3:
                break
