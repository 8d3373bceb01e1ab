# RUN: kdsl-translate %s --emit=mlir --kernel first | FileCheck %s --check-prefix=FIRST
# RUN: kdsl-translate %s --emit=mlir --kernel second | FileCheck %s --check-prefix=SECOND
# RUN: kdsl-translate %s --emit=mlir | FileCheck %s --check-prefix=ALL
# RUN: kdsl-translate %s --emit=mlir --kernel first -o %t.mlir && FileCheck %s --check-prefix=FIRST --input-file=%t.mlir
#
# --kernel NAME emits only that kernel and the funcs it calls, directly or
# through other funcs (and the struct types they use). Without --kernel
# every kernel and func is emitted.

import warp as wp


@wp.struct
class OnlySecond:
    x: float


@wp.func
def used_helper(x: float):
    return x + 1.0


@wp.func
def unused_helper(x: float):
    return x - 1.0


@wp.func
def deep(x: float):
    return used_helper(x) * 2.0


@wp.func
def never_called(x: float):
    return x


@wp.kernel
def first(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = deep(a[i])


@wp.kernel
def second(a: wp.array(dtype=float), s: OnlySecond):
    i = wp.tid()
    a[i] = unused_helper(a[i]) + s.x


# FIRST-NOT: OnlySecond
# FIRST-NOT: @unused_helper
# FIRST-NOT: @never_called
# FIRST-DAG: func.func private @used_helper(
# FIRST-DAG: func.func private @deep(
# FIRST: kdsl.kernel @first(
# FIRST: func.call @deep(
# FIRST-NOT: kdsl.kernel
# FIRST-NOT: @unused_helper
# FIRST-NOT: @never_called

# SECOND: !OnlySecond = !kdsl.struct<"OnlySecond", {x: f32}>
# SECOND-NOT: @used_helper
# SECOND-NOT: @deep
# SECOND: func.func private @unused_helper(
# SECOND-NOT: kdsl.kernel @first
# SECOND: kdsl.kernel @second(
# SECOND-NOT: kdsl.kernel

# ALL-DAG: func.func private @used_helper(
# ALL-DAG: func.func private @unused_helper(
# ALL-DAG: func.func private @deep(
# ALL-DAG: func.func private @never_called(
# ALL-DAG: kdsl.kernel @first(
# ALL-DAG: kdsl.kernel @second(
