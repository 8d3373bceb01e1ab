# RUN: kdsl-translate %s --emit=mlir --split-input-file --verify-diagnostics
#
# Names of other Python modules that kernel code cannot use (docs/language.md,
# "Other modules"). One case per chunk; Inputs/imports_err_aux.py is found
# next to this file.

# missing-relative:
# A module of this package that has no file: an error naming it.

import warp as wp
from .no_such_module import helper


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{'helper' is imported from module '.no_such_module', whose source file kdsl did not find (it searches the importing file's directory and its ancestors)}}
    a[0] = helper(a[0])

# -----

# not-a-func:
# The module exists, but the name is a plain Python function.

import warp as wp
import Inputs.imports_err_aux as aux


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{names that module 'Inputs.imports_err_aux' does not define as a @wp.func, @wp.struct or constant ('aux.host_helper') are not supported in kernel code}}
    a[0] = aux.host_helper(a[0])

# -----

# missing-attribute:
# A name the module does not define at all.

import warp as wp
import Inputs.imports_err_aux as aux


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{names that module 'Inputs.imports_err_aux' does not define as a @wp.func, @wp.struct or constant ('aux.thrice')}}
    a[0] = aux.thrice(a[0])

# -----

# missing-module-alias:
# `import pkg.mod as m` of this package's directory whose file is missing.

import warp as wp
import Inputs.no_such_module as m


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{names of modules kdsl cannot read ('m.f': 'm' is imported from module 'Inputs.no_such_module', whose source file kdsl did not find}}
    a[0] = m.f(a[0])

# -----

# missing-module-call:
# A module outside the source's package that kdsl does not find: m.f(...)
# names it (was "method calls are not supported").

import warp as wp
import nosuchpkg.mod as m


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{cannot find module 'nosuchpkg.mod' (imported as 'm'): kdsl looks for nosuchpkg/mod.py or nosuchpkg/mod/__init__.py in the importing file's directory, its ancestors and the directories given with -I}}
    a[0] = m.f(a[0])

# -----

# missing-module-attribute:

import warp as wp
import nosuchpkg.mod as m


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{cannot find module 'nosuchpkg.mod' (imported as 'm')}}
    a[0] = m.SCALE

# -----

# missing-module-from-import:

import warp as wp
from nosuchpkg2 import helper


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{'helper' is imported from module 'nosuchpkg2', which kdsl cannot find: kdsl looks for nosuchpkg2.py or nosuchpkg2/__init__.py}}
    a[0] = helper(a[0])

# -----

# class-attribute-missing:
# A plain class's attributes are constants and funcs of its body only.

import warp as wp


class Params:
    ONE = wp.constant(1.0)

    def host_method(self):
        return 2


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{names that class 'Params' does not define as a @wp.func, @wp.struct or constant ('Params.TWO') are not supported in kernel code}}
    a[0] = Params.TWO

# -----

# dotted-import-missing-name:

import warp as wp
import Inputs.imports_err_aux


@wp.kernel
def k(a: wp.array(dtype=float)):
    # expected-error@+1 {{names that module 'Inputs.imports_err_aux' does not define as a @wp.func, @wp.struct or constant ('Inputs.imports_err_aux.host_helper') are not supported in kernel code}}
    a[0] = Inputs.imports_err_aux.host_helper(a[0])
