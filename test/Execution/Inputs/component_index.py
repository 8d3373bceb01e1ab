# Run-time indices into vectors, quaternions and matrices, negative ones
# counting from the end as in Warp 1.16 (component_index.test; the index
# arrays of its specs keep every index, also j - 1, in range): reads,
# stores and in-place updates of vector components, matrix rows and
# elements, quaternion components, through locals, array elements and
# struct fields, and a run-time index next to a matrix slice.
import warp as wp

mat23 = wp.types.matrix(shape=(2, 3), dtype=float)
mat23d = wp.types.matrix(shape=(2, 3), dtype=wp.float64)


@wp.struct
class Body:
    pos: wp.vec3
    rot: wp.quat


@wp.kernel
def vectors(x: wp.array(dtype=wp.vec3), k: wp.array(dtype=int), read: wp.array(dtype=float),
            stored: wp.array(dtype=wp.vec3), added: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a = x[i]
    j = k[i]
    read[i] = a[j] + 10.0 * a[i % 3 - 3]
    b = a
    b[j] = 100.0 + float(i)
    stored[i] = b
    c = a
    c[j] += 1000.0
    c[j - 1] *= 2.0
    added[i] = c
    # A component of an array element, read and written in place.
    x[i][j] = -x[i][j]


@wp.kernel
def matrices(m: wp.array(dtype=mat23), r: wp.array(dtype=int), c: wp.array(dtype=int),
             row: wp.array(dtype=wp.vec3), elem: wp.array(dtype=float), tail: wp.array(dtype=wp.vec2),
             out: wp.array(dtype=mat23)):
    i = wp.tid()
    a = m[i]
    jr = r[i]
    jc = c[i]
    row[i] = a[jr]
    elem[i] = a[jr, jc] + 10.0 * a[jr][jc]
    tail[i] = a[jr, 1:]
    b = a
    b[jr, jc] = -1.0
    b[jr - 1] = wp.vec3(7.0, 8.0, 9.0) + b[jr - 1]
    b[jr, jc - 1] += 0.5
    out[i] = b


@wp.kernel
def quaternions(bodies: wp.array(dtype=Body), k: wp.array(dtype=int), read: wp.array(dtype=float)):
    i = wp.tid()
    b = bodies[i]
    j = k[i]
    read[i] = b.rot[j] + 10.0 * b.pos[(j + 4) % 3 - 3]
    b.rot[j] = 5.0
    b.pos[(j + 4) % 3 - 3] -= 1.0
    bodies[i] = b


@wp.kernel
def grads(x: wp.array(dtype=wp.vec3d), m: wp.array(dtype=mat23d), k: wp.array(dtype=int),
          loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    j = k[i]
    s = a[j] * a[j - 1]
    a[j] = a[j] * wp.float64(3.0)
    b = m[i]
    jr = (j + 2) % 2 - 1
    b[jr, j] = b[jr, j] * b[jr - 1, j - 1]
    t = b[jr]
    wp.atomic_add(loss, 0, s + wp.dot(a, a) + wp.dot(t, a) + b[jr - 1, j])
