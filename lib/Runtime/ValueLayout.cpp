//===- ValueLayout.cpp - host values of kdsl kernel arguments -------------===//
#include "kdsl/Runtime/ValueLayout.h"
#include "kdsl/Dialect/IndexedArray.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/CLayout.h"

#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MathExtras.h"

#include <charconv>
#include <cmath>
#include <cstdlib>
#include <cstring>
#include <limits>

using namespace kdsl;
using llvm::Error;
using llvm::Expected;
using llvm::StringRef;
using llvm::Twine;
namespace json = llvm::json;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

char RunError::ID = 0;

const char *kdsl::runErrorKindName(RunErrorKind kind) {
  switch (kind) {
  case RunErrorKind::Usage:
    return "usage";
  case RunErrorKind::IO:
    return "io";
  case RunErrorKind::JSON:
    return "json";
  case RunErrorKind::Spec:
    return "spec";
  case RunErrorKind::Compile:
    return "compile";
  case RunErrorKind::GradCheck:
    return "gradcheck";
  case RunErrorKind::Runtime:
    return "runtime";
  case RunErrorKind::Timeout:
    return "timeout";
  }
  return "runtime";
}

void RunError::log(llvm::raw_ostream &os) const { os << message; }

std::error_code RunError::convertToErrorCode() const { return llvm::inconvertibleErrorCode(); }

Error kdsl::makeRunError(RunErrorKind kind, const Twine &message) {
  return llvm::make_error<RunError>(kind, message.str());
}

std::pair<RunErrorKind, std::string> kdsl::takeRunError(Error err, RunErrorKind fallback) {
  std::optional<RunErrorKind> kind;
  std::string message;
  auto add = [&](RunErrorKind k, const std::string &m) {
    if (!kind)
      kind = k;
    if (!message.empty())
      message += "; ";
    message += m;
  };
  llvm::handleAllErrors(
      std::move(err), [&](const RunError &e) { add(e.kind, e.message); },
      [&](const llvm::ErrorInfoBase &e) { add(fallback, e.message()); });
  if (message.empty())
    message = "unknown error";
  return {kind.value_or(fallback), message};
}

Error kdsl::prefixRunError(Error err, const Twine &prefix, RunErrorKind fallback) {
  if (!err)
    return Error::success();
  auto [kind, message] = takeRunError(std::move(err), fallback);
  return makeRunError(kind, prefix + ": " + message);
}

static Error specError(const Twine &message) { return makeRunError(RunErrorKind::Spec, message); }

//===----------------------------------------------------------------------===//
// Scalars and element types
//===----------------------------------------------------------------------===//

unsigned ElemType::jsonDepth() const {
  switch (family) {
  case Family::Scalar:
  case Family::Struct:
    return 0;
  case Family::Vector:
  case Family::Quat:
    return 1;
  case Family::Matrix:
    return 2;
  }
  return 0;
}

/// The shape of a non-struct element type as Support/Scalar.h names it.
static Dtype toDtype(const ElemType &t) {
  Dtype d;
  d.scalar = t.scalar;
  d.rows = t.rows;
  d.cols = t.cols;
  switch (t.family) {
  case ElemType::Family::Vector:
    d.shape = Dtype::Shape::Vector;
    break;
  case ElemType::Family::Matrix:
    d.shape = Dtype::Shape::Matrix;
    break;
  case ElemType::Family::Quat:
    d.shape = Dtype::Shape::Quat;
    break;
  default:
    d.shape = Dtype::Shape::Scalar;
    break;
  }
  return d;
}

std::string ElemType::name() const {
  if (family == Family::Struct)
    return llvm::cast<StructType>(structType).getName().str();
  return dtypeName(toDtype(*this));
}

static mlir::Type scalarToMLIR(ScalarKind s, mlir::MLIRContext *ctx) {
  switch (s) {
  case ScalarKind::Bool:
    return mlir::IntegerType::get(ctx, 1);
  case ScalarKind::F16:
    return mlir::Float16Type::get(ctx);
  case ScalarKind::BF16:
    return mlir::BFloat16Type::get(ctx);
  case ScalarKind::F32:
    return mlir::Float32Type::get(ctx);
  case ScalarKind::F64:
    return mlir::Float64Type::get(ctx);
  default:
    return mlir::IntegerType::get(ctx, scalarSize(s) * 8);
  }
}

mlir::Type ElemType::toMLIR(mlir::MLIRContext *ctx) const {
  if (family == Family::Struct)
    return structType;
  mlir::Type s = scalarToMLIR(scalar, ctx);
  switch (family) {
  case Family::Scalar:
    return s;
  case Family::Vector:
  case Family::Quat:
    return mlir::VectorType::get({int64_t(cols)}, s);
  case Family::Matrix:
    return mlir::VectorType::get({int64_t(rows), int64_t(cols)}, s);
  case Family::Struct:
    break;
  }
  return s;
}

bool ElemType::matches(mlir::Type t) const { return t && toMLIR(t.getContext()) == t; }

Expected<ElemType> kdsl::parseDtype(StringRef name) {
  Expected<Dtype> d = parseDtypeName(name);
  if (!d)
    return specError(llvm::toString(d.takeError()));
  ElemType t;
  t.scalar = d->scalar;
  t.rows = uint16_t(d->rows);
  t.cols = uint16_t(d->cols);
  switch (d->shape) {
  case Dtype::Shape::Scalar:
    t.family = ElemType::Family::Scalar;
    break;
  case Dtype::Shape::Vector:
    t.family = ElemType::Family::Vector;
    break;
  case Dtype::Shape::Matrix:
    t.family = ElemType::Family::Matrix;
    break;
  case Dtype::Shape::Quat:
    t.family = ElemType::Family::Quat;
    break;
  }
  return t;
}

static std::optional<ScalarKind> scalarFromMLIR(mlir::Type t) {
  if (auto i = llvm::dyn_cast<mlir::IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1:
      return ScalarKind::Bool;
    case 8:
      return ScalarKind::I8;
    case 16:
      return ScalarKind::I16;
    case 32:
      return ScalarKind::I32;
    case 64:
      return ScalarKind::I64;
    default:
      return std::nullopt;
    }
  }
  if (t.isF16())
    return ScalarKind::F16;
  if (t.isBF16())
    return ScalarKind::BF16;
  if (t.isF32())
    return ScalarKind::F32;
  if (t.isF64())
    return ScalarKind::F64;
  return std::nullopt;
}

std::optional<ElemType> kdsl::elemTypeFromMLIR(mlir::Type t) {
  if (!t)
    return std::nullopt;
  ElemType e;
  if (auto v = llvm::dyn_cast<mlir::VectorType>(t)) {
    if (v.isScalable() || (v.getRank() != 1 && v.getRank() != 2))
      return std::nullopt;
    for (int64_t d : v.getShape())
      if (d <= 0 || d > 65535)
        return std::nullopt;
    std::optional<ScalarKind> s = scalarFromMLIR(v.getElementType());
    if (!s)
      return std::nullopt;
    e.scalar = *s;
    if (v.getRank() == 1) {
      e.family = ElemType::Family::Vector;
      e.cols = uint16_t(v.getDimSize(0));
    } else {
      e.family = ElemType::Family::Matrix;
      e.rows = uint16_t(v.getDimSize(0));
      e.cols = uint16_t(v.getDimSize(1));
    }
  } else {
    std::optional<ScalarKind> s = scalarFromMLIR(t);
    if (!s)
      return std::nullopt;
    e.scalar = *s;
  }
  e.signKnown = !isIntScalar(e.scalar);
  return e;
}

/// True if `t` is an element type or a struct of them (nested structs too).
static bool holdsNoArrays(mlir::Type t) {
  if (elemTypeFromMLIR(t))
    return true;
  auto s = llvm::dyn_cast_or_null<StructType>(t);
  return s && llvm::all_of(s.getFieldTypes(), holdsNoArrays);
}

std::optional<ElemType> kdsl::arrayElemTypeFromMLIR(mlir::Type t) {
  if (std::optional<ElemType> e = elemTypeFromMLIR(t))
    return e;
  if (!llvm::isa_and_nonnull<StructType>(t) || !holdsNoArrays(t))
    return std::nullopt;
  Expected<Layout> layout = layoutOf(t);
  if (!layout) {
    llvm::consumeError(layout.takeError());
    return std::nullopt;
  }
  ElemType e;
  e.family = ElemType::Family::Struct;
  e.structType = t;
  e.structSize = layout->size;
  e.structAlign = layout->align;
  return e;
}

std::vector<ElemField> kdsl::structFields(const ElemType &t) {
  auto s = llvm::cast<StructType>(t.structType);
  // arrayElemTypeFromMLIR made `t` from a struct with a layout and no arrays.
  std::vector<uint64_t> offsets = llvm::cantFail(structFieldOffsets(s));
  std::vector<ElemField> fields;
  for (auto [name, type, offset] : llvm::zip(s.getFieldNames(), s.getFieldTypes(), offsets))
    fields.push_back({name.getValue(), offset, *arrayElemTypeFromMLIR(type)});
  return fields;
}

std::vector<ScalarSlot> kdsl::scalarSlots(const ElemType &t) {
  std::vector<ScalarSlot> slots;
  if (t.family != ElemType::Family::Struct) {
    for (unsigned i = 0, n = t.numScalars(); i < n; ++i)
      slots.push_back({i * scalarSize(t.scalar), t.scalar});
    return slots;
  }
  for (const ElemField &f : structFields(t))
    for (ScalarSlot slot : scalarSlots(f.type))
      slots.push_back({f.offset + slot.offset, slot.kind});
  return slots;
}

//===----------------------------------------------------------------------===//
// Layout
//===----------------------------------------------------------------------===//

static_assert(sizeof(kdsl_array) == 72 && alignof(kdsl_array) == 8, "kdsl_array layout");

/// The host encodes and decodes element types (elemTypeFromMLIR), arrays and
/// structs of them; the error names the (innermost) type it cannot.
static Error checkHostLayout(mlir::Type t) {
  if (elemTypeFromMLIR(t) || llvm::isa_and_nonnull<ArrayType>(t))
    return Error::success();
  if (auto s = llvm::dyn_cast_or_null<StructType>(t)) {
    for (mlir::Type f : s.getFieldTypes())
      if (Error e = checkHostLayout(f))
        return e;
    return Error::success();
  }
  std::string str;
  llvm::raw_string_ostream os(str);
  os << t;
  return specError("type " + str + " has no host layout");
}

// Sizes, alignments and offsets are the LLVM lowering's (Transforms/CLayout.h),
// so the host lays values out as the kernels read them.
Expected<Layout> kdsl::layoutOf(mlir::Type t) {
  if (Error e = checkHostLayout(t))
    return std::move(e);
  // Every type checkHostLayout accepts has a C layout.
  std::optional<CSizeAlign> c = cLayoutOf(t);
  if (!c)
    return specError("type " + describeType(t) + " has no C layout");
  assert((!elemTypeFromMLIR(t) ||
          (elemTypeFromMLIR(t)->size() == c->size && elemTypeFromMLIR(t)->align() == c->align)) &&
         "ElemType::size/align disagree with the C layout");
  assert((!llvm::isa<ArrayType>(t) ||
          (c->size == sizeof(kdsl_array) && c->align == alignof(kdsl_array))) &&
         "the kdsl_array descriptor disagrees with KernelABI.h");
  return Layout{c->size, c->align};
}

Expected<std::vector<uint64_t>> kdsl::structFieldOffsets(StructType t) {
  if (Error e = checkHostLayout(t))
    return std::move(e);
  std::optional<llvm::SmallVector<uint64_t>> offsets = cStructFieldOffsets(t);
  if (!offsets)
    return specError("type " + describeType(t) + " has no C layout");
  return std::vector<uint64_t>(offsets->begin(), offsets->end());
}

std::string kdsl::describeType(mlir::Type t) {
  if (std::optional<ElemType> e = elemTypeFromMLIR(t))
    return e->name();
  if (ArrayType data = indexedArrayDataType(t))
    return "indexedarray(dtype=" + describeType(data.getElementType()) +
           ", ndim=" + std::to_string(data.getNdim()) + ")";
  if (auto a = llvm::dyn_cast_or_null<ArrayType>(t))
    return "array(dtype=" + describeType(a.getElementType()) +
           ", ndim=" + std::to_string(a.getNdim()) + ")";
  if (auto s = llvm::dyn_cast_or_null<StructType>(t))
    return "struct " + s.getName().str();
  std::string str;
  llvm::raw_string_ostream os(str);
  os << t;
  return str;
}

//===----------------------------------------------------------------------===//
// Encoding
//===----------------------------------------------------------------------===//

const char *kdsl::describeJSONKind(const json::Value &v) {
  switch (v.kind()) {
  case json::Value::Null:
    return "null";
  case json::Value::Boolean:
    return "a boolean";
  case json::Value::Number:
    return "a number";
  case json::Value::String:
    return "a string";
  case json::Value::Array:
    return "a list";
  case json::Value::Object:
    return "an object";
  }
  return "a value";
}

std::string kdsl::shortJSON(const json::Value &v) {
  std::string s = llvm::formatv("{0}", v).str();
  if (s.size() > 40)
    s = s.substr(0, 37) + "...";
  return s;
}

std::string kdsl::describeJSONValue(const json::Value &v) {
  if (v.kind() == json::Value::Number || v.kind() == json::Value::String)
    return std::string(describeJSONKind(v)) + " (" + shortJSON(v) + ")";
  return describeJSONKind(v);
}

namespace {
enum class Integral { Yes, No, TooBig };
} // namespace

/// Reads an integral JSON number exactly (1, -3, 1.0, 1e3) as sign and
/// magnitude.
static Integral getIntegral(const json::Value &v, bool &neg, uint64_t &mag) {
  if (std::optional<uint64_t> u = v.getAsUINT64()) {
    neg = false;
    mag = *u;
    return Integral::Yes;
  }
  std::optional<double> d = v.getAsNumber();
  if (!d || !std::isfinite(*d) || std::trunc(*d) != *d)
    return Integral::No;
  double x = *d;
  if (x >= -9223372036854775808.0 && x < 9223372036854775808.0) {
    std::optional<int64_t> i = v.getAsInteger();
    if (!i)
      return Integral::No;
    neg = *i < 0;
    mag = neg ? 0 - uint64_t(*i) : uint64_t(*i);
    return Integral::Yes;
  }
  if (x >= 0 && x < 18446744073709551616.0) {
    neg = false;
    mag = uint64_t(x);
    return Integral::Yes;
  }
  neg = x < 0;
  return Integral::TooBig;
}

static std::optional<double> parseSpecialFloat(StringRef s) {
  std::string lower = s.lower();
  if (lower == "nan" || lower == "+nan")
    return std::numeric_limits<double>::quiet_NaN();
  if (lower == "-nan")
    return -std::numeric_limits<double>::quiet_NaN();
  if (lower == "inf" || lower == "+inf" || lower == "infinity" || lower == "+infinity")
    return std::numeric_limits<double>::infinity();
  if (lower == "-inf" || lower == "-infinity")
    return -std::numeric_limits<double>::infinity();
  return std::nullopt;
}

template <typename T> static void store(char *dst, T value) { std::memcpy(dst, &value, sizeof(T)); }
template <typename T> static T load(const char *src) {
  T value;
  std::memcpy(&value, src, sizeof(T));
  return value;
}

static Error encodeScalar(const json::Value &v, ScalarKind s, bool signKnown, char *dst) {
  if (s == ScalarKind::Bool) {
    if (std::optional<bool> b = v.getAsBoolean()) {
      store<uint8_t>(dst, *b ? 1 : 0);
      return Error::success();
    }
    bool neg = false;
    uint64_t mag = 0;
    if (v.kind() == json::Value::Number && getIntegral(v, neg, mag) == Integral::Yes && !neg &&
        mag <= 1) {
      store<uint8_t>(dst, uint8_t(mag));
      return Error::success();
    }
    return specError("expected true, false, 0 or 1 for bool, got " + describeJSONValue(v));
  }

  if (isIntScalar(s)) {
    if (v.kind() != json::Value::Number)
      return specError(Twine("expected an integer for ") + scalarName(s) + ", got " +
                       describeJSONValue(v));
    bool neg = false;
    uint64_t mag = 0;
    Integral integral = getIntegral(v, neg, mag);
    if (integral == Integral::No)
      return specError(Twine("expected an integer for ") + scalarName(s) + ", got " +
                       describeJSONValue(v));
    unsigned bits = scalarSize(s) * 8;
    uint64_t maxUnsigned = bits == 64 ? ~uint64_t(0) : (uint64_t(1) << bits) - 1;
    uint64_t maxPositive = (uint64_t(1) << (bits - 1)) - 1; // signed max
    uint64_t maxNegative = uint64_t(1) << (bits - 1);       // |signed min|
    bool ok;
    std::string range;
    if (!signKnown) { // signless: either interpretation
      ok = neg ? mag <= maxNegative : mag <= maxUnsigned;
      range = "a " + std::to_string(bits) + "-bit integer (from -" + std::to_string(maxNegative) +
              " to " + std::to_string(maxUnsigned) + ")";
    } else if (isSignedScalar(s)) {
      ok = neg ? mag <= maxNegative : mag <= maxPositive;
      range = std::string(scalarName(s)) + " (from -" + std::to_string(maxNegative) + " to " +
              std::to_string(maxPositive) + ")";
    } else {
      ok = !neg || mag == 0;
      ok = ok && mag <= maxUnsigned;
      range = std::string(scalarName(s)) + " (from 0 to " + std::to_string(maxUnsigned) + ")";
    }
    if (integral == Integral::TooBig)
      ok = false;
    if (!ok)
      return specError("value " + shortJSON(v) + " is out of range for " + range);
    uint64_t bitsValue = neg ? 0 - mag : mag;
    switch (bits) {
    case 8:
      store<uint8_t>(dst, uint8_t(bitsValue));
      break;
    case 16:
      store<uint16_t>(dst, uint16_t(bitsValue));
      break;
    case 32:
      store<uint32_t>(dst, uint32_t(bitsValue));
      break;
    default:
      store<uint64_t>(dst, bitsValue);
      break;
    }
    return Error::success();
  }

  // Floats.
  std::optional<double> d;
  bool special = false;
  if (v.kind() == json::Value::Number) {
    d = v.getAsNumber();
  } else if (std::optional<StringRef> str = v.getAsString()) {
    d = parseSpecialFloat(*str);
    special = true;
  }
  if (!d)
    return specError(Twine("expected a number (or \"nan\", \"inf\", \"-inf\") for ") +
                     scalarName(s) + ", got " + describeJSONValue(v));
  double x = *d;
  // A JSON number is infinite only when it overflowed a double (1e400):
  // too large for every float type, like 1e39 for float32.
  if (!special && !std::isfinite(x))
    return specError(Twine("value ") + (x < 0 ? "-" : "") +
                     "(beyond the largest double, 1.8e308) is out of range for " + scalarName(s));
  if (s == ScalarKind::F64) {
    store<double>(dst, x);
    return Error::success();
  }
  if (s == ScalarKind::F32 &&
      (special || std::fabs(x) <= double(std::numeric_limits<float>::max()))) {
    store<float>(dst, float(x));
    return Error::success();
  }
  llvm::APFloat f(x);
  bool losesInfo = false;
  llvm::APFloat::opStatus status = llvm::APFloat::opOK;
  if (s == ScalarKind::BF16) {
    // As Warp's wp.array(..., dtype=wp.bfloat16): the value as a float32,
    // then rounded to nearest even.
    status = f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
    status =
        llvm::APFloat::opStatus(status | f.convert(llvm::APFloat::BFloat(),
                                                   llvm::APFloat::rmNearestTiesToEven, &losesInfo));
  } else {
    status =
        f.convert(s == ScalarKind::F16 ? llvm::APFloat::IEEEhalf() : llvm::APFloat::IEEEsingle(),
                  llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  }
  if (!special && (status & llvm::APFloat::opOverflow))
    return specError("value " + shortJSON(v) + " is out of range for " + scalarName(s));
  uint64_t raw = f.bitcastToAPInt().getZExtValue();
  if (s == ScalarKind::F16 || s == ScalarKind::BF16)
    store<uint16_t>(dst, uint16_t(raw));
  else
    store<uint32_t>(dst, uint32_t(raw));
  return Error::success();
}

/// `what: message`, or the message alone when `what` is empty (a struct
/// array element: the caller says which).
static std::string at(StringRef what, const Twine &message) {
  return what.empty() ? message.str() : (what + ": " + message).str();
}

static Error encodeValueImpl(const json::Value &v, mlir::Type t, char *dst, const char *base,
                             StringRef what, llvm::SmallVectorImpl<StringRef> &path,
                             ArrayBinder arrays, bool fieldForm = false);

Error kdsl::encodeElement(const json::Value &v, const ElemType &t, char *dst) {
  if (t.family == ElemType::Family::Scalar)
    return encodeScalar(v, t.scalar, t.signKnown, dst);
  if (t.family == ElemType::Family::Struct) {
    llvm::SmallVector<StringRef, 4> path;
    // arrayElemTypeFromMLIR admits no struct with array fields.
    auto noArrays = [](const json::Value &, ArrayType, StringRef what, llvm::ArrayRef<StringRef>,
                       uint64_t, kdsl_array &) {
      return specError(at(what, "arrays inside struct array elements are not supported"));
    };
    return encodeValueImpl(v, t.structType, dst, dst, "", path, noArrays);
  }
  unsigned scalarBytes = scalarSize(t.scalar);
  std::string name = t.name();
  const json::Array *outer = v.getAsArray();
  if (t.family != ElemType::Family::Matrix) {
    if (!outer)
      return specError("expected a list of " + Twine(t.cols) + " numbers for " + name + ", got " +
                       describeJSONValue(v));
    if (outer->size() != t.cols)
      return specError("expected " + Twine(t.cols) + " components for " + name + ", got " +
                       Twine(outer->size()));
    for (unsigned i = 0; i < t.cols; ++i)
      if (Error e = encodeScalar((*outer)[i], t.scalar, t.signKnown, dst + i * scalarBytes))
        return prefixRunError(std::move(e), name + " component " + Twine(i));
    return Error::success();
  }
  if (!outer)
    return specError("expected a list of " + Twine(t.rows) + " rows for " + name + ", got " +
                     describeJSONValue(v));
  if (outer->size() != t.rows)
    return specError("expected " + Twine(t.rows) + " rows of " + Twine(t.cols) + " numbers for " +
                     name + ", got " + Twine(outer->size()) + " items");
  for (unsigned r = 0; r < t.rows; ++r) {
    const json::Array *row = (*outer)[r].getAsArray();
    if (!row)
      return specError(name + " row " + Twine(r) + ": expected a list of " + Twine(t.cols) +
                       " numbers, got " + describeJSONValue((*outer)[r]));
    if (row->size() != t.cols)
      return specError(name + " row " + Twine(r) + ": expected " + Twine(t.cols) +
                       " numbers, got " + Twine(row->size()));
    for (unsigned c = 0; c < t.cols; ++c)
      if (Error e =
              encodeScalar((*row)[c], t.scalar, t.signKnown, dst + (r * t.cols + c) * scalarBytes))
        return prefixRunError(std::move(e), name + " element [" + Twine(r) + "][" + Twine(c) + "]");
  }
  return Error::success();
}

Error kdsl::encodeElementOrBroadcast(const json::Value &v, const ElemType &t, char *dst) {
  if (t.family == ElemType::Family::Scalar || t.family == ElemType::Family::Struct ||
      v.kind() == json::Value::Array)
    return encodeElement(v, t, dst);
  if (Error e = encodeScalar(v, t.scalar, t.signKnown, dst))
    return e;
  unsigned bytes = scalarSize(t.scalar);
  for (unsigned i = 1, n = t.numScalars(); i < n; ++i)
    std::memcpy(dst + i * bytes, dst, bytes);
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Decoding
//===----------------------------------------------------------------------===//

static float halfToFloat(uint16_t bits) {
  llvm::APFloat f(llvm::APFloat::IEEEhalf(), llvm::APInt(16, bits));
  bool losesInfo = false;
  f.convert(llvm::APFloat::IEEEsingle(), llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return f.convertToFloat();
}

/// bfloat16 is the high half of a float32.
static float bfloat16ToFloat(uint16_t bits) {
  uint32_t x = uint32_t(bits) << 16;
  float f;
  std::memcpy(&f, &x, sizeof f);
  return f;
}

/// The value of a float scalar, widened exactly to double.
static double loadFloat(const char *src, ScalarKind s) {
  switch (s) {
  case ScalarKind::F16:
    return halfToFloat(load<uint16_t>(src));
  case ScalarKind::BF16:
    return bfloat16ToFloat(load<uint16_t>(src));
  case ScalarKind::F32:
    return load<float>(src);
  default:
    return load<double>(src);
  }
}

/// Reads an integer scalar as two's-complement bits, sign-extended if
/// `s` is signed.
static uint64_t loadIntBits(const char *src, ScalarKind s) {
  switch (s) {
  case ScalarKind::I8:
    return uint64_t(int64_t(load<int8_t>(src)));
  case ScalarKind::I16:
    return uint64_t(int64_t(load<int16_t>(src)));
  case ScalarKind::I32:
    return uint64_t(int64_t(load<int32_t>(src)));
  case ScalarKind::I64:
    return uint64_t(load<int64_t>(src));
  case ScalarKind::U8:
    return load<uint8_t>(src);
  case ScalarKind::U16:
    return load<uint16_t>(src);
  case ScalarKind::U32:
    return load<uint32_t>(src);
  default:
    return load<uint64_t>(src);
  }
}

static json::Value decodeScalar(const char *src, ScalarKind s) {
  if (s == ScalarKind::Bool)
    return bool(load<uint8_t>(src) != 0);
  if (isIntScalar(s)) {
    uint64_t bits = loadIntBits(src, s);
    if (isSignedScalar(s))
      return int64_t(bits);
    return bits;
  }
  double d = loadFloat(src, s);
  if (std::isnan(d))
    return "nan";
  if (std::isinf(d))
    return d > 0 ? "inf" : "-inf";
  return d;
}

json::Value kdsl::decodeElement(const char *src, const ElemType &t) {
  unsigned bytes = scalarSize(t.scalar);
  switch (t.family) {
  case ElemType::Family::Struct:
    return decodeValue(src, t.structType);
  case ElemType::Family::Scalar:
    return decodeScalar(src, t.scalar);
  case ElemType::Family::Vector:
  case ElemType::Family::Quat: {
    json::Array a;
    a.reserve(t.cols);
    for (unsigned i = 0; i < t.cols; ++i)
      a.push_back(decodeScalar(src + i * bytes, t.scalar));
    return a;
  }
  case ElemType::Family::Matrix: {
    json::Array rows;
    rows.reserve(t.rows);
    for (unsigned r = 0; r < t.rows; ++r) {
      json::Array row;
      row.reserve(t.cols);
      for (unsigned c = 0; c < t.cols; ++c)
        row.push_back(decodeScalar(src + (r * t.cols + c) * bytes, t.scalar));
      rows.push_back(std::move(row));
    }
    return rows;
  }
  }
  return nullptr;
}

template <typename T> static std::string shortestFloat(T value) {
  if (std::isnan(value))
    return "\"nan\"";
  if (std::isinf(value))
    return value > 0 ? "\"inf\"" : "\"-inf\"";
  char buf[64];
  std::to_chars_result r = std::to_chars(buf, buf + sizeof(buf), value);
  std::string s(buf, r.ptr);
  // Keep floats recognizable as floats: 1 -> 1.0 (but 1e+20 stays).
  if (s.find_first_of(".e") == std::string::npos)
    s += ".0";
  return s;
}

std::string kdsl::formatScalar(const char *src, ScalarKind s) {
  if (s == ScalarKind::Bool)
    return load<uint8_t>(src) != 0 ? "true" : "false";
  if (isIntScalar(s)) {
    uint64_t bits = loadIntBits(src, s);
    return isSignedScalar(s) ? std::to_string(int64_t(bits)) : std::to_string(bits);
  }
  switch (s) {
  case ScalarKind::F16:
    return shortestFloat(halfToFloat(load<uint16_t>(src)));
  case ScalarKind::BF16:
    return shortestFloat(bfloat16ToFloat(load<uint16_t>(src)));
  case ScalarKind::F32:
    return shortestFloat(load<float>(src));
  default:
    return shortestFloat(load<double>(src));
  }
}

void kdsl::writeElement(json::OStream &os, const char *src, const ElemType &t) {
  unsigned bytes = scalarSize(t.scalar);
  switch (t.family) {
  case ElemType::Family::Struct:
    os.objectBegin();
    for (const ElemField &f : structFields(t)) {
      os.attributeBegin(f.name);
      writeElement(os, src + f.offset, f.type);
      os.attributeEnd();
    }
    os.objectEnd();
    return;
  case ElemType::Family::Scalar:
    os.rawValue(formatScalar(src, t.scalar));
    return;
  case ElemType::Family::Vector:
  case ElemType::Family::Quat:
    os.arrayBegin();
    for (unsigned i = 0; i < t.cols; ++i)
      os.rawValue(formatScalar(src + i * bytes, t.scalar));
    os.arrayEnd();
    return;
  case ElemType::Family::Matrix:
    os.arrayBegin();
    for (unsigned r = 0; r < t.rows; ++r) {
      os.arrayBegin();
      for (unsigned c = 0; c < t.cols; ++c)
        os.rawValue(formatScalar(src + (r * t.cols + c) * bytes, t.scalar));
      os.arrayEnd();
    }
    os.arrayEnd();
    return;
  }
}

//===----------------------------------------------------------------------===//
// Whole argument values
//===----------------------------------------------------------------------===//

static std::string fieldList(StructType t) {
  std::string names;
  for (mlir::StringAttr f : t.getFieldNames())
    names += (names.empty() ? "" : ", ") + f.getValue().str();
  return names;
}

Expected<json::Value> kdsl::indexedArrayFields(const json::Value &v, StructType t, StringRef what) {
  ArrayType data = indexedArrayDataType(t);
  assert(data && "not the struct of an indexed array");
  unsigned ndim = data.getNdim();
  json::Object fields;
  const json::Object *obj = v.getAsObject();
  const json::Array *indices = nullptr;
  if (obj && obj->get("indices")) {
    for (const auto &kv : *obj)
      if (kv.first != "data" && kv.first != "indices")
        return specError(at(what, "unknown key '" + kv.first.str() +
                                      "' in an indexed array (keys: data, indices)"));
    if (!obj->get("data"))
      return specError(at(what, "an indexed array needs \"data\" (the array it indexes) with "
                                "\"indices\""));
    indices = obj->get("indices")->getAsArray();
    if (!indices || indices->size() > ndim)
      return specError(at(what, "\"indices\" must be a list of at most " + Twine(ndim) +
                                    " index arrays (one per dimension, null for a dimension "
                                    "without indices) for " +
                                    describeType(t) + ", got " +
                                    (indices ? Twine(indices->size()) + " items"
                                             : Twine(describeJSONValue(*obj->get("indices"))))));
    fields["data"] = *obj->get("data");
  } else {
    fields["data"] = v;
  }
  for (unsigned d = 0; d < ndim; ++d)
    fields[indexedArrayIndicesField(d)] =
        indices && d < indices->size() ? (*indices)[d] : json::Value(nullptr);
  return json::Value(std::move(fields));
}

static Error encodeValueImpl(const json::Value &v, mlir::Type t, char *dst, const char *base,
                             StringRef what, llvm::SmallVectorImpl<StringRef> &path,
                             ArrayBinder arrays, bool fieldForm) {
  // An indexed array: its JSON form in the struct's fields (errors then name
  // "field 'data'" and "field 'indices0'", outputs "arg.data").
  if (auto st = llvm::dyn_cast_or_null<StructType>(t);
      st && !fieldForm && indexedArrayDataType(st)) {
    Expected<json::Value> fields = indexedArrayFields(v, st, what);
    if (!fields)
      return fields.takeError();
    return encodeValueImpl(*fields, t, dst, base, what, path, arrays, /*fieldForm=*/true);
  }
  if (std::optional<ElemType> e = elemTypeFromMLIR(t)) {
    Error err = encodeElement(v, *e, dst);
    return what.empty() || !err ? std::move(err) : prefixRunError(std::move(err), what);
  }
  if (auto a = llvm::dyn_cast_or_null<ArrayType>(t)) {
    kdsl_array view;
    std::memset(&view, 0, sizeof(view));
    if (Error e = arrays(v, a, what, path, uint64_t(dst - base), view))
      return e;
    std::memcpy(dst, &view, sizeof(view));
    return Error::success();
  }
  if (auto s = llvm::dyn_cast_or_null<StructType>(t)) {
    const json::Object *obj = v.getAsObject();
    if (!obj)
      return specError(at(what, "expected an object with the fields of struct " + s.getName() +
                                    " (" + fieldList(s) + "), got " + describeJSONValue(v)));
    // Report extra names in a stable (sorted) order.
    std::vector<std::string> extra;
    for (const auto &kv : *obj)
      if (s.getFieldIndex(kv.first) < 0)
        extra.push_back(kv.first.str());
    if (!extra.empty()) {
      std::sort(extra.begin(), extra.end());
      return specError(at(what, "struct " + s.getName() + " has no field '" + extra.front() +
                                    "' (fields: " + fieldList(s) + ")"));
    }
    Expected<std::vector<uint64_t>> offsets = structFieldOffsets(s);
    if (!offsets)
      return specError(at(what, toString(offsets.takeError())));
    for (auto [i, name, type] : llvm::enumerate(s.getFieldNames(), s.getFieldTypes())) {
      const json::Value *field = obj->get(name.getValue());
      // The one byte of a struct without fields (the front end's `_dummy_`,
      // Warp's `char _dummy_;`) is zero unless given.
      static const json::Value zero(0);
      if (!field && name.getValue() == "_dummy_" && s.getFieldNames().size() == 1)
        field = &zero;
      if (!field)
        return specError(at(what, "missing field '" + name.getValue() + "' of struct " +
                                      s.getName() + " (fields: " + fieldList(s) + ")"));
      std::string fieldWhat = what.empty() ? ("field '" + name.getValue() + "'").str()
                                           : (what + ", field '" + name.getValue() + "'").str();
      path.push_back(name.getValue());
      Error e = encodeValueImpl(*field, type, dst + (*offsets)[i], base, fieldWhat, path, arrays);
      path.pop_back();
      if (e)
        return e;
    }
    return Error::success();
  }
  return specError(at(what, "arguments of type " + describeType(t) + " are not supported"));
}

Error kdsl::encodeValue(const json::Value &v, mlir::Type t, char *dst, StringRef what,
                        ArrayBinder arrays) {
  llvm::SmallVector<StringRef, 4> path;
  return encodeValueImpl(v, t, dst, dst, what, path, arrays);
}

json::Value kdsl::decodeValue(const char *src, mlir::Type t) {
  if (std::optional<ElemType> e = elemTypeFromMLIR(t))
    return decodeElement(src, *e);
  if (llvm::isa_and_nonnull<ArrayType>(t)) {
    kdsl_array view;
    std::memcpy(&view, src, sizeof(view));
    json::Array shape;
    for (unsigned d = 0, n = llvm::cast<ArrayType>(t).getNdim(); d < n && d < 4; ++d)
      shape.push_back(view.shape[d]);
    return json::Object{{"shape", std::move(shape)}};
  }
  if (auto s = llvm::dyn_cast_or_null<StructType>(t)) {
    Expected<std::vector<uint64_t>> offsets = structFieldOffsets(s);
    if (!offsets) {
      llvm::consumeError(offsets.takeError());
      return nullptr;
    }
    json::Object obj;
    for (auto [i, name, type] : llvm::enumerate(s.getFieldNames(), s.getFieldTypes()))
      obj[name.getValue()] = decodeValue(src + (*offsets)[i], type);
    return obj;
  }
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Host arrays
//===----------------------------------------------------------------------===//

std::string kdsl::formatShape(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (auto [i, d] : llvm::enumerate(shape))
    s += (i ? ", " : "") + std::to_string(d);
  return s + "]";
}

std::string kdsl::formatBytes(uint64_t bytes) {
  if (bytes >= (uint64_t(1) << 30) && bytes % (uint64_t(1) << 30) == 0)
    return std::to_string(bytes >> 30) + " GiB";
  if (bytes >= (uint64_t(1) << 20) && bytes % (uint64_t(1) << 20) == 0)
    return std::to_string(bytes >> 20) + " MiB";
  return std::to_string(bytes) + " bytes";
}

Expected<std::unique_ptr<HostArray>>
HostArray::allocate(const ElemType &elem, llvm::ArrayRef<int64_t> shape, uint64_t maxBytes) {
  if (shape.empty() || shape.size() > 4)
    return specError("arrays have 1 to 4 dimensions, got " + Twine(shape.size()));
  uint64_t count = 1;
  bool overflow = false;
  for (int64_t d : shape) {
    if (d < 0)
      return specError("array shape " + formatShape(shape) + " has a negative extent");
    uint64_t next;
    if (__builtin_mul_overflow(count, uint64_t(d), &next))
      overflow = true;
    count = next;
  }
  uint64_t bytes = 0;
  if (!overflow && (__builtin_mul_overflow(count, elem.size(), &bytes) ||
                    count > uint64_t(std::numeric_limits<int64_t>::max())))
    overflow = true;
  if (overflow || bytes > maxBytes)
    return specError(
        "array of shape " + formatShape(shape) + " and dtype " + elem.name() + " needs " +
        (overflow ? std::string("more than 2^64 bytes") : std::to_string(bytes) + " bytes") +
        ", more than the limit of " + formatBytes(maxBytes));
  void *buffer = std::calloc(bytes ? bytes : 1, 1);
  if (!buffer)
    return makeRunError(RunErrorKind::Runtime,
                        "out of memory allocating " + Twine(bytes) + " bytes for an array");
  return std::unique_ptr<HostArray>(
      new HostArray(elem, shape, int64_t(count), static_cast<char *>(buffer)));
}

HostArray::~HostArray() { std::free(buffer); }

kdsl_array HostArray::view() const {
  kdsl_array a;
  std::memset(&a, 0, sizeof(a));
  a.data = buffer;
  int64_t stride = int64_t(elem.size());
  for (int d = int(dims.size()) - 1; d >= 0; --d) {
    a.shape[d] = dims[d];
    a.strides[d] = stride;
    stride *= dims[d] ? dims[d] : 1;
  }
  return a;
}

namespace {
/// Walks an array in row-major order as nested lists.
struct ArrayWalker {
  const HostArray &array;
  int64_t flat = 0;

  json::Value toJSON(unsigned dim) {
    json::Array list;
    int64_t n = array.shape()[dim];
    list.reserve(size_t(n));
    for (int64_t i = 0; i < n; ++i) {
      if (dim + 1 == array.ndim())
        list.push_back(decodeElement(array.element(flat++), array.elemType()));
      else
        list.push_back(toJSON(dim + 1));
    }
    return list;
  }

  void write(json::OStream &os, unsigned dim) {
    os.arrayBegin();
    int64_t n = array.shape()[dim];
    for (int64_t i = 0; i < n; ++i) {
      if (dim + 1 == array.ndim())
        writeElement(os, array.element(flat++), array.elemType());
      else
        write(os, dim + 1);
    }
    os.arrayEnd();
  }
};
} // namespace

json::Value HostArray::toJSON() const {
  ArrayWalker walker{*this};
  return walker.toJSON(0);
}

void HostArray::writeJSON(json::OStream &os) const {
  ArrayWalker walker{*this};
  walker.write(os, 0);
}

std::optional<double> kdsl::loadFloatComponent(const char *data, ScalarKind kind, int64_t i) {
  if (kind == ScalarKind::F32) {
    float f;
    std::memcpy(&f, data + i * sizeof f, sizeof f);
    return f;
  }
  if (kind == ScalarKind::F64) {
    double d;
    std::memcpy(&d, data + i * sizeof d, sizeof d);
    return d;
  }
  return std::nullopt;
}

bool kdsl::storeFloatComponent(char *data, ScalarKind kind, int64_t i, double value) {
  if (kind == ScalarKind::F32) {
    float f = float(value);
    std::memcpy(data + i * sizeof f, &f, sizeof f);
    return true;
  }
  if (kind == ScalarKind::F64) {
    std::memcpy(data + i * sizeof value, &value, sizeof value);
    return true;
  }
  return false;
}

Expected<std::vector<ScalarSlot>> kdsl::gradientSlots(const HostArray &a) {
  const ElemType &t = a.elemType();
  std::vector<ScalarSlot> perElement;
  for (ScalarSlot slot : scalarSlots(t)) {
    if (slot.kind == ScalarKind::F16 || slot.kind == ScalarKind::BF16 ||
        (t.family != ElemType::Family::Struct && !isFloatScalar(slot.kind)))
      return specError("needs float32 or float64, got " + t.name());
    if (isFloatScalar(slot.kind))
      perElement.push_back(slot);
  }
  if (perElement.empty())
    return specError("needs float32 or float64 fields, got struct " + t.name());
  std::vector<ScalarSlot> slots;
  slots.reserve(size_t(a.numElements()) * perElement.size());
  for (int64_t i = 0, n = a.numElements(); i < n; ++i)
    for (ScalarSlot slot : perElement)
      slots.push_back({uint64_t(i) * t.size() + slot.offset, slot.kind});
  return slots;
}
