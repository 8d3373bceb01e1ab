# RUN: kdsl-translate %s --emit=cpp | FileCheck %s
# RUN: kdsl-translate %s --emit=cuda | FileCheck %s
# RUN: kdsl-translate %s --emit=cpp --verify-emitted > /dev/null
# The adjoint of a struct read field by field is added to the adjoint array
# without its known-zero fields, nested structs included: the adjoint of
# me.mat.mass goes into mat.mass as it is. (It used to go through
# `v17 = v12 + 0.0f; v18 = v17 + 0.0f`: the pos and v reads each added the
# zero mass of their own struct adjoint.)
import warp as wp


@wp.struct
class Props:
    mass: float


@wp.struct
class Body:
    pos: wp.vec3
    v: wp.vec3
    mat: Props


@wp.kernel
def energy(bodies: wp.array(dtype=Body), q_out: wp.array(dtype=wp.vec3), ke: wp.array(dtype=float)):
    i = wp.tid()
    me = bodies[i]
    q_out[i] = me.pos + me.v * 0.1
    ke[i] = 0.5 * me.mat.mass * wp.dot(me.v, me.v)

# CHECK-LABEL: energy_{{cpu|cuda_kernel}}_backward
# CHECK-NOT: + 0.0f
# CHECK: adj: me = bodies[i]
# CHECK-NOT: + 0.0f
# CHECK: .mass = [[SUM:v[0-9]+]];
# CHECK-NOT: + 0.0f
# CHECK: }
