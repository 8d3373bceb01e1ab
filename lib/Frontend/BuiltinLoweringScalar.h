//===- BuiltinLoweringScalar.h - scalar math and atomics expansions -*- C++ -*-===//
//
// The KDSL_EXPAND functions of the scalar-math, extra-atomic and operator
// records of BuiltinTable.def (BuiltinLoweringScalar.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINLOWERINGSCALAR_H
#define KDSL_LIB_FRONTEND_BUILTINLOWERINGSCALAR_H

#include "BuiltinLowering.h"

namespace kdsl {

mlir::Value lowerErf(LowerCtx &c);
mlir::Value lowerErfc(LowerCtx &c);
mlir::Value lowerErfinv(LowerCtx &c);
mlir::Value lowerErfcinv(LowerCtx &c);
mlir::Value lowerNonzero(LowerCtx &c);
mlir::Value lowerAtomicExch(LowerCtx &c);
mlir::Value lowerAtomicCas(LowerCtx &c);
mlir::Value lowerAtomicAnd(LowerCtx &c);
mlir::Value lowerAtomicOr(LowerCtx &c);
mlir::Value lowerAtomicXor(LowerCtx &c);
/// wp.add, wp.neg, ...: the value of the operator expression the rule bound.
mlir::Value lowerOperator(LowerCtx &c);
/// wp.printf(format, args...) and print(value): kdsl.print ops.
mlir::Value lowerPrintf(LowerCtx &c);
mlir::Value lowerPrint(LowerCtx &c);

} // namespace kdsl

#endif
