# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Decorator options that Warp 1.16 rejects too, or that kdsl cannot honour,
# and default parameter values kdsl does not take (docs/language.md,
# "Decorator options and Warp names"). One case per chunk.

import warp as wp


# expected-error@+1 {{unknown module option 'fast_mth'; valid options are max_unroll, enable_backward}}
@wp.kernel(module_options={"fast_mth": True}, module="unique")
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{module_options must be a dict literal}}
@wp.kernel(module_options="fast_math", module="unique")
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{module_options requires module="unique" (as in Warp)}}
@wp.kernel(module="shared", module_options={"fast_math": True})
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{enable_backward must be True or False (a constant)}}
@wp.kernel(module="unique", module_options={"enable_backward": 0.5})
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{launch_bounds takes an int or a tuple of 1 to 2 ints}}
@wp.kernel(launch_bounds=(256, 1, 1))
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{launch_bounds must be a constant integer from 1 to 2147483647}}
@wp.kernel(launch_bounds=0)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{cluster_dim must be a constant integer from 1 to 16}}
@wp.kernel(cluster_dim=17)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{grid_stride must be True or False (a constant)}}
@wp.kernel(grid_stride="yes")
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

import warp as wp


# expected-error@+1 {{unknown @wp.func option 'launch_bounds'}}
@wp.func(launch_bounds=64)
def f(x: float):
    return x

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{kernel parameters cannot have default values (give every argument at launch)}}
def k(a: wp.array(dtype=float), x: float = 1.0):
    a[0] = x

# -----

import warp as wp


@wp.func
def f(x: float, y: float = 2.0):
    return x * y


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{missing argument 'x' in the call to 'f'}}
    a[0] = f(y=1.0)

# -----

import warp as wp


@wp.func
def f(x: float, y: float = 2.0):
    return x * y


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{argument 'y' given twice}}
    a[0] = f(1.0, 3.0, y=1.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = wp.vec3(1.0, 2.0, 3.0)
    # expected-error@+1 {{index -4 is out of range for vec3f}}
    a[0] = v[-4]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = wp.vec3(1.0, 2.0, 3.0)
    # expected-error@+1 {{slice step cannot be zero}}
    w = v[::0]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = wp.vec3(1.0, 2.0, 3.0)
    # expected-error@+1 {{this slice selects no element (kdsl has no empty vectors)}}
    w = v[2:1]

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    v = wp.vec4(1.0, 2.0, 3.0, 4.0)
    # expected-error@+1 {{assignment: expected vec3f, got vec2f}}
    v[1:] = wp.vec2(5.0, 6.0)

# -----

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    m = wp.mat22(1.0, 2.0, 3.0, 4.0)
    # expected-error@+1 {{mat22f takes at most 2 index(es)}}
    w = m[0:1, 0, 1]
