# Arrays inside struct arguments (Warp's State/Model pattern): the adjoint of
# a struct argument holds the adjoint arrays of its fields.
import warp as wp


@wp.struct
class State:
    x: wp.array(dtype=wp.float64)
    v: wp.array(dtype=wp.float64)


@wp.struct
class Model:
    dt: wp.float64
    m: wp.array(dtype=wp.float64)


@wp.kernel
def step(s: State, model: Model, out: State):
    i = wp.tid()
    out.v[i] = s.v[i] + wp.sin(s.x[i]) / model.m[i] * model.dt
    out.x[i] = s.x[i] + out.v[i] * model.dt


@wp.kernel
def loss(s: State, total: wp.array(dtype=wp.float64)):
    i = wp.tid()
    copy = State(s.x, s.v)
    wp.atomic_add(total, 0, copy.x[i] * copy.x[i] + s.v[i] * s.x[(i + 1) % 3])
