# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# The linear algebra, quaternion and geometry builtins (BuiltinRulesLinalg.cpp):
# wrong argument types, arities and output arguments.

import warp as wp


@wp.kernel
def k(a: wp.mat33, b: wp.mat22):
    # expected-error@+1 {{wp.ddot() expects mat33f, got mat22f}}
    x = wp.ddot(a, b)

# -----

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.argmax() expects a vector, got float32}}
    i = wp.argmax(x)

# -----

import warp as wp


@wp.kernel
def k(v: wp.vec2):
    # expected-error@+1 {{wp.skew() expects a vec3, got vec2f}}
    m = wp.skew(v)

# -----

import warp as wp


@wp.kernel
def k(m: wp.vec3):
    # expected-error@+1 {{wp.get_diag() expects a square matrix, got vec3f}}
    d = wp.get_diag(m)

# -----

import warp as wp


@wp.kernel
def k(m: wp.quat):
    # expected-error@+1 {{wp.inverse_approx() expects a float matrix 2x2, 3x3 or 4x4, got quatf}}
    d = wp.inverse_approx(m)

# -----

import warp as wp


@wp.kernel
def k(a: wp.vec3, b: wp.vec2):
    # expected-error@+1 {{wp.matrix_from_rows() expects vec3f (all arguments of one vector type), got vec2f}}
    m = wp.matrix_from_rows(a, b)

# -----

import warp as wp


@wp.kernel
def k(a: wp.quat, b: wp.quatd):
    # expected-error@+1 {{wp.quat_slerp() expects quatf, got quatd}}
    q = wp.quat_slerp(a, b, 0.5)

# -----

import warp as wp


@wp.kernel
def k(m: wp.mat22):
    # expected-error@+1 {{wp.quat_from_matrix() expects a float 3x3 or 4x4 matrix, got mat22f}}
    q = wp.quat_from_matrix(m)

# -----

import warp as wp


@wp.kernel
def k(q: wp.quat):
    axis = wp.vec3()
    # expected-error@+1 {{wp.quat_to_axis_angle() takes a quaternion, or a quaternion, an axis and an angle}}
    wp.quat_to_axis_angle(q, axis)

# -----

import warp as wp


@wp.kernel
def k(q: wp.quat):
    axis = wp.vec3()
    # expected-error@+1 {{wp.quat_to_axis_angle() output argument 3 must be a local variable (Warp writes the result into it)}}
    wp.quat_to_axis_angle(q, axis, 1.0)

# -----

import warp as wp


@wp.kernel
def k(q: wp.quat):
    axis = wp.vec3d()
    angle = float(0.0)
    # expected-error@+1 {{wp.quat_to_axis_angle() expects vec3f as output argument 2, got vec3d}}
    wp.quat_to_axis_angle(q, axis, angle)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array2d(dtype=float)):
    # expected-error@+1 {{wp.lower_bound() expects a 1-d array of scalars, got array(dtype=float32, ndim=2)}}
    i = wp.lower_bound(a, 1.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{wp.lower_bound() takes (arr, value) or (arr, arr_begin, arr_end, value)}}
    i = wp.lower_bound(a, 0, 1.0)

# -----

import warp as wp


@wp.kernel
def k(p: wp.vec3d):
    # expected-error@+1 {{wp.closest_point_edge_edge() expects vec3f points, got vec3d}}
    r = wp.closest_point_edge_edge(p, p, p, p, 1.0e-6)

# -----

import warp as wp


@wp.kernel
def k(a: wp.mat22):
    # expected-error@+1 {{wp.svd3() expects a float 3x3 matrix, got mat22f}}
    u, s, v = wp.svd3(a)

# -----

import warp as wp


@wp.kernel
def k(a: wp.mat33):
    q = wp.mat33()
    # expected-error@+1 {{wp.qr3() takes a matrix, or a matrix and 2 output arguments}}
    wp.qr3(a, q)

# -----

import warp as wp


@wp.kernel
def k(a: wp.mat33):
    q = wp.mat33()
    d = wp.vec2()
    # expected-error@+1 {{wp.eig3() expects vec3f as output argument 3, got vec2f}}
    wp.eig3(a, q, d)

# -----

import warp as wp


@wp.kernel
def k(a: wp.mat33):
    # expected-error@+1 {{cannot unpack 3 values into 2 targets}}
    u, s = wp.svd3(a)

# -----

import warp as wp


@wp.kernel
def k(a: wp.vec3, b: wp.vec3d):
    # expected-error@+1 {{wp.intersect_tri_tri() expects vec3f, got vec3d}}
    h = wp.intersect_tri_tri(a, a, a, b, a, a)

# -----

import warp as wp

mat55 = wp.types.matrix(shape=(5, 5), dtype=wp.float32)


@wp.kernel
def k(m: mat55):
    # Warp's determinant and inverse exist for 2x2 to 4x4 only (trace for any size).
    t = wp.trace(m)
    # expected-error@+1 {{wp.determinant() expects a square 2x2, 3x3 or 4x4 matrix, got mat55f}}
    d = wp.determinant(m)

# -----

import warp as wp

mat55 = wp.types.matrix(shape=(5, 5), dtype=wp.float32)


@wp.kernel
def k(m: mat55):
    # expected-error@+1 {{wp.inverse() expects a square 2x2, 3x3 or 4x4 matrix, got mat55f}}
    d = wp.inverse(m)
