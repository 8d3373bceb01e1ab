import warp as wp


@wp.kernel
def weighted(x: wp.array(dtype=wp.float64), w: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    if w:
        out[i] = x[i] * w[i]
    else:
        out[i] = x[i]


@wp.kernel
def short_circuit(arr: wp.array(dtype=int), result: wp.array(dtype=int)):
    tid = wp.tid()
    if arr and tid >= 0 and arr[tid] == 0:
        result[tid] = -1
        return
    if not arr or arr[tid] < 0:
        result[tid] = 2
        return
    result[tid] = 1


@wp.struct
class Holder:
    scale: float
    a: wp.array(dtype=int)


# A struct built without its array field holds a null array.
@wp.kernel
def defaults(out: wp.array(dtype=int)):
    s = Holder()
    if s.a:
        out[0] = 1
    else:
        out[0] = s.a.shape[0] + 2
