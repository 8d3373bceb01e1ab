//===- BuiltinsLinalg.h - linear algebra, quaternion, geometry builtins -*- C++ -*-===//
//
// The builtins of BuiltinTable.def's "linear algebra, quaternions and
// geometry helpers" block: matrix_from_rows/cols,
// get_diag, skew, argmin/argmax, ddot, inverse_approx, quat_rpy, quat_slerp,
// quat_from_matrix, quat_to_axis_angle, lower_bound,
// closest_point_edge_edge, intersect_tri_tri, svd3, svd2, qr3, eig3. Their type rules are in
// BuiltinRulesLinalg.cpp, their expansions in BuiltinLoweringLinalg.cpp and (the decompositions)
// BuiltinLoweringDecomp.cpp, intersect_tri_tri in BuiltinLoweringGeometry.cpp.
//
// Some of them have Warp's "output argument" form, `wp.quat_to_axis_angle(q,
// axis, angle)`, `wp.svd3(A, U, sigma, V)`: the call writes its results into the local variables
// passed after the inputs (as Warp passes them by reference to the native function).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINSLINALG_H
#define KDSL_LIB_FRONTEND_BUILTINSLINALG_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "mlir/IR/Value.h"
#include "llvm/ADT/SmallVector.h"

namespace kdsl {
class Sema;
class MLIRGen;
struct LowerCtx;

/// The output arguments of a call in Warp's output-argument form (the
/// locals it assigns: a call of a KDSL_EXPAND_MULTI record whose type is
/// void), empty for every other call (BuiltinLowering.cpp).
llvm::ArrayRef<Expr *> linalgOutputArgs(const CallExpr *e);

/// The results of a call of a KDSL_EXPAND_MULTI record whose type is a
/// tuple (`axis, angle = wp.quat_to_axis_angle(q)`), one value per element;
/// empty when the builtin has no such lowering (BuiltinLowering.cpp).
llvm::SmallVector<mlir::Value> genBuiltinMulti(MLIRGen &g, const CallExpr *e);

// The records' expansions (KDSL_EXPAND, BuiltinLoweringLinalg.cpp).
mlir::Value lowerDdot(LowerCtx &c);
mlir::Value lowerArgmin(LowerCtx &c);
mlir::Value lowerArgmax(LowerCtx &c);
mlir::Value lowerSkew(LowerCtx &c);
mlir::Value lowerGetDiag(LowerCtx &c);
mlir::Value lowerMatrixFromRows(LowerCtx &c);
mlir::Value lowerMatrixFromCols(LowerCtx &c);
mlir::Value lowerQuatRpy(LowerCtx &c);
mlir::Value lowerQuatSlerp(LowerCtx &c);
mlir::Value lowerQuatFromMatrix(LowerCtx &c);
mlir::Value lowerLowerBound(LowerCtx &c);
mlir::Value lowerClosestPointEdgeEdge(LowerCtx &c);
/// intersect_tri_tri (BuiltinLoweringGeometry.cpp): int32 1 or 0.
mlir::Value lowerIntersectTriTri(LowerCtx &c);

// Several results (KDSL_EXPAND_MULTI): quat_to_axis_angle (axis, angle)
// (BuiltinLoweringLinalg.cpp); svd3, svd2, qr3, eig3 in Warp's order
// ((U, sigma, V), (Q, R), (Q, d)) (BuiltinLoweringDecomp.cpp).
llvm::SmallVector<mlir::Value> lowerQuatToAxisAngle(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerSvd3(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerSvd2(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerQr3(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerEig3(LowerCtx &c);
} // namespace kdsl

#endif
