//===- BuiltinLoweringLinalg.cpp - linear algebra, quaternion, geometry ---===//
//
// The expansions of the builtins of BuiltinsLinalg.h, written with scalar
// arith/math ops on vector.extract / vector.from_elements and the kdsl
// quaternion ops, so that their derivatives are those of the expansion (the
// table's derivative column says Expansion). They follow Warp 1.16's native
// functions (mat.h, vec.h, quat.h, array.h, intersect.h); where Warp has a
// hand-written adjoint the difference is noted at the function.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinsLinalg.h"

#include <array>

using namespace kdsl;
using namespace mlir;

namespace {
/// Scalar arithmetic at one location, for the expansions below.
struct Ops {
  LowerCtx &c;
  OpBuilder &b;
  Location l;
  explicit Ops(LowerCtx &c) : c(c), b(c.b), l(c.l) {}

  Value at(Value v, int64_t i) { return vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{i}); }
  Value at(Value v, int64_t i, int64_t j) {
    return vector::ExtractOp::create(b, l, v, ArrayRef<int64_t>{i, j});
  }
  Value elems(mlir::Type t, ArrayRef<Value> xs) {
    return vector::FromElementsOp::create(b, l, t, xs);
  }
  Value cst(mlir::Type t, double v) {
    if (isa<FloatType>(t))
      return c.g.constant(b.getFloatAttr(t, v), l);
    return c.g.constant(b.getIntegerAttr(t, (int64_t)v), l);
  }
  Value cstLike(Value x, double v) { return cst(x.getType(), v); }
  bool isF(Value x) { return isa<FloatType>(getElementTypeOrSelf(x.getType())); }
  Value add(Value x, Value y) {
    return isF(x) ? (Value)arith::AddFOp::create(b, l, x, y) : arith::AddIOp::create(b, l, x, y);
  }
  Value sub(Value x, Value y) {
    return isF(x) ? (Value)arith::SubFOp::create(b, l, x, y) : arith::SubIOp::create(b, l, x, y);
  }
  Value mul(Value x, Value y) {
    return isF(x) ? (Value)arith::MulFOp::create(b, l, x, y) : arith::MulIOp::create(b, l, x, y);
  }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, l, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, l, x); }
  Value cmp(arith::CmpFPredicate p, Value x, Value y) {
    return arith::CmpFOp::create(b, l, p, x, y);
  }
  Value sel(Value cond, Value x, Value y) { return arith::SelectOp::create(b, l, cond, x, y); }
  Value clamp01(Value x) {
    Value lo = arith::MaxNumFOp::create(b, l, x, cstLike(x, 0.0));
    return arith::MinNumFOp::create(b, l, lo, cstLike(x, 1.0));
  }
  /// x / y where y may be 0 in a branch a select discards: divides by 1
  /// there instead, so the discarded branch's adjoint is 0, not NaN.
  Value safeDiv(Value x, Value y, Value ok) { return div(x, sel(ok, y, cstLike(y, 1.0))); }
  Value dot3(Value x, Value y) { return DotOp::create(b, l, x, y); }
};

} // namespace

/// ddot(a, b) = sum a[i][j] * b[i][j] (Warp's order: row by row).
Value kdsl::lowerDdot(LowerCtx &c) {
  Ops o(c);
  auto vt = cast<VectorType>(c.a[0].getType());
  Value sum;
  for (int64_t i = 0; i < vt.getDimSize(0); ++i)
    for (int64_t j = 0; j < vt.getDimSize(1); ++j) {
      Value p = o.mul(o.at(c.a[0], i, j), o.at(c.a[1], i, j));
      sum = sum ? o.add(sum, p) : p;
    }
  return sum;
}

/// argmin / argmax: the first extreme element's index, skipping NaNs (all
/// NaN: 0), as Warp's vec.h.
static Value lowerArgExtreme(LowerCtx &c, bool isMax) {
  Ops o(c);
  Value v = c.a[0];
  auto vt = cast<VectorType>(v.getType());
  bool fl = o.isF(v), sgn = isSigned(c.t0->scalar);
  Value best = o.at(v, 0);
  Value idx = o.cst(c.rty, 0);
  for (int64_t i = 1; i < vt.getNumElements(); ++i) {
    Value x = o.at(v, i);
    Value take;
    if (fl) {
      // x is not NaN and (best is NaN or x beats best): ULT/UGT are true
      // when best is NaN, ORD rejects a NaN x.
      Value beats = o.cmp(isMax ? arith::CmpFPredicate::UGT : arith::CmpFPredicate::ULT, x, best);
      take = arith::AndIOp::create(c.b, c.l, o.cmp(arith::CmpFPredicate::ORD, x, x), beats);
    } else {
      using P = arith::CmpIPredicate;
      P p = isMax ? (sgn ? P::sgt : P::ugt) : (sgn ? P::slt : P::ult);
      take = arith::CmpIOp::create(c.b, c.l, p, x, best);
    }
    best = o.sel(take, x, best);
    idx = o.sel(take, o.cst(c.rty, (double)i), idx);
  }
  return idx;
}

/// skew(v) = [[0, -z, y], [z, 0, -x], [-y, x, 0]].
Value kdsl::lowerSkew(LowerCtx &c) {
  Ops o(c);
  Value x = o.at(c.a[0], 0), y = o.at(c.a[0], 1), z = o.at(c.a[0], 2);
  Value zero = o.cstLike(x, 0.0);
  auto negate = [&](Value v) { return o.isF(v) ? o.neg(v) : o.sub(zero, v); };
  return o.elems(c.rty, {zero, negate(z), y, z, zero, negate(x), negate(y), x, zero});
}

Value kdsl::lowerGetDiag(LowerCtx &c) {
  Ops o(c);
  SmallVector<Value> d;
  for (int64_t i = 0; i < c.t0->rows; ++i)
    d.push_back(o.at(c.a[0], i, i));
  return o.elems(c.rty, d);
}

/// matrix_from_rows: each argument a row; matrix_from_cols: a column.
static Value lowerMatrixFromVecs(LowerCtx &c, bool cols) {
  Ops o(c);
  SmallVector<Value> elems;
  for (int64_t i = 0; i < c.t->rows; ++i)
    for (int64_t j = 0; j < c.t->cols; ++j)
      elems.push_back(cols ? o.at(c.a[j], i) : o.at(c.a[i], j));
  return o.elems(c.rty, elems);
}

/// Warp's quat_rpy (roll about z... in Warp's naming): half angles, then
/// the product of the three rotations written out.
Value kdsl::lowerQuatRpy(LowerCtx &c) {
  Ops o(c);
  auto half = [&](Value v) { return o.mul(v, o.cstLike(v, 0.5)); };
  auto cosH = [&](Value v) { return (Value)math::CosOp::create(c.b, c.l, half(v)); };
  auto sinH = [&](Value v) { return (Value)math::SinOp::create(c.b, c.l, half(v)); };
  Value cy = cosH(c.a[2]), sy = sinH(c.a[2]);
  Value cr = cosH(c.a[0]), sr = sinH(c.a[0]);
  Value cp = cosH(c.a[1]), sp = sinH(c.a[1]);
  auto m3 = [&](Value a, Value b2, Value d) { return o.mul(o.mul(a, b2), d); };
  Value w = o.add(m3(cy, cr, cp), m3(sy, sr, sp));
  Value x = o.sub(m3(cy, sr, cp), m3(sy, cr, sp));
  Value y = o.add(m3(cy, cr, sp), m3(sy, sr, cp));
  Value z = o.sub(m3(sy, cr, cp), m3(cy, sr, sp));
  return o.elems(c.rty, {x, y, z, w});
}

/// Warp: axis = normalize(q.xyz), negated when q.w < 0;
/// angle = 2 atan2(|q.xyz|, |q.w|).
static std::pair<Value, Value> quatToAxisAngle(Ops &o, Value q) {
  Value x = o.at(q, 0), y = o.at(q, 1), z = o.at(q, 2), w = o.at(q, 3);
  auto v3 = VectorType::get({3}, x.getType());
  Value v = o.elems(v3, {x, y, z});
  Value n = NormalizeOp::create(o.b, o.l, v);
  Value negW = o.cmp(arith::CmpFPredicate::OLT, w, o.cstLike(w, 0.0));
  Value axis = o.sel(negW, arith::NegFOp::create(o.b, o.l, n), n);
  Value len = LengthOp::create(o.b, o.l, v);
  Value angle = math::Atan2Op::create(o.b, o.l, len, math::AbsFOp::create(o.b, o.l, w));
  return {axis, o.mul(o.cstLike(w, 2.0), angle)};
}

/// Warp: q0 * quat_from_axis_angle(axis, t * angle) where (axis, angle) is
/// the rotation of inverse(q0) * q1. Warp's hand-written adjoint
/// differentiates the same formula.
Value kdsl::lowerQuatSlerp(LowerCtx &c) {
  Ops o(c);
  Value rel = QuatMulOp::create(c.b, c.l, QuatInverseOp::create(c.b, c.l, c.a[0]), c.a[1]);
  auto [axis, angle] = quatToAxisAngle(o, rel);
  Value step = QuatFromAxisAngleOp::create(c.b, c.l, c.rty, axis, o.mul(c.a[2], angle));
  return QuatMulOp::create(c.b, c.l, c.a[0], step);
}

/// Warp's quat_from_matrix: Shepperd's method on the upper-left 3x3 block
/// (the trace branch, else the largest diagonal element's), normalized.
/// All four candidates are computed and the branch chosen by selects, with
/// their square roots guarded so a discarded branch is never NaN.
Value kdsl::lowerQuatFromMatrix(LowerCtx &c) {
  Ops o(c);
  Value m = c.a[0];
  auto e = [&](int64_t i, int64_t j) { return o.at(m, i, j); };
  Value zero = o.cstLike(e(0, 0), 0.0), one = o.cstLike(zero, 1.0), halfC = o.cstLike(zero, 0.5);
  using P = arith::CmpFPredicate;
  // One candidate: h = sqrt(max(d + 1, tiny)); the big component is h / 2,
  // the others (sums or differences of off-diagonal pairs) times 0.5 / h.
  auto candidate = [&](Value d, int big, std::array<std::pair<Value, int>, 3> rest) {
    Value arg = o.add(d, one);
    Value ok = o.cmp(P::OGT, arg, zero);
    Value h = math::SqrtOp::create(c.b, c.l, o.sel(ok, arg, one));
    Value inv = o.div(halfC, h);
    SmallVector<Value> q(4);
    q[big] = o.mul(halfC, h);
    for (auto &[v, k] : rest)
      q[k] = o.mul(v, inv);
    return o.elems(c.rty, q);
  };
  Value tr = o.add(o.add(e(0, 0), e(1, 1)), e(2, 2));
  Value qT = candidate(
      tr, 3,
      {{{o.sub(e(2, 1), e(1, 2)), 0}, {o.sub(e(0, 2), e(2, 0)), 1}, {o.sub(e(1, 0), e(0, 1)), 2}}});
  Value q0 = candidate(
      o.sub(e(0, 0), o.add(e(1, 1), e(2, 2))), 0,
      {{{o.add(e(0, 1), e(1, 0)), 1}, {o.add(e(2, 0), e(0, 2)), 2}, {o.sub(e(2, 1), e(1, 2)), 3}}});
  Value q1 = candidate(
      o.sub(e(1, 1), o.add(e(2, 2), e(0, 0))), 1,
      {{{o.add(e(1, 2), e(2, 1)), 2}, {o.add(e(0, 1), e(1, 0)), 0}, {o.sub(e(0, 2), e(2, 0)), 3}}});
  Value q2 = candidate(
      o.sub(e(2, 2), o.add(e(0, 0), e(1, 1))), 2,
      {{{o.add(e(2, 0), e(0, 2)), 0}, {o.add(e(1, 2), e(2, 1)), 1}, {o.sub(e(1, 0), e(0, 1)), 3}}});
  // max_diag: 1 if m11 > m00; then 2 if m22 > m[max][max].
  Value d1 = o.cmp(P::OGT, e(1, 1), e(0, 0));
  Value dMax = o.sel(d1, e(1, 1), e(0, 0));
  Value d2 = o.cmp(P::OGT, e(2, 2), dMax);
  Value diag = o.sel(d2, q2, o.sel(d1, q1, q0));
  Value q = o.sel(o.cmp(P::OGE, tr, zero), qT, diag);
  return NormalizeOp::create(c.b, c.l, q);
}

/// Warp's lower_bound: binary search of [begin, end) (the whole array by
/// default) for the first element >= value; returns end - 1 when there is
/// none (Warp's search narrows to the last element and stops there).
Value kdsl::lowerLowerBound(LowerCtx &c) {
  Ops o(c);
  OpBuilder &b = c.b;
  Location l = c.l;
  Value arr = c.a[0], value = c.a.back();
  mlir::Type i32 = b.getI32Type();
  Value begin = c.a.size() == 4 ? c.a[1] : o.cst(i32, 0);
  Value end = c.a.size() == 4 ? c.a[2] : (Value)ShapeOp::create(b, l, arr, 0);
  Value upper = arith::SubIOp::create(b, l, end, o.cst(i32, 1));
  bool fl = isFloat(c.t0->dtype->scalar), sgn = isSigned(c.t0->dtype->scalar);
  auto loop = scf::WhileOp::create(
      b, l, TypeRange{i32, i32}, ValueRange{begin, upper},
      [&](OpBuilder &bb, Location ll, ValueRange args) {
        Value more = arith::CmpIOp::create(bb, ll, arith::CmpIPredicate::slt, args[0], args[1]);
        scf::ConditionOp::create(bb, ll, more, args);
      },
      [&](OpBuilder &bb, Location ll, ValueRange args) {
        Value lo = args[0], hi = args[1];
        Value two = arith::ConstantOp::create(bb, ll, bb.getI32IntegerAttr(2));
        Value half = arith::DivSIOp::create(bb, ll, arith::SubIOp::create(bb, ll, hi, lo), two);
        Value mid = arith::AddIOp::create(bb, ll, lo, half);
        Value x = LoadOp::create(bb, ll, value.getType(), arr, ValueRange{mid});
        Value less =
            fl ? (Value)arith::CmpFOp::create(bb, ll, arith::CmpFPredicate::OLT, x, value)
               : arith::CmpIOp::create(
                     bb, ll, sgn ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult, x, value);
        Value one = arith::ConstantOp::create(bb, ll, bb.getI32IntegerAttr(1));
        Value newLo =
            arith::SelectOp::create(bb, ll, less, arith::AddIOp::create(bb, ll, mid, one), lo);
        Value newHi = arith::SelectOp::create(bb, ll, less, hi, mid);
        scf::YieldOp::create(bb, ll, ValueRange{newLo, newHi});
      });
  return loop.getResult(0);
}

/// Warp's closest_point_edge_edge: vec3(s, t, distance) of the closest
/// points p1 + s (q1 - p1) and p2 + t (q2 - p2), branch-free with selects.
/// Warp's denominator a e - b b uses an fma-compensated difference and its
/// hand-written adjoint damps nearly parallel edges; here the denominator
/// is the plain difference and the adjoint is the expansion's.
Value kdsl::lowerClosestPointEdgeEdge(LowerCtx &c) {
  Ops o(c);
  using P = arith::CmpFPredicate;
  Value p1 = c.a[0], q1 = c.a[1], p2 = c.a[2], q2 = c.a[3], eps = c.a[4];
  auto vsub = [&](Value x, Value y) { return (Value)arith::SubFOp::create(c.b, c.l, x, y); };
  Value d1 = vsub(q1, p1), d2 = vsub(q2, p2), r = vsub(p1, p2);
  Value a = o.dot3(d1, d1), e = o.dot3(d2, d2), f = o.dot3(d2, r);
  Value zero = o.cstLike(a, 0.0), one = o.cstLike(a, 1.0);
  Value degen1 = o.cmp(P::OLE, a, eps), degen2 = o.cmp(P::OLE, e, eps);
  Value aOk = o.cmp(P::OGT, a, zero), eOk = o.cmp(P::OGT, e, zero);
  Value cc = o.dot3(d1, r), bb = o.dot3(d1, d2);
  // General case.
  Value denom = o.sub(o.mul(a, e), o.mul(bb, bb));
  Value denomPos = o.cmp(P::OGT, denom, zero);
  Value num = o.sub(o.mul(bb, f), o.mul(cc, e));
  Value sInit = o.sel(denomPos, o.clamp01(o.safeDiv(num, denom, denomPos)), zero);
  Value tInit = o.safeDiv(o.add(o.mul(bb, sInit), f), e, eOk);
  Value tLow = o.cmp(P::OLT, tInit, zero), tHigh = o.cmp(P::OGT, tInit, one);
  Value sT0 = o.clamp01(o.safeDiv(o.neg(cc), a, aOk));
  Value sT1 = o.clamp01(o.safeDiv(o.sub(bb, cc), a, aOk));
  Value sGen = o.sel(tLow, sT0, o.sel(tHigh, sT1, sInit));
  Value tGen = o.sel(tLow, zero, o.sel(tHigh, one, tInit));
  // Degenerate edges: edge 1 a point (s = 0), edge 2 a point (t = 0).
  Value tDeg1 = o.clamp01(o.safeDiv(f, e, eOk));
  Value both = arith::AndIOp::create(c.b, c.l, degen1, degen2);
  Value s = o.sel(degen1, zero, o.sel(degen2, sT0, sGen));
  Value t = o.sel(both, zero, o.sel(degen1, tDeg1, o.sel(degen2, zero, tGen)));
  auto vt = cast<VectorType>(c.rty);
  Value c1 = arith::AddFOp::create(c.b, c.l, p1,
                                   arith::MulFOp::create(c.b, c.l, c.g.splat(s, vt, c.l), d1));
  Value c2 = arith::AddFOp::create(c.b, c.l, p2,
                                   arith::MulFOp::create(c.b, c.l, c.g.splat(t, vt, c.l), d2));
  Value dist = LengthOp::create(c.b, c.l, vsub(c2, c1));
  return o.elems(vt, {s, t, dist});
}

Value kdsl::lowerArgmin(LowerCtx &c) { return lowerArgExtreme(c, false); }
Value kdsl::lowerArgmax(LowerCtx &c) { return lowerArgExtreme(c, true); }
Value kdsl::lowerMatrixFromRows(LowerCtx &c) { return lowerMatrixFromVecs(c, false); }
Value kdsl::lowerMatrixFromCols(LowerCtx &c) { return lowerMatrixFromVecs(c, true); }

SmallVector<Value> kdsl::lowerQuatToAxisAngle(LowerCtx &c) {
  Ops o(c);
  auto [axis, angle] = quatToAxisAngle(o, c.a[0]);
  return {axis, angle};
}
