# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# The random-number and noise builtins (lib/Frontend/Prelude/random.py):
# overload resolution errors, and a state advanced where kdsl cannot carry it.

# no-overload: wp.noise of a float64 vector; the error lists Warp's overloads.

import warp as wp


@wp.kernel
def k(p: wp.vec3d):
    state = wp.rand_init(1)
    # expected-error@+1 {{no overload of wp.noise() takes (uint32, vec3d); Warp's overloads are:}}
    x = wp.noise(state, p)

# -----
# wrong-arity: randf takes a state, or a state and a range.

import warp as wp


@wp.kernel
def k():
    state = wp.rand_init(1)
    # expected-error@+1 {{no overload of wp.randf() takes (uint32, float literal); Warp's overloads are:}}
    x = wp.randf(state, 1.0)

# -----
# int-state: the state is a uint32; an int variable does not convert.

import warp as wp


@wp.kernel
def k(seed: int):
    # expected-error@+1 {{no overload of wp.randi() takes (int32)}}
    x = wp.randi(seed)

# -----
# unknown-keyword: curlnoise has octaves, lacunarity and gain.

import warp as wp


@wp.kernel
def k(p: wp.vec2):
    # expected-error@+1 {{no overload of wp.curlnoise() takes (uint32, vec2f, frequency=float literal)}}
    c = wp.curlnoise(wp.rand_init(3), p, frequency=2.0)

# -----
# conditional: a state advanced in one branch of a conditional expression.

import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float), flag: int):
    state = wp.rand_init(7)
    # expected-error@+1 {{kdsl cannot advance a random state inside a conditional expression}}
    out[0] = wp.randf(state) if flag > 0 else 0.0
