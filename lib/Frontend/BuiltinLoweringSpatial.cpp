//===- BuiltinLoweringSpatial.cpp - transforms and spatial math -----------===//
//
// Lowerings of the generic vector/matrix constructors, the transform_* and
// the spatial_* builtins (types and rules: SemaSpatial.cpp). A transform is
// a vector<7xT>: p = elements 0..2, q = elements 3..6 ([x, y, z, w]); a
// spatial vector is a vector<6xT>: w (top) = 0..2, v (bottom) = 3..5.
// Formulas follow Warp's native/spatial.h.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLoweringSpatial.h"

using namespace kdsl;
using namespace mlir;

namespace {
/// The scalars of `v`: its elements when it is a 1-D vector, else itself.
void appendElements(OpBuilder &b, Location l, mlir::Value v, SmallVectorImpl<mlir::Value> &out) {
  auto vt = dyn_cast<VectorType>(v.getType());
  if (!vt) {
    out.push_back(v);
    return;
  }
  for (int64_t i = 0; i < vt.getNumElements(); ++i)
    out.push_back(vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{i}));
}

/// The 1-D vector of the scalars of `parts`, in order.
mlir::Value concat(OpBuilder &b, Location l, ArrayRef<mlir::Value> parts) {
  SmallVector<mlir::Value> elems;
  for (mlir::Value p : parts)
    appendElements(b, l, p, elems);
  auto vt = VectorType::get({(int64_t)elems.size()}, elems[0].getType());
  return vector::FromElementsOp::create(b, l, vt, elems);
}

/// Elements [offset, offset + n) of the 1-D vector `v`.
mlir::Value slice(OpBuilder &b, Location l, mlir::Value v, int64_t offset, int64_t n) {
  SmallVector<mlir::Value> elems;
  for (int64_t i = 0; i < n; ++i)
    elems.push_back(vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{offset + i}));
  auto vt = VectorType::get({n}, elems[0].getType());
  return vector::FromElementsOp::create(b, l, vt, elems);
}

mlir::Value constantOf(LowerCtx &c, mlir::Type et, double v) {
  return c.g.constant(c.b.getFloatAttr(et, v), c.l);
}

mlir::Value addF(LowerCtx &c, mlir::Value x, mlir::Value y) {
  return arith::AddFOp::create(c.b, c.l, x, y);
}
mlir::Value cross(LowerCtx &c, mlir::Value x, mlir::Value y) {
  return CrossOp::create(c.b, c.l, x, y);
}

/// The identity quaternion (0, 0, 0, 1) of element type `et`.
mlir::Value identityQuat(LowerCtx &c, mlir::Type et) {
  auto vt = VectorType::get({4}, et);
  SmallVector<Attribute> elems;
  for (int i = 0; i < 4; ++i)
    elems.push_back(c.b.getFloatAttr(et, i == 3 ? 1.0 : 0.0));
  return c.g.constant(DenseElementsAttr::get(vt, elems), c.l);
}

/// y = M * (v, w) for a 4x4 matrix M, then its first three elements (Warp's
/// transform_point (w = 1) and transform_vector (w = 0) on a mat44).
mlir::Value mat44Apply(LowerCtx &c, double w) {
  mlir::Type et = getElementTypeOrSelf(c.a[1].getType());
  mlir::Value v4 = concat(c.b, c.l, {c.a[1], constantOf(c, et, w)});
  mlir::Value y = MatMulOp::create(c.b, c.l, v4.getType(), c.a[0], v4);
  return slice(c.b, c.l, y, 0, 3);
}
} // namespace

mlir::Value kdsl::genTransformPart(OpBuilder &b, Location l, mlir::Value xform, int part) {
  return part == 0 ? slice(b, l, xform, 0, 3) : slice(b, l, xform, 3, 4);
}

mlir::Value kdsl::genTransformWithPart(OpBuilder &b, Location l, mlir::Value xform, int part,
                                       mlir::Value value) {
  if (part == 0)
    return concat(b, l, {value, genTransformPart(b, l, xform, 1)});
  return concat(b, l, {genTransformPart(b, l, xform, 0), value});
}

/// Warp: (quat_rotate(a.q, b.p) + a.p, a.q * b.q).
mlir::Value kdsl::genTransformMultiply(OpBuilder &b, Location l, mlir::Value x, mlir::Value y) {
  mlir::Value px = genTransformPart(b, l, x, 0), qx = genTransformPart(b, l, x, 1);
  mlir::Value py = genTransformPart(b, l, y, 0), qy = genTransformPart(b, l, y, 1);
  mlir::Value p = arith::AddFOp::create(b, l, QuatRotateOp::create(b, l, qx, py), px);
  mlir::Value q = QuatMulOp::create(b, l, qx, qy);
  return concat(b, l, {p, q});
}

/// wp.vector / wp.matrix / spatial_matrix: zero, copy (with element type
/// conversion), fill, or the elements in row-major order.
mlir::Value kdsl::lowerCompositeCtor(LowerCtx &c) {
  size_t n = c.a.size();
  if (n == 0)
    return c.g.zeroValue(c.t, c.l);
  const kdsl::Type *a0 = c.e->boundArgs[0]->type;
  if (n == 1 && a0->isVecLike())
    return c.g.convert(c.a[0], a0, c.t, c.l);
  if (n == 1)
    return c.g.splat(c.a[0], c.rty, c.l);
  return vector::FromElementsOp::create(c.b, c.l, c.rty, c.a);
}

/// (), (xform), (p) with the identity rotation, (p, q) or 7 scalars.
mlir::Value kdsl::lowerTransformCtor(LowerCtx &c) {
  size_t n = c.a.size();
  if (n == 0)
    return c.g.zeroValue(c.t, c.l);
  const kdsl::Type *a0 = c.e->boundArgs[0]->type;
  if (n == 1 && a0->isTransform())
    return c.g.convert(c.a[0], a0, c.t, c.l);
  if (n == 1)
    return concat(c.b, c.l, {c.a[0], identityQuat(c, getElementTypeOrSelf(c.rty))});
  return concat(c.b, c.l, c.a);
}

/// (), (w, v) or 6 scalars.
mlir::Value kdsl::lowerSpatialVectorCtor(LowerCtx &c) {
  if (c.a.empty())
    return c.g.zeroValue(c.t, c.l);
  return concat(c.b, c.l, c.a);
}

mlir::Value kdsl::lowerTransformIdentity(LowerCtx &c) {
  mlir::Type et = getElementTypeOrSelf(c.rty);
  mlir::Value zero = constantOf(c, et, 0.0);
  return concat(c.b, c.l, {zero, zero, zero, identityQuat(c, et)});
}

mlir::Value kdsl::lowerTransformGetTranslation(LowerCtx &c) {
  return genTransformPart(c.b, c.l, c.a[0], 0);
}
mlir::Value kdsl::lowerTransformGetRotation(LowerCtx &c) {
  return genTransformPart(c.b, c.l, c.a[0], 1);
}
mlir::Value kdsl::lowerTransformMultiply(LowerCtx &c) {
  return genTransformMultiply(c.b, c.l, c.a[0], c.a[1]);
}

/// Warp: p + quat_rotate(q, x); on a mat44: (M * (x, 1)).xyz.
mlir::Value kdsl::lowerTransformPoint(LowerCtx &c) {
  if (!c.t0->isTransform())
    return mat44Apply(c, 1.0);
  mlir::Value q = genTransformPart(c.b, c.l, c.a[0], 1);
  return addF(c, genTransformPart(c.b, c.l, c.a[0], 0), QuatRotateOp::create(c.b, c.l, q, c.a[1]));
}

/// Warp: quat_rotate(q, x); on a mat44: (M * (x, 0)).xyz.
mlir::Value kdsl::lowerTransformVector(LowerCtx &c) {
  if (!c.t0->isTransform())
    return mat44Apply(c, 0.0);
  return QuatRotateOp::create(c.b, c.l, genTransformPart(c.b, c.l, c.a[0], 1), c.a[1]);
}

/// Warp: q' = quat_inverse(q); (-quat_rotate(q', p), q').
mlir::Value kdsl::lowerTransformInverse(LowerCtx &c) {
  mlir::Value qInv = QuatInverseOp::create(c.b, c.l, genTransformPart(c.b, c.l, c.a[0], 1));
  mlir::Value p = QuatRotateOp::create(c.b, c.l, qInv, genTransformPart(c.b, c.l, c.a[0], 0));
  return concat(c.b, c.l, {arith::NegFOp::create(c.b, c.l, p), qInv});
}

mlir::Value kdsl::lowerSpatialDot(LowerCtx &c) {
  return DotOp::create(c.b, c.l, TypeRange{c.rty}, ValueRange(c.a), ArrayRef<NamedAttribute>{});
}

/// Warp: w = wa x wb; v = va x wb + wa x vb.
mlir::Value kdsl::lowerSpatialCross(LowerCtx &c) {
  mlir::Value wa = slice(c.b, c.l, c.a[0], 0, 3), va = slice(c.b, c.l, c.a[0], 3, 3);
  mlir::Value wb = slice(c.b, c.l, c.a[1], 0, 3), vb = slice(c.b, c.l, c.a[1], 3, 3);
  return concat(c.b, c.l, {cross(c, wa, wb), addF(c, cross(c, va, wb), cross(c, wa, vb))});
}

/// Warp: w = wa x wb + va x vb; v = wa x vb.
mlir::Value kdsl::lowerSpatialCrossDual(LowerCtx &c) {
  mlir::Value wa = slice(c.b, c.l, c.a[0], 0, 3), va = slice(c.b, c.l, c.a[0], 3, 3);
  mlir::Value wb = slice(c.b, c.l, c.a[1], 0, 3), vb = slice(c.b, c.l, c.a[1], 3, 3);
  return concat(c.b, c.l, {addF(c, cross(c, wa, wb), cross(c, va, vb)), cross(c, wa, vb)});
}

mlir::Value kdsl::lowerSpatialTop(LowerCtx &c) { return slice(c.b, c.l, c.a[0], 0, 3); }
mlir::Value kdsl::lowerSpatialBottom(LowerCtx &c) { return slice(c.b, c.l, c.a[0], 3, 3); }

/// Warp: the 6x6 [[R, 0], [S, R]].
mlir::Value kdsl::lowerSpatialAdjoint(LowerCtx &c) {
  mlir::Value zero = constantOf(c, getElementTypeOrSelf(c.rty), 0.0);
  SmallVector<mlir::Value> elems;
  for (int64_t i = 0; i < 6; ++i)
    for (int64_t j = 0; j < 6; ++j) {
      bool lower = i >= 3, right = j >= 3;
      if (!lower && right) {
        elems.push_back(zero);
        continue;
      }
      mlir::Value m = lower && !right ? c.a[1] : c.a[0];
      elems.push_back(vector::ExtractOp::create(c.b, c.l, m, ArrayRef<int64_t>{i % 3, j % 3}));
    }
  return vector::FromElementsOp::create(c.b, c.l, c.rty, elems);
}

//===----------------------------------------------------------------------===//
// Warp's transform helpers of warp/_src/math.py (@wp.func there)
//===----------------------------------------------------------------------===//

namespace {
/// transform_twist (twist = true) and transform_wrench of spatial vector x
/// by t = (p, q): the part `a` that only rotates, then b' = rot(q, b) +
/// p x a' (twist: a = w (top), b = v; wrench: a = f (bottom), b = tau).
mlir::Value transformScrew(LowerCtx &c, bool twist) {
  mlir::Value p = genTransformPart(c.b, c.l, c.a[0], 0), q = genTransformPart(c.b, c.l, c.a[0], 1);
  mlir::Value top = slice(c.b, c.l, c.a[1], 0, 3), bottom = slice(c.b, c.l, c.a[1], 3, 3);
  mlir::Value a = QuatRotateOp::create(c.b, c.l, q, twist ? top : bottom);
  mlir::Value bRot = QuatRotateOp::create(c.b, c.l, q, twist ? bottom : top);
  mlir::Value bNew = addF(c, bRot, cross(c, p, a));
  return twist ? concat(c.b, c.l, {a, bNew}) : concat(c.b, c.l, {bNew, a});
}

/// The 4x4 [[R * diag(scale), pos], [0, 0, 0, 1]] with R = quat_to_matrix(q).
mlir::Value composeMatrix(LowerCtx &c, mlir::Value pos, mlir::Value q, mlir::Value scale) {
  auto mt = cast<VectorType>(c.rty);
  mlir::Type et = mt.getElementType();
  mlir::Value rot = QuatToMatrixOp::create(c.b, c.l, TypeRange{VectorType::get({3, 3}, et)},
                                           ValueRange{q}, ArrayRef<NamedAttribute>{});
  mlir::Value zero = constantOf(c, et, 0.0), one = constantOf(c, et, 1.0);
  SmallVector<mlir::Value> elems;
  for (int64_t i = 0; i < 3; ++i) {
    for (int64_t j = 0; j < 3; ++j) {
      mlir::Value r = vector::ExtractOp::create(c.b, c.l, rot, ArrayRef<int64_t>{i, j});
      if (scale)
        r = arith::MulFOp::create(
            c.b, c.l, vector::ExtractOp::create(c.b, c.l, scale, ArrayRef<int64_t>{j}), r);
      elems.push_back(r);
    }
    elems.push_back(vector::ExtractOp::create(c.b, c.l, pos, ArrayRef<int64_t>{i}));
  }
  elems.append({zero, zero, zero, one});
  return vector::FromElementsOp::create(c.b, c.l, mt, elems);
}
} // namespace

mlir::Value kdsl::lowerTransformTwist(LowerCtx &c) { return transformScrew(c, true); }
mlir::Value kdsl::lowerTransformWrench(LowerCtx &c) { return transformScrew(c, false); }

mlir::Value kdsl::lowerTransformToMatrix(LowerCtx &c) {
  return composeMatrix(c, genTransformPart(c.b, c.l, c.a[0], 0),
                       genTransformPart(c.b, c.l, c.a[0], 1), {});
}

mlir::Value kdsl::lowerTransformCompose(LowerCtx &c) {
  return composeMatrix(c, c.a[0], c.a[1], c.a[2]);
}
