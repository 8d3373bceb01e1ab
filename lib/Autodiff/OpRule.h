//===- OpRule.h - a rule function as an autodiff external model -*- C++ -*-===//
//
// KdslRules.cpp and TileRules.cpp attach each op's derivative rule, a
// function `LogicalResult fn(Op, AdjointBuilder &)`, to the op as an
// external model of AutodiffOpInterface:
//
//   LoadOp::attachInterface<OpRule<LoadOp, loadRule>>(*ctx);
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_AUTODIFF_OPRULE_H
#define KDSL_LIB_AUTODIFF_OPRULE_H

#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Autodiff/Autodiff.h"

namespace kdsl {

template <typename Op, mlir::LogicalResult (*Fn)(Op, AdjointBuilder &)>
struct OpRule : AutodiffOpInterface::ExternalModel<OpRule<Op, Fn>, Op> {
  mlir::LogicalResult buildAdjoint(mlir::Operation *op, AdjointBuilder &ab) const {
    return Fn(llvm::cast<Op>(op), ab);
  }
};

} // namespace kdsl

#endif
