//===- Scalar.h - Warp scalar kinds and dtype names ------------*- C++ -*-===//
//
// The one list of Warp's scalar types (bool, int8..int64, uint8..uint64,
// float16/32/64, bfloat16) with their properties and names, and the one parser of dtype
// names ("float32", "vec3f", "mat33d", "quath", "vec2ui", ...), shared by the
// front end (Types.h, Builtins) and the host runtime (ValueLayout, kdsl-run),
// so that a name means the same type everywhere.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_SUPPORT_SCALAR_H
#define KDSL_SUPPORT_SCALAR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>

namespace kdsl {

/// BF16 (Warp's bfloat16) comes last so that the older kinds keep their values.
enum class Scalar : uint8_t { Bool, I8, I16, I32, I64, U8, U16, U32, U64, F16, F32, F64, BF16 };

bool isFloat(Scalar s);
bool isSigned(Scalar s); // signed integers
bool isInt(Scalar s);    // any integer (not bool)
/// Bits of the value: 1 for bool.
unsigned bitWidth(Scalar s);
/// Bytes of the C representation: 1 for bool.
unsigned byteSize(Scalar s);
/// The signed kind of the same width (U32 -> I32); others unchanged.
Scalar toSigned(Scalar s);

/// Warp's name: bool, int8, ..., uint64, float16, float32, float64, bfloat16.
const char *scalarName(Scalar s);
/// Warp's type-name suffix (vec3f, vec2ui, mat33d, quath): b ub s us i ui l ul
/// h f d; nullptr for bool, which has none. bfloat16 has "bf16", a kdsl-run
/// dtype spelling only (vec3bf16): Warp names no bfloat16 vector types, and
/// the front end does not accept it (lookupWarpType).
const char *scalarSuffix(Scalar s);

/// A scalar by Warp name (the names scalarName gives, and "half" for
/// float16). With `pythonAliases`, also Python's "int" (int32) and "float"
/// (float32).
std::optional<Scalar> parseScalarName(llvm::StringRef name, bool pythonAliases = false);
/// A scalar by type-name suffix; the empty suffix is float32 (vec3 = vec3f).
std::optional<Scalar> parseScalarSuffix(llvm::StringRef suffix);

/// A parsed dtype name: a scalar, vector, matrix or quaternion of `scalar`.
struct Dtype {
  enum class Shape : uint8_t { Scalar, Vector, Matrix, Quat };
  Shape shape = Shape::Scalar;
  Scalar scalar = Scalar::F32;
  /// Vector: 1 x length; Matrix: rows x cols; Quat: 1 x 4; Scalar: 1 x 1.
  unsigned rows = 1, cols = 1;

  bool operator==(const Dtype &o) const {
    return shape == o.shape && scalar == o.scalar && rows == o.rows && cols == o.cols;
  }
};

/// Parses a dtype name: a scalar name (parseScalarName with Python aliases),
/// vecN with an optional suffix (none = f), matRC (one digit each) or matRxC
/// with h f d (none = f), quat with h f d (none = f), and Warp's transform,
/// spatial_vector and spatial_matrix with h f d (none = f; vec7, vec6 and
/// mat66 of that scalar). An optional "wp." or
/// "warp." prefix is accepted; extents are 1 to 65535. This is the grammar of
/// every name any kdsl tool accepts; a caller that accepts fewer shapes (the
/// front end: vec2..vec4, mat22..mat44) checks rows/cols itself.
/// The error says what names are expected (or that matrices need float
/// components), quoting `name` as given.
llvm::Expected<Dtype> parseDtypeName(llvm::StringRef name);

/// The name parseDtypeName reads back: "float32", "vec3f", "mat33d",
/// "mat2x12f" (an extent over 9), "quath". A vector of bool has no Warp name:
/// "vecNbool".
std::string dtypeName(const Dtype &t);

} // namespace kdsl

#endif
