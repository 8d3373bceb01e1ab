# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Types of expressions: operators, literals, vectors, matrices, locals.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# binop-f64-f32:
# float64 * float32 without a conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.float64), x: float):
    i = wp.tid()
    # expected-error@+1 {{operator '*': operands have different types float64 and float32}}
    a[i] = a[i] * x

# -----

# binop-float-int:
# float32 + int32 without a conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator '+': operands have different types float32 and int32}}
    a[i] = x + n

# -----

# bool-arithmetic:
# Arithmetic on bool values.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator '+' is not defined for bool and bool}}
    c = (x > 0.0) + (x < 1.0)

# -----

# bool-literal-operand-message:
# Regression (was a bug): arithmetic or a shift between a bool and an int literal reports the
# literal instead of the operator: `p << 1` (or `p + 1`) with `p: bool`
# gives
#   4:14: error: operator '<<': expected bool, got int32
# pointing at the `1`, as if the literal were the problem. `p << q` says
# "operator '<<' is not defined for bool and bool"; the literal case
# should say the same, at the operator.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), p: bool):
    # expected-error@+1 {{operator '<<' is not defined for bool}}
    c = p << 1

# -----

# bool-negation:
# Unary minus on a bool.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{unary '-' cannot be applied to bool}}
    c = -(x > 0.0)

# -----

# bool-shift:
# A shift of bool values.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=int), p: bool, q: bool):
    # expected-error@+1 {{operator '<<' is not defined for bool and bool}}
    c = p << q

# -----

# float-bitwise-and:
# & on floats.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator '&' is not defined for float32 and float32}}
    c = x & x

# -----

# float-bitwise-not:
# ~ on a float.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator '~' needs an integer, got float32}}
    c = ~x

# -----

# float-literal-int-operand:
# A float literal never adapts to an int operand.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{operator '*': a float literal cannot be used as int32}}
    b[i] = n * 0.5

# -----

# literal-out-of-range-operand:
# A literal that does not fit the type it adapts to (u8 + 300).

import warp as wp


@wp.kernel
def k(u8: wp.array(dtype=wp.uint8)):
    # expected-error@+1 {{operator '+': the literal does not fit in uint8}}
    u8[0] = u8[0] + 300

# -----

# literal-out-of-range-store:
# Storing 2**32 into an int32 element.

import warp as wp


@wp.kernel
def k(b: wp.array(dtype=int)):
    # expected-error@+1 {{assignment: the literal does not fit in int32}}
    b[0] = 4294967296

# -----

# local-changes-type-literal:
# A local first assigned an int, then a float literal.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    y = 0
    # expected-error@+1 {{assignment to 'y': a float literal cannot be used as int32}}
    y = 1.5

# -----

# local-changes-type-variable:
# A local first assigned an int, then a float variable.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    y = n
    # expected-error@+1 {{local variable 'y' changes type from int32 to float32}}
    y = x

# -----

# matmul-operator-vector-message:
# Regression (was a bug): `v @ v` is rejected with a message about the `*` operator:
#   error: '*' between two vectors is ambiguous: use wp.cw_mul ...
# The message should name the operator that was written, `@`.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error-re@+1 {{{{.*}}'@'}}
    c = v @ v

# -----

# matrix-element-wrong-type:
# Storing an int into a float matrix element.

import warp as wp


@wp.kernel
def k(m: wp.mat22, n: int):
    q = m
    # expected-error@+1 {{assignment: expected float32, got int32}}
    q[0, 1] = n

# -----

# matrix-from-vectors:
# A matrix built from row vectors. Warp 1.16 rejects it (kdsl silently built
# rows): "Passing vectors to `wp.matrix()` isn't supported, use
# `wp.matrix_from_rows()` or `wp.matrix_from_cols()` instead."

import warp as wp


@wp.kernel
def rows33(a: wp.array(dtype=wp.mat33)):
    v = wp.vec3(1.0, 2.0, 3.0)
    # expected-error-re@+1 {{passing vectors to mat33f() is not supported{{.*}}wp.matrix_from_rows() or wp.matrix_from_cols()}}
    a[0] = wp.mat33(v, v, v)

# -----

# matrix-from-vectors:
# A matrix built from row vectors. Warp 1.16 rejects it (kdsl silently built
# rows): "Passing vectors to `wp.matrix()` isn't supported, use
# `wp.matrix_from_rows()` or `wp.matrix_from_cols()` instead."

import warp as wp


@wp.kernel
def rows22d(a: wp.array(dtype=wp.mat22d)):
    v = wp.vec2d(1.0, 2.0)
    # expected-error@+1 {{passing vectors to mat22d() is not supported}}
    a[0] = wp.mat22d(v, v)

# -----

# matrix-from-vectors:
# A matrix built from row vectors. Warp 1.16 rejects it (kdsl silently built
# rows): "Passing vectors to `wp.matrix()` isn't supported, use
# `wp.matrix_from_rows()` or `wp.matrix_from_cols()` instead."

import warp as wp


@wp.kernel
def generic(a: wp.array(dtype=wp.mat22)):
    v = wp.vec2(1.0, 2.0)
    # expected-error@+1 {{passing vectors to wp.matrix() is not supported}}
    a[0] = wp.matrix(v, v, shape=(2, 2))

# -----

# matrix-index-out-of-range:
# A literal matrix row index out of range.

import warp as wp


@wp.kernel
def k(m: wp.mat22, a: wp.array(dtype=float)):
    # expected-error@+1 {{index 2 is out of range}}
    a[0] = m[2, 0]

# -----

# matrix-matrix-shape-mismatch:
# mat33 * mat22.

import warp as wp


@wp.kernel
def k(m: wp.mat33, n: wp.mat22, a: wp.array(dtype=wp.mat33)):
    # expected-error@+1 {{operator '*' is not defined for mat33f and mat22f}}
    a[0] = m * n

# -----

# matrix-vector-shape-mismatch:
# mat33 * vec2.

import warp as wp


@wp.kernel
def k(m: wp.mat33, v: wp.vec2, a: wp.array(dtype=wp.vec3)):
    # expected-error@+1 {{operator '*' is not defined for mat33f and vec2f}}
    a[0] = m * v

# -----

# none-value:
# None.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{None}}
    y = None

# -----

# string-value:
# A string used as a value.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{string literals are not supported in kernel code}}
    s = "hello"

# -----


# undefined-misspelled-param:
# A misspelled parameter.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{name 'nn' is not defined}}
    b[i] = nn

# -----

# undefined-name:
# A name that is neither a local, a parameter, a module constant nor a builtin.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{name 'y' is not defined}}
    a[i] = y

# -----

# vector-component-wrong-type:
# Storing an int into a float vector component.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    w = v
    # expected-error@+1 {{assignment: expected float32, got int32}}
    w.x = n

# -----

# vector-constructor-int-variable:
# wp.vec3(n) with an int variable: no implicit conversion.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.vec3), n: int):
    # expected-error@+1 {{vec3f() argument: expected float32, got int32}}
    a[0] = wp.vec3(n)

# -----

# vector-index-out-of-range:
# A literal vector index out of range.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{index 3 is out of range for vec3f}}
    c = v[3]

# -----

# vector-times-vector:
# vec * vec is ambiguous.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{'*' between two vectors is ambiguous}}
    c = v * v

# -----

# vector-unknown-component:
# .w on a vec3.

import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int), n: int, x: float, v: wp.vec3):
    i = wp.tid()
    # expected-error@+1 {{vec3f has no component 'w'}}
    c = v.w

# -----

# bool-vector-parameter:
# Warp's bool vectors (wp.types.vector(3, wp.bool)) are values in kernel
# code, but kdsl's kernel arguments have no layout for them.

import warp as wp

vec3b = wp.types.vector(3, wp.bool)


@wp.kernel
# expected-error@+1 {{kernel parameter 'v': vector(length=3, dtype=bool) (a vector or matrix of bool) cannot be passed to a kdsl kernel}}
def k(a: wp.array(dtype=float), v: vec3b):
    a[0] = 1.0

# -----

# bool-matrix-array-parameter:

import warp as wp


@wp.kernel
# expected-error@+1 {{kernel parameter 'm': matrix(shape=(2, 2), dtype=bool) (a vector or matrix of bool) cannot be passed}}
def k(m: wp.array(dtype=wp.types.matrix(shape=(2, 2), dtype=bool))):
    pass

# -----

# Warp's generic classes subscripted: the arguments each takes.

from typing import Literal

import warp as wp
from warp._src.types import Quaternion, Vector


@wp.kernel
def k(
    a: Vector[wp.float32],  # expected-error {{Vector[...] takes 2 argument(s): a dtype and a length}}
):
    pass

# -----

from typing import Literal

import warp as wp
from warp._src.types import Vector


@wp.kernel
def k(
    a: Vector[wp.float32, Literal[0]],  # expected-error {{Vector[...] extents must be integer constants from 1 to 255}}
):
    pass

# -----

import warp as wp
from warp._src.types import Quaternion


@wp.kernel
def k(
    a: Quaternion[wp.int32],  # expected-error {{Quaternion[...] needs a float dtype, got int32}}
):
    pass
