# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# @wp.func_replay is not implemented. It was skipped, so a call of the replay
# function failed with "name 'replay_quant' is not defined".

import warp as wp


@wp.func
def quant(x: float):
    return wp.round(x * 4.0) / 4.0


# CHECK: .py:[[# @LINE + 1]]:1: error: kdsl does not support @wp.func_replay (custom replay functions) yet
@wp.func_replay(quant)
def replay_quant(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = replay_quant(a[i])
# CHECK-NOT: is not defined
