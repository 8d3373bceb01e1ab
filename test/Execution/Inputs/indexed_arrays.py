# wp.indexedarray kernel parameters (indexed_arrays.test): element (i, j) of
# an indexed array is data[indices0[i], indices1[j]], a dimension without
# indices maps directly, and the shape is the indices' lengths. Reads,
# writes, atomics, views, .shape / len(), struct fields, func parameters,
# truth values, vector elements and gradients through them.
from typing import Literal

import warp as wp


@wp.kernel
def gather3d(a: wp.indexedarray3d(dtype=float), out: wp.array3d(dtype=float), shp: wp.array(dtype=int)):
    i, j, k = wp.tid()
    # every spelling of the element, views included, reads the same value
    v = a[i, j, k]
    out[i, j, k] = v + a[i][j][k] * 10.0 + a[i, j][k] * 100.0 + a[i][j, k] * 1000.0
    a[i, j, k] = 2.0 * v
    wp.atomic_add(a, i, j, k, 1.0)
    if i == 0 and j == 0 and k == 0:
        shp[0] = a.shape[0]
        shp[1] = a.shape[1]
        shp[2] = a.shape[2]
        shp[3] = len(a)
        plane = a[1]
        shp[4] = plane.shape[0] * 10 + plane.shape[1]
        shp[5] = a[0, 1].shape[0]


@wp.struct
class Holder:
    vals: wp.indexedarray(dtype=float)
    scale: float


@wp.func
def total(x: wp.indexedarray(dtype=float)) -> float:
    s = float(0.0)
    for i in range(len(x)):
        s += x[i]
    return s


@wp.kernel
def struct_and_func(h: Holder, out: wp.indexedarray[float], hist: wp.indexedarray[int],
                    mins: wp.indexedarray[float, Literal[1]]):
    i = wp.tid()
    out[i] = total(h.vals) * h.scale + h.vals[i]
    # several threads hit the same data element through repeated indices
    wp.atomic_add(hist, i, 1)
    wp.atomic_min(mins, i, h.vals[i])


@wp.kernel
def components(y: wp.indexedarray(dtype=wp.vec3), x: wp.array(dtype=float)):
    i = wp.tid()
    y[i].y = x[i]
    y[i][2] += 1.0


@wp.kernel
def truth(a: wp.indexedarray(dtype=float), b: wp.indexedarray2d(dtype=float), flags: wp.array(dtype=int)):
    flags[0] = 1 if a else 0
    if b:
        flags[1] = b.shape[0] * 10 + b.shape[1]


@wp.kernel
def grad_loss(x: wp.indexedarray(dtype=wp.float64), y: wp.indexedarray2d(dtype=wp.float64),
              loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    xi = x[i]
    v = wp.float64(0.5) * xi * xi + wp.sin(y[i, 1]) * xi + y[i][0] * y[i][0]
    wp.atomic_add(loss, 0, v)
