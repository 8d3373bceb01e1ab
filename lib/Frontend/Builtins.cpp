//===- Builtins.cpp - builtin and type-name tables ------------------------===//
#include "kdsl/Frontend/Builtins.h"
#include "kdsl/Support/Scalar.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSwitch.h"
#include <cassert>
#include <cmath>
#include <limits>

using namespace kdsl;
using llvm::StringRef;

namespace {
using namespace kdsl::acc;
// The lowering and its macros are read by BuiltinLowering.cpp only; a
// record's own rule function (KDSL_RULE) by BuiltinRules.cpp.
#define KDSL_RULE(fn) Custom
#define KDSL_BUILTIN_INFO(X, id, name, py, lo, hi, rule, accept, result, expects, kws, params,     \
                          lower, deriv, cat)                                                       \
  {Builtin::id,                                                                                    \
   name,                                                                                           \
   py,                                                                                             \
   lo,                                                                                             \
   hi,                                                                                             \
   BuiltinRule::rule,                                                                              \
   accept,                                                                                         \
   BuiltinResult::result,                                                                          \
   expects,                                                                                        \
   kws,                                                                                            \
   params,                                                                                         \
   BuiltinDerivative::deriv,                                                                       \
   BuiltinCategory::cat},
const BuiltinInfo kBuiltins[] = {KDSL_BUILTIN_TABLE(KDSL_BUILTIN_INFO, _)};
#undef KDSL_BUILTIN_INFO
#undef KDSL_RULE
} // namespace

const BuiltinInfo &kdsl::builtinInfo(Builtin b) {
  const BuiltinInfo &info = kBuiltins[(int)b];
  assert(info.id == b && "BuiltinTable.def out of order");
  return info;
}

const char *kdsl::builtinName(Builtin b) { return builtinInfo(b).name; }

std::optional<Builtin> kdsl::lookupWarpBuiltin(StringRef name) {
  static const llvm::StringMap<Builtin> byName = [] {
    llvm::StringMap<Builtin> m;
    for (const BuiltinInfo &info : kBuiltins)
      m[info.name] = info.id;
    return m;
  }();
  auto it = byName.find(name);
  return it == byName.end() ? std::nullopt : std::optional<Builtin>(it->second);
}

std::optional<Builtin> kdsl::lookupPythonBuiltin(StringRef name) {
  if (name.empty())
    return std::nullopt;
  for (const BuiltinInfo &info : kBuiltins)
    if (name == info.pythonAlias)
      return info.id;
  return std::nullopt;
}

const Type *kdsl::lookupWarpType(StringRef name, TypeContext &types) {
  if (auto s = parseScalarName(name))
    return types.scalar(*s);
  // wp.handle: the id of a mesh, BVH or volume, "identical to uint64" (Warp).
  if (name == "handle")
    return types.scalar(Scalar::U64);
  // Warp has no named bfloat16 composites (vec3bf16 is a kdsl-run dtype only):
  // they are written wp.types.vector(3, dtype=wp.bfloat16) and so on.
  if (name.ends_with("bf16"))
    return nullptr;
  if (name.consume_front("vec")) {
    if (name.size() >= 1 && name[0] >= '2' && name[0] <= '4') {
      unsigned n = name[0] - '0';
      if (auto s = parseScalarSuffix(name.drop_front()))
        return types.vec(n, *s);
    }
    return nullptr;
  }
  if (name.consume_front("mat")) {
    if (name.size() >= 2 && name[0] >= '2' && name[0] <= '4' && name[1] == name[0]) {
      unsigned n = name[0] - '0';
      if (auto s = parseScalarSuffix(name.drop_front(2)); s && isFloat(*s))
        return types.mat(n, n, *s);
    }
    return nullptr;
  }
  if (name.consume_front("quat")) {
    if (auto s = parseScalarSuffix(name); s && isFloat(*s))
      return types.quat(*s);
    return nullptr;
  }
  return lookupSpatialType(name, types);
}

const Type *kdsl::lookupPythonType(StringRef name, TypeContext &types) {
  if (name == "int")
    return types.i32();
  if (name == "float")
    return types.f32();
  if (name == "bool")
    return types.boolTy();
  return nullptr;
}

std::optional<double> kdsl::lookupWarpConstant(StringRef name) {
  const double pi = 3.14159265358979323846;
  return llvm::StringSwitch<std::optional<double>>(name)
      .Case("pi", pi)
      .Case("e", 2.71828182845904523536)
      .Case("tau", 2 * pi)
      .Case("half_pi", pi / 2)
      .Case("phi", 1.61803398874989484820)
      .Case("inf", std::numeric_limits<double>::infinity())
      .Case("INF", std::numeric_limits<double>::infinity())
      .Case("nan", std::numeric_limits<double>::quiet_NaN())
      .Case("NAN", std::numeric_limits<double>::quiet_NaN())
      .Case("ln2", 0.69314718055994530942)
      .Case("ln10", 2.30258509299404568402)
      .Case("log2e", 1.44269504088896340736)
      .Case("log10e", 0.43429448190325182765)
      .Case("sqrt2", 1.41421356237309504880)
      // Warp's upper-case aliases (warp/_src/constants.py: PI = pi = ...).
      .Case("PI", pi)
      .Case("E", 2.71828182845904523536)
      .Case("TAU", 2 * pi)
      .Case("HALF_PI", pi / 2)
      .Case("PHI", 1.61803398874989484820)
      .Case("LN2", 0.69314718055994530942)
      .Case("LN10", 2.30258509299404568402)
      .Case("LOG2E", 1.44269504088896340736)
      .Case("LOG10E", 0.43429448190325182765)
      .Default(std::nullopt);
}
