# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Regression (was a bug): the message of the kdsl.assert built for `assert cond` is cut short
# when the condition starts with a subscript or call: `assert a[i] > 0.0`
# gives the message "assert a[i]" (the source range of the condition ends
# after its first operand). The message should show the whole condition.

import warp as wp


# CHECK-LABEL: kdsl.kernel @k(
# CHECK: kdsl.assert %{{.*}}, "assert a[i] > 0.0"
# CHECK: kdsl.assert %{{.*}}, "assert wp.abs(x) < 2.0"
@wp.kernel
def k(a: wp.array(dtype=float), x: float):
    i = wp.tid()
    assert a[i] > 0.0
    assert wp.abs(x) < 2.0
