//===- BuiltinsLinalg.h - linear algebra, quaternion, geometry builtins -*- C++ -*-===//
//
// The builtins of BuiltinTable.def's "linear algebra, quaternions and
// geometry helpers" block (rule BuiltinRule::Linalg): matrix_from_rows/cols,
// get_diag, skew, argmin/argmax, ddot, inverse_approx, quat_rpy, quat_slerp,
// quat_from_matrix, quat_to_axis_angle, lower_bound,
// closest_point_edge_edge, intersect_tri_tri, svd3, svd2, qr3, eig3. Their type rules are in BuiltinRulesLinalg.cpp,
// their expansions in BuiltinLoweringLinalg.cpp and (the decompositions)
// BuiltinLoweringDecomp.cpp, intersect_tri_tri in BuiltinLoweringGeometry.cpp.
//
// Some of them have Warp's "output argument" form, `wp.quat_to_axis_angle(q,
// axis, angle)`, `wp.svd3(A, U, sigma, V)`: the call writes its results into the local variables passed
// after the inputs (as Warp passes them by reference to the native function).
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

/// Sema's rule for every builtin of the block (BuiltinRule::Linalg).
const Type *checkLinalgBuiltin(Sema &s, CallExpr *e, const BuiltinInfo &info);

/// The output arguments of a call in Warp's output-argument form (the
/// locals it assigns), empty for every other call.
llvm::ArrayRef<Expr *> linalgOutputArgs(const CallExpr *e);

/// The expansion of every builtin of the block (KDSL_EXPAND(lowerLinalg)).
mlir::Value lowerLinalg(LowerCtx &c);

/// The results of a call of a builtin of the block whose type is a tuple
/// (`axis, angle = wp.quat_to_axis_angle(q)`), one value per element.
llvm::SmallVector<mlir::Value> genLinalgMulti(MLIRGen &g, const CallExpr *e);

/// svd3, svd2, qr3, eig3 (BuiltinLoweringDecomp.cpp): their results, in
/// Warp's order ((U, sigma, V), (Q, R), (Q, d)).
llvm::SmallVector<mlir::Value> lowerDecomposition(LowerCtx &c);

/// intersect_tri_tri (BuiltinLoweringGeometry.cpp): int32 1 or 0.
mlir::Value lowerIntersectTriTri(LowerCtx &c);
} // namespace kdsl

#endif
