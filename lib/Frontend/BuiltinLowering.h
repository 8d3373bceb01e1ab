//===- BuiltinLowering.h - one builtin call being lowered ------*- C++ -*-===//
//
// The context of the expansion functions of BuiltinTable.def's KDSL_EXPAND
// records (private to lib/Frontend). The expansions live in
// BuiltinLowering.cpp and, per family, in BuiltinLowering<Family>.cpp files
// that declare theirs in a header included by BuiltinLowering.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINLOWERING_H
#define KDSL_LIB_FRONTEND_BUILTINLOWERING_H

#include "MLIRGenImpl.h"

namespace kdsl {

/// One builtin call being lowered: its evaluated arguments and types.
struct LowerCtx {
  MLIRGen &g;
  mlir::OpBuilder &b;
  const CallExpr *e;
  mlir::Location l;
  const kdsl::Type *t;  ///< the call's type
  const kdsl::Type *t0; ///< the first argument's type (null without one)
  mlir::Type rty;       ///< the call's MLIR type (null for void)
  llvm::SmallVector<mlir::Value> a;
  double constant = 0; ///< KDSL_OP_CONST's constant

  bool f0() const { return t0 && isFloat(t0->scalar); }
  /// A constant of the element type of `ty`, splatted when `ty` is a vector.
  mlir::Value scalarConst(const kdsl::Type *ty, double v) {
    mlir::Type mt = g.convertType(ty);
    mlir::Type et = mlir::getElementTypeOrSelf(mt);
    // Integer constants here are small whole numbers (-1, 0, 1, 2, 3).
    mlir::Value c = mlir::isa<mlir::FloatType>(et)
                        ? g.constant(b.getFloatAttr(et, v), l)
                        : g.constant(b.getIntegerAttr(et, (int64_t)v), l);
    return mlir::isa<mlir::VectorType>(mt) ? g.splat(c, mt, l) : c;
  }
  mlir::Value minMax(bool isMax, mlir::Value x, mlir::Value y) {
    return g.minMax(isMax, x, y, t, l);
  }
  /// x < 0 for floats and signed integers.
  mlir::Value isNegative(mlir::Value x) {
    mlir::Value zero = scalarConst(t, 0);
    if (f0())
      return mlir::arith::CmpFOp::create(b, l, mlir::arith::CmpFPredicate::OLT, x, zero);
    return mlir::arith::CmpIOp::create(b, l, mlir::arith::CmpIPredicate::slt, x, zero);
  }
};

} // namespace kdsl

#endif
