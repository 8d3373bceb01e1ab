# Arrays of @wp.struct elements: read, written whole, written by field, 1-d
# and 2-d, with float, vector and integer fields (test/Execution/struct-arrays.test).
import warp as wp


@wp.struct
class Body:
    pos: wp.vec3d
    vel: wp.vec3d
    mass: wp.float64
    id: int


@wp.kernel
def step(bodies: wp.array(dtype=Body), dt: wp.float64, energy: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = bodies[i]
    b.pos = b.pos + b.vel * dt
    b.id = b.id + 10
    bodies[i] = b
    energy[i] = wp.float64(0.5) * b.mass * wp.dot(b.vel, b.vel) + wp.float64(b.id)


@wp.kernel
def set_mass(bodies: wp.array(dtype=Body), m: wp.float64):
    i = wp.tid()
    bodies[i].mass = m * wp.float64(i + 1)


@wp.kernel
def kinetic(bodies: wp.array(dtype=Body), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = bodies[i]
    out[i] = wp.float64(0.5) * b.mass * wp.dot(b.vel, b.vel) + wp.float64(b.id) * b.pos[0]


@wp.struct
class Inner:
    a: wp.float64
    n: int


@wp.struct
class Node:
    pos: wp.vec3d
    mass: wp.float64
    id: int
    inner: Inner


@wp.kernel
def neighbor(nodes: wp.array(dtype=Node), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    b = nodes[(i + 1) % 3]
    c = nodes[0]
    out[i] = b.mass * b.pos[1] + c.inner.a * wp.float64(i + 1) + wp.float64(b.id)


@wp.struct
class Spring:
    rest: float
    k: float


@wp.kernel
def stretch(springs: wp.array2d(dtype=Spring), x: wp.array2d(dtype=float), e: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = springs[i, j]
    d = x[i, j] - s.rest
    e[i, j] = 0.5 * s.k * d * d
