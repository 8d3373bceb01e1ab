//===- Scalar.cpp - Warp scalar kinds and dtype names ---------------------===//
#include "kdsl/Support/Scalar.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"
#include <tuple>

using namespace kdsl;
using llvm::StringRef;

bool kdsl::isFloat(Scalar s) {
  return s == Scalar::F16 || s == Scalar::F32 || s == Scalar::F64 || s == Scalar::BF16;
}

bool kdsl::isSigned(Scalar s) {
  return s == Scalar::I8 || s == Scalar::I16 || s == Scalar::I32 || s == Scalar::I64;
}

bool kdsl::isInt(Scalar s) { return s != Scalar::Bool && !isFloat(s); }

unsigned kdsl::bitWidth(Scalar s) { return s == Scalar::Bool ? 1 : byteSize(s) * 8; }

unsigned kdsl::byteSize(Scalar s) {
  switch (s) {
  case Scalar::Bool:
  case Scalar::I8:
  case Scalar::U8:
    return 1;
  case Scalar::I16:
  case Scalar::U16:
  case Scalar::F16:
  case Scalar::BF16:
    return 2;
  case Scalar::I32:
  case Scalar::U32:
  case Scalar::F32:
    return 4;
  case Scalar::I64:
  case Scalar::U64:
  case Scalar::F64:
    return 8;
  }
  return 4;
}

Scalar kdsl::toSigned(Scalar s) {
  switch (s) {
  case Scalar::U8:
    return Scalar::I8;
  case Scalar::U16:
    return Scalar::I16;
  case Scalar::U32:
    return Scalar::I32;
  case Scalar::U64:
    return Scalar::I64;
  default:
    return s;
  }
}

namespace {
/// One row per scalar, in enum order: its Warp name and type-name suffix.
struct ScalarInfo {
  Scalar kind;
  const char *name;
  const char *suffix;
};
} // namespace

static constexpr ScalarInfo scalarTable[] = {
    {Scalar::Bool, "bool", nullptr},    {Scalar::I8, "int8", "b"},
    {Scalar::I16, "int16", "s"},        {Scalar::I32, "int32", "i"},
    {Scalar::I64, "int64", "l"},        {Scalar::U8, "uint8", "ub"},
    {Scalar::U16, "uint16", "us"},      {Scalar::U32, "uint32", "ui"},
    {Scalar::U64, "uint64", "ul"},      {Scalar::F16, "float16", "h"},
    {Scalar::F32, "float32", "f"},      {Scalar::F64, "float64", "d"},
    {Scalar::BF16, "bfloat16", "bf16"},
};

static const ScalarInfo &info(Scalar s) { return scalarTable[static_cast<unsigned>(s)]; }

const char *kdsl::scalarName(Scalar s) { return info(s).name; }
const char *kdsl::scalarSuffix(Scalar s) { return info(s).suffix; }

std::optional<Scalar> kdsl::parseScalarName(StringRef name, bool pythonAliases) {
  if (name == "half")
    return Scalar::F16;
  if (pythonAliases && name == "int")
    return Scalar::I32;
  if (pythonAliases && name == "float")
    return Scalar::F32;
  for (const ScalarInfo &row : scalarTable)
    if (name == row.name)
      return row.kind;
  return std::nullopt;
}

std::optional<Scalar> kdsl::parseScalarSuffix(StringRef suffix) {
  if (suffix.empty())
    return Scalar::F32;
  for (const ScalarInfo &row : scalarTable)
    if (row.suffix && suffix == row.suffix)
      return row.kind;
  return std::nullopt;
}

/// Takes a leading decimal extent of at most `maxDigits` digits, 1 to 65535.
static std::optional<unsigned> takeExtent(StringRef &s, unsigned maxDigits) {
  size_t n = 0;
  while (n < s.size() && n < maxDigits && llvm::isDigit(s[n]))
    ++n;
  unsigned value = 0;
  if (n == 0 || s.take_front(n).getAsInteger(10, value) || value == 0 || value > 65535)
    return std::nullopt;
  s = s.drop_front(n);
  return value;
}

/// Rows and columns of "RC" (one digit each) or "RxC" (up to five digits).
static bool takeMatrixExtents(StringRef &rest, Dtype &t) {
  std::optional<unsigned> r, c;
  if (rest.contains('x')) {
    r = takeExtent(rest, 5);
    if (!r || !rest.consume_front("x"))
      return false;
    c = takeExtent(rest, 5);
  } else {
    r = takeExtent(rest, 1);
    if (r)
      c = takeExtent(rest, 1);
  }
  if (!r || !c)
    return false;
  t.rows = *r;
  t.cols = *c;
  return true;
}

llvm::Expected<Dtype> kdsl::parseDtypeName(StringRef fullName) {
  StringRef name = fullName.trim();
  name.consume_front("wp.");
  name.consume_front("warp.");
  auto unknown = [&](const char *why) {
    std::string message = ("unknown dtype \"" + fullName + "\"").str();
    message += why ? std::string(": ") + why
                   : " (expected bool, int8, int16, int32, int64, uint8, uint16, uint32, uint64, "
                     "float16, float32, float64, bfloat16, int, float, "
                     "vecN[b|ub|s|us|i|ui|l|ul|h|f|d|bf16], matRC[h|f|d|bf16] or "
                     "quat[h|f|d|bf16], e.g. vec3f, vec2i, mat33d, quath)";
    return llvm::createStringError(message);
  };
  Dtype t;
  if (std::optional<Scalar> s = parseScalarName(name, /*pythonAliases=*/true)) {
    t.scalar = *s;
    return t;
  }
  StringRef rest = name;
  std::optional<Scalar> s;
  // Warp's transforms and spatial types are vectors and matrices:
  // transform[h|f|d] = vec7 (p, q), spatial_vector = vec6, spatial_matrix = mat66.
  for (auto [prefix, rows, cols] : {std::tuple<StringRef, unsigned, unsigned>{"transform", 1, 7},
                                    {"spatial_vector", 1, 6},
                                    {"spatial_matrix", 6, 6}}) {
    StringRef suffix = rest;
    if (!suffix.consume_front(prefix))
      continue;
    if (!(s = parseScalarSuffix(suffix)) || !isFloat(*s))
      return unknown(nullptr);
    t.shape = rows == 1 ? Dtype::Shape::Vector : Dtype::Shape::Matrix;
    t.rows = rows;
    t.cols = cols;
    t.scalar = *s;
    return t;
  }
  if (rest.consume_front("vec")) {
    std::optional<unsigned> n = takeExtent(rest, 5);
    if (!n || !(s = parseScalarSuffix(rest)))
      return unknown(nullptr);
    t.shape = Dtype::Shape::Vector;
    t.cols = *n;
  } else if (rest.consume_front("quat")) {
    if (!(s = parseScalarSuffix(rest)) || !isFloat(*s))
      return unknown(nullptr);
    t.shape = Dtype::Shape::Quat;
    t.cols = 4;
  } else if (rest.consume_front("mat")) {
    if (!takeMatrixExtents(rest, t) || !(s = parseScalarSuffix(rest)))
      return unknown(nullptr);
    if (!isFloat(*s))
      return unknown("matrices have float16, float32, float64 or bfloat16 components (suffix h, f, "
                     "d or bf16)");
    t.shape = Dtype::Shape::Matrix;
  } else {
    return unknown(nullptr);
  }
  t.scalar = *s;
  return t;
}

std::string kdsl::dtypeName(const Dtype &t) {
  const char *suffix = scalarSuffix(t.scalar) ? scalarSuffix(t.scalar) : "bool";
  switch (t.shape) {
  case Dtype::Shape::Scalar:
    return scalarName(t.scalar);
  case Dtype::Shape::Vector:
    return "vec" + std::to_string(t.cols) + suffix;
  case Dtype::Shape::Quat:
    return std::string("quat") + suffix;
  case Dtype::Shape::Matrix:
    if (t.rows < 10 && t.cols < 10)
      return "mat" + std::to_string(t.rows) + std::to_string(t.cols) + suffix;
    return "mat" + std::to_string(t.rows) + "x" + std::to_string(t.cols) + suffix;
  }
  return "?";
}
