# RUN: not kdsl-translate %s --emit=mlir 2>&1 | FileCheck %s
#
# An unterminated string in host code is an error too.

import warp as wp


# CHECK: .py:[[# @LINE + 1]]:8: error: unterminated string literal
name = 'abc
