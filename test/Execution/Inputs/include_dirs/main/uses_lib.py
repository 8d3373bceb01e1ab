# Imports kdsltestlib.ops, which is neither next to this file nor in one of
# its ancestors: kdsl finds it only with -I (include_dirs.test).
import warp as wp
import kdsltestlib.ops as ops
from kdsltestlib.ops import Gain


@wp.kernel
def apply(x: wp.array(dtype=wp.float64), g: Gain, y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = g.k * ops.cube(x[i]) + wp.float64(ops.OFFSET)
