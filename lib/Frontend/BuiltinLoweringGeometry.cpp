//===- BuiltinLoweringGeometry.cpp - wp.intersect_tri_tri ------------------===//
//
// Möller's triangle/triangle test without divisions, as Warp 1.16 runs it
// (warp/native/intersect_tri.h, NoDivTriTriIsect): the signed distances of
// each triangle's vertices to the other's plane (zeroed below 1e-6), an early
// "no" when a triangle is on one side, the intervals of both triangles on
// the intersection line compared, and for coplanar triangles the 2-D test
// (edges against edges, then a vertex of each inside the other). Every early
// return becomes a select; the result is int 1 or 0 and has no derivative.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinsLinalg.h"

#include <array>

using namespace kdsl;
using namespace mlir;

namespace {
using V3 = std::array<Value, 3>;
using P = arith::CmpFPredicate;

struct G {
  LowerCtx &c;
  FloatType ft;
  Value k(double v) { return c.g.constant(c.b.getFloatAttr(ft, v), c.l); }
  Value add(Value x, Value y) { return arith::AddFOp::create(c.b, c.l, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(c.b, c.l, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(c.b, c.l, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(c.b, c.l, x); }
  Value abs(Value x) { return math::AbsFOp::create(c.b, c.l, x); }
  Value cmp(P p, Value x, Value y) { return arith::CmpFOp::create(c.b, c.l, p, x, y); }
  Value pos(Value x) { return cmp(P::OGT, x, k(0.0)); }
  Value nonzero(Value x) { return cmp(P::UNE, x, k(0.0)); }
  Value sel(Value p, Value x, Value y) { return arith::SelectOp::create(c.b, c.l, p, x, y); }
  Value andB(Value x, Value y) { return arith::AndIOp::create(c.b, c.l, x, y); }
  Value orB(Value x, Value y) { return arith::OrIOp::create(c.b, c.l, x, y); }
  Value notB(Value x) { return c.g.notValue(x, c.l); }
  Value all(std::initializer_list<Value> xs) {
    Value r;
    for (Value x : xs)
      r = r ? andB(r, x) : x;
    return r;
  }

  V3 load(Value v) {
    V3 r;
    for (int64_t i = 0; i < 3; ++i)
      r[i] = vector::ExtractOp::create(c.b, c.l, v, ArrayRef<int64_t>{i});
    return r;
  }
  V3 vsub(const V3 &a, const V3 &b) { return {sub(a[0], b[0]), sub(a[1], b[1]), sub(a[2], b[2])}; }
  Value dot(const V3 &a, const V3 &b) {
    return add(add(mul(a[0], b[0]), mul(a[1], b[1])), mul(a[2], b[2]));
  }
  V3 cross(const V3 &a, const V3 &b) {
    return {sub(mul(a[1], b[2]), mul(a[2], b[1])), sub(mul(a[2], b[0]), mul(a[0], b[2])),
            sub(mul(a[0], b[1]), mul(a[1], b[0]))};
  }
};

/// Signed distances of u0, u1, u2 to the plane of (v0, v1, v2), zeroed
/// below Warp's EPSILON; also returns the plane's normal.
std::array<Value, 3> planeDistances(G &g, const std::array<V3, 3> &v, const std::array<V3, 3> &u,
                                    V3 &n) {
  n = g.cross(g.vsub(v[1], v[0]), g.vsub(v[2], v[0]));
  Value d = g.neg(g.dot(n, v[0]));
  std::array<Value, 3> r;
  for (int i = 0; i < 3; ++i) {
    Value x = g.add(g.dot(n, u[i]), d);
    r[i] = g.sel(g.cmp(P::OLT, g.abs(x), g.k(0.000001)), g.k(0.0), x);
  }
  return r;
}

/// The coplanar test in the axis plane (i0, i1) that maximizes the area.
Value coplanar(G &g, const V3 &n, const std::array<V3, 3> &v, const std::array<V3, 3> &u) {
  Value a0 = g.abs(n[0]), a1 = g.abs(n[1]), a2 = g.abs(n[2]);
  Value g01 = g.cmp(P::OGT, a0, a1);
  Value i0is1 = g.andB(g01, g.cmp(P::OGT, a0, a2));
  Value i1is2 = g.orB(i0is1, g.andB(g.notB(g01), g.notB(g.cmp(P::OGT, a2, a1))));
  auto px = [&](const V3 &p) { return g.sel(i0is1, p[1], p[0]); };
  auto py = [&](const V3 &p) { return g.sel(i1is2, p[2], p[1]); };
  Value hit;
  auto orHit = [&](Value h) { hit = hit ? g.orB(hit, h) : h; };
  // EDGE_EDGE_TEST of edge (p0, p1) against (q0, q1).
  auto edgeEdge = [&](const V3 &p0, const V3 &p1, const V3 &q0, const V3 &q1) {
    Value ax = g.sub(px(p1), px(p0)), ay = g.sub(py(p1), py(p0));
    Value bx = g.sub(px(q0), px(q1)), by = g.sub(py(q0), py(q1));
    Value cx = g.sub(px(p0), px(q0)), cy = g.sub(py(p0), py(q0));
    Value f = g.sub(g.mul(ay, bx), g.mul(ax, by));
    Value d = g.sub(g.mul(by, cx), g.mul(bx, cy));
    Value e = g.sub(g.mul(ax, cy), g.mul(ay, cx));
    Value zero = g.k(0.0);
    Value fPos = g.all({g.cmp(P::OGT, f, zero), g.cmp(P::OGE, d, zero), g.cmp(P::OLE, d, f),
                        g.cmp(P::OGE, e, zero), g.cmp(P::OLE, e, f)});
    Value fNeg = g.all({g.cmp(P::OLT, f, zero), g.cmp(P::OLE, d, zero), g.cmp(P::OGE, d, f),
                        g.cmp(P::OLE, e, zero), g.cmp(P::OGE, e, f)});
    orHit(g.orB(fPos, fNeg));
  };
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 3; ++j)
      edgeEdge(v[i], v[(i + 1) % 3], u[j], u[(j + 1) % 3]);
  // POINT_IN_TRI(p, t0, t1, t2).
  auto pointIn = [&](const V3 &p, const std::array<V3, 3> &t) {
    std::array<Value, 3> d;
    for (int i = 0; i < 3; ++i) {
      const V3 &s = t[i], &e = t[(i + 1) % 3];
      Value a = g.sub(py(e), py(s)), b = g.neg(g.sub(px(e), px(s)));
      Value cc = g.sub(g.mul(g.neg(a), px(s)), g.mul(b, py(s)));
      d[i] = g.add(g.add(g.mul(a, px(p)), g.mul(b, py(p))), cc);
    }
    orHit(g.andB(g.pos(g.mul(d[0], d[1])), g.pos(g.mul(d[0], d[2]))));
  };
  pointIn(v[0], u);
  pointIn(u[0], v);
  return hit;
}

/// NEWCOMPUTE_INTERVALS: (a, b, c, x0, x1) of one triangle on the line, and
/// whether its distances are all zero (coplanar).
struct Interval {
  Value a, b, c, x0, x1, coplanar;
};
Interval interval(G &g, std::array<Value, 3> p, std::array<Value, 3> d) {
  Value c1 = g.pos(g.mul(d[0], d[1])), c2 = g.pos(g.mul(d[0], d[2]));
  Value c3 = g.orB(g.pos(g.mul(d[1], d[2])), g.nonzero(d[0]));
  Value c4 = g.nonzero(d[1]), c5 = g.nonzero(d[2]);
  Value n1 = g.notB(c1), n2 = g.notB(c2), n3 = g.notB(c3);
  Value useV1 = g.andB(n1, g.orB(c2, g.andB(n3, c4)));
  Value useV0 = g.all({n1, n2, c3});
  // Around vertex k, with the other two (i, j) in Warp's order.
  auto around = [&](int k, int i, int j) {
    return Interval{p[k],
                    g.mul(g.sub(p[i], p[k]), d[k]),
                    g.mul(g.sub(p[j], p[k]), d[k]),
                    g.sub(d[k], d[i]),
                    g.sub(d[k], d[j]),
                    Value()};
  };
  Interval t2 = around(2, 0, 1), t1 = around(1, 0, 2), t0 = around(0, 1, 2);
  auto pick = [&](Value Interval::*f) { return g.sel(useV0, t0.*f, g.sel(useV1, t1.*f, t2.*f)); };
  Interval r{pick(&Interval::a),  pick(&Interval::b),  pick(&Interval::c),
             pick(&Interval::x0), pick(&Interval::x1), g.all({n1, n2, n3, g.notB(c4), g.notB(c5)})};
  return r;
}
} // namespace

Value kdsl::lowerIntersectTriTri(LowerCtx &c) {
  G g{c, cast<FloatType>(getElementTypeOrSelf(c.a[0].getType()))};
  std::array<V3, 3> v = {g.load(c.a[0]), g.load(c.a[1]), g.load(c.a[2])};
  std::array<V3, 3> u = {g.load(c.a[3]), g.load(c.a[4]), g.load(c.a[5])};
  V3 n1, n2;
  std::array<Value, 3> du = planeDistances(g, v, u, n1);
  std::array<Value, 3> dv = planeDistances(g, u, v, n2);
  Value sideU = g.andB(g.pos(g.mul(du[0], du[1])), g.pos(g.mul(du[0], du[2])));
  Value sideV = g.andB(g.pos(g.mul(dv[0], dv[1])), g.pos(g.mul(dv[0], dv[2])));
  // The largest component of the intersection line's direction.
  V3 dir = g.cross(n1, n2);
  Value m0 = g.abs(dir[0]), bb = g.abs(dir[1]), cc = g.abs(dir[2]);
  Value idx1 = g.cmp(P::OGT, bb, m0);
  Value idx2 = g.cmp(P::OGT, cc, g.sel(idx1, bb, m0));
  auto proj = [&](const V3 &p) { return g.sel(idx2, p[2], g.sel(idx1, p[1], p[0])); };
  Interval iv = interval(g, {proj(v[0]), proj(v[1]), proj(v[2])}, dv);
  Interval iu = interval(g, {proj(u[0]), proj(u[1]), proj(u[2])}, du);
  Value xx = g.mul(iv.x0, iv.x1), yy = g.mul(iu.x0, iu.x1), xxyy = g.mul(xx, yy);
  Value t1 = g.mul(iv.a, xxyy), t2 = g.mul(iu.a, xxyy);
  Value s10 = g.add(t1, g.mul(g.mul(iv.b, iv.x1), yy)),
        s11 = g.add(t1, g.mul(g.mul(iv.c, iv.x0), yy));
  Value s20 = g.add(t2, g.mul(g.mul(iu.b, xx), iu.x1)),
        s21 = g.add(t2, g.mul(g.mul(iu.c, xx), iu.x0));
  // SORT each interval, then the overlap test.
  auto lo = [&](Value x, Value y) { return g.sel(g.cmp(P::OGT, x, y), y, x); };
  auto hi = [&](Value x, Value y) { return g.sel(g.cmp(P::OGT, x, y), x, y); };
  Value apart =
      g.orB(g.cmp(P::OLT, hi(s10, s11), lo(s20, s21)), g.cmp(P::OLT, hi(s20, s21), lo(s10, s11)));
  Value isCoplanar = g.orB(iv.coplanar, iu.coplanar);
  Value hit = g.sel(isCoplanar, coplanar(g, n1, v, u), g.notB(apart));
  hit = g.andB(hit, g.notB(g.orB(sideU, sideV)));
  return arith::ExtUIOp::create(c.b, c.l, c.b.getI32Type(), hit);
}
