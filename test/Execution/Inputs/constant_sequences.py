# Module constants of vector and matrix types built from one sequence, as
# Python's Warp types take them (constant_sequences.test).
import warp as wp

vec3bool = wp.types.vector(length=3, dtype=wp.bool)
mat22bool = wp.types.matrix((2, 2), dtype=wp.bool)

SEL = wp.constant(vec3bool([True, False, True]))
MSEL = wp.constant(mat22bool([True, False, False, True]))
V = wp.constant(wp.vec3([1.5, -2.0, 4.0]))
T = wp.constant(wp.vec2i((7, -3)))
M = wp.constant(wp.mat22([[1.0, 2.0], [3.0, 4.0]]))


@wp.kernel
def use(out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    if SEL[0]:
        s += 1.0
    if SEL[1]:
        s += 2.0
    if SEL[2]:
        s += 4.0
    if MSEL[0, 1]:
        s += 8.0
    if MSEL[1, 1]:
        s += 16.0
    out[i * 4 + 0] = s
    out[i * 4 + 1] = V[0] + V[1] * V[2]
    out[i * 4 + 2] = float(T[0] * T[1])
    out[i * 4 + 3] = M[1, 0] * 10.0 + M[0, 1]
