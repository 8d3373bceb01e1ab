//===- BuiltinRuleFns.h - the records' own type rules -----------*- C++ -*-===//
//
// The rule functions that BuiltinTable.def's KDSL_RULE(fn) records name,
// one per record (or per group of records with one signature), private to
// lib/Frontend. BuiltinRules.cpp builds the per-record table of rule
// functions from the table: a record with a shared rule (FloatUnary, ...)
// gets that rule, a KDSL_RULE(fn) record gets rules::fn. No rule looks its
// builtin up in a switch.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINRULEFNS_H
#define KDSL_LIB_FRONTEND_BUILTINRULEFNS_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"

namespace kdsl {
class Sema;

/// Sema's type rule for one call of a builtin: the call's type, or null
/// after an error.
using BuiltinRuleFn = const Type *(*)(Sema & s, CallExpr *e, const BuiltinInfo &info);

namespace rules {
#define KDSL_DECLARE_RULE(fn) const Type *fn(Sema &s, CallExpr *e, const BuiltinInfo &info);
// Generic vectors and matrices, transforms, spatial math (SemaSpatial.cpp).
KDSL_DECLARE_RULE(vector)
KDSL_DECLARE_RULE(matrix)
KDSL_DECLARE_RULE(spatialMatrix)
KDSL_DECLARE_RULE(spatialMatrixF)
KDSL_DECLARE_RULE(spatialMatrixD)
KDSL_DECLARE_RULE(transformation)
KDSL_DECLARE_RULE(transformF)
KDSL_DECLARE_RULE(transformD)
KDSL_DECLARE_RULE(transformH)
KDSL_DECLARE_RULE(spatialVector)
KDSL_DECLARE_RULE(spatialVectorF)
KDSL_DECLARE_RULE(spatialVectorD)
KDSL_DECLARE_RULE(transformIdentity)
KDSL_DECLARE_RULE(transformGetTranslation)
KDSL_DECLARE_RULE(transformGetRotation)
KDSL_DECLARE_RULE(transformMultiply)
KDSL_DECLARE_RULE(transformPointOrVector)
KDSL_DECLARE_RULE(transformInverse)
KDSL_DECLARE_RULE(spatialDot)
KDSL_DECLARE_RULE(spatialCross)
KDSL_DECLARE_RULE(spatialHalf)
KDSL_DECLARE_RULE(spatialAdjoint)
KDSL_DECLARE_RULE(transformTwistOrWrench)
KDSL_DECLARE_RULE(transformToMatrix)
KDSL_DECLARE_RULE(transformCompose)
// Linear algebra, quaternions, geometry helpers (BuiltinRulesLinalg.cpp).
KDSL_DECLARE_RULE(ddot)
KDSL_DECLARE_RULE(argMinMax)
KDSL_DECLARE_RULE(skew)
KDSL_DECLARE_RULE(getDiag)
KDSL_DECLARE_RULE(inverseApprox)
KDSL_DECLARE_RULE(matrixFromRows)
KDSL_DECLARE_RULE(matrixFromCols)
KDSL_DECLARE_RULE(quatRpy)
KDSL_DECLARE_RULE(quatSlerp)
KDSL_DECLARE_RULE(quatFromMatrix)
KDSL_DECLARE_RULE(quatToAxisAngle)
KDSL_DECLARE_RULE(lowerBound)
KDSL_DECLARE_RULE(closestPointEdgeEdge)
KDSL_DECLARE_RULE(svd3)
KDSL_DECLARE_RULE(svd2)
KDSL_DECLARE_RULE(qr3)
KDSL_DECLARE_RULE(eig3)
KDSL_DECLARE_RULE(intersectTriTri)
// Operators and printing (BuiltinRulesScalar.cpp).
KDSL_DECLARE_RULE(operatorCall)
KDSL_DECLARE_RULE(print)
// The rest of Warp's core builtins (BuiltinRulesMisc.cpp).
KDSL_DECLARE_RULE(quaternion)
KDSL_DECLARE_RULE(transformSet)
KDSL_DECLARE_RULE(transformSetCopy)
KDSL_DECLARE_RULE(divApprox)
KDSL_DECLARE_RULE(cast)
KDSL_DECLARE_RULE(copy)
// Tiles (BuiltinRulesTile.cpp).
KDSL_DECLARE_RULE(tileLoad)
KDSL_DECLARE_RULE(tileStoreOrAdd)
KDSL_DECLARE_RULE(tileLoadIndexed)
KDSL_DECLARE_RULE(tileStoreOrAddIndexed)
KDSL_DECLARE_RULE(tileSplat)
KDSL_DECLARE_RULE(tileFull)
KDSL_DECLARE_RULE(tileArange)
KDSL_DECLARE_RULE(tileMatmul)
KDSL_DECLARE_RULE(tileSum)
KDSL_DECLARE_RULE(tileTranspose)
KDSL_DECLARE_RULE(tileBroadcast)
KDSL_DECLARE_RULE(tileExtract)
KDSL_DECLARE_RULE(tileMap)
KDSL_DECLARE_RULE(tileMinMax)
KDSL_DECLARE_RULE(tileReduce)
KDSL_DECLARE_RULE(tileView)
KDSL_DECLARE_RULE(tileAssign)
KDSL_DECLARE_RULE(tileScatter)
KDSL_DECLARE_RULE(tileRand)
KDSL_DECLARE_RULE(tileReshape)
KDSL_DECLARE_RULE(tileAstype)
KDSL_DECLARE_RULE(tileCholesky)
KDSL_DECLARE_RULE(tileSolve)
KDSL_DECLARE_RULE(tileDiagAdd)
KDSL_DECLARE_RULE(tileFft)
KDSL_DECLARE_RULE(tileFromLanes)
KDSL_DECLARE_RULE(untile)
KDSL_DECLARE_RULE(tileScan)
KDSL_DECLARE_RULE(tileSort)
KDSL_DECLARE_RULE(tileFromThread)
KDSL_DECLARE_RULE(tileDot)
KDSL_DECLARE_RULE(tileAxpy)
KDSL_DECLARE_RULE(tileStack)
KDSL_DECLARE_RULE(tileStackOp)
KDSL_DECLARE_RULE(noArguments)
KDSL_DECLARE_RULE(zeros)
KDSL_DECLARE_RULE(arrayFromPtr)
#undef KDSL_DECLARE_RULE
} // namespace rules
} // namespace kdsl

#endif
