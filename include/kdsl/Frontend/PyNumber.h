//===- PyNumber.h - Python's numbers, for host code ------------*- C++ -*-===//
//
// Host code (module constants, a factory's conditions, wp.static) is Python,
// whose integers have no width: `10**20 // 10**18` is 100 and
// `(1 << 70) >> 68` is 4. PyInt is such an integer on top of llvm::APInt,
// whose width grows as results need, up to kMaxBits (past that kdsl reports
// the constant as too large rather than allocating without bound). PyNumber
// is an int, float or bool with Python's arithmetic: floor division and
// modulo round toward negative infinity, shifts of negatives are arithmetic,
// int / int is correctly rounded, and where Python raises (division by zero,
// a negative shift count, an int too large for a float) the operation gives
// Python's message instead of a value.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_FRONTEND_PYNUMBER_H
#define KDSL_FRONTEND_PYNUMBER_H

#include "llvm/ADT/APInt.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <optional>
#include <string>

namespace kdsl {

enum class BinOp : uint8_t;
enum class UnOp : uint8_t;

/// A Python int.
class PyInt {
public:
  /// The widest integer kdsl computes (2^65536 has 19,729 decimal digits).
  static constexpr unsigned kMaxBits = 1u << 16;

  PyInt() : v(1, 0) {}
  PyInt(int64_t x);
  static PyInt fromUnsigned(uint64_t x);
  /// The value of an integer literal's spelling ("1_000", "0xFF", "0b1",
  /// "0o7"); nullopt when it is malformed or wider than kMaxBits.
  static std::optional<PyInt> parseLiteral(llvm::StringRef spelling);
  /// int(f): truncated toward zero, exactly; nullopt for NaN and infinities
  /// (Python raises ValueError and OverflowError).
  static std::optional<PyInt> fromDouble(double f);

  bool isNegative() const { return v.isNegative(); }
  bool isZero() const { return v.isZero(); }
  /// The value when it fits in an int64_t.
  std::optional<int64_t> toInt64() const;
  /// Whether the value is in [-2^(bits-1), 2^(bits-1) - 1].
  bool fitsSigned(unsigned bits) const;
  /// Whether the value is in [0, 2^bits - 1].
  bool fitsUnsigned(unsigned bits) const;
  /// float(x): the nearest double (ties to even); nullopt where Python
  /// raises OverflowError (beyond the largest double).
  std::optional<double> toDouble() const;
  /// The decimal spelling, as Python's str() gives it.
  std::string str() const;
  /// For messages: the decimal spelling up to 39 digits, else "an integer of
  /// 201 bits" (the bits of its magnitude, Python's bit_length()).
  std::string brief() const;
  /// -1, 0 or 1 as this is less than, equal to or greater than `o`.
  int compare(const PyInt &o) const;
  /// Two's complement, at least as wide as the value needs.
  const llvm::APInt &apint() const { return v; }
  /// Of at most kMaxBits significant bits (a wider value is still made; the
  /// operations below refuse it).
  static PyInt fromAPInt(const llvm::APInt &a);

private:
  llvm::APInt v; // signed, exactly getSignificantBits() wide
};

/// A Python number: int, float or bool (an int whose arithmetic gives ints).
struct PyNumber {
  enum Kind : uint8_t { Int, Float, Bool } kind = Int;
  PyInt i;      // Int and Bool (0 or 1)
  double f = 0; // Float

  static PyNumber ofInt(PyInt v) {
    PyNumber n;
    n.i = std::move(v);
    return n;
  }
  static PyNumber ofFloat(double v) {
    PyNumber n;
    n.kind = Float;
    n.f = v;
    return n;
  }
  static PyNumber ofBool(bool v) {
    PyNumber n;
    n.kind = Bool;
    n.i = PyInt(v ? 1 : 0);
    return n;
  }
  bool isFloat() const { return kind == Float; }
  /// Python's truth value.
  bool truthy() const { return kind == Float ? f != 0 : !i.isZero(); }
  /// float(x); nullopt where Python raises OverflowError.
  std::optional<double> toDouble() const { return kind == Float ? std::optional(f) : i.toDouble(); }
};

/// The outcome of a Python operation: a value, or the message of the
/// exception Python raises ("integer division or modulo by zero"). Neither
/// (an empty message) for operations kdsl does not evaluate.
struct PyResult {
  std::optional<PyNumber> value;
  std::string error;
  PyResult(PyNumber v) : value(std::move(v)) {}
  static PyResult raise(std::string msg) {
    PyResult r;
    r.error = std::move(msg);
    return r;
  }
  static PyResult none() { return PyResult(); }

private:
  PyResult() = default;
};

/// Whether `v` fits an integer type of `bits` bits the way an integer literal
/// must in kernel code: in [0, 2^bits - 1] for an unsigned type, and in
/// [-2^(bits-1), 2^bits - 1] for a signed one (a bit pattern such as
/// 0xFFFFFFFF is fine).
inline bool fitsIntLiteral(const PyInt &v, unsigned bits, bool isSigned) {
  return v.fitsUnsigned(bits) || (isSigned && v.fitsSigned(bits));
}

/// Python's comparison of two numbers (exact, also between an int and a
/// float): -1, 0 or 1; nullopt when one is NaN (unordered).
std::optional<int> pyCompare(const PyNumber &l, const PyNumber &r);

/// `l op r` as Python computes it.
PyResult pyBinary(BinOp op, const PyNumber &l, const PyNumber &r);
/// `op x` as Python computes it.
PyResult pyUnary(UnOp op, const PyNumber &x);

} // namespace kdsl

#endif
