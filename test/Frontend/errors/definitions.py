# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Kernel, func and struct definitions: decorators, options, parameters.
# One case per chunk (--split-input-file); each expected-error/-note is
# checked at its line, by its message text.
# (Converted from one file per case, named above each chunk.)

# default-parameter-value:
# A parameter default value takes the parameter's type (a float literal is no int).

import warp as wp


@wp.func
# expected-error@+1 {{default value of parameter 'x': a float literal cannot be used as int32}}
def f(x: int = 1.5):
    return x

# -----

# extra-decorator:
# A decorator besides @wp.kernel / @wp.func / @wp.struct was ignored.

import functools

import warp as wp


# expected-error@+2 {{kdsl does not support other decorators on a @wp.kernel definition}}
@wp.kernel
@functools.lru_cache
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# func-decorator-option:
# enable_backward is a @wp.kernel option; Warp's @wp.func takes only `name`
# and `module`. It was accepted and ignored on a func.

import warp as wp


# expected-error@+1 {{unknown @wp.func option 'enable_backward'}}
@wp.func(enable_backward=False)
def f(x: float):
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-note@+1 {{in the call to 'f'}}
    a[0] = f(1.0)

# -----

# func-native-decorator:
# @wp.func_native is not implemented (it was skipped as host code).

import warp as wp


# expected-error@+1 {{kdsl does not support @wp.func_native (native snippets) yet}}
@wp.func_native("return x + 1.0f;")
def plus_one(x: float) -> float:
    ...


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'plus_one'}}
    a[i] = plus_one(a[i])

# -----

# func-param-no-annotation:
# A func parameter without an annotation.

import warp as wp


@wp.func
# expected-error@+1 {{parameter 'x' needs a type annotation}}
def f(x):
    return x

# -----

# func-replay-signature:
# @wp.func_replay must take the parameters of the func it replays (it was
# rejected as unsupported before custom replays were implemented).

import warp as wp


@wp.func
# expected-note@+2 {{'quant' is defined here}}
# expected-note@+1 {{'quant' has this custom replay function}}
def quant(x: float):
    return wp.round(x * 4.0) / 4.0


@wp.func_replay(quant)
# expected-error@+1 {{@wp.func_replay function 'replay_quant' of 'quant': parameter 'x' has type int32, expected float32}}
def replay_quant(x: int):
    return float(x)


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    # expected-note@+1 {{in the call to 'quant'}}
    a[i] = quant(a[i])

# -----

# kernel-decorator-positional:
# A positional argument of @wp.kernel(...) was dropped.

import warp as wp


# expected-error@+1 {{@wp.kernel(...) takes keyword options only}}
@wp.kernel(False)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# kernel-enable-backward-not-constant:
# enable_backward with a value kdsl cannot evaluate was ignored (the kernel
# kept its backward pass).

import warp as wp

flags = {"backward": False}


# expected-error@+1 {{enable_backward must be True or False}}
@wp.kernel(enable_backward=flags["backward"])
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# kernel-module-options:
# As in Warp, module_options needs module="unique" (the options of a shared
# module are set with wp.set_module_options).

import warp as wp


# expected-error@+1 {{module_options requires module="unique" (as in Warp)}}
@wp.kernel(module_options={"fast_math": True})
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# kernel-param-no-annotation:
# A kernel parameter without an annotation.

import warp as wp


@wp.kernel
# expected-error@+1 {{parameter 'x' needs a type annotation}}
def k(x):
    pass

# -----

# keyword-only-parameter:
# A bare '*' (keyword-only parameters after it) was reported as *args.

import warp as wp


@wp.func
# expected-error@+1 {{keyword-only parameters (a bare '*') are not supported in a function}}
def f(x: float, *, y: float):
    return x + y

# -----

# struct-decorator-option:
# Options of @wp.struct(...) other than `module` were ignored.

import warp as wp


# expected-error@+1 {{unknown @wp.struct option 'enable_backward'}}
@wp.struct(enable_backward=False)
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=float), s: S):
    a[0] = s.x

# -----

# struct-field-default:
# A struct field default value.

import warp as wp


@wp.struct
class S:
    # expected-error@+1 {{@wp.struct classes may only contain annotated fields; default values for struct fields are not supported}}
    x: float = 1.0

# -----

# struct-field-wrong-type:
# Storing a value of the wrong type into a struct field.

import warp as wp


@wp.struct
class S:
    m: float


@wp.kernel
def k(s: S, n: int):
    t = s
    # expected-error@+1 {{assignment: expected float32, got int32}}
    t.m = n

# -----

# struct-redefinition:
# A later struct of one name replaces the earlier one, as a Python class
# does: the kernel's annotation keeps the S of its def (Python evaluates it
# there, so s.x is fine), its body sees the last S (Warp resolves names when
# it builds the module), which has no field x.

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(a: wp.array(dtype=float), s: S):
    a[0] = s.x
    t = S()
    # expected-error@+1 {{struct 'S' has no field 'x'}}
    a[1] = t.x


@wp.struct
class S:
    y: int

# -----

# struct-unknown-field:
# Reading a field the struct does not have.

import warp as wp


@wp.struct
class S:
    x: float


@wp.kernel
def k(s: S, a: wp.array(dtype=float)):
    # expected-error@+1 {{struct 'S' has no field 'y'}}
    a[0] = s.y

# -----

# struct-with-method:
# A struct with a method.

import warp as wp


@wp.struct
class S:
    x: float

    # expected-error@+1 {{@wp.struct classes may only contain annotated fields}}
    def m(self):
        return self.x

# -----

# two-warp-decorators:
# Both @wp.func and @wp.kernel on one definition: the second was ignored.

import warp as wp


# expected-error@+2 {{a definition takes only one of @wp.kernel, @wp.func and @wp.struct}}
@wp.func
@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# unknown-kernel-option:
# Regression (was a bug): docs/language.md section 11 rejects an unknown @wp.kernel(...) option;
# kdsl accepts `foo=1` and records it in `options = {foo = 1 : i64}`.

import warp as wp


# expected-error-re@+1 {{{{.*}}foo}}
@wp.kernel(foo=1)
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# -----

# unsupported-annotation-vec5:
# wp.vec5 does not exist.

import warp as wp


@wp.kernel
# expected-error@+1 {{unsupported type annotation 'wp.vec5' (expected a Warp type}}
def k(x: wp.vec5):
    pass

# -----

# unsupported-annotation:
# str is not a kdsl type.

import warp as wp


@wp.kernel
# expected-error@+1 {{unsupported type annotation 'str' (expected a Warp type}}
def k(x: str):
    pass

# -----

# unsupported-annotation-named:
# The message names the annotation: wp.ref[...] (a local's annotation; on a
# kernel parameter it is errors/func-params.py's) and wp.tile(...) (a call
# form; wp.indexedarray(...) was the example before it was supported).

import warp as wp


@wp.kernel
def k():
    # expected-error@+1 {{unsupported type annotation 'wp.ref[...]'}}
    x: wp.ref[wp.float32] = wp.float32(1.0)

# -----

import warp as wp


@wp.kernel
# expected-error@+1 {{unsupported type annotation 'wp.tile(...)'}}
def k(x: wp.tile(dtype=float, shape=(2,))):
    pass

# -----

# variadic-keyword-parameter:
# **kwargs parameters.

import warp as wp


@wp.func
# expected-error@+1 {{variadic arguments (*args, **kwargs) are not supported}}
def f(**kw):
    return 1.0

# -----

# variadic-parameter-annotated:
# Regression (was a bug): `*xs: float` is valid Python; the message should say that variadic
# parameters are not supported (as it does for an unannotated `*xs`), but
# it is a parse error at the colon:
#   error: expected ')' to close the parameter list, found ':'

import warp as wp


@wp.func
# expected-error@+1 {{variadic arguments (*args, **kwargs) are not supported}}
def f(*xs: float):
    return 1.0

# -----

# variadic-parameter:
# *args parameters.

import warp as wp


@wp.func
# expected-error@+1 {{variadic arguments (*args, **kwargs) are not supported}}
def f(*xs):
    return 1.0
