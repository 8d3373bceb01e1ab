//===- ExpandBuiltins.cpp - kdsl vector/matrix/quat ops to scalar math ----===//
//
// Every formula here follows Warp (warp/native/vec.h, mat.h, quat.h) and
// fixes the order of floating-point operations; lib/Target/Cpp's prelude
// implements the same formulas in the same order.
//
// One rewrite pattern per op (populateExpandBuiltinsPatterns). The pass
// applies them with the dialect conversion driver: an op is illegal exactly
// when it needs an expansion (needsExpansion), so an op no pattern can expand
// (a vector-to-matrix broadcast, a 3-D shape_cast) fails the pass with a
// located error instead of reaching convert-vector-to-llvm. The patterns
// create only legal ops, and nothing is folded on the way, so the expanded
// IR keeps the exact operation order the C++ prelude mirrors.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/DialectConversion.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/Debug.h"

#define DEBUG_TYPE "kdsl-expand-builtins"

namespace kdsl {
#define GEN_PASS_DEF_EXPANDBUILTINS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {

/// Scalar and small-vector arithmetic at one location.
struct Ex {
  OpBuilder &b;
  Location loc;

  Value comp(Value v, int64_t i) {
    return vector::ExtractOp::create(b, loc, v, ArrayRef<int64_t>{i});
  }
  Value elem(Value m, int64_t i, int64_t j) {
    return vector::ExtractOp::create(b, loc, m, ArrayRef<int64_t>{i, j});
  }
  bool isF(Value v) { return isa<FloatType>(getElementTypeOrSelf(v.getType())); }
  Value add(Value x, Value y) {
    if (isF(x))
      return arith::AddFOp::create(b, loc, x, y);
    return arith::AddIOp::create(b, loc, x, y);
  }
  Value sub(Value x, Value y) {
    if (isF(x))
      return arith::SubFOp::create(b, loc, x, y);
    return arith::SubIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) {
    if (isF(x))
      return arith::MulFOp::create(b, loc, x, y);
    return arith::MulIOp::create(b, loc, x, y);
  }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value cst(Type t, double v) { return arith::ConstantOp::create(b, loc, b.getFloatAttr(t, v)); }
  Value vec(ArrayRef<Value> elems) {
    auto t = VectorType::get({(int64_t)elems.size()}, elems[0].getType());
    return vector::FromElementsOp::create(b, loc, t, elems);
  }
  /// A matrix from its rows (1-D vectors), built by inserting rows.
  Value mat(ArrayRef<Value> rows) {
    auto rowT = cast<VectorType>(rows[0].getType());
    auto t = VectorType::get({(int64_t)rows.size(), rowT.getDimSize(0)}, rowT.getElementType());
    Value m = arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
    for (auto [i, r] : llvm::enumerate(rows))
      m = vector::InsertOp::create(b, loc, r, m, ArrayRef<int64_t>{(int64_t)i});
    return m;
  }
  SmallVector<Value> comps(Value v) {
    SmallVector<Value> out;
    for (int64_t i = 0, n = cast<VectorType>(v.getType()).getDimSize(0); i < n; ++i)
      out.push_back(comp(v, i));
    return out;
  }
  /// x0*y0 + x1*y1 + ..., left to right.
  Value dot(ArrayRef<Value> x, ArrayRef<Value> y) {
    Value s = mul(x[0], y[0]);
    for (size_t i = 1; i < x.size(); ++i)
      s = add(s, mul(x[i], y[i]));
    return s;
  }
  Value scale(ArrayRef<Value> v, Value s, SmallVectorImpl<Value> &out) {
    out.clear();
    for (Value c : v)
      out.push_back(mul(c, s));
    return {};
  }
  SmallVector<Value> cross(ArrayRef<Value> a, ArrayRef<Value> c) {
    return {sub(mul(a[1], c[2]), mul(a[2], c[1])), sub(mul(a[2], c[0]), mul(a[0], c[2])),
            sub(mul(a[0], c[1]), mul(a[1], c[0]))};
  }
  /// Warp's quat_rotate (sign = +1) and quat_rotate_inv (sign = -1):
  ///   v * (2w^2 - 1) +/- cross(q.xyz, v) * (2w) + q.xyz * (2 dot(q.xyz, v))
  SmallVector<Value> rotate(ArrayRef<Value> q, ArrayRef<Value> v, bool inverse) {
    Type t = q[0].getType();
    Value two = cst(t, 2.0), one = cst(t, 1.0);
    ArrayRef<Value> qv = q.take_front(3);
    Value w = q[3];
    Value c0 = sub(mul(mul(w, w), two), one);
    Value c1 = mul(w, two);
    Value c2 = mul(dot(qv, v), two);
    SmallVector<Value> cr = cross(qv, v), out;
    for (int i = 0; i < 3; ++i) {
      Value t0 = mul(v[i], c0), t1 = mul(cr[i], c1), t2 = mul(qv[i], c2);
      out.push_back(add(inverse ? sub(t0, t1) : add(t0, t1), t2));
    }
    return out;
  }
  /// Determinant by cofactor expansion along the first row.
  Value det(const std::vector<std::vector<Value>> &m) {
    size_t n = m.size();
    if (n == 2)
      return sub(mul(m[0][0], m[1][1]), mul(m[0][1], m[1][0]));
    Value r;
    for (size_t j = 0; j < n; ++j) {
      Value term = mul(m[0][j], det(minor(m, 0, j)));
      r = !r ? term : (j % 2 ? sub(r, term) : add(r, term));
    }
    return r;
  }
  static std::vector<std::vector<Value>> minor(const std::vector<std::vector<Value>> &m, size_t r,
                                               size_t c) {
    std::vector<std::vector<Value>> out;
    for (size_t i = 0; i < m.size(); ++i) {
      if (i == r)
        continue;
      std::vector<Value> row;
      for (size_t j = 0; j < m.size(); ++j)
        if (j != c)
          row.push_back(m[i][j]);
      out.push_back(row);
    }
    return out;
  }
  std::vector<std::vector<Value>> elems(Value m) {
    auto t = cast<VectorType>(m.getType());
    std::vector<std::vector<Value>> out(t.getDimSize(0));
    for (int64_t i = 0; i < t.getDimSize(0); ++i)
      for (int64_t j = 0; j < t.getDimSize(1); ++j)
        out[i].push_back(elem(m, i, j));
    return out;
  }
};

/// Replaces a dynamic row index into a matrix by a select chain over rows.
static Value selectRow(Ex &ex, Value m, Value idx, ArrayRef<Value> rows) {
  Value r = rows.back();
  for (int64_t i = rows.size() - 2; i >= 0; --i) {
    Value ci = arith::ConstantOp::create(ex.b, ex.loc, ex.b.getIndexAttr(i));
    Value eq = arith::CmpIOp::create(ex.b, ex.loc, arith::CmpIPredicate::eq, idx, ci);
    r = arith::SelectOp::create(ex.b, ex.loc, eq, rows[i], r);
  }
  return r;
}

/// Whether `op` is one the expansion rewrites: a kdsl vector/matrix/quat
/// builtin, or a vector op in a form convert-vector-to-llvm does not handle
/// (n-D from_elements/broadcast, transpose, outerproduct, shape_cast to or
/// from a matrix, a dynamic position into a matrix).
static bool isBF16Like(Type t) { return getElementTypeOrSelf(t).isBF16(); }

static bool needsExpansion(Operation *op) {
  return TypeSwitch<Operation *, bool>(op)
      // Conversions to bfloat16 from integers and float64 go through
      // float32, as Warp's do. The front end writes them so, but the
      // canonicalizer folds truncf(sitofp) into one rounding (and so would
      // the GPU: cvt.rn.bf16.s32).
      .Case([](arith::SIToFPOp o) { return isBF16Like(o.getType()); })
      .Case([](arith::UIToFPOp o) { return isBF16Like(o.getType()); })
      .Case([](arith::TruncFOp o) {
        return isBF16Like(o.getType()) &&
               getElementTypeOrSelf(o.getIn().getType()).getIntOrFloatBitWidth() > 32;
      })
      .Case<DotOp, CrossOp, LengthOp, LengthSqOp, NormalizeOp, MatMulOp, DeterminantOp, InverseOp,
            TraceOp, DiagOp, QuatMulOp, QuatInverseOp, QuatRotateOp, QuatRotateInvOp,
            QuatFromAxisAngleOp, QuatToMatrixOp, vector::TransposeOp, vector::OuterProductOp>(
          [](Operation *) { return true; })
      .Case([](vector::FromElementsOp o) { return o.getType().getRank() > 1; })
      .Case([](vector::BroadcastOp o) { return o.getResultVectorType().getRank() > 1; })
      .Case([](vector::ShapeCastOp o) {
        return o.getSourceVectorType().getRank() > 1 || o.getResultVectorType().getRank() > 1;
      })
      .Case([](vector::ExtractOp o) {
        return o.getSourceVectorType().getRank() > 1 && o.hasDynamicPosition();
      })
      .Case([](vector::InsertOp o) {
        return o.getDestVectorType().getRank() > 1 && o.hasDynamicPosition();
      })
      .Default([](Operation *) { return false; });
}

/// The common part of every expansion: match only ops that need it, build
/// the replacement with an Ex at the op, replace the op's single result.
/// `expand` returns a null Value for a form it cannot expand.
template <typename OpT> struct ExpandPattern : public OpRewritePattern<OpT> {
  using OpRewritePattern<OpT>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpT op, PatternRewriter &rewriter) const final {
    if (!needsExpansion(op))
      return rewriter.notifyMatchFailure(op, "already in expanded form");
    // The expansion's ops are at the op's position without its source name
    // (`d = wp.dot(a, b)` names the sum, not each product): only the op
    // producing the result keeps it (kdsl/Dialect/SourceNames.h).
    Ex ex{rewriter, withoutSourceNames(op.getLoc())};
    Value r = expand(ex, op);
    if (!r)
      return rewriter.notifyMatchFailure(op, "no expansion for this form");
    if (Operation *def = r.getDefiningOp(); def && def->getLoc() == ex.loc)
      def->setLoc(op.getLoc());
    LLVM_DEBUG(llvm::dbgs() << "kdsl-expand-builtins: expanded " << op->getName() << " at "
                            << op.getLoc() << "\n");
    rewriter.replaceOp(op, r);
    return success();
  }

  virtual Value expand(Ex &ex, OpT op) const = 0;
};

struct ExpandDot final : public ExpandPattern<DotOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, DotOp o) const override {
    return ex.dot(ex.comps(o.getLhs()), ex.comps(o.getRhs()));
  }
};

struct ExpandCross final : public ExpandPattern<CrossOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, CrossOp o) const override {
    return ex.vec(ex.cross(ex.comps(o.getLhs()), ex.comps(o.getRhs())));
  }
};

struct ExpandLengthSq final : public ExpandPattern<LengthSqOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, LengthSqOp o) const override {
    auto c = ex.comps(o.getInput());
    return ex.dot(c, c);
  }
};

struct ExpandLength final : public ExpandPattern<LengthOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, LengthOp o) const override {
    auto c = ex.comps(o.getInput());
    return math::SqrtOp::create(ex.b, ex.loc, ex.dot(c, c));
  }
};

struct ExpandNormalize final : public ExpandPattern<NormalizeOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, NormalizeOp o) const override {
    // Warp: l = length(v); l > 0 ? v / l : 0 (component-wise division).
    OpBuilder &b = ex.b;
    auto c = ex.comps(o.getInput());
    Value l = math::SqrtOp::create(b, ex.loc, ex.dot(c, c));
    Type t = l.getType();
    Value pos = arith::CmpFOp::create(b, ex.loc, arith::CmpFPredicate::OGT, l, ex.cst(t, 0.0));
    SmallVector<Value> q;
    for (Value x : c)
      q.push_back(ex.div(x, l));
    Value zero = arith::ConstantOp::create(b, ex.loc, o.getType(), b.getZeroAttr(o.getType()));
    return arith::SelectOp::create(b, ex.loc, pos, ex.vec(q), zero);
  }
};

/// Column j of a matrix given by its elements.
static SmallVector<Value> column(const std::vector<std::vector<Value>> &m, size_t j) {
  SmallVector<Value> col;
  for (auto &row : m)
    col.push_back(row[j]);
  return col;
}

struct ExpandMatMul final : public ExpandPattern<MatMulOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, MatMulOp o) const override {
    VectorType lt = o.getLhs().getType(), rt = o.getRhs().getType();
    if (lt.getRank() == 2 && rt.getRank() == 1) { // M v: r_i = sum_j m_ij v_j
      auto m = ex.elems(o.getLhs());
      auto v = ex.comps(o.getRhs());
      SmallVector<Value> r;
      for (auto &row : m)
        r.push_back(ex.dot(row, v));
      return ex.vec(r);
    }
    if (lt.getRank() == 1) { // v M: r_j = sum_i v_i m_ij
      auto v = ex.comps(o.getLhs());
      auto m = ex.elems(o.getRhs());
      SmallVector<Value> r;
      for (size_t j = 0; j < m[0].size(); ++j)
        r.push_back(ex.dot(v, column(m, j)));
      return ex.vec(r);
    }
    auto a = ex.elems(o.getLhs()), c = ex.elems(o.getRhs());
    SmallVector<Value> rows;
    for (auto &arow : a) {
      SmallVector<Value> r;
      for (size_t j = 0; j < c[0].size(); ++j)
        r.push_back(ex.dot(arow, column(c, j)));
      rows.push_back(ex.vec(r));
    }
    return ex.mat(rows);
  }
};

struct ExpandDeterminant final : public ExpandPattern<DeterminantOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, DeterminantOp o) const override { return ex.det(ex.elems(o.getInput())); }
};

struct ExpandTrace final : public ExpandPattern<TraceOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, TraceOp o) const override {
    auto m = ex.elems(o.getInput());
    Value s = m[0][0];
    for (size_t i = 1; i < m.size(); ++i)
      s = ex.add(s, m[i][i]);
    return s;
  }
};

struct ExpandInverse final : public ExpandPattern<InverseOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, InverseOp o) const override {
    // adj(M) / det(M); the zero matrix when det(M) == 0 (as Warp).
    OpBuilder &b = ex.b;
    auto m = ex.elems(o.getInput());
    size_t n = m.size();
    Value d = ex.det(m);
    Type t = d.getType();
    SmallVector<Value> rows;
    for (size_t i = 0; i < n; ++i) {
      SmallVector<Value> r;
      for (size_t j = 0; j < n; ++j) {
        // inverse_ij = cofactor_ji / det
        Value cof = n == 2 ? m[1 - j][1 - i] : ex.det(Ex::minor(m, j, i));
        if ((i + j) % 2)
          cof = ex.neg(cof);
        r.push_back(ex.div(cof, d));
      }
      rows.push_back(ex.vec(r));
    }
    Value inv = ex.mat(rows);
    Value nz = arith::CmpFOp::create(b, ex.loc, arith::CmpFPredicate::UNE, d, ex.cst(t, 0.0));
    Value zero = arith::ConstantOp::create(b, ex.loc, o.getType(), b.getZeroAttr(o.getType()));
    return arith::SelectOp::create(b, ex.loc, nz, inv, zero);
  }
};

struct ExpandDiag final : public ExpandPattern<DiagOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, DiagOp o) const override {
    auto v = ex.comps(o.getInput());
    Value zero = ex.cst(v[0].getType(), 0.0);
    SmallVector<Value> rows;
    for (size_t i = 0; i < v.size(); ++i) {
      SmallVector<Value> r(v.size(), zero);
      r[i] = v[i];
      rows.push_back(ex.vec(r));
    }
    return ex.mat(rows);
  }
};

struct ExpandQuatMul final : public ExpandPattern<QuatMulOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatMulOp o) const override {
    auto a = ex.comps(o.getLhs()), c = ex.comps(o.getRhs());
    // Hamilton product, (x, y, z, w) layout, Warp's term order:
    // e.g. x = ((aw*cx + cw*ax) + ay*cz) - cy*az.
    auto part = [&](int i, int j, int k) {
      return ex.sub(ex.add(ex.add(ex.mul(a[3], c[i]), ex.mul(c[3], a[i])), ex.mul(a[j], c[k])),
                    ex.mul(c[j], a[k]));
    };
    Value x = part(0, 1, 2), y = part(1, 2, 0), z = part(2, 0, 1);
    Value w = ex.sub(ex.sub(ex.sub(ex.mul(a[3], c[3]), ex.mul(a[0], c[0])), ex.mul(a[1], c[1])),
                     ex.mul(a[2], c[2]));
    return ex.vec({x, y, z, w});
  }
};

struct ExpandQuatInverse final : public ExpandPattern<QuatInverseOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatInverseOp o) const override {
    auto q = ex.comps(o.getInput());
    return ex.vec({ex.neg(q[0]), ex.neg(q[1]), ex.neg(q[2]), q[3]});
  }
};

struct ExpandQuatRotate final : public ExpandPattern<QuatRotateOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatRotateOp o) const override {
    return ex.vec(ex.rotate(ex.comps(o.getQuat()), ex.comps(o.getVec()), /*inverse=*/false));
  }
};

struct ExpandQuatRotateInv final : public ExpandPattern<QuatRotateInvOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatRotateInvOp o) const override {
    return ex.vec(ex.rotate(ex.comps(o.getQuat()), ex.comps(o.getVec()), /*inverse=*/true));
  }
};

struct ExpandQuatFromAxisAngle final : public ExpandPattern<QuatFromAxisAngleOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatFromAxisAngleOp o) const override {
    auto axis = ex.comps(o.getAxis());
    Type t = axis[0].getType();
    Value half = ex.mul(o.getAngle(), ex.cst(t, 0.5));
    Value s = math::SinOp::create(ex.b, ex.loc, half), c = math::CosOp::create(ex.b, ex.loc, half);
    return ex.vec({ex.mul(axis[0], s), ex.mul(axis[1], s), ex.mul(axis[2], s), c});
  }
};

struct ExpandQuatToMatrix final : public ExpandPattern<QuatToMatrixOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, QuatToMatrixOp o) const override {
    // Columns are the rotated basis vectors.
    auto q = ex.comps(o.getInput());
    Type t = q[0].getType();
    Value zero = ex.cst(t, 0.0), one = ex.cst(t, 1.0);
    std::vector<SmallVector<Value>> cols;
    for (int k = 0; k < 3; ++k) {
      SmallVector<Value> e(3, zero);
      e[k] = one;
      cols.push_back(ex.rotate(q, e, /*inverse=*/false));
    }
    SmallVector<Value> rows;
    for (int i = 0; i < 3; ++i)
      rows.push_back(ex.vec({cols[0][i], cols[1][i], cols[2][i]}));
    return ex.mat(rows);
  }
};

struct ExpandTranspose final : public ExpandPattern<vector::TransposeOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::TransposeOp o) const override {
    auto m = ex.elems(o.getVector());
    SmallVector<Value> rows;
    for (size_t j = 0; j < m[0].size(); ++j)
      rows.push_back(ex.vec(column(m, j)));
    return ex.mat(rows);
  }
};

struct ExpandOuterProduct final : public ExpandPattern<vector::OuterProductOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::OuterProductOp o) const override {
    auto a = ex.comps(o.getLhs());
    auto c = ex.comps(cast<TypedValue<VectorType>>(o.getRhs()));
    SmallVector<Value> rows;
    for (Value ai : a) {
      SmallVector<Value> r;
      for (Value cj : c)
        r.push_back(ex.mul(ai, cj));
      rows.push_back(ex.vec(r));
    }
    return ex.mat(rows);
  }
};

struct ExpandFromElements final : public ExpandPattern<vector::FromElementsOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::FromElementsOp o) const override {
    VectorType t = o.getType();
    if (t.getRank() != 2)
      return {};
    int64_t cols = t.getDimSize(1);
    SmallVector<Value> rows;
    for (int64_t i = 0; i < t.getDimSize(0); ++i)
      rows.push_back(ex.vec(SmallVector<Value>(o.getElements().slice(i * cols, cols))));
    return ex.mat(rows);
  }
};

struct ExpandBroadcast final : public ExpandPattern<vector::BroadcastOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::BroadcastOp o) const override {
    VectorType t = o.getResultVectorType();
    if (isa<VectorType>(o.getSourceType()) || t.getRank() != 2)
      return {}; // only scalar broadcasts are produced by the front end
    auto rowT = VectorType::get({t.getDimSize(1)}, t.getElementType());
    Value row = vector::BroadcastOp::create(ex.b, ex.loc, rowT, o.getSource());
    return ex.mat(SmallVector<Value>(t.getDimSize(0), row));
  }
};

struct ExpandShapeCast final : public ExpandPattern<vector::ShapeCastOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::ShapeCastOp o) const override {
    VectorType src = o.getSourceVectorType(), dst = o.getResultVectorType();
    if (src.getRank() == 1 && dst.getRank() == 2) {
      // A flattened matrix (autodiff carries matrix adjoints as 1-D vectors).
      auto flat = ex.comps(o.getSource());
      int64_t cols = dst.getDimSize(1);
      SmallVector<Value> rows;
      for (int64_t i = 0; i < dst.getDimSize(0); ++i)
        rows.push_back(ex.vec(ArrayRef<Value>(flat).slice(i * cols, cols)));
      return ex.mat(rows);
    }
    if (src.getRank() != 2 || dst.getRank() != 1)
      return {};
    SmallVector<Value> flat;
    for (auto &row : ex.elems(o.getSource()))
      flat.append(row.begin(), row.end());
    return ex.vec(flat);
  }
};

struct ExpandDynamicExtract final : public ExpandPattern<vector::ExtractOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::ExtractOp o) const override {
    // m[i] or m[i, j] with a dynamic position: select among the rows.
    auto pos = o.getMixedPosition();
    Value m = o.getSource();
    if (o.getSourceVectorType().getRank() != 2)
      return {};
    int64_t rows = o.getSourceVectorType().getDimSize(0);
    SmallVector<Value> all;
    for (int64_t i = 0; i < rows; ++i)
      all.push_back(ex.comp(m, i));
    std::optional<int64_t> staticRow = getConstantIntValue(pos[0]);
    Value row = staticRow ? all[*staticRow] : selectRow(ex, m, cast<Value>(pos[0]), all);
    if (pos.size() == 1)
      return row;
    return vector::ExtractOp::create(ex.b, ex.loc, row, ArrayRef<OpFoldResult>{pos[1]});
  }
};

struct ExpandDynamicInsert final : public ExpandPattern<vector::InsertOp> {
  using ExpandPattern::ExpandPattern;
  Value expand(Ex &ex, vector::InsertOp o) const override {
    // m with row i (or element (i, j)) replaced, for a dynamic i or j.
    OpBuilder &b = ex.b;
    auto pos = o.getMixedPosition();
    Value m = o.getDest();
    if (o.getDestVectorType().getRank() != 2)
      return {};
    int64_t rows = o.getDestVectorType().getDimSize(0);
    SmallVector<Value> newRows;
    for (int64_t i = 0; i < rows; ++i) {
      Value old = ex.comp(m, i);
      Value repl = o.getValueToStore();
      if (pos.size() == 2)
        repl = vector::InsertOp::create(b, ex.loc, repl, old, ArrayRef<OpFoldResult>{pos[1]});
      Value hit;
      if (auto c = getConstantIntValue(pos[0]))
        hit = arith::ConstantOp::create(b, ex.loc, b.getBoolAttr(*c == i));
      else
        hit = arith::CmpIOp::create(b, ex.loc, arith::CmpIPredicate::eq, cast<Value>(pos[0]),
                                    arith::ConstantOp::create(b, ex.loc, b.getIndexAttr(i)));
      newRows.push_back(arith::SelectOp::create(b, ex.loc, hit, repl, old));
    }
    return ex.mat(newRows);
  }
};

/// int -> bfloat16 and float64 -> bfloat16 as int / float64 -> float32 ->
/// bfloat16 (needsExpansion).
template <typename OpT> struct ExpandToBF16 final : public ExpandPattern<OpT> {
  using ExpandPattern<OpT>::ExpandPattern;
  Value expand(Ex &ex, OpT o) const override {
    Type f32 = ex.b.getF32Type();
    if (auto v = dyn_cast<VectorType>(o.getType()))
      f32 = v.clone(f32);
    Value wide = OpT::create(ex.b, ex.loc, f32, o.getIn());
    return arith::TruncFOp::create(ex.b, ex.loc, o.getType(), wide);
  }
};

struct ExpandBuiltinsPass : public kdsl::impl::ExpandBuiltinsBase<ExpandBuiltinsPass> {
  void runOnOperation() override {
    expandLargeMatrixOpsToLoops(getOperation());
    if (failed(expandBuiltinsIn(getOperation())))
      signalPassFailure();
  }
};

} // namespace

void kdsl::populateExpandBuiltinsPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpandDot, ExpandCross, ExpandLengthSq, ExpandLength, ExpandNormalize, ExpandMatMul,
               ExpandDeterminant, ExpandTrace, ExpandInverse, ExpandDiag, ExpandQuatMul,
               ExpandQuatInverse, ExpandQuatRotate, ExpandQuatRotateInv, ExpandQuatFromAxisAngle,
               ExpandQuatToMatrix, ExpandTranspose, ExpandOuterProduct, ExpandFromElements,
               ExpandBroadcast, ExpandShapeCast, ExpandDynamicExtract, ExpandDynamicInsert,
               ExpandToBF16<arith::SIToFPOp>, ExpandToBF16<arith::UIToFPOp>,
               ExpandToBF16<arith::TruncFOp>>(patterns.getContext());
}

bool kdsl::needsBuiltinExpansion(Operation *op) { return needsExpansion(op); }

LogicalResult kdsl::expandBuiltinsIn(Operation *root) {
  MLIRContext *ctx = root->getContext();
  RewritePatternSet patterns(ctx);
  populateExpandBuiltinsPatterns(patterns);
  ConversionTarget target(*ctx);
  target.markUnknownOpDynamicallyLegal([](Operation *op) { return !needsExpansion(op); });
  LLVM_DEBUG(llvm::dbgs() << "kdsl-expand-builtins: on " << root->getName() << "\n");
  // No folding: the expansions' op order is the contract with the C++
  // prelude, and folds (shape_cast of shape_cast) would skip parts of it.
  ConversionConfig config;
  config.foldingMode = DialectConversionFoldingMode::Never;
  return applyPartialConversion(root, target, std::move(patterns), config);
}
