# RUN: kdsl-translate %s --emit=mlir | FileCheck %s
#
# @wp.struct types: the struct type alias, construction (every field zero),
# field reads, field assignment (also of components of vector and matrix
# fields), struct kernel parameters and arrays of structs, funcs taking and
# returning structs, and a struct nested in a struct.

import warp as wp


@wp.struct
class Particle:
    """A docstring in a struct body is allowed."""

    pos: wp.vec3
    mass: float
    alive: wp.bool
    frame: wp.mat33


@wp.struct
class Inner:
    y: float


@wp.struct
class Outer:
    inner: Inner
    z: wp.vec3


# CHECK-DAG: !Particle = !kdsl.struct<"Particle", {pos: vector<3xf32>, mass: f32, alive: i1, frame: vector<3x3xf32>}>
# CHECK-DAG: !Inner = !kdsl.struct<"Inner", {y: f32}>
# CHECK-DAG: !Outer = !kdsl.struct<"Outer", {inner: !Inner, z: vector<3xf32>}>


# Particle() is a struct with every field zero (False for bool).
# CHECK-LABEL: func.func private @make(
# CHECK-SAME: %[[P:.*]]: vector<3xf32>, %[[M:.*]]: f32) -> !Particle
# CHECK-DAG: %[[Z3:.*]] = arith.constant dense<0.000000e+00> : vector<3xf32>
# CHECK-DAG: %[[Z:.*]] = arith.constant 0.000000e+00 : f32
# CHECK-DAG: %[[F:.*]] = arith.constant false
# CHECK-DAG: %[[Z33:.*]] = arith.constant dense<0.000000e+00> : vector<3x3xf32>
# CHECK: %[[S0:.*]] = kdsl.struct_create(%[[Z3]], %[[Z]], %[[F]], %[[Z33]]) : !Particle
# CHECK: %[[S1:.*]] = kdsl.struct_insert %[[P]], %[[S0]]["pos"] : vector<3xf32>, !Particle
# CHECK: %[[S2:.*]] = kdsl.struct_insert %[[M]], %[[S1]]["mass"] : f32, !Particle
# CHECK: return %[[S2]] : !Particle
@wp.func
def make(p: wp.vec3, m: float):
    s = Particle()
    s.pos = p
    s.mass = m
    return s


# Assigning to a parameter's field changes the func's own copy.
# CHECK-LABEL: func.func private @update(
# CHECK-SAME: %[[S:.*]]: !Particle, %[[F:.*]]: f32) -> !Particle
# CHECK: %[[M:.*]] = kdsl.struct_extract %[[S]]["mass"] : !Particle
# CHECK: %[[M2:.*]] = arith.mulf %[[M]], %[[F]] : f32
# CHECK: %[[S1:.*]] = kdsl.struct_insert %[[M2]], %[[S]]["mass"] : f32, !Particle
# A component of a vector field:
# CHECK: %[[POS:.*]] = kdsl.struct_extract %[[S1]]["pos"] : !Particle
# CHECK: %[[POS2:.*]] = vector.insert %{{.*}}, %[[POS]] [1] : f32 into vector<3xf32>
# CHECK: %[[S2:.*]] = kdsl.struct_insert %[[POS2]], %[[S1]]["pos"] : vector<3xf32>, !Particle
# An element of a matrix field:
# CHECK: %[[FR:.*]] = kdsl.struct_extract %{{.*}}["frame"] : !Particle
# CHECK: %[[FR2:.*]] = vector.insert %{{.*}}, %[[FR]] [1, 2] : f32 into vector<3x3xf32>
# CHECK: kdsl.struct_insert %[[FR2]], %{{.*}}["frame"] : vector<3x3xf32>, !Particle
@wp.func
def update(s: Particle, f: float):
    s.mass *= f
    s.pos.y = 2.0
    s.frame[1, 2] = 3.0
    return s


# CHECK-LABEL: kdsl.kernel @use_structs(
# CHECK-SAME: %ps: !kdsl.array<!Particle, 1>, %prm: !Particle, %out: !kdsl.array<f32, 1>
@wp.kernel
def use_structs(ps: wp.array(dtype=Particle), prm: Particle, out: wp.array(dtype=float)):
    i = wp.tid()
    # CHECK: %[[E:.*]] = kdsl.load %ps[%{{.*}}] : <!Particle, 1>
    # CHECK: %[[POS:.*]] = kdsl.struct_extract %[[E]]["pos"] : !Particle
    # CHECK: %[[MASS:.*]] = kdsl.struct_extract %prm["mass"] : !Particle
    # CHECK: %[[P:.*]] = func.call @make(%[[POS]], %[[MASS]]) : (vector<3xf32>, f32) -> !Particle
    p = make(ps[i].pos, prm.mass)
    # CHECK: %[[Q:.*]] = func.call @update(%[[P]], %{{.*}}) : (!Particle, f32) -> !Particle
    q = update(p, 2.0)
    # CHECK: %[[QPOS:.*]] = kdsl.struct_extract %[[Q]]["pos"] : !Particle
    # CHECK: vector.extract %[[QPOS]][1] : f32 from vector<3xf32>
    # CHECK: %[[FR:.*]] = kdsl.struct_extract %prm["frame"] : !Particle
    # CHECK: vector.extract %[[FR]][0, 0] : f32 from vector<3x3xf32>
    out[i] = q.pos.y + prm.frame[0, 0]
    # CHECK: kdsl.store %[[Q]], %ps[%{{.*}}] : <!Particle, 1>
    ps[i] = q
    # A bool field as a condition.
    # CHECK: %[[ALIVE:.*]] = kdsl.struct_extract %[[Q]]["alive"] : !Particle
    # CHECK: scf.if %[[ALIVE]]
    if q.alive:
        out[i] = 0.0
    # Assigning a field of an array element stores the whole element back.
    # CHECK: %[[E2:.*]] = kdsl.load %ps
    # CHECK: %[[E3:.*]] = kdsl.struct_insert %{{.*}}, %[[E2]]["mass"] : f32, !Particle
    # CHECK: kdsl.store %[[E3]], %ps
    ps[i].mass = 1.0


# CHECK-LABEL: kdsl.kernel @nested(
# CHECK-SAME: %s: !Outer
@wp.kernel
def nested(s: Outer, out: wp.array(dtype=float)):
    # Structs are values: u is a copy of s.
    u = s
    # CHECK: %[[IN:.*]] = kdsl.struct_extract %s["inner"] : !Outer
    # CHECK: %[[IN2:.*]] = kdsl.struct_insert %{{.*}}, %[[IN]]["y"] : f32, !Inner
    # CHECK: %[[U:.*]] = kdsl.struct_insert %[[IN2]], %s["inner"] : !Inner, !Outer
    u.inner.y = 2.0
    # CHECK: %[[UI:.*]] = kdsl.struct_extract %[[U]]["inner"] : !Outer
    # CHECK: %[[UY:.*]] = kdsl.struct_extract %[[UI]]["y"] : !Inner
    # CHECK: %[[SI:.*]] = kdsl.struct_extract %s["inner"] : !Outer
    # CHECK: %[[SY:.*]] = kdsl.struct_extract %[[SI]]["y"] : !Inner
    # CHECK: arith.addf %[[UY]], %[[SY]] : f32
    out[0] = u.inner.y + s.inner.y
