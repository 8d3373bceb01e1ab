//===- RuleExpr.h - the little expression language of derivative rules -----===//
//
// Derivative rules in dialects/kdsl/KdslDerivatives.td are C++ expressions
// over `E` values: `adj * cos(x0)` builds arith/math ops at the adjoint's
// insertion point. Scalars and vectors alike (arith and math are
// elementwise); cst(like, c) is a constant of like's type.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_AUTODIFF_RULEEXPR_H
#define KDSL_LIB_AUTODIFF_RULEEXPR_H

#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"

namespace kdsl::rules {

struct E {
  mlir::Value v;
  mlir::OpBuilder *b;
  mlir::Location loc;
  operator mlir::Value() const { return v; }
  template <typename Op, typename... Args> E make(Args... args) const {
    return {Op::create(*b, loc, args...), b, loc};
  }
};

inline E operator+(E x, E y) { return x.make<mlir::arith::AddFOp>(x.v, y.v); }
inline E operator-(E x, E y) { return x.make<mlir::arith::SubFOp>(x.v, y.v); }
inline E operator*(E x, E y) { return x.make<mlir::arith::MulFOp>(x.v, y.v); }
inline E operator/(E x, E y) { return x.make<mlir::arith::DivFOp>(x.v, y.v); }
inline E operator-(E x) { return x.make<mlir::arith::NegFOp>(x.v); }

/// A constant of x's (scalar or vector) float type.
inline E cst(E like, double c) {
  mlir::Type t = like.v.getType();
  mlir::Type elem = mlir::getElementTypeOrSelf(t);
  mlir::TypedAttr a = like.b->getFloatAttr(elem, c);
  if (auto vt = llvm::dyn_cast<mlir::VectorType>(t))
    a = mlir::DenseElementsAttr::get(vt, a);
  return like.make<mlir::arith::ConstantOp>(t, a);
}
inline E zero(E like) { return cst(like, 0.0); }
inline E one(E like) { return cst(like, 1.0); }

inline E gt(E x, E y) {
  return x.make<mlir::arith::CmpFOp>(mlir::arith::CmpFPredicate::OGT, x.v, y.v);
}
inline E lt(E x, E y) {
  return x.make<mlir::arith::CmpFOp>(mlir::arith::CmpFPredicate::OLT, x.v, y.v);
}
inline E select(E c, E x, E y) { return x.make<mlir::arith::SelectOp>(c.v, x.v, y.v); }

#define KDSL_RULE_UNARY(name, Op)                                                                  \
  inline E name(E x) { return x.make<mlir::math::Op>(x.v); }
KDSL_RULE_UNARY(sin, SinOp)
KDSL_RULE_UNARY(cos, CosOp)
KDSL_RULE_UNARY(sinh, SinhOp)
KDSL_RULE_UNARY(cosh, CoshOp)
KDSL_RULE_UNARY(sqrt, SqrtOp)
KDSL_RULE_UNARY(exp, ExpOp)
KDSL_RULE_UNARY(log, LogOp)
KDSL_RULE_UNARY(trunc, TruncOp)
#undef KDSL_RULE_UNARY
inline E powf(E x, E y) { return x.make<mlir::math::PowFOp>(x.v, y.v); }
inline E copysign(E x, E y) { return x.make<mlir::math::CopySignOp>(x.v, y.v); }

/// x converted to the float type of `like` (for extf/truncf adjoints).
inline E convert(E x, E like) {
  mlir::Type from = mlir::getElementTypeOrSelf(x.v.getType());
  mlir::Type to = like.v.getType();
  unsigned fw = from.getIntOrFloatBitWidth(),
           tw = mlir::getElementTypeOrSelf(to).getIntOrFloatBitWidth();
  if (fw == tw)
    return x;
  if (fw > tw)
    return x.make<mlir::arith::TruncFOp>(to, x.v);
  return x.make<mlir::arith::ExtFOp>(to, x.v);
}

/// What a generated rule reads: the op's recomputed operands and result and
/// the adjoint of its (single) result.
class RuleScope {
public:
  RuleScope(mlir::Operation *op, AdjointBuilder &ab) : op(op), ab(ab) {
    if (op->getNumResults() == 1)
      adjoint = ab.adjoint(op->getResult(0));
  }
  bool active() const { return (bool)adjoint; }
  E adj() { return wrap(adjoint); }
  E x(unsigned i) { return wrap(ab.primal(op->getOperand(i))); }
  E r() { return wrap(ab.primal(op->getResult(0))); }
  void add(unsigned operand, E contribution) {
    ab.accumulate(op->getOperand(operand), contribution.v);
  }

private:
  E wrap(mlir::Value v) { return {v, &ab.builder(), op->getLoc()}; }
  mlir::Operation *op;
  AdjointBuilder &ab;
  mlir::Value adjoint;
};

} // namespace kdsl::rules

#endif
