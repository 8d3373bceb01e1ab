//===- BuiltinsScalar.h - operator functions and printing rules -*- C++ -*-===//
//
// Sema's rules for BuiltinTable.def's "scalar math, atomics, operators and
// printing" block whose typing is not one of BuiltinRules.cpp's rules: the
// operator functions (wp.add, wp.mul, wp.neg, ... typed as the Python
// operators) and printing.
// Implemented in BuiltinRulesScalar.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINSSCALAR_H
#define KDSL_LIB_FRONTEND_BUILTINSSCALAR_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"

#include <optional>
#include <string>

namespace kdsl {
class Sema;

// Their rules are rules::operatorCall (wp.add(a, b) is `a + b`, wp.neg(a)
// is `-a`, ...: the call's only bound argument becomes the checked operator
// expression) and rules::print (wp.printf(format, args...) and print(value):
// the format, or a printed string, is a string literal kept as the call's
// first argument, e->args[0], and left out of boundArgs): BuiltinRuleFns.h.

/// The text of a string literal expression (adjacent literals joined,
/// Python escapes decoded), or nullopt when `e` is not one (f-strings and
/// bytes are not).
std::optional<std::string> stringLiteralText(const Expr *e);

} // namespace kdsl

#endif
