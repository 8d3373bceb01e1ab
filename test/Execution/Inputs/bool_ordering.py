import warp as wp


# Bools order as in Python (False < True).
@wp.kernel
def bool_ordering(x: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    a = x[i] > 0
    if (-2 < x[i]) < (1 > 0):
        out[i] = 1
    if a >= True:
        out[i] = out[i] + 10
