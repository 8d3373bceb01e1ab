//===- BuiltinLoweringSpatial.h - transforms and spatial math ---*- C++ -*-===//
//
// The KDSL_EXPAND functions of the generic vector/matrix, transform and
// spatial builtins (BuiltinTable.def's Spatial block), and the pieces
// MLIRGen uses for a transform's `.p` / `.q` and `*`. Each builds upstream
// vector ops and kdsl ops (quat_rotate, quat_mul, cross, dot, matmul) so the
// autodiff differentiates the expansion.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINLOWERINGSPATIAL_H
#define KDSL_LIB_FRONTEND_BUILTINLOWERINGSPATIAL_H

#include "BuiltinLowering.h"

namespace kdsl {

mlir::Value lowerCompositeCtor(LowerCtx &c);
mlir::Value lowerTransformCtor(LowerCtx &c);
mlir::Value lowerSpatialVectorCtor(LowerCtx &c);
mlir::Value lowerTransformIdentity(LowerCtx &c);
mlir::Value lowerTransformGetTranslation(LowerCtx &c);
mlir::Value lowerTransformGetRotation(LowerCtx &c);
mlir::Value lowerTransformMultiply(LowerCtx &c);
mlir::Value lowerTransformPoint(LowerCtx &c);
mlir::Value lowerTransformVector(LowerCtx &c);
mlir::Value lowerTransformInverse(LowerCtx &c);
mlir::Value lowerSpatialDot(LowerCtx &c);
mlir::Value lowerSpatialCross(LowerCtx &c);
mlir::Value lowerSpatialCrossDual(LowerCtx &c);
mlir::Value lowerSpatialTop(LowerCtx &c);
mlir::Value lowerSpatialBottom(LowerCtx &c);
mlir::Value lowerSpatialAdjoint(LowerCtx &c);
mlir::Value lowerTransformTwist(LowerCtx &c);
mlir::Value lowerTransformWrench(LowerCtx &c);
mlir::Value lowerTransformToMatrix(LowerCtx &c);
mlir::Value lowerTransformCompose(LowerCtx &c);

/// a * b of two transforms (transform_multiply).
mlir::Value genTransformMultiply(mlir::OpBuilder &b, mlir::Location l, mlir::Value x,
                                 mlir::Value y);
/// xform.p (part 0, vec3) or xform.q (part 1, quat).
mlir::Value genTransformPart(mlir::OpBuilder &b, mlir::Location l, mlir::Value xform, int part);
/// xform with its .p (part 0) or .q (part 1) replaced by `value`.
mlir::Value genTransformWithPart(mlir::OpBuilder &b, mlir::Location l, mlir::Value xform, int part,
                                 mlir::Value value);

} // namespace kdsl

#endif
