//===- Builtins.h - the Warp builtins kdsl knows ---------------*- C++ -*-===//
//
// The builtins themselves are listed once, in BuiltinTable.def; this header
// gives the rest of kdsl typed access to that table.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_BUILTINS_H
#define KDSL_FRONTEND_BUILTINS_H

#include "kdsl/Frontend/BuiltinTable.def"
#include "kdsl/Frontend/Types.h"
#include "llvm/ADT/StringRef.h"
#include <optional>

namespace kdsl {

#define KDSL_BUILTIN_ID_NAME(X, id, name, ...) X(id, name)
/// X(Id, "warp_name") for every builtin (lib/Synth iterates them).
#define KDSL_BUILTINS(X) KDSL_BUILTIN_TABLE(KDSL_BUILTIN_ID_NAME, X)

enum class Builtin : int {
#define KDSL_BUILTIN_ENUM(X, id, ...) id,
  KDSL_BUILTIN_TABLE(KDSL_BUILTIN_ENUM, _)
#undef KDSL_BUILTIN_ENUM
};

/// The type rule Sema applies to a call (lib/Frontend/BuiltinRules.cpp).
enum class BuiltinRule : uint8_t {
  Tid,
  FloatUnary,  ///< one argument; literals become float32; result by Result
  NumberUnary, ///< one argument; literals take their default type
  Unary,       ///< one argument as it is
  NumberUnify, ///< arguments unified to one number type; literals int32/float32
  FloatUnify,  ///< arguments unified to one float type; literals float32
  MinMax,      ///< two values, or the reduction of one vector
  Lerp,
  Where,
  Removed,      ///< a builtin Warp removed: the error names its replacement
  SameOperands, ///< two arguments of the same accepted type
  Outer,
  Diag,
  Identity,
  QuatRotate,
  QuatFromAxisAngle,
  Atomic,
  ExpectEqual,
  ExpectNear,
  Custom, ///< KDSL_RULE(fn): the record's own rule function (lib/Frontend/BuiltinRuleFns.h)
};

/// The result type of a call from its (first) argument's type T.
enum class BuiltinResult : uint8_t {
  Custom, ///< the rule computes it
  Same,   ///< T
  Elem,   ///< the scalar type of T's elements
  Bool,
  I32,
  Void,
  Transposed, ///< the matrix T with rows and columns swapped
  Mat33,      ///< a 3x3 matrix of T's element type
};

/// What a rule accepts for the (first) argument: a bit set.
namespace acc {
enum : unsigned {
  FloatScalar = 1 << 0,
  IntScalar = 1 << 1, ///< signed or unsigned integers, not bool
  BoolScalar = 1 << 2,
  AnyVec = 1 << 3,
  FloatVec = 1 << 4,
  AnyMat = 1 << 5,
  FloatMat = 1 << 6,
  AnyQuat = 1 << 7,
  FloatQuat = 1 << 8,
  AnyArray = 1 << 9,
  // Modifiers of the kinds above.
  Vec3Only = 1 << 10,     ///< vectors must have 3 elements
  SquareOnly = 1 << 11,   ///< matrices must be square ("expects a square matrix")
  F16Elements = 1 << 12,  ///< atomics: float16 array elements are allowed
  BF16Elements = 1 << 13, ///< atomics: bfloat16 array elements are allowed
  UpTo4x4 = 1 << 14, ///< matrices 2x2, 3x3 or 4x4 (Warp's determinant and inverse exist for those)
  // Shorthands.
  Number = FloatScalar | IntScalar,
  AnyVecLike = AnyVec | AnyMat | AnyQuat,
  FloatVecLike = FloatVec | FloatMat | FloatQuat,
};
} // namespace acc

/// Where the derivative of a builtin comes from.
enum class BuiltinDerivative : uint8_t {
  None,      ///< no derivative (integer, boolean or side-effect results)
  Zero,      ///< the op's rule, zero wherever defined (floor, ceil, round, trunc, rint)
  Op,        ///< the rule of the op it lowers to (KdslDerivatives.td, VectorRules.cpp, adjoints)
  Expansion, ///< the rules of the ops its expansion creates
};

/// What kdsl-synth counts a call as (lib/Synth/Generator/Realism.cpp).
enum class BuiltinCategory : uint8_t {
  Math,    ///< scalar math (the f:math feature)
  Spatial, ///< transforms and spatial vectors/matrices (f:spatial)
  Other,
};

/// One record of BuiltinTable.def, less the rule function (BuiltinRules.cpp)
/// and the lowering (BuiltinLowering.cpp).
struct BuiltinInfo {
  Builtin id;
  const char *name;        ///< wp.NAME
  const char *pythonAlias; ///< "" when there is none
  unsigned minArgs, maxArgs;
  BuiltinRule rule;
  unsigned accept;
  BuiltinResult result;
  const char *expects;  ///< what a rejected argument should have been
  const char *keywords; ///< keyword arguments the rule reads itself, space separated
  const char *params;   ///< Warp's parameter names (bound by keyword), space separated
  BuiltinDerivative derivative;
  BuiltinCategory category;

  /// No gradient flows through the result (None or Zero).
  bool hasNoGradient() const {
    return derivative == BuiltinDerivative::None || derivative == BuiltinDerivative::Zero;
  }
};

const BuiltinInfo &builtinInfo(Builtin b);
const char *builtinName(Builtin b);
/// `wp.NAME(...)`.
std::optional<Builtin> lookupWarpBuiltin(llvm::StringRef name);
/// Python builtins usable without `wp.`: abs min max round pow len.
std::optional<Builtin> lookupPythonBuiltin(llvm::StringRef name);
/// Warp type names usable as annotations and constructors: float32, vec3f,
/// mat33d, quat, int, float, ... `python` selects int/float/bool spellings.
const Type *lookupWarpType(llvm::StringRef name, TypeContext &types);
const Type *lookupPythonType(llvm::StringRef name, TypeContext &types);
/// transform[f|d|h], spatial_vector[f|d|h], spatial_matrix[f|d|h] (SemaSpatial.cpp).
const Type *lookupSpatialType(llvm::StringRef name, TypeContext &types);
/// wp.pi, wp.e, wp.tau, wp.half_pi, wp.inf, wp.nan, ...
std::optional<double> lookupWarpConstant(llvm::StringRef name);

} // namespace kdsl

#endif
