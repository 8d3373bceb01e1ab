//===- BuiltinLoweringDecomp.cpp - svd3, svd2, qr3, eig3 ------------------===//
//
// The matrix decompositions of Warp 1.16 (warp/native/svd.h), expanded into
// scalar arith/math ops with the same algorithms, so that a kernel gets the
// values Warp computes:
//   svd3: Jacobi eigenanalysis of A^T A with approximate Givens quaternions
//         (4 sweeps of the three (p, q) pairs in float32, 8 in float64),
//         columns of A V sorted by length, then Givens QR of A V;
//   svd2: the closed form of the 2x2 eigenproblem of A^T A;
//   qr3:  three Givens rotations;
//   eig3: the Jacobi eigenanalysis of (the lower triangle of) A, d = diag(Q^T A Q).
// Branches are selects. The derivative is that of these expansions (the
// unrolled algorithm), where Warp has hand-written adjoints from the exact
// decompositions' differentials (adj_svd3, adj_svd2, adj_qr3, adj_eig3):
// the two agree where the algorithm has converged, not for example for
// repeated singular values, where Warp's adjoint guards its divisions.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinsLinalg.h"

#include <array>

using namespace kdsl;
using namespace mlir;

namespace {
using M3 = std::array<std::array<Value, 3>, 3>;

/// Scalar float arithmetic at one location.
struct F {
  LowerCtx &c;
  FloatType ft;
  bool f64;
  F(LowerCtx &c, FloatType ft) : c(c), ft(ft), f64(ft.getWidth() == 64) {}

  Value k(double v) { return c.g.constant(c.b.getFloatAttr(ft, v), c.l); }
  Value add(Value x, Value y) { return arith::AddFOp::create(c.b, c.l, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(c.b, c.l, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(c.b, c.l, x, y); }
  Value mul(Value x, Value y, Value z) { return mul(mul(x, y), z); }
  Value div(Value x, Value y) { return arith::DivFOp::create(c.b, c.l, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(c.b, c.l, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(c.b, c.l, x); }
  Value rsqrt(Value x) { return div(k(1.0), sqrt(x)); }
  Value abs(Value x) { return math::AbsFOp::create(c.b, c.l, x); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::OLT, x, y);
  }
  Value gt(Value x, Value y) {
    return arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::OGT, x, y);
  }
  Value eq(Value x, Value y) {
    return arith::CmpFOp::create(c.b, c.l, arith::CmpFPredicate::OEQ, x, y);
  }
  Value sel(Value p, Value x, Value y) { return arith::SelectOp::create(c.b, c.l, p, x, y); }
  Value max(Value x, Value y) { return sel(gt(x, y), x, y); }
  /// Warp's condSwap / condNegSwap.
  void condSwap(Value p, Value &x, Value &y) {
    Value z = x;
    x = sel(p, y, x);
    y = sel(p, z, y);
  }
  void condNegSwap(Value p, Value &x, Value &y) {
    Value z = neg(x);
    x = sel(p, y, x);
    y = sel(p, z, y);
  }

  M3 load(Value m) {
    M3 r;
    for (int64_t i = 0; i < 3; ++i)
      for (int64_t j = 0; j < 3; ++j)
        r[i][j] = vector::ExtractOp::create(c.b, c.l, m, ArrayRef<int64_t>{i, j});
    return r;
  }
  Value store(const M3 &m) {
    SmallVector<Value> e;
    for (auto &row : m)
      e.append(row.begin(), row.end());
    return vector::FromElementsOp::create(c.b, c.l, VectorType::get({3, 3}, ft), e);
  }
  Value vec(ArrayRef<Value> xs) {
    return vector::FromElementsOp::create(c.b, c.l, VectorType::get({(int64_t)xs.size()}, ft), xs);
  }
  /// a * b, or a^T * b.
  M3 matmul(const M3 &a, const M3 &b, bool transposeA) {
    M3 r;
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 3; ++j) {
        auto ae = [&](int k) { return transposeA ? a[k][i] : a[i][k]; };
        r[i][j] = add(add(mul(ae(0), b[0][j]), mul(ae(1), b[1][j])), mul(ae(2), b[2][j]));
      }
    return r;
  }
};

/// The lower triangle of a symmetric matrix, and the quaternion [x, y, z, w]
/// of the accumulated rotation, of Warp's Jacobi eigenanalysis.
struct Sym {
  Value s11, s21, s22, s31, s32, s33;
};

/// approximateGivensQuaternion: (ch, sh) of the rotation that (nearly)
/// annihilates a12, or the fixed pi/8 rotation when that is a better guess.
std::pair<Value, Value> approxGivens(F &f, Value a11, Value a12, Value a22) {
  Value ch = f.mul(f.k(2.0), f.sub(a11, a22)), sh = a12;
  Value better = f.lt(f.mul(f.k(5.82842712474619), sh, sh), f.mul(ch, ch));
  Value w = f.rsqrt(f.add(f.mul(ch, ch), f.mul(sh, sh)));
  return {f.sel(better, f.mul(w, ch), f.k(0.9238795325112867)),
          f.sel(better, f.mul(w, sh), f.k(0.3826834323650898))};
}

/// jacobiConjugation(x, y, z, ...): one rotation, then the matrix cycled.
void jacobiConjugation(F &f, int x, int y, int z, Sym &s, std::array<Value, 4> &q) {
  auto [ch, sh] = approxGivens(f, s.s11, s.s21, s.s22);
  Value scale = f.add(f.mul(ch, ch), f.mul(sh, sh));
  Value a = f.div(f.sub(f.mul(ch, ch), f.mul(sh, sh)), scale);
  Value b = f.div(f.mul(f.k(2.0), sh, ch), scale);
  Sym o = s;
  Value nb = f.neg(b);
  Sym n;
  n.s11 = f.add(f.mul(a, f.add(f.mul(a, o.s11), f.mul(b, o.s21))),
                f.mul(b, f.add(f.mul(a, o.s21), f.mul(b, o.s22))));
  n.s21 = f.add(f.mul(a, f.add(f.mul(nb, o.s11), f.mul(a, o.s21))),
                f.mul(b, f.add(f.mul(nb, o.s21), f.mul(a, o.s22))));
  n.s22 = f.add(f.mul(nb, f.add(f.mul(nb, o.s11), f.mul(a, o.s21))),
                f.mul(a, f.add(f.mul(nb, o.s21), f.mul(a, o.s22))));
  n.s31 = f.add(f.mul(a, o.s31), f.mul(b, o.s32));
  n.s32 = f.add(f.mul(nb, o.s31), f.mul(a, o.s32));
  n.s33 = o.s33;
  std::array<Value, 3> tmp = {f.mul(q[0], sh), f.mul(q[1], sh), f.mul(q[2], sh)};
  Value shw = f.mul(sh, q[3]);
  for (Value &qi : q)
    qi = f.mul(qi, ch);
  q[z] = f.add(q[z], shw);
  q[3] = f.sub(q[3], tmp[z]);
  q[x] = f.add(q[x], tmp[y]);
  q[y] = f.sub(q[y], tmp[x]);
  // The next pair's rows and columns first.
  s = {n.s22, n.s32, n.s33, n.s21, n.s31, n.s11};
}

/// jacobiEigenanlysis: the quaternion of V with V^T S V (nearly) diagonal.
std::array<Value, 4> jacobiEigen(F &f, Sym s) {
  std::array<Value, 4> q = {f.k(0.0), f.k(0.0), f.k(0.0), f.k(1.0)};
  int iters = f.f64 ? 8 : 4;
  for (int i = 0; i < iters; ++i) {
    jacobiConjugation(f, 0, 1, 2, s, q);
    jacobiConjugation(f, 1, 2, 0, s, q);
    jacobiConjugation(f, 2, 0, 1, s, q);
  }
  return q;
}

M3 quatToMat3(F &f, const std::array<Value, 4> &q) {
  Value x = q[0], y = q[1], z = q[2], w = q[3];
  Value xx = f.mul(x, x), yy = f.mul(y, y), zz = f.mul(z, z), xz = f.mul(x, z), xy = f.mul(x, y),
        yz = f.mul(y, z), wx = f.mul(w, x), wy = f.mul(w, y), wz = f.mul(w, z);
  Value one = f.k(1.0), two = f.k(2.0);
  auto twice = [&](Value v) { return f.mul(two, v); };
  return {{{f.sub(one, twice(f.add(yy, zz))), twice(f.sub(xy, wz)), twice(f.add(xz, wy))},
           {twice(f.add(xy, wz)), f.sub(one, twice(f.add(xx, zz))), twice(f.sub(yz, wx))},
           {twice(f.sub(xz, wy)), twice(f.add(yz, wx)), f.sub(one, twice(f.add(xx, yy)))}}};
}

/// QRGivensQuaternion(a1, a2): the rotation annihilating a2 against a1.
std::pair<Value, Value> qrGivens(F &f, Value a1, Value a2) {
  Value eps = f.k(f.f64 ? 1e-12 : 1e-6);
  Value rho = f.sqrt(f.add(f.mul(a1, a1), f.mul(a2, a2)));
  Value sh = f.sel(f.gt(rho, eps), a2, f.k(0.0));
  Value ch = f.add(f.abs(a1), f.max(rho, eps));
  f.condSwap(f.lt(a1, f.k(0.0)), sh, ch);
  Value w = f.rsqrt(f.add(f.mul(ch, ch), f.mul(sh, sh)));
  return {f.mul(ch, w), f.mul(sh, w)};
}

/// Rows (i, j) of b rotated by the Givens rotation (a, b): Warp's
/// "apply B = Q' * B" steps.
void rotateRows(F &f, M3 &m, int i, int j, Value a, Value b) {
  for (int k = 0; k < 3; ++k) {
    Value mi = m[i][k], mj = m[j][k];
    m[i][k] = f.add(f.mul(a, mi), f.mul(b, mj));
    m[j][k] = f.add(f.mul(f.neg(b), mi), f.mul(a, mj));
  }
}

/// QRDecomposition: Q and R of b.
std::pair<M3, M3> qrDecomposition(F &f, M3 r) {
  Value one = f.k(1.0), two = f.k(2.0);
  auto ab = [&](Value ch, Value sh) {
    return std::make_pair(f.sub(one, f.mul(two, sh, sh)), f.mul(two, ch, sh));
  };
  auto [ch1, sh1] = qrGivens(f, r[0][0], r[1][0]);
  auto [a1, b1] = ab(ch1, sh1);
  rotateRows(f, r, 0, 1, a1, b1);
  auto [ch2, sh2] = qrGivens(f, r[0][0], r[2][0]);
  auto [a2, b2] = ab(ch2, sh2);
  rotateRows(f, r, 0, 2, a2, b2);
  auto [ch3, sh3] = qrGivens(f, r[1][1], r[2][1]);
  auto [a3, b3] = ab(ch3, sh3);
  rotateRows(f, r, 1, 2, a3, b3);
  // Q = Q1 Q2 Q3 written out, as Warp.
  Value s12 = f.mul(sh1, sh1), s22 = f.mul(sh2, sh2), s32 = f.mul(sh3, sh3);
  Value m1 = f.add(f.k(-1.0), f.mul(two, s12)), m2 = f.add(f.k(-1.0), f.mul(two, s22)),
        m3 = f.add(f.k(-1.0), f.mul(two, s32));
  M3 q;
  q[0][0] = f.mul(m1, m2);
  q[0][1] =
      f.add(f.mul(f.mul(f.k(4.0), ch2, ch3), f.mul(m1, sh2, sh3)), f.mul(f.mul(two, ch1, sh1), m3));
  q[0][2] = f.sub(f.mul(f.mul(f.k(4.0), ch1, ch3), f.mul(sh1, sh3)),
                  f.mul(f.mul(two, ch2, m1), f.mul(sh2, m3)));
  q[1][0] = f.mul(f.mul(two, ch1, sh1), f.sub(one, f.mul(two, s22)));
  q[1][1] =
      f.add(f.mul(f.mul(f.k(-8.0), ch1, ch2), f.mul(ch3, sh1), f.mul(sh2, sh3)), f.mul(m1, m3));
  q[1][2] = f.add(f.mul(f.k(-2.0), ch3, sh3),
                  f.mul(f.mul(f.k(4.0), sh1),
                        f.add(f.mul(ch3, sh1, sh3), f.mul(f.mul(ch1, ch2), f.mul(sh2, m3)))));
  q[2][0] = f.mul(two, ch2, sh2);
  q[2][1] = f.mul(f.mul(two, ch3), f.mul(f.sub(one, f.mul(two, s22)), sh3));
  q[2][2] = f.mul(m2, m3);
  return {q, r};
}

SmallVector<Value> svd3(F &f, Value am) {
  M3 a = f.load(am);
  M3 ata = f.matmul(a, a, true);
  std::array<Value, 4> qv =
      jacobiEigen(f, {ata[0][0], ata[1][0], ata[1][1], ata[2][0], ata[2][1], ata[2][2]});
  M3 v = quatToMat3(f, qv);
  M3 b = f.matmul(a, v, false);
  // sortSingularValues: columns of b (and v) by decreasing length.
  auto rho = [&](int j) {
    return f.add(f.add(f.mul(b[0][j], b[0][j]), f.mul(b[1][j], b[1][j])), f.mul(b[2][j], b[2][j]));
  };
  Value rho1 = rho(0), rho2 = rho(1), rho3 = rho(2);
  auto swapCols = [&](Value p, int i, int j) {
    for (int r = 0; r < 3; ++r) {
      f.condNegSwap(p, b[r][i], b[r][j]);
      f.condNegSwap(p, v[r][i], v[r][j]);
    }
  };
  Value p = f.lt(rho1, rho2);
  swapCols(p, 0, 1);
  f.condSwap(p, rho1, rho2);
  p = f.lt(rho1, rho3);
  swapCols(p, 0, 2);
  f.condSwap(p, rho1, rho3);
  swapCols(f.lt(rho2, rho3), 1, 2);
  auto [u, s] = qrDecomposition(f, b);
  return {f.store(u), f.vec({s[0][0], s[1][1], s[2][2]}), f.store(v)};
}

SmallVector<Value> svd2(F &f, Value am) {
  auto at = [&](int64_t i, int64_t j) {
    return (Value)vector::ExtractOp::create(f.c.b, f.c.l, am, ArrayRef<int64_t>{i, j});
  };
  Value a11 = at(0, 0), a12 = at(0, 1), a21 = at(1, 0), a22 = at(1, 1);
  Value zero = f.k(0.0), one = f.k(1.0), two = f.k(2.0), half = f.k(0.5);
  Value ata11 = f.add(f.mul(a11, a11), f.mul(a21, a21));
  Value ata12 = f.add(f.mul(a11, a12), f.mul(a21, a22));
  Value ata22 = f.add(f.mul(a12, a12), f.mul(a22, a22));
  Value trace = f.add(ata11, ata22), diff = f.sub(ata11, ata22);
  Value disc = f.add(f.mul(diff, diff), f.mul(f.k(4.0), ata12, ata12));
  Value same = f.eq(disc, zero); // a repeated eigenvalue: A ~ s Id
  Value sq = f.sqrt(disc);
  Value l1 = f.mul(f.add(trace, sq), half), l2 = f.mul(f.sub(trace, sq), half);
  Value invS1 = f.rsqrt(f.sel(same, one, l1));
  Value sigma1 = f.div(one, invS1), sigma2 = f.sqrt(l2);
  Value v1y = f.add(f.sub(diff, sq), f.mul(two, ata12)),
        v1x = f.sub(f.add(diff, sq), f.mul(two, ata12));
  Value len1 = f.add(f.mul(v1x, v1x), f.mul(v1y, v1y));
  Value len0 = f.eq(len1, zero);
  Value invLen = f.rsqrt(f.sel(len0, one, len1));
  Value rt = f.k(0.707106781186547524401);
  Value v11 = f.sel(len0, rt, f.mul(v1x, invLen)), v21 = f.sel(len0, rt, f.mul(v1y, invLen));
  Value u11 = f.mul(f.add(f.mul(a11, v11), f.mul(a12, v21)), invS1);
  Value u21 = f.mul(f.add(f.mul(a21, v11), f.mul(a22, v21)), invS1);
  // wp::sign: -1 below 0, else 1.
  Value det = f.sub(f.mul(a11, a22), f.mul(a12, a21));
  Value sgn = f.sel(f.lt(det, zero), f.k(-1.0), one);
  Value u12 = f.mul(f.neg(u21), sgn), u22 = f.mul(u11, sgn);
  Value sAll = f.sqrt(f.mul(half, trace));
  auto pick = [&](Value deg, Value gen) { return f.sel(same, deg, gen); };
  auto mat2 = [&](Value x11, Value x12, Value x21, Value x22) {
    return (Value)vector::FromElementsOp::create(f.c.b, f.c.l, VectorType::get({2, 2}, f.ft),
                                                 ValueRange{x11, x12, x21, x22});
  };
  Value u = mat2(pick(one, u11), pick(zero, u12), pick(zero, u21), pick(one, u22));
  Value v = mat2(pick(one, v11), pick(zero, f.neg(v21)), pick(zero, v21), pick(one, v11));
  return {u, f.vec({pick(sAll, sigma1), pick(sAll, sigma2)}), v};
}

SmallVector<Value> qr3(F &f, Value am) {
  auto [q, r] = qrDecomposition(f, f.load(am));
  return {f.store(q), f.store(r)};
}

SmallVector<Value> eig3(F &f, Value am) {
  M3 a = f.load(am);
  std::array<Value, 4> qv = jacobiEigen(f, {a[0][0], a[1][0], a[1][1], a[2][0], a[2][1], a[2][2]});
  M3 q = quatToMat3(f, qv);
  M3 d = f.matmul(f.matmul(q, a, true), q, false);
  return {f.store(q), f.vec({d[0][0], d[1][1], d[2][2]})};
}
} // namespace

/// The element type of the matrix argument.
static F decompositionOps(LowerCtx &c) {
  return F(c, cast<FloatType>(getElementTypeOrSelf(c.a[0].getType())));
}

SmallVector<Value> kdsl::lowerSvd3(LowerCtx &c) {
  F f = decompositionOps(c);
  return svd3(f, c.a[0]);
}
SmallVector<Value> kdsl::lowerSvd2(LowerCtx &c) {
  F f = decompositionOps(c);
  return svd2(f, c.a[0]);
}
SmallVector<Value> kdsl::lowerQr3(LowerCtx &c) {
  F f = decompositionOps(c);
  return qr3(f, c.a[0]);
}
SmallVector<Value> kdsl::lowerEig3(LowerCtx &c) {
  F f = decompositionOps(c);
  return eig3(f, c.a[0]);
}
