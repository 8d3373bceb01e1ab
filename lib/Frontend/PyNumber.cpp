//===- PyNumber.cpp - Python's numbers, for host code ---------------------===//
#include "kdsl/Frontend/PyNumber.h"
#include "kdsl/Frontend/AST.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringExtras.h"

#include <cmath>

using namespace kdsl;
using llvm::APInt;

//===----------------------------------------------------------------------===//
// PyInt
//===----------------------------------------------------------------------===//

PyInt::PyInt(int64_t x) : v(fromAPInt(APInt(64, (uint64_t)x, /*isSigned=*/true)).v) {}

PyInt PyInt::fromUnsigned(uint64_t x) { return fromAPInt(APInt(65, x)); }

PyInt PyInt::fromAPInt(const APInt &a) {
  PyInt r;
  unsigned n = std::max(1u, a.getSignificantBits());
  r.v = n == a.getBitWidth() ? a : a.trunc(n);
  return r;
}

std::optional<PyInt> PyInt::parseLiteral(llvm::StringRef spelling) {
  std::string digits;
  for (char c : spelling)
    if (c != '_')
      digits.push_back(c);
  unsigned radix = 10;
  llvm::StringRef d = digits;
  if (d.size() > 1 && d[0] == '0' && llvm::isAlpha(d[1])) {
    char b = llvm::toLower(d[1]);
    radix = b == 'x' ? 16 : b == 'o' ? 8 : b == 'b' ? 2 : 0;
    d = d.drop_front(2);
  }
  if (!radix || d.empty() ||
      llvm::any_of(d, [&](char c) { return llvm::hexDigitValue(c) >= radix; }))
    return std::nullopt;
  d = d.ltrim('0');
  if (d.empty())
    return PyInt(0);
  // Bits per digit, rounded up: 10 < 2^4.
  unsigned perDigit = radix == 2 ? 1 : radix == 8 ? 3 : 4;
  if (d.size() > kMaxBits / perDigit + 1)
    return std::nullopt;
  PyInt r = fromAPInt(APInt(d.size() * perDigit + 1, d, radix));
  if (r.v.getBitWidth() > kMaxBits)
    return std::nullopt;
  return r;
}

std::optional<PyInt> PyInt::fromDouble(double f) {
  if (!std::isfinite(f))
    return std::nullopt;
  if (std::fabs(f) < 9.2e18)
    return PyInt((int64_t)std::trunc(f));
  llvm::APSInt out(1100, /*isUnsigned=*/false); // past DBL_MAX (< 2^1024)
  bool exact;
  llvm::APFloat(f).convertToInteger(out, llvm::APFloat::rmTowardZero, &exact);
  return fromAPInt(out);
}

std::optional<int64_t> PyInt::toInt64() const {
  if (v.getBitWidth() > 64)
    return std::nullopt;
  return v.getSExtValue();
}

bool PyInt::fitsSigned(unsigned bits) const { return v.getBitWidth() <= bits; }

bool PyInt::fitsUnsigned(unsigned bits) const {
  return !v.isNegative() && v.getActiveBits() <= bits;
}

std::optional<double> PyInt::toDouble() const {
  llvm::APFloat d(llvm::APFloat::IEEEdouble());
  d.convertFromAPInt(v, /*IsSigned=*/true, llvm::APFloat::rmNearestTiesToEven);
  if (d.isInfinity())
    return std::nullopt;
  return d.convertToDouble();
}

std::string PyInt::str() const {
  llvm::SmallString<32> s;
  v.toString(s, 10, /*Signed=*/true);
  return std::string(s);
}

std::string PyInt::brief() const {
  if (v.getBitWidth() <= 128) // up to 39 digits
    return str();
  APInt mag = v.isNegative() ? -v.sext(v.getBitWidth() + 1) : v;
  return std::string(v.isNegative() ? "a negative integer of " : "an integer of ") +
         std::to_string(mag.getActiveBits()) + " bits";
}

static unsigned widthOf(const APInt &a, const APInt &b) {
  return std::max(a.getBitWidth(), b.getBitWidth());
}

int PyInt::compare(const PyInt &o) const {
  unsigned w = widthOf(v, o.v);
  APInt a = v.sext(w), b = o.v.sext(w);
  return a.slt(b) ? -1 : a == b ? 0 : 1;
}

//===----------------------------------------------------------------------===//
// Integer arithmetic
//===----------------------------------------------------------------------===//

static const char *const kTooLarge =
    "the integer is too large for kdsl to compute (more than 65536 bits)";

/// A result of at most kMaxBits bits, or the error that it is wider.
static PyResult intResult(const APInt &a) {
  PyInt r = PyInt::fromAPInt(a);
  if (r.apint().getBitWidth() > PyInt::kMaxBits)
    return PyResult::raise(kTooLarge);
  return PyNumber::ofInt(std::move(r));
}

/// Python's divmod of integers: the quotient rounded toward negative
/// infinity, the remainder with the divisor's sign.
static void floorDivMod(const APInt &x, const APInt &y, APInt &q, APInt &r) {
  unsigned w = widthOf(x, y) + 1; // INT_MIN // -1 needs one more bit
  APInt a = x.sext(w), b = y.sext(w);
  APInt::sdivrem(a, b, q, r);
  if (!r.isZero() && r.isNegative() != b.isNegative()) {
    q -= 1;
    r += b;
  }
}

/// a / b of integers, correctly rounded (as Python's int true division).
static PyResult intTrueDiv(const APInt &x, const APInt &y) {
  if (y.isZero())
    return PyResult::raise("ZeroDivisionError: division by zero");
  bool neg = x.isNegative() != y.isNegative();
  APInt a = x.isNegative() ? (-x.sext(x.getBitWidth() + 1)) : x;
  APInt b = y.isNegative() ? (-y.sext(y.getBitWidth() + 1)) : y;
  unsigned an = a.getActiveBits(), bn = b.getActiveBits();
  if (an <= 53 && bn <= 53) {
    double q = (double)a.getZExtValue() / (double)b.getZExtValue();
    return PyNumber::ofFloat(neg ? -q : q);
  }
  // A quotient of at least 55 bits, its last bit set when the division is
  // inexact: rounding it to 53 bits rounds the exact quotient.
  unsigned k = an >= bn + 55 ? 0 : bn + 55 - an;
  unsigned w = an + k + 1;
  APInt num = a.zext(w).shl(k), den = b.zext(w);
  APInt q, r;
  APInt::udivrem(num, den, q, r);
  if (!r.isZero())
    q.setBit(0);
  llvm::APFloat d(llvm::APFloat::IEEEdouble());
  d.convertFromAPInt(q, /*IsSigned=*/false, llvm::APFloat::rmNearestTiesToEven);
  if (d.isInfinity())
    return PyResult::raise("OverflowError: integer division result too large for a float");
  double v = std::ldexp(d.convertToDouble(), -(int)k);
  return PyNumber::ofFloat(neg ? -v : v);
}

static PyResult intPow(const APInt &base, const APInt &exp) {
  if (exp.isNegative()) { // a float, as in Python
    if (base.isZero())
      return PyResult::raise("ZeroDivisionError: 0.0 cannot be raised to a negative power");
    std::optional<double> b = PyInt::fromAPInt(base).toDouble(),
                          e = PyInt::fromAPInt(exp).toDouble();
    if (!b || !e)
      return PyResult::raise("OverflowError: int too large to convert to float");
    return PyNumber::ofFloat(std::pow(*b, *e));
  }
  if (exp.isZero())
    return PyNumber::ofInt(PyInt(1));
  // 0, 1 and -1 to any power.
  if (base.isZero() || base.isOne())
    return PyNumber::ofInt(PyInt::fromAPInt(base));
  if (base.isAllOnes())
    return PyNumber::ofInt(PyInt(exp[0] ? -1 : 1));
  // |base| >= 2: the result has exp * log2|base| bits, and a sign bit.
  APInt mag = base.isNegative() ? -base.sext(base.getBitWidth() + 1) : base;
  unsigned n = mag.getActiveBits(), drop = n > 64 ? n - 64 : 0;
  double lg = std::log2((double)mag.lshr(drop).trunc(64).getZExtValue()) + drop;
  if (exp.getActiveBits() > 32)
    return PyResult::raise(kTooLarge);
  double bits = std::ceil((double)exp.getZExtValue() * lg * (1 + 1e-12));
  if (bits > PyInt::kMaxBits)
    return PyResult::raise(kTooLarge);
  unsigned w = (unsigned)bits + 3;
  APInt acc(w, 1), sq = base.sext(w);
  for (uint64_t e = exp.getZExtValue(); e; e >>= 1) {
    if (e & 1)
      acc *= sq;
    if (e > 1)
      sq *= sq;
  }
  return intResult(acc);
}

static PyResult intBinary(BinOp op, const APInt &a, const APInt &b) {
  unsigned w = widthOf(a, b);
  switch (op) {
  case BinOp::Add:
    return intResult(a.sext(w + 1) + b.sext(w + 1));
  case BinOp::Sub:
    return intResult(a.sext(w + 1) - b.sext(w + 1));
  case BinOp::Mul: {
    unsigned m = a.getBitWidth() + b.getBitWidth();
    if (m > PyInt::kMaxBits + 1)
      return PyResult::raise(kTooLarge);
    return intResult(a.sext(m) * b.sext(m));
  }
  case BinOp::Div:
    return intTrueDiv(a, b);
  case BinOp::FloorDiv:
  case BinOp::Mod: {
    if (b.isZero())
      return PyResult::raise("ZeroDivisionError: integer division or modulo by zero");
    APInt q, r;
    floorDivMod(a, b, q, r);
    return intResult(op == BinOp::FloorDiv ? q : r);
  }
  case BinOp::Pow:
    return intPow(a, b);
  case BinOp::BitAnd:
    return intResult(a.sext(w) & b.sext(w));
  case BinOp::BitOr:
    return intResult(a.sext(w) | b.sext(w));
  case BinOp::BitXor:
    return intResult(a.sext(w) ^ b.sext(w));
  case BinOp::Shl:
  case BinOp::Shr: {
    if (b.isNegative())
      return PyResult::raise("ValueError: negative shift count");
    if (op == BinOp::Shr)
      return b.getActiveBits() > 32 || b.getZExtValue() >= a.getBitWidth()
                 ? PyNumber::ofInt(PyInt(a.isNegative() ? -1 : 0))
                 : intResult(a.ashr((unsigned)b.getZExtValue()));
    if (a.isZero())
      return PyNumber::ofInt(PyInt(0));
    if (b.getActiveBits() > 32 || a.getBitWidth() + b.getZExtValue() > PyInt::kMaxBits)
      return PyResult::raise(kTooLarge);
    unsigned n = (unsigned)b.getZExtValue();
    return intResult(a.sext(a.getBitWidth() + n).shl(n));
  }
  case BinOp::MatMul:
    return PyResult::raise("TypeError: unsupported operand type(s) for @: 'int' and 'int'");
  }
  return PyResult::none();
}

//===----------------------------------------------------------------------===//
// Float arithmetic (CPython's floatobject.c)
//===----------------------------------------------------------------------===//

static PyResult floatPow(double x, double y) {
  if (x == 0 && y < 0)
    return PyResult::raise("ZeroDivisionError: 0.0 cannot be raised to a negative power");
  if (x < 0 && std::isfinite(x) && std::isfinite(y) && y != std::floor(y))
    return PyResult::raise(
        "a negative number to a fractional power is a complex number, not a kernel value");
  double r = std::pow(x, y);
  if (std::isinf(r) && std::isfinite(x) && std::isfinite(y))
    return PyResult::raise("OverflowError: (34, 'Numerical result out of range')");
  return PyNumber::ofFloat(r);
}

static PyResult floatBinary(BinOp op, double x, double y) {
  switch (op) {
  case BinOp::Add:
    return PyNumber::ofFloat(x + y);
  case BinOp::Sub:
    return PyNumber::ofFloat(x - y);
  case BinOp::Mul:
    return PyNumber::ofFloat(x * y);
  case BinOp::Div:
    if (y == 0)
      return PyResult::raise("ZeroDivisionError: float division by zero");
    return PyNumber::ofFloat(x / y);
  case BinOp::Mod:
  case BinOp::FloorDiv: {
    if (y == 0)
      return PyResult::raise(op == BinOp::Mod ? "ZeroDivisionError: float modulo by zero"
                                              : "ZeroDivisionError: float floor division by zero");
    double mod = std::fmod(x, y), div;
    if (mod != 0) {
      div = (x - mod) / y;
      if ((y < 0) != (mod < 0)) {
        mod += y;
        div -= 1.0;
      }
    } else {
      div = x / y; // only for its sign
      mod = std::copysign(0.0, y);
    }
    if (op == BinOp::Mod)
      return PyNumber::ofFloat(mod);
    double floordiv;
    if (div != 0) {
      floordiv = std::floor(div);
      if (div - floordiv > 0.5)
        floordiv += 1.0;
    } else {
      floordiv = std::copysign(0.0, x / y);
    }
    return PyNumber::ofFloat(floordiv);
  }
  case BinOp::Pow:
    return floatPow(x, y);
  case BinOp::BitAnd:
  case BinOp::BitOr:
  case BinOp::BitXor:
  case BinOp::Shl:
  case BinOp::Shr:
  case BinOp::MatMul:
    return PyResult::raise(std::string("TypeError: unsupported operand type(s) for ") + spell(op) +
                           ": a float");
  }
  return PyResult::none();
}

PyResult kdsl::pyBinary(BinOp op, const PyNumber &l, const PyNumber &r) {
  if (l.isFloat() || r.isFloat()) {
    std::optional<double> x = l.toDouble(), y = r.toDouble();
    if (!x || !y)
      return PyResult::raise("OverflowError: int too large to convert to float");
    return floatBinary(op, *x, *y);
  }
  // bool & bool, | and ^ stay bools.
  if (l.kind == PyNumber::Bool && r.kind == PyNumber::Bool &&
      (op == BinOp::BitAnd || op == BinOp::BitOr || op == BinOp::BitXor)) {
    bool a = !l.i.isZero(), b = !r.i.isZero();
    return PyNumber::ofBool(op == BinOp::BitAnd  ? (a && b)
                            : op == BinOp::BitOr ? (a || b)
                                                 : a != b);
  }
  return intBinary(op, l.i.apint(), r.i.apint());
}

std::optional<int> kdsl::pyCompare(const PyNumber &l, const PyNumber &r) {
  if (!l.isFloat() && !r.isFloat())
    return l.i.compare(r.i);
  if (l.isFloat() && r.isFloat()) {
    if (std::isnan(l.f) || std::isnan(r.f))
      return std::nullopt;
    return l.f < r.f ? -1 : l.f == r.f ? 0 : 1;
  }
  // An int and a float, exactly: against floor(f) or ceil(f) when f is not
  // integral (i < 2.5 exactly when i <= 2).
  bool flip = l.isFloat();
  const PyNumber &in = flip ? r : l, &fl = flip ? l : r;
  double f = fl.f;
  int c;
  if (std::isnan(f))
    return std::nullopt;
  if (std::isinf(f))
    c = f > 0 ? -1 : 1;
  else if (double fi = std::floor(f); fi == f)
    c = in.i.compare(*PyInt::fromDouble(f));
  else
    c = in.i.compare(*PyInt::fromDouble(fi)) <= 0 ? -1 : 1;
  return flip ? -c : c;
}

PyResult kdsl::pyUnary(UnOp op, const PyNumber &x) {
  switch (op) {
  case UnOp::Not:
    return PyNumber::ofBool(!x.truthy());
  case UnOp::Pos:
    return x.isFloat() ? x : PyNumber::ofInt(x.i);
  case UnOp::Neg:
    if (x.isFloat())
      return PyNumber::ofFloat(-x.f);
    return intResult(-x.i.apint().sext(x.i.apint().getBitWidth() + 1));
  case UnOp::Invert:
    if (x.isFloat())
      return PyResult::raise("TypeError: bad operand type for unary ~: 'float'");
    return intResult(~x.i.apint());
  }
  return PyResult::none();
}
