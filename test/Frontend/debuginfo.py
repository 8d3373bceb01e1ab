# RUN: kdsl-translate %s --emit=mlir --mlir-print-debuginfo | FileCheck %s
#
# Every op carries the FileLineColLoc of the source construct it comes from
# (--mlir-print-debuginfo prints them): kernels at their name,
# kernel parameters at the parameter, loads at the subscript, binary
# operators at the operator, calls at the callee, stores at the statement.

import warp as wp


@wp.func
def twice(x: float):
    return x * 2.0


@wp.kernel
def scale(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = twice(a[i]) * s


# CHECK-LABEL: func.func private @twice(
# CHECK: arith.mulf {{.*}} loc(#[[MUL:loc[0-9]*]])

# CHECK-LABEL: kdsl.kernel @scale(
# CHECK-SAME: %a: !kdsl.array<f32, 1> loc("{{.*}}debuginfo.py":17:11)
# CHECK-SAME: %s: f32 loc("{{.*}}debuginfo.py":17:37)
# CHECK: kdsl.tid : i32 loc(#[[TID:loc[0-9]*]])
# CHECK: kdsl.load {{.*}} loc(#[[LOAD:loc[0-9]*]])
# CHECK: func.call @twice({{.*}} loc(#[[CALL:loc[0-9]*]])
# CHECK: arith.mulf {{.*}} loc(#[[KMUL:loc[0-9]*]])
# CHECK: kdsl.store {{.*}} loc(#[[STORE:loc[0-9]*]])
# CHECK: } loc(#[[SCALE:loc[0-9]*]])

# CHECK-DAG: #[[MUL]] = loc("{{.*}}debuginfo.py":13:14)
# CHECK-DAG: #[[SCALE]] = loc("{{.*}}debuginfo.py":17:5)
# The value of a local is named after it (NameLoc, for the C++ emission).
# CHECK-DAG: #[[TID]] = loc("i"(#[[TIDPOS:loc[0-9]*]]))
# CHECK-DAG: #[[TIDPOS]] = loc("{{.*}}debuginfo.py":18:9)
# CHECK-DAG: #[[LOAD]] = loc("{{.*}}debuginfo.py":19:18)
# CHECK-DAG: #[[CALL]] = loc("{{.*}}debuginfo.py":19:12)
# CHECK-DAG: #[[KMUL]] = loc("{{.*}}debuginfo.py":19:24)
# CHECK-DAG: #[[STORE]] = loc("{{.*}}debuginfo.py":19:5)
