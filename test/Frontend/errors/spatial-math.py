# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Generic vectors/matrices, transforms and spatial math: what Sema rejects.

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.vector() needs a length to build a zero vector}}
    v = wp.vector(dtype=float)

# -----

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.vector() got 3 values for a vector of length 5}}
    v = wp.vector(1.0, 2.0, 3.0, length=5)

# -----

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.matrix() needs a shape, e.g. shape=(2, 3)}}
    m = wp.matrix(1.0, 2.0, 3.0, 4.0)

# -----

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{wp.matrix() takes 0, 1 or 6 arguments, got 4}}
    m = wp.matrix(1.0, 2.0, 3.0, 4.0, shape=(2, 3))

# -----

import warp as wp


@wp.kernel
def k(x: float):
    # expected-error@+1 {{a matrix shape is a tuple of two integer constants from 1 to 255, e.g. (2, 3)}}
    m = wp.matrix(shape=(2, 0))

# -----

import warp as wp

# expected-error@+2 {{a vector length must be an integer constant from 1 to 255}}
@wp.kernel
def k(v: wp.types.vector(length=0, dtype=float)):
    pass

# -----

import warp as wp


@wp.kernel
def k(t: wp.transform):
    # expected-error@+1 {{transformf has no attribute 'x' (it has p and q)}}
    a = t.x

# -----

import warp as wp


@wp.kernel
def k(v: wp.vec3):
    # expected-error@+1 {{wp.transform_point() expects a transform or a 4x4 matrix, got vec3f}}
    a = wp.transform_point(v, v)

# -----

import warp as wp


@wp.kernel
def k(t: wp.transform, v: wp.vec3d):
    # expected-error@+1 {{wp.transform_vector() argument: expected vec3f, got vec3d}}
    a = wp.transform_vector(t, v)

# -----

import warp as wp


@wp.kernel
def k(v: wp.vec3):
    # expected-error@+1 {{wp.spatial_dot() expects a spatial vector (a float vector of length 6), got vec3f}}
    a = wp.spatial_dot(v, v)

# -----

import warp as wp


@wp.kernel
def k(v: wp.vec3):
    # expected-error@+1 {{wp.spatial_vector() takes 0, 2 (w, v) or 6 arguments, got 3}}
    a = wp.spatial_vector(1.0, 2.0, 3.0)

# -----

import warp as wp


@wp.kernel
def k(p: wp.vec3, q: wp.quat):
    # expected-error@+1 {{wp.transform() takes 0, 1 (p), 2 (p, q) or 7 arguments, got 3}}
    a = wp.transform(p, q, 1.0)

# -----

import warp as wp


@wp.kernel
def k(t: wp.transform, x: wp.vec3):
    # expected-error@+1 {{wp.transform_twist() spatial vector: expected vec6f, got vec3f}}
    a = wp.transform_twist(t, x)

# -----

import warp as wp


@wp.kernel
def k(p: wp.vec3, q: wp.quatd):
    # expected-error@+1 {{wp.transform_compose() rotation: expected quatf, got quatd}}
    a = wp.transform_compose(p, q, p)
