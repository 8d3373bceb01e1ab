//===- BuiltinLowering.cpp - MLIR for the Warp builtins --------------------===//
//
// MLIRGen::genBuiltin creates the lowering that BuiltinTable.def records for
// a builtin: an op created from the arguments (KDSL_OP), an op with a
// constant last operand (KDSL_OP_CONST), one of the expansion functions
// below or of a BuiltinLowering<Family>.cpp file (KDSL_EXPAND), or one with
// several results (KDSL_EXPAND_MULTI). Their derivatives come from the rules of the ops they
// create (dialects/kdsl/KdslDerivatives.td and the kdsl ops' adjoints).
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinLoweringScalar.h"
#include "BuiltinLoweringSpatial.h"
#include "BuiltinsLinalg.h"
#include "BuiltinsMisc.h"
#include "BuiltinsTile.h"

#include <limits>

using namespace kdsl;
using namespace mlir;

namespace {
using LowerFn = mlir::Value (*)(LowerCtx &);
using LowerMultiFn = SmallVector<mlir::Value> (*)(LowerCtx &);
struct Lowering {
  LowerFn fn;
  LowerMultiFn multi; ///< KDSL_EXPAND_MULTI
  double constant;
};

/// KDSL_OP: the op from the arguments, of the call's type.
template <typename OpTy> mlir::Value lowerOp(LowerCtx &c) {
  return OpTy::create(c.b, c.l, TypeRange{c.rty}, ValueRange(c.a), ArrayRef<NamedAttribute>{});
}

/// KDSL_OP_CONST: the op from the arguments and then the record's constant.
template <typename OpTy> mlir::Value lowerOpConst(LowerCtx &c) {
  SmallVector<mlir::Value> operands(c.a);
  operands.push_back(c.scalarConst(c.t, c.constant));
  return OpTy::create(c.b, c.l, TypeRange{c.rty}, ValueRange(operands), ArrayRef<NamedAttribute>{});
}

//===----------------------------------------------------------------------===//
// Expansions (KDSL_EXPAND)
//===----------------------------------------------------------------------===//

mlir::Value lowerTid(LowerCtx &c) {
  return TidOp::create(c.b, c.l, TypeRange{c.b.getI32Type()}).getResult(0);
}

/// wp.identity / wp.quat_identity: a constant (1 on the diagonal, or in w).
mlir::Value identityConstant(LowerCtx &c, bool quat) {
  auto vt = cast<VectorType>(c.rty);
  SmallVector<Attribute> elems;
  auto ft = cast<FloatType>(vt.getElementType());
  for (int64_t i = 0; i < vt.getNumElements(); ++i) {
    bool one = quat ? i == 3 : (i / c.t->cols == i % c.t->cols);
    elems.push_back(c.b.getFloatAttr(ft, one ? 1.0 : 0.0));
  }
  return c.g.constant(DenseElementsAttr::get(vt, elems), c.l);
}
mlir::Value lowerIdentity(LowerCtx &c) { return identityConstant(c, false); }
mlir::Value lowerQuatIdentity(LowerCtx &c) { return identityConstant(c, true); }

/// Warp clamps the argument of asin and acos to [-1, 1] first.
template <typename OpTy> mlir::Value lowerClampedUnit(LowerCtx &c) {
  mlir::Value x =
      c.minMax(false, c.minMax(true, c.a[0], c.scalarConst(c.t, -1)), c.scalarConst(c.t, 1));
  return OpTy::create(c.b, c.l, x);
}
mlir::Value lowerAsin(LowerCtx &c) { return lowerClampedUnit<math::AsinOp>(c); }
mlir::Value lowerAcos(LowerCtx &c) { return lowerClampedUnit<math::AcosOp>(c); }

mlir::Value lowerFrac(LowerCtx &c) {
  return arith::SubFOp::create(c.b, c.l, c.a[0], math::TruncOp::create(c.b, c.l, c.a[0]));
}

/// Warp: step(x) = 1 if x < 0 else 0.
mlir::Value lowerStep(LowerCtx &c) {
  if (!c.f0() && !isSigned(c.t0->scalar))
    return c.scalarConst(c.t, 0);
  mlir::Value neg = c.isNegative(c.a[0]);
  mlir::Value one = c.scalarConst(c.t, 1);
  return arith::SelectOp::create(c.b, c.l, neg, one, c.scalarConst(c.t, 0));
}

mlir::Value lowerAbs(LowerCtx &c) {
  if (c.f0())
    return math::AbsFOp::create(c.b, c.l, c.a[0]);
  return isSigned(c.t0->scalar) ? (mlir::Value)math::AbsIOp::create(c.b, c.l, c.a[0]) : c.a[0];
}

/// Warp: sign(x) = -1 if x < 0 else 1 (so sign(0) == 1, and unsigned values give 1).
mlir::Value lowerSign(LowerCtx &c) {
  if (!c.f0() && !isSigned(c.t0->scalar))
    return c.scalarConst(c.t, 1);
  mlir::Value neg = c.isNegative(c.a[0]);
  mlir::Value minusOne = c.scalarConst(c.t, -1);
  return arith::SelectOp::create(c.b, c.l, neg, minusOne, c.scalarConst(c.t, 1));
}

/// min/max of two values, or the reduction of one vector.
template <bool IsMax> mlir::Value lowerMinMax(LowerCtx &c) {
  if (c.a.size() == 2)
    return c.minMax(IsMax, c.a[0], c.a[1]);
  using K = vector::CombiningKind;
  K k = c.f0()                   ? (IsMax ? K::MAXNUMF : K::MINNUMF)
        : isSigned(c.t0->scalar) ? (IsMax ? K::MAXSI : K::MINSI)
                                 : (IsMax ? K::MAXUI : K::MINUI);
  return vector::ReductionOp::create(c.b, c.l, k, c.a[0]);
}
mlir::Value lowerMin(LowerCtx &c) { return lowerMinMax<false>(c); }
mlir::Value lowerMax(LowerCtx &c) { return lowerMinMax<true>(c); }

mlir::Value lowerClamp(LowerCtx &c) {
  return c.minMax(false, c.minMax(true, c.a[0], c.a[1]), c.a[2]);
}

/// Warp: lerp(a, b, t) = a * (1 - t) + b * t
mlir::Value lowerLerp(LowerCtx &c) {
  mlir::Value w = c.a[2];
  mlir::Value oneMinus =
      arith::SubFOp::create(c.b, c.l, c.scalarConst(c.e->boundArgs[2]->type, 1), w);
  if (isa<VectorType>(c.rty)) {
    oneMinus = c.g.splat(oneMinus, c.rty, c.l);
    w = c.g.splat(w, c.rty, c.l);
  }
  return arith::AddFOp::create(c.b, c.l, arith::MulFOp::create(c.b, c.l, c.a[0], oneMinus),
                               arith::MulFOp::create(c.b, c.l, c.a[1], w));
}

/// Warp: t = clamp((x - e0) / (e1 - e0), 0, 1); t * t * (3 - 2 * t)
mlir::Value lowerSmoothstep(LowerCtx &c) {
  OpBuilder &b = c.b;
  Location l = c.l;
  mlir::Value s = arith::DivFOp::create(b, l, arith::SubFOp::create(b, l, c.a[2], c.a[0]),
                                        arith::SubFOp::create(b, l, c.a[1], c.a[0]));
  s = c.minMax(false, c.minMax(true, s, c.scalarConst(c.t, 0)), c.scalarConst(c.t, 1));
  mlir::Value poly = arith::SubFOp::create(b, l, c.scalarConst(c.t, 3),
                                           arith::MulFOp::create(b, l, c.scalarConst(c.t, 2), s));
  return arith::MulFOp::create(b, l, arith::MulFOp::create(b, l, s, s), poly);
}

enum class FloatClass { NaN, Finite, Inf };

/// isnan / isfinite / isinf; on vectors and matrices: any / all / any.
mlir::Value lowerFloatClass(LowerCtx &c, FloatClass k) {
  mlir::Value cmp;
  if (k == FloatClass::NaN) {
    cmp = arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::UNO, c.a[0], c.a[0]);
  } else {
    mlir::Value absV = math::AbsFOp::create(c.b, c.l, c.a[0]);
    mlir::Value inf = c.scalarConst(c.t0, std::numeric_limits<double>::infinity());
    auto pred = k == FloatClass::Finite ? arith::CmpFPredicate::OLT : arith::CmpFPredicate::OEQ;
    cmp = arith::CmpFOp::create(c.b, c.l, pred, absV, inf);
  }
  auto st = dyn_cast<ShapedType>(cmp.getType());
  if (!st)
    return cmp;
  if (k == FloatClass::Finite)
    return c.g.allTrue(cmp, c.l);
  mlir::Value ones = c.g.constant(DenseElementsAttr::get(st, true), c.l);
  mlir::Value notCmp = arith::XOrIOp::create(c.b, c.l, cmp, ones);
  return c.g.notValue(c.g.allTrue(notCmp, c.l), c.l); // any(cmp)
}
mlir::Value lowerIsNan(LowerCtx &c) { return lowerFloatClass(c, FloatClass::NaN); }
mlir::Value lowerIsFinite(LowerCtx &c) { return lowerFloatClass(c, FloatClass::Finite); }
mlir::Value lowerIsInf(LowerCtx &c) { return lowerFloatClass(c, FloatClass::Inf); }

mlir::Value lowerWhere(LowerCtx &c) {
  mlir::Value cond = c.g.genCond(c.e->boundArgs[0]);
  if (c.g.failed)
    return {};
  return arith::SelectOp::create(c.b, c.l, cond, c.a[1], c.a[2]);
}

mlir::Value lowerOuter(LowerCtx &c) {
  return vector::OuterProductOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], mlir::Value());
}

mlir::Value lowerCwMul(LowerCtx &c) {
  if (c.f0())
    return arith::MulFOp::create(c.b, c.l, c.a[0], c.a[1]);
  return arith::MulIOp::create(c.b, c.l, c.a[0], c.a[1]);
}

mlir::Value lowerCwDiv(LowerCtx &c) {
  if (c.f0())
    return arith::DivFOp::create(c.b, c.l, c.a[0], c.a[1]);
  return genIntDivRem(c.b, c.l, /*rem=*/false, isSigned(c.t0->scalar), c.a[0], c.a[1]);
}

mlir::Value lowerTranspose(LowerCtx &c) {
  return vector::TransposeOp::create(c.b, c.l, c.a[0], ArrayRef<int64_t>{1, 0});
}

/// wp.atomic_*(array, indices..., value). Unsigned elements need the
/// unsigned comparison for min/max (MLIR integers are signless).
mlir::Value lowerAtomic(LowerCtx &c, AtomicKind signedKind, AtomicKind unsignedKind) {
  const kdsl::Type *dtype = c.t0->dtype;
  bool isUnsigned = dtype && isInt(dtype->scalar) && !isSigned(dtype->scalar);
  SmallVector<mlir::Value> idx;
  for (size_t i = 1; i + 1 < c.a.size(); ++i)
    idx.push_back(c.g.toI32(c.a[i], c.e->boundArgs[i]->type, c.l));
  return c.g.genAtomic(isUnsigned ? unsignedKind : signedKind, c.a[0], idx, c.a.back(), c.l);
}
mlir::Value lowerAtomicAdd(LowerCtx &c) { return lowerAtomic(c, AtomicKind::add, AtomicKind::add); }
mlir::Value lowerAtomicSub(LowerCtx &c) { return lowerAtomic(c, AtomicKind::sub, AtomicKind::sub); }
mlir::Value lowerAtomicMin(LowerCtx &c) {
  return lowerAtomic(c, AtomicKind::min, AtomicKind::umin);
}
mlir::Value lowerAtomicMax(LowerCtx &c) {
  return lowerAtomic(c, AtomicKind::max, AtomicKind::umax);
}

/// kdsl.assert of `ok` with the call's source text.
mlir::Value genExpect(LowerCtx &c, mlir::Value ok) {
  AssertOp::create(c.b, c.l, ok, c.b.getStringAttr(c.g.sourceText(c.e->loc)));
  return {};
}

mlir::Value lowerExpectEqual(LowerCtx &c, bool negate) {
  mlir::Value eq =
      isFloat(c.t0->scalar)
          ? (mlir::Value)arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::OEQ, c.a[0], c.a[1])
          : (mlir::Value)arith::CmpIOp::create(c.b, c.l, arith::CmpIPredicate::eq, c.a[0], c.a[1]);
  mlir::Value ok = c.g.allTrue(eq, c.l);
  return genExpect(c, negate ? c.g.notValue(ok, c.l) : ok);
}
mlir::Value lowerExpectEq(LowerCtx &c) { return lowerExpectEqual(c, false); }
mlir::Value lowerExpectNeq(LowerCtx &c) { return lowerExpectEqual(c, true); }

mlir::Value lowerExpectNear(LowerCtx &c) {
  mlir::Value diff =
      math::AbsFOp::create(c.b, c.l, arith::SubFOp::create(c.b, c.l, c.a[0], c.a[1]));
  mlir::Value tol =
      c.a.size() > 2
          ? c.a[2]
          : c.g.constant(c.b.getFloatAttr(getElementTypeOrSelf(diff.getType()), 1e-6), c.l);
  if (isa<VectorType>(diff.getType()))
    tol = c.g.splat(tol, diff.getType(), c.l);
  // Warp fails only when |a - b| > tol: a NaN difference passes.
  return genExpect(
      c, c.g.allTrue(arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::ULE, diff, tol), c.l));
}

mlir::Value lowerLen(LowerCtx &c) {
  if (c.t0->kind == kdsl::Type::Array)
    return c.g.arrayShape(c.a[0], 0, c.l);
  int64_t n = c.t0->kind == kdsl::Type::Mat     ? c.t0->rows
              : c.t0->kind == kdsl::Type::Tuple ? (int64_t)c.t0->elems.size()
              : c.t0->isTile()                  ? c.t0->fixedShape[0] // Warp's len(tile)
                                                : c.t0->numElements();
  return c.g.constScalar(c.t, n, n, c.l);
}

// The lowering column of BuiltinTable.def, indexed by Builtin.
#define KDSL_OP(Op) {&lowerOp<Op>, nullptr, 0.0}
#define KDSL_OP_CONST(Op, value) {&lowerOpConst<Op>, nullptr, (value)}
#define KDSL_EXPAND(fn) {&fn, nullptr, 0.0}
#define KDSL_EXPAND_MULTI(fn) {nullptr, &fn, 0.0}
#define KDSL_NO_LOWERING {nullptr, nullptr, 0.0}
#define KDSL_BUILTIN_LOWERING(X, id, name, py, lo, hi, rule, accept, result, expects, kws, params, \
                              lower, deriv, cat)                                                   \
  lower,
const Lowering kLowerings[] = {KDSL_BUILTIN_TABLE(KDSL_BUILTIN_LOWERING, _)};
#undef KDSL_BUILTIN_LOWERING
#undef KDSL_NO_LOWERING
#undef KDSL_EXPAND_MULTI
#undef KDSL_EXPAND
#undef KDSL_OP_CONST
#undef KDSL_OP
} // namespace

/// The call's arguments evaluated; false when that failed.
static bool genArgs(MLIRGen &g, LowerCtx &c) {
  for (Expr *x : c.e->boundArgs)
    c.a.push_back(g.genExpr(x));
  return !g.failed;
}

static LowerCtx lowerCtx(MLIRGen &g, const CallExpr *e, double constant) {
  const kdsl::Type *t = e->type;
  return LowerCtx{g,
                  g.b,
                  e,
                  g.loc(e->loc),
                  t,
                  e->boundArgs.empty() ? nullptr : e->boundArgs[0]->type,
                  t->kind == kdsl::Type::Void ? mlir::Type() : g.convertType(t),
                  {},
                  constant};
}

llvm::ArrayRef<Expr *> kdsl::linalgOutputArgs(const CallExpr *e) {
  if (e->ckind == CallKind::Builtin && e->firstOutputs)
    return llvm::ArrayRef<Expr *>(e->boundArgs).take_front(e->firstOutputs);
  if (e->ckind == CallKind::Builtin && e->outputArgsFrom)
    return llvm::ArrayRef<Expr *>(e->boundArgs).drop_front(e->outputArgsFrom);
  if (e->ckind != CallKind::Builtin || !e->type || e->type->kind != kdsl::Type::Void ||
      !kLowerings[e->builtin].multi)
    return {};
  return llvm::ArrayRef<Expr *>(e->boundArgs).drop_front(1);
}

SmallVector<mlir::Value> kdsl::genBuiltinMulti(MLIRGen &g, const CallExpr *e) {
  LowerMultiFn multi = kLowerings[e->builtin].multi;
  if (!multi)
    return {};
  LowerCtx c{g, g.b, e, g.loc(e->loc), e->type, e->boundArgs[0]->type, mlir::Type(), {}, 0.0};
  if (!genArgs(g, c))
    return {};
  return multi(c);
}

mlir::Value MLIRGen::genBuiltin(const CallExpr *e) {
  const Lowering &lowering = kLowerings[e->builtin];
  if (!lowering.fn && !lowering.multi) {
    internalError(e->loc, std::string("no code generation for builtin ") +
                              builtinName((Builtin)e->builtin));
    return {};
  }
  LowerCtx c = lowerCtx(*this, e, lowering.constant);
  if (!genArgs(*this, c))
    return {};
  if (lowering.fn)
    return lowering.fn(c);
  // Warp's output-argument form (the call is void): the results assigned to
  // the locals passed after the inputs.
  SmallVector<mlir::Value> results = lowering.multi(c);
  for (auto [target, v] : llvm::zip(linalgOutputArgs(e), results))
    assignTo(target, v);
  return {};
}
