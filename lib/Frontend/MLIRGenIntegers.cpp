//===- MLIRGenIntegers.cpp - integer /, //, % and ** as Warp computes them ===//
//
// Warp's C++ divides int8 and int16 values after C's integer promotion: the
// operands become int, the quotient is truncated back. `int8(-128) / int8(-1)`
// is therefore -128 (and the remainder 0), where an i8 `sdiv` overflows (x86's
// idiv traps; PTX's div.s16 is undefined). Narrow signed division and
// remainder are generated that way here, so that every target computes what
// the C++ backend does.
//
// Integer `**` is math.ipowi, whose exponent is signed: an unsigned exponent
// with its top bit set (uint8 200) would count as negative, and a zero base
// with a negative exponent divides by zero in convert-math-to-funcs's
// expansion. docs/language.md 7.2 defines both.
//
//===----------------------------------------------------------------------===//
#include "MLIRGenImpl.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace kdsl;

mlir::Value kdsl::genIntDivRem(OpBuilder &b, Location l, bool rem, bool isSigned, mlir::Value x,
                               mlir::Value y) {
  auto make = [&](mlir::Value p, mlir::Value q) -> mlir::Value {
    if (rem)
      return isSigned ? (mlir::Value)arith::RemSIOp::create(b, l, p, q)
                      : arith::RemUIOp::create(b, l, p, q);
    return isSigned ? (mlir::Value)arith::DivSIOp::create(b, l, p, q)
                    : arith::DivUIOp::create(b, l, p, q);
  };
  mlir::Type t = x.getType();
  unsigned width = getElementTypeOrSelf(t).getIntOrFloatBitWidth();
  // Unsigned narrow values cannot overflow: promoting them changes nothing.
  if (!isSigned || width == 1 || width >= 32)
    return make(x, y);
  auto vt = dyn_cast<VectorType>(t);
  if (!vt) {
    mlir::Type i32 = b.getI32Type();
    mlir::Value r =
        make(arith::ExtSIOp::create(b, l, i32, x), arith::ExtSIOp::create(b, l, i32, y));
    return arith::TruncIOp::create(b, l, t, r);
  }
  // Vectors and matrices component by component (as Warp's loops over the
  // components do): the emitted C++ has no conversions between vector types.
  SmallVector<mlir::Value> comps;
  SmallVector<int64_t> pos(vt.getRank());
  for (int64_t k = 0; k < vt.getNumElements(); ++k) {
    for (int64_t d = vt.getRank() - 1, rest = k; d >= 0; --d) {
      pos[d] = rest % vt.getDimSize(d);
      rest /= vt.getDimSize(d);
    }
    comps.push_back(genIntDivRem(b, l, rem, isSigned, vector::ExtractOp::create(b, l, x, pos),
                                 vector::ExtractOp::create(b, l, y, pos)));
  }
  return vector::FromElementsOp::create(b, l, vt, comps);
}

mlir::Value kdsl::genIntPow(OpBuilder &b, Location l, bool isSigned, mlir::Value x, mlir::Value y) {
  mlir::Type t = x.getType();
  std::optional<int64_t> exponent = getConstantIntValue(y);
  // A constant exponent that is not negative as a signed value: math.ipowi as is.
  if (exponent && *exponent >= 0)
    return math::IPowIOp::create(b, l, x, y);
  auto cst = [&](int64_t v) {
    return arith::ConstantOp::create(b, l, b.getIntegerAttr(t, v)).getResult();
  };
  if (!isSigned) {
    // x ** y = (x ** (y >> 1))^2 * (x if y is odd): y >> 1 has its top bit
    // clear, so math.ipowi sees a non-negative exponent.
    mlir::Value half = math::IPowIOp::create(b, l, x, arith::ShRUIOp::create(b, l, y, cst(1)));
    mlir::Value square = arith::MulIOp::create(b, l, half, half);
    mlir::Value odd = arith::CmpIOp::create(b, l, arith::CmpIPredicate::ne,
                                            arith::AndIOp::create(b, l, y, cst(1)), cst(0));
    return arith::SelectOp::create(b, l, odd, arith::MulIOp::create(b, l, square, x), square);
  }
  // 0 ** (negative) is 0, like every base other than 1 and -1.
  mlir::Value p = math::IPowIOp::create(b, l, x, y);
  mlir::Value zeroBase = arith::CmpIOp::create(b, l, arith::CmpIPredicate::eq, x, cst(0));
  mlir::Value negative = arith::CmpIOp::create(b, l, arith::CmpIPredicate::slt, y, cst(0));
  return arith::SelectOp::create(b, l, arith::AndIOp::create(b, l, zeroBase, negative), cst(0), p);
}
