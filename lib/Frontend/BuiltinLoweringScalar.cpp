//===- BuiltinLoweringScalar.cpp - erf family, nonzero, more atomics -------===//
//
// KDSL_EXPAND functions of BuiltinTable.def's "scalar math, atomics and
// operators" block. Their derivatives come from the ops they create.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLoweringScalar.h"
#include "BuiltinsScalar.h"

using namespace kdsl;
using namespace mlir;

namespace {
/// Scalar float arithmetic at one location, for the erf family.
struct FloatMath {
  OpBuilder &b;
  Location l;
  FloatType ft;

  Value cst(double v) { return arith::ConstantOp::create(b, l, b.getFloatAttr(ft, v)); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, l, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, l, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, l, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, l, x, y); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLT, x, y);
  }
  Value select(Value c, Value x, Value y) { return arith::SelectOp::create(b, l, c, x, y); }
  /// Horner: coeffs[0] * w^(n-1) + ... + coeffs[n-1].
  Value poly(Value w, ArrayRef<double> coeffs) {
    Value p = cst(coeffs[0]);
    for (double k : coeffs.drop_front())
      p = add(cst(k), mul(p, w));
    return p;
  }
  /// 2 / sqrt(pi) * exp(-x^2), the derivative of erf.
  Value erfSlope(Value x) {
    Value e = math::ExpOp::create(b, l, arith::NegFOp::create(b, l, mul(x, x)));
    return mul(cst(1.12837916709551257390), e);
  }
};

/// Run `fn` on `x` in the float type `ft` (extending / truncating around it).
template <typename Fn> Value inType(OpBuilder &b, Location l, Value x, FloatType ft, Fn fn) {
  auto xt = cast<FloatType>(x.getType());
  if (xt == ft)
    return fn(x);
  Value wide = xt.getWidth() < ft.getWidth() ? (Value)arith::ExtFOp::create(b, l, ft, x)
                                             : (Value)arith::TruncFOp::create(b, l, ft, x);
  Value r = fn(wide);
  // float64 -> bfloat16 rounds through float32, as Warp's conversions do.
  if (xt.isBF16() && ft.getWidth() > 32)
    r = arith::TruncFOp::create(b, l, b.getF32Type(), r);
  return xt.getWidth() < ft.getWidth() ? (Value)arith::TruncFOp::create(b, l, xt, r)
                                       : (Value)arith::ExtFOp::create(b, l, xt, r);
}

/// The inverse of erf on [0, 1]: x >= 0 with erf(x) = a, where q = 1 - a
/// is passed separately so that erfcinv keeps the precision of small
/// arguments. A first guess from Giles' single-precision approximation
/// ("Approximating the erfinv function", 2010), then three Newton steps in
/// float64 on erf(x) - a (small a) or (1 - a) - erfc(x) (a >= 1/2). The
/// Newton steps also make the derivative 1 / erf'(x) up to the residual.
Value inverseErfCore(FloatMath &m, Value a, Value q) {
  OpBuilder &b = m.b;
  Location l = m.l;
  Value w = arith::NegFOp::create(b, l, math::LogOp::create(b, l, m.mul(q, m.add(m.cst(1), a))));
  Value central = m.poly(m.sub(w, m.cst(2.5)),
                         {2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06,
                          0.00021858087, -0.00125372503, -0.00417768164, 0.246640727, 1.50140941});
  Value tail = m.poly(m.sub(math::SqrtOp::create(b, l, w), m.cst(3)),
                      {-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844,
                       0.00573950773, -0.0076224613, 0.00943887047, 1.00167406, 2.83297682});
  Value x = m.mul(m.select(m.lt(w, m.cst(5)), central, tail), a);
  Value small = m.lt(a, m.cst(0.5));
  Value x0 = x;
  for (int i = 0; i < 3; ++i) {
    Value viaErf = m.sub(math::ErfOp::create(b, l, x), a);
    Value viaErfc = m.sub(q, math::ErfcOp::create(b, l, x));
    x = m.sub(x, m.div(m.select(small, viaErf, viaErfc), m.erfSlope(x)));
  }
  // a == 1 (q == 0): the guess is +inf already; Newton would give NaN.
  Value atOne = arith::CmpFOp::create(b, l, arith::CmpFPredicate::OLE, q, m.cst(0));
  return m.select(atOne, x0, x);
}

Value negateIf(FloatMath &m, Value neg, Value x) {
  return m.select(neg, arith::NegFOp::create(m.b, m.l, x), x);
}
} // namespace

/// erf / erfc of float16 through float32 (libm and libdevice have no half).
template <typename OpTy> static Value lowerErfLike(LowerCtx &c) {
  auto ft = cast<FloatType>(c.a[0].getType());
  FloatType wide = ft.getWidth() < 32 ? c.b.getF32Type() : ft;
  return inType(c.b, c.l, c.a[0], wide,
                [&](Value x) -> Value { return OpTy::create(c.b, c.l, x); });
}
Value kdsl::lowerErf(LowerCtx &c) { return lowerErfLike<math::ErfOp>(c); }
Value kdsl::lowerErfc(LowerCtx &c) { return lowerErfLike<math::ErfcOp>(c); }

Value kdsl::lowerErfinv(LowerCtx &c) {
  return inType(c.b, c.l, c.a[0], c.b.getF64Type(), [&](Value y) {
    FloatMath m{c.b, c.l, c.b.getF64Type()};
    Value a = math::AbsFOp::create(c.b, c.l, y);
    Value x = inverseErfCore(m, a, m.sub(m.cst(1), a));
    return negateIf(m, m.lt(y, m.cst(0)), x);
  });
}

/// erfcinv(z) = erfinv(1 - z), with q = min(z, 2 - z) kept exact.
Value kdsl::lowerErfcinv(LowerCtx &c) {
  return inType(c.b, c.l, c.a[0], c.b.getF64Type(), [&](Value z) {
    FloatMath m{c.b, c.l, c.b.getF64Type()};
    Value t = m.sub(m.cst(1), z);
    Value above = m.lt(m.cst(1), z);
    Value q = m.select(above, m.sub(m.cst(2), z), z);
    Value x = inverseErfCore(m, math::AbsFOp::create(c.b, c.l, t), q);
    return negateIf(m, above, x);
  });
}

/// Warp: nonzero(x) = 1 if x != 0 else 0, in x's type.
Value kdsl::lowerNonzero(LowerCtx &c) {
  Value zero = c.scalarConst(c.t, 0);
  Value ne = c.f0()
                 ? (Value)arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::UNE, c.a[0], zero)
                 : (Value)arith::CmpIOp::create(c.b, c.l, arith::CmpIPredicate::ne, c.a[0], zero);
  return arith::SelectOp::create(c.b, c.l, ne, c.scalarConst(c.t, 1), zero);
}

//===----------------------------------------------------------------------===//
// atomic_exch, atomic_cas, atomic_and / or / xor: return the old value.
//===----------------------------------------------------------------------===//

/// The indices of wp.atomic_*(array, indices..., values...) as i32.
static SmallVector<Value> atomicIndices(LowerCtx &c, unsigned numValues) {
  SmallVector<Value> idx;
  for (size_t i = 1; i + numValues < c.a.size(); ++i)
    idx.push_back(c.g.toI32(c.a[i], c.e->boundArgs[i]->type, c.l));
  return idx;
}

static Value lowerAtomicKind(LowerCtx &c, AtomicKind kind) {
  return c.g.genAtomic(kind, c.a[0], atomicIndices(c, 1), c.a.back(), c.l);
}
Value kdsl::lowerAtomicExch(LowerCtx &c) { return lowerAtomicKind(c, AtomicKind::exch); }
Value kdsl::lowerAtomicAnd(LowerCtx &c) { return lowerAtomicKind(c, AtomicKind::bit_and); }
Value kdsl::lowerAtomicOr(LowerCtx &c) { return lowerAtomicKind(c, AtomicKind::bit_or); }
Value kdsl::lowerAtomicXor(LowerCtx &c) { return lowerAtomicKind(c, AtomicKind::bit_xor); }

Value kdsl::lowerAtomicCas(LowerCtx &c) {
  Value compare = c.a[c.a.size() - 2];
  SmallVector<Value> idx = atomicIndices(c, 2);
  Value array = c.g.indexedElement(c.a[0], idx, c.l);
  return AtomicOp::create(c.b, c.l, compare.getType(), AtomicKind::cas, array, idx, c.a.back(),
                          compare);
}

/// The rule bound the operator expression (e.g. `a + b` for wp.add(a, b))
/// as the only argument: its value is the call's.
Value kdsl::lowerOperator(LowerCtx &c) { return c.a[0]; }

//===----------------------------------------------------------------------===//
// wp.printf and print
//===----------------------------------------------------------------------===//

/// A scalar as C passes it to printf: floats as double, integers narrower
/// than 32 bits (and bools) as int, by their signedness.
static Value promoteForPrintf(LowerCtx &c, Value v, Scalar s) {
  if (isFloat(s))
    return s == Scalar::F64 ? v : (Value)arith::ExtFOp::create(c.b, c.l, c.b.getF64Type(), v);
  if (bitWidth(s) >= 32)
    return v;
  if (isSigned(s))
    return arith::ExtSIOp::create(c.b, c.l, c.b.getI32Type(), v);
  return arith::ExtUIOp::create(c.b, c.l, c.b.getI32Type(), v);
}

Value kdsl::lowerPrintf(LowerCtx &c) {
  SmallVector<Value> args;
  for (auto [v, x] : llvm::zip(c.a, c.e->boundArgs))
    args.push_back(promoteForPrintf(c, v, x->type->scalar));
  PrintOp::create(c.b, c.l, *stringLiteralText(c.e->args[0]), args);
  return {};
}

/// Warp prints vector, matrix and quaternion components as float (%g).
static Value componentAsDouble(LowerCtx &c, Value v, Scalar s) {
  mlir::Type f32 = c.b.getF32Type();
  if (isInt(s))
    v = isSigned(s) ? (Value)arith::SIToFPOp::create(c.b, c.l, f32, v)
                    : (Value)arith::UIToFPOp::create(c.b, c.l, f32, v);
  else if (s == Scalar::F64)
    v = arith::TruncFOp::create(c.b, c.l, f32, v);
  return arith::ExtFOp::create(c.b, c.l, c.b.getF64Type(), v);
}

/// Warp's print of a scalar: %g, %d, %u, %lld, %llu; bools as True / False.
static void printScalar(LowerCtx &c, Value v, Scalar s) {
  if (s == Scalar::Bool) {
    auto ifOp = scf::IfOp::create(c.b, c.l, v, /*withElseRegion=*/true);
    OpBuilder::InsertionGuard guard(c.b);
    c.b.setInsertionPointToStart(ifOp.thenBlock());
    PrintOp::create(c.b, c.l, "True\n", ValueRange{});
    c.b.setInsertionPointToStart(ifOp.elseBlock());
    PrintOp::create(c.b, c.l, "False\n", ValueRange{});
    return;
  }
  const char *fmt = isFloat(s)          ? "%g\n"
                    : bitWidth(s) == 64 ? (isSigned(s) ? "%lld\n" : "%llu\n")
                    : isSigned(s)       ? "%d\n"
                                        : "%u\n";
  PrintOp::create(c.b, c.l, fmt, ValueRange{promoteForPrintf(c, v, s)});
}

Value kdsl::lowerPrint(LowerCtx &c) {
  if (c.a.empty()) { // a string literal
    PrintOp::create(c.b, c.l, *stringLiteralText(c.e->args[0]) + "\n", ValueRange{});
    return {};
  }
  const kdsl::Type *t = c.t0;
  if (t->isScalar()) {
    printScalar(c, c.a[0], t->scalar);
    return {};
  }
  // Vectors "x y z \n", quaternions "x y z w\n", matrices one such line per row.
  std::string fmt;
  SmallVector<Value> args;
  int64_t rows = t->kind == kdsl::Type::Mat ? t->rows : 1;
  int64_t cols = t->kind == kdsl::Type::Mat ? t->cols : t->numElements();
  for (int64_t i = 0; i < rows; ++i) {
    for (int64_t j = 0; j < cols; ++j) {
      SmallVector<int64_t, 2> pos =
          t->kind == kdsl::Type::Mat ? SmallVector<int64_t, 2>{i, j} : SmallVector<int64_t, 2>{j};
      Value e = vector::ExtractOp::create(c.b, c.l, c.a[0], pos);
      args.push_back(componentAsDouble(c, e, t->scalar));
      fmt += t->kind == kdsl::Type::Quat && j == cols - 1 ? "%g" : "%g ";
    }
    fmt += "\n";
  }
  PrintOp::create(c.b, c.l, fmt, args);
  return {};
}
