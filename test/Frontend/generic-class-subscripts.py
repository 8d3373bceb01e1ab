# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# Warp's generic classes subscripted as annotations (warp._src.types, as
# test_subscript_types.py imports them): Vector[dtype, Literal[n]],
# Matrix[dtype, Literal[r], Literal[c]] (plain integers too),
# Quaternion[dtype], Transformation[dtype]; also through wp.types.
from typing import Literal

import warp as wp
from warp._src.types import Matrix, Quaternion, Transformation, Vector

N = 4


@wp.kernel
def k(
    positions: wp.array[Vector[wp.float32, Literal[3]]],
    m: wp.array[Matrix[wp.float64, Literal[2], 3]],
    v: Vector[wp.int16, N],
    q: Quaternion[wp.float32],
    t: Transformation[wp.float64],
    w: wp.types.Vector[float, 2],
    output: wp.array[float],
):
    i = wp.tid()
    output[i] = wp.length(positions[i]) + float(m[i][1, 2]) + float(v[3]) + q[3] + float(t[6]) + w[1]


# CHECK: kdsl.kernel @k(%positions: !kdsl.array<vector<3xf32>, 1>, %m: !kdsl.array<vector<2x3xf64>, 1>, %v: vector<4xi16>, %q: vector<4xf32>, %t: vector<7xf64>, %w: vector<2xf32>, %output: !kdsl.array<f32, 1>)
