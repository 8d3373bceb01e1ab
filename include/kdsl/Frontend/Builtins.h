//===- Builtins.h - the Warp builtins kdsl knows ---------------*- C++ -*-===//
#ifndef KDSL_FRONTEND_BUILTINS_H
#define KDSL_FRONTEND_BUILTINS_H

#include "kdsl/Frontend/Types.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace kdsl {

#define KDSL_BUILTINS(X)                                                                          \
  X(Tid, "tid") X(Abs, "abs") X(Sign, "sign") X(Min, "min") X(Max, "max") X(Clamp, "clamp")      \
  X(Sqrt, "sqrt") X(Cbrt, "cbrt") X(Exp, "exp") X(Log, "log") X(Log2, "log2")                    \
  X(Log10, "log10") X(Pow, "pow") X(Sin, "sin") X(Cos, "cos") X(Tan, "tan") X(Asin, "asin")      \
  X(Acos, "acos") X(Atan, "atan") X(Atan2, "atan2") X(Sinh, "sinh") X(Cosh, "cosh")              \
  X(Tanh, "tanh") X(Floor, "floor") X(Ceil, "ceil") X(Round, "round") X(Trunc, "trunc")          \
  X(Frac, "frac") X(Lerp, "lerp") X(Smoothstep, "smoothstep") X(Step, "step")                    \
  X(IsNan, "isnan") X(IsFinite, "isfinite") X(IsInf, "isinf") X(Where, "where")                  \
  X(Select, "select") X(Dot, "dot") X(Cross, "cross") X(Length, "length")                        \
  X(LengthSq, "length_sq") X(Normalize, "normalize") X(Outer, "outer") X(CwMul, "cw_mul")        \
  X(CwDiv, "cw_div") X(Transpose, "transpose") X(Determinant, "determinant")                     \
  X(Inverse, "inverse") X(Trace, "trace") X(Diag, "diag") X(Identity, "identity")                \
  X(QuatRotate, "quat_rotate") X(QuatRotateInv, "quat_rotate_inv")                               \
  X(QuatFromAxisAngle, "quat_from_axis_angle") X(QuatInverse, "quat_inverse")                    \
  X(QuatToMatrix, "quat_to_matrix") X(QuatIdentity, "quat_identity")                             \
  X(AtomicAdd, "atomic_add") X(AtomicSub, "atomic_sub") X(AtomicMin, "atomic_min")               \
  X(AtomicMax, "atomic_max") X(ExpectEq, "expect_eq") X(ExpectNeq, "expect_neq")                 \
  X(ExpectNear, "expect_near") X(Len, "len")

enum class Builtin : int {
#define X(id, name) id,
  KDSL_BUILTINS(X)
#undef X
};

const char *builtinName(Builtin b);
/// `wp.NAME(...)`.
std::optional<Builtin> lookupWarpBuiltin(llvm::StringRef name);
/// Python builtins usable without `wp.`: abs min max round pow len.
std::optional<Builtin> lookupPythonBuiltin(llvm::StringRef name);
/// Warp type names usable as annotations and constructors: float32, vec3f,
/// mat33d, quat, int, float, ... `python` selects int/float/bool spellings.
const Type *lookupWarpType(llvm::StringRef name, TypeContext &types);
const Type *lookupPythonType(llvm::StringRef name, TypeContext &types);
/// wp.pi, wp.e, wp.tau, wp.half_pi, wp.inf, wp.nan, ...
std::optional<double> lookupWarpConstant(llvm::StringRef name);

} // namespace kdsl

#endif
