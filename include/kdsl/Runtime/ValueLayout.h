//===- ValueLayout.h - host values of kdsl kernel arguments ----*- C++ -*-===//
//
// What a host needs to call kdsl kernels through the CPU ABI (KernelABI.h):
//
//  - RunError: an llvm::Error with a kind ("usage", "io", "json", "spec",
//    "compile", "runtime") that kdsl-run reports as {"type": kind},
//  - ElemType: a Warp value type (scalar, vector, matrix, quaternion) with
//    its signedness, parsed from a dtype name ("vec3f", "uint8") or taken
//    from an MLIR type (integers are signless there: read as signed),
//  - layoutOf: size and alignment of any kernel argument type in the C
//    layout of KernelABI.h, as the LLVM lowering lays it out (both take it
//    from Transforms/CLayout.h),
//  - encoding JSON values into those bytes and decoding bytes back to JSON
//    (floats printed so that they round-trip exactly, NaN/inf as strings),
//  - HostArray: a zero-initialized, row-major host array with its kdsl_array
//    view.
//
// The JSON forms are documented in docs/kdsl-run.md.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_VALUELAYOUT_H
#define KDSL_RUNTIME_VALUELAYOUT_H

#include "kdsl/Runtime/KernelABI.h"
#include "kdsl/Support/Scalar.h"

#include "mlir/IR/Types.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kdsl {

class ArrayType;
class HostArray;
class StructType;

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

/// The "type" of an error object printed by kdsl-run.
enum class RunErrorKind : uint8_t { Usage, IO, JSON, Spec, Compile, Runtime, GradCheck, Timeout };

/// "usage", "io", "json", "spec", "compile", "runtime", "gradcheck" or "timeout".
const char *runErrorKindName(RunErrorKind kind);

/// An error with a kind. Everything in this library returns RunErrors.
class RunError : public llvm::ErrorInfo<RunError> {
public:
  static char ID;
  RunError(RunErrorKind kind, std::string message) : kind(kind), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override;
  std::error_code convertToErrorCode() const override;

  RunErrorKind kind;
  std::string message;
};

llvm::Error makeRunError(RunErrorKind kind, const llvm::Twine &message);

/// Consumes `err` (which must be a failure) and returns its kind and message;
/// an error that is not a RunError (e.g. from the CPU backend) gets
/// `fallback`. Several joined errors are reported by the first one's kind and
/// all messages joined by "; ".
std::pair<RunErrorKind, std::string> takeRunError(llvm::Error err, RunErrorKind fallback);

/// Prefixes the message of a RunError (any other error is turned into a
/// RunError of `fallback` kind first): "<prefix>: <message>".
llvm::Error prefixRunError(llvm::Error err, const llvm::Twine &prefix,
                           RunErrorKind fallback = RunErrorKind::Spec);

//===----------------------------------------------------------------------===//
// Element types
//===----------------------------------------------------------------------===//

/// The runtime's name of kdsl::Scalar (Support/Scalar.h), kept so that
/// existing users read on; new code uses Scalar and its functions directly
/// (scalarName and toSigned are declared there).
using ScalarKind = Scalar;

/// Bytes of the C representation (bool: 1).
inline unsigned scalarSize(ScalarKind s) { return byteSize(s); }
inline bool isFloatScalar(ScalarKind s) { return isFloat(s); }
inline bool isIntScalar(ScalarKind s) { return isInt(s); } // any integer, not bool
inline bool isSignedScalar(ScalarKind s) { return isSigned(s); }

/// A Warp value type that can be an array element: a scalar, vecN, matRxC
/// (row-major) or quaternion (x, y, z, w), all packed T[N] in memory, or a
/// @wp.struct without array fields (a C struct of its fields, KernelABI.h).
struct ElemType {
  enum class Family : uint8_t { Scalar, Vector, Matrix, Quat, Struct };
  Family family = Family::Scalar;
  /// Scalar, Vector, Matrix, Quat: the component type.
  ScalarKind scalar = ScalarKind::F32;
  /// Vector and Quat: 1 x length; Matrix: rows x cols; Scalar: 1 x 1.
  uint16_t rows = 1, cols = 1;
  /// False for integer types taken from MLIR (signless): values are read as
  /// signed, and inputs may use the whole unsigned range too.
  bool signKnown = true;
  /// Struct: the !kdsl.struct type and its C layout.
  mlir::Type structType;
  uint64_t structSize = 0, structAlign = 1;

  static ElemType makeScalar(ScalarKind s) {
    ElemType t;
    t.scalar = s;
    return t;
  }

  /// Components of a scalar, vector, matrix or quaternion (not a struct).
  unsigned numScalars() const { return unsigned(rows) * cols; }
  uint64_t size() const {
    return family == Family::Struct ? structSize : uint64_t(numScalars()) * scalarSize(scalar);
  }
  uint64_t align() const { return family == Family::Struct ? structAlign : scalarSize(scalar); }
  /// JSON list depth of one element: 0 scalar or struct (an object), 1
  /// vector/quat, 2 matrix.
  unsigned jsonDepth() const;
  /// The dtype name, as parseDtype accepts it: "float32", "vec3f", "vec2ui",
  /// "mat33d", "quath", "mat23f" (non-square), "vec12f"; a struct's name.
  std::string name() const;
  /// True if `t` is the MLIR type of this element type (integer signedness
  /// is not compared: MLIR integers are signless).
  bool matches(mlir::Type t) const;
  /// The MLIR type the front end uses for this element type.
  mlir::Type toMLIR(mlir::MLIRContext *ctx) const;

  bool operator==(const ElemType &o) const {
    return family == o.family && scalar == o.scalar && rows == o.rows && cols == o.cols &&
           structType == o.structType;
  }
};

/// One scalar inside an element: its byte offset and kind.
struct ScalarSlot {
  uint64_t offset;
  ScalarKind kind;
};

/// Every scalar of one element of type `t`, in memory order (a struct's
/// fields in order, nested structs flattened).
std::vector<ScalarSlot> scalarSlots(const ElemType &t);

/// A field of a struct element type: its name, byte offset and type.
struct ElemField {
  llvm::StringRef name;
  uint64_t offset;
  ElemType type;
};

/// The fields of `t` (Family::Struct), in declaration order.
std::vector<ElemField> structFields(const ElemType &t);

/// Parses a dtype name: scalars (bool, int8..int64, uint8..uint64,
/// float16/32/64, bfloat16, "int" = int32, "float" = float32), vecN with an
/// optional suffix b ub s us i ui l ul h f d bf16 (none = f), matRC / matRxC
/// with h f d bf16, quat with h f d bf16. An optional "wp." prefix is accepted.
llvm::Expected<ElemType> parseDtype(llvm::StringRef name);

/// The element type of an MLIR scalar or vector type (i1, iN, fN,
/// vector<NxT>, vector<RxCxT>); integers are signed with signKnown = false.
/// vector<4xf32> is vec4f (a quaternion has the same layout and JSON form).
std::optional<ElemType> elemTypeFromMLIR(mlir::Type t);

/// The element type of an array of `t`: elemTypeFromMLIR, or a struct whose
/// fields (nested structs included) hold no arrays.
std::optional<ElemType> arrayElemTypeFromMLIR(mlir::Type t);

//===----------------------------------------------------------------------===//
// Layout of kernel argument types
//===----------------------------------------------------------------------===//

struct Layout {
  uint64_t size = 0;
  uint64_t align = 1;
};

/// Size and alignment of `t` in the C layout of KernelABI.h: scalars as
/// their C type (i1: 1 byte), vectors/matrices packed T[N] aligned like T,
/// !kdsl.array a kdsl_array (72 bytes, 8-aligned), !kdsl.struct a C struct
/// of its fields in order. Fails for any type the host cannot encode (one
/// elemTypeFromMLIR rejects, and structs holding one). The numbers are
/// cLayoutOf's (Transforms/CLayout.h), the layout the kernels are lowered to.
llvm::Expected<Layout> layoutOf(mlir::Type t);

/// Byte offsets of the fields of `t` (C rules), in field order: those of
/// cStructFieldOffsets (Transforms/CLayout.h), for the types layoutOf takes.
llvm::Expected<std::vector<uint64_t>> structFieldOffsets(StructType t);

/// A user-facing name: "float32", "vec3f", "array(vec3f, ndim=2)",
/// "struct Particle".
std::string describeType(mlir::Type t);

//===----------------------------------------------------------------------===//
// JSON <-> bytes
//===----------------------------------------------------------------------===//

/// "a number", "a string", "a list", "an object", "a boolean", "null".
const char *describeJSONKind(const llvm::json::Value &v);
/// The JSON text of `v`, cut to 40 characters ("..." at the end), for messages.
std::string shortJSON(const llvm::json::Value &v);
/// What an error message says a spec value was: "a list", "a number (1.5)",
/// "a string (\"abc\")" (numbers and strings with an excerpt).
std::string describeJSONValue(const llvm::json::Value &v);

/// Writes the value `v` of element type `t` to `dst` (t.size() bytes).
/// Scalars: JSON numbers; floats also "nan", "-nan", "inf", "+inf", "-inf";
/// integers must be integral and in range; bool: true/false or 0/1.
/// Vectors and quaternions: a list of their components; matrices: a list of
/// rows. The error message says what is wrong, without saying where (the
/// caller knows).
llvm::Error encodeElement(const llvm::json::Value &v, const ElemType &t, char *dst);

/// Like encodeElement, but a scalar `v` is also accepted for a vector,
/// matrix or quaternion and written to every component (broadcast).
llvm::Error encodeElementOrBroadcast(const llvm::json::Value &v, const ElemType &t, char *dst);

/// The float32 and float64 scalars of every element of `a` (byte offsets
/// from its data), the ones gradient checks perturb: all of them for a float
/// array; a struct's float fields (its integer and bool fields have no
/// gradient). Fails for float16, bfloat16 and for arrays without float scalars.
llvm::Expected<std::vector<ScalarSlot>> gradientSlots(const HostArray &a);

/// Scalar component `i` of float32 or float64 data (`kind`) as a double, or
/// nullopt for another kind; and the reverse (rounding to float32).
std::optional<double> loadFloatComponent(const char *data, ScalarKind kind, int64_t i);
bool storeFloatComponent(char *data, ScalarKind kind, int64_t i, double value);

/// The JSON value of the element at `src`: numbers (float32, float16 and
/// bfloat16 widened exactly to double), NaN and infinities as "nan", "inf", "-inf",
/// bools, nested lists for vectors and matrices.
llvm::json::Value decodeElement(const char *src, const ElemType &t);

/// Writes the element at `src` like decodeElement, but with floats in their
/// shortest round-trip decimal for their own precision (float32 0.1 prints
/// as 0.1, not 0.10000000149011612; float16 and bfloat16 print as the
/// float32 of their value); integral floats keep a ".0".
void writeElement(llvm::json::OStream &os, const char *src, const ElemType &t);

/// The JSON text of one scalar as writeElement prints it.
std::string formatScalar(const char *src, ScalarKind s);

/// Binds an array-typed value (a kernel argument or a struct field) to a
/// kdsl_array. `what` names the value for error messages; `fieldPath` lists
/// the struct fields from the top-level value down to it (empty for an
/// array argument); `offset` is where the descriptor goes, in bytes from the
/// start of the top-level value.
using ArrayBinder = llvm::function_ref<llvm::Error(
    const llvm::json::Value &v, ArrayType type, llvm::StringRef what,
    llvm::ArrayRef<llvm::StringRef> fieldPath, uint64_t offset, kdsl_array &out)>;

/// Writes the JSON value `v` of kernel argument type `t` to `dst`
/// (layoutOf(t).size bytes, zero-initialized by the caller): element types
/// with encodeElement, structs from an object with every field (nested
/// structs recursively), arrays through `arrays`. Errors are prefixed with
/// `what` ("argument 'p'", then "argument 'p', field 'pos'").
llvm::Error encodeValue(const llvm::json::Value &v, mlir::Type t, char *dst, llvm::StringRef what,
                        ArrayBinder arrays);

/// A wp.indexedarray value (kdsl/Dialect/IndexedArray.h: `t` is its struct)
/// in the fields of its struct: `{"data": A, "indices": [I0, null, ...]}`
/// (index arrays or null, at most one per dimension; missing ones are null)
/// gives `{"data": A, "indices0": I0, "indices1": null, ...}`; any other
/// value is the data array itself, with every dimension direct.
llvm::Expected<llvm::json::Value> indexedArrayFields(const llvm::json::Value &v, StructType t,
                                                     llvm::StringRef what);

/// The JSON value of a non-array argument type at `src` (structs become
/// objects by field name; an array inside a struct gives {"shape": [...]}).
llvm::json::Value decodeValue(const char *src, mlir::Type t);

//===----------------------------------------------------------------------===//
// Host arrays
//===----------------------------------------------------------------------===//

/// A dense row-major array in host memory (calloc'ed, so zero-filled).
class HostArray {
public:
  /// Allocates a zero-filled array. The shape has 1 to 4 extents, each >= 0;
  /// fails with a "spec" error if the byte size exceeds `maxBytes` (or
  /// overflows) and with a "runtime" error if the allocation fails.
  static llvm::Expected<std::unique_ptr<HostArray>>
  allocate(const ElemType &elem, llvm::ArrayRef<int64_t> shape, uint64_t maxBytes);
  ~HostArray();
  HostArray(const HostArray &) = delete;
  HostArray &operator=(const HostArray &) = delete;

  const ElemType &elemType() const { return elem; }
  llvm::ArrayRef<int64_t> shape() const { return dims; }
  unsigned ndim() const { return unsigned(dims.size()); }
  int64_t numElements() const { return count; }
  uint64_t byteSize() const { return uint64_t(count) * elem.size(); }
  char *data() { return buffer; }
  const char *data() const { return buffer; }
  char *element(int64_t flatIndex) { return buffer + uint64_t(flatIndex) * elem.size(); }
  const char *element(int64_t flatIndex) const {
    return buffer + uint64_t(flatIndex) * elem.size();
  }

  /// The kdsl_array a kernel receives: the data pointer, the shape (unused
  /// dimensions 0) and contiguous row-major byte strides (unused: 0).
  kdsl_array view() const;

  /// Nested lists, ndim levels deep, of decodeElement values.
  llvm::json::Value toJSON() const;
  /// The same, written with writeElement.
  void writeJSON(llvm::json::OStream &os) const;

  /// From the spec's "requires_grad" / "retain_grad" (kept for autodiff).
  bool requiresGrad = false;
  bool retainGrad = false;

private:
  HostArray(const ElemType &elem, llvm::ArrayRef<int64_t> shape, int64_t count, char *buffer)
      : elem(elem), dims(shape.begin(), shape.end()), count(count), buffer(buffer) {}
  ElemType elem;
  std::vector<int64_t> dims;
  int64_t count;
  char *buffer;
};

/// "[2, 3]" for messages.
std::string formatShape(llvm::ArrayRef<int64_t> shape);
/// "8 GiB", "64 MiB" or "N bytes" for messages.
std::string formatBytes(uint64_t bytes);

} // namespace kdsl

#endif
