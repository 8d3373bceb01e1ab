//===- BuiltinRulesLinalg.cpp - type rules of the linear algebra builtins -===//
//
// Sema's rule for the builtins of BuiltinsLinalg.h, one function per builtin
// with Warp 1.16's signatures (warp/_src/builtins.py).
//
//===----------------------------------------------------------------------===//
#include "BuiltinRuleContext.h"
#include "BuiltinRuleFns.h"
#include "BuiltinsLinalg.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::Twine;

namespace kdsl {
/// The rules; a friend of Sema like BuiltinCall.
class LinalgRules : public BuiltinRuleContext {
public:
  LinalgRules(Sema &s, CallExpr *e, const BuiltinInfo &info)
      : BuiltinRuleContext(s, e, info.name) {}

  bool arity(size_t lo, size_t hi) {
    if (args.size() >= lo && args.size() <= hi)
      return true;
    s.error(e->loc, name + "() takes " + (lo == hi ? Twine(lo) : Twine(lo) + " to " + Twine(hi)) +
                        " argument(s), got " + Twine(args.size()));
    return false;
  }
  static bool isFloatVec(const Type *t, unsigned n) {
    return t->kind == Type::Vec && isFloat(t->scalar) && (n == 0 || t->rows == n);
  }
  /// Float scalars (literals become float32 unless another argument fixes
  /// the type); returns the common type.
  const Type *floats(size_t from, size_t to);
  /// Output arguments args[from..]: existing locals (or their components)
  /// of exactly the types `want`.
  bool outputs(size_t from, llvm::ArrayRef<const Type *> want);

  const Type *ddot();
  const Type *argMinMax();
  const Type *skew();
  const Type *getDiag();
  const Type *inverseApprox();
  const Type *matrixFromVecs(bool cols);
  const Type *quatRpy();
  const Type *quatSlerp();
  const Type *quatFromMatrix();
  const Type *quatToAxisAngle();
  const Type *lowerBound();
  const Type *closestPointEdgeEdge();
  enum class Decomposition { Svd, Qr, Eig };
  const Type *decomposition(unsigned n, Decomposition kind);
  const Type *intersectTriTri();
};
} // namespace kdsl

const Type *LinalgRules::floats(size_t from, size_t to) {
  const Type *t = args[from]->type;
  for (size_t i = from + 1; i < to; ++i) {
    t = s.unify(args[from], args[i], args[i]->loc, name + "()");
    if (!t)
      return nullptr;
  }
  if (t->isLiteral())
    t = types.f32();
  for (size_t i = from; i < to; ++i)
    if (!s.coerce(args[i], t, name + "() argument"))
      return nullptr;
  if (!t->isFloatScalar())
    return argError(args[from], "float scalars");
  return t;
}

bool LinalgRules::outputs(size_t from, llvm::ArrayRef<const Type *> want) {
  for (size_t i = 0; i < want.size(); ++i) {
    Expr *a = args[from + i];
    if (!s.isLValue(a)) {
      s.error(a->loc, name + "() output argument " + Twine(from + i + 1) +
                          " must be a local variable (Warp writes the result into it)");
      return false;
    }
    if (a->type != want[i]) {
      argError(a, want[i]->str() + " as output argument " + Twine(from + i + 1));
      return false;
    }
  }
  return true;
}

/// ddot(a, b): the sum of a[i][j] * b[i][j] of two matrices of one type.
const Type *LinalgRules::ddot() {
  if (!arity(2, 2) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Mat)
    return argError(args[0], "a matrix");
  if (args[1]->type != t)
    return argError(args[1], t->str());
  return types.scalar(t->scalar);
}

/// argmin(v) / argmax(v): the uint32 index of a vector's extreme element.
const Type *LinalgRules::argMinMax() {
  if (!arity(1, 1) || !checkArgs())
    return nullptr;
  if (args[0]->type->kind != Type::Vec)
    return argError(args[0], "a vector");
  return types.scalar(Scalar::U32);
}

const Type *LinalgRules::skew() {
  if (!arity(1, 1) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Vec || t->rows != 3 || t->isBool())
    return argError(args[0], "a vec3");
  return types.mat(3, 3, t->scalar);
}

const Type *LinalgRules::getDiag() {
  if (!arity(1, 1) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Mat || t->rows != t->cols)
    return argError(args[0], "a square matrix");
  return types.vec(t->rows, t->scalar);
}

/// inverse_approx: Warp's approximate GPU inverse; kdsl computes the exact
/// inverse on every target (what Warp does on the CPU).
const Type *LinalgRules::inverseApprox() {
  if (!arity(1, 1) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Mat || !isFloat(t->scalar) || t->rows != t->cols || t->rows < 2 ||
      t->rows > 4)
    return argError(args[0], "a float matrix 2x2, 3x3 or 4x4");
  return t;
}

/// matrix_from_rows(v0, v1, ...) / matrix_from_cols(...): vectors of one
/// type, each a row (a column) of the result.
const Type *LinalgRules::matrixFromVecs(bool cols) {
  if (args.empty())
    return fail(e->loc, name + "() takes at least one vector");
  if (!checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Vec)
    return argError(args[0], "vectors");
  for (Expr *a : llvm::drop_begin(args))
    if (a->type != t)
      return argError(a, t->str() + " (all arguments of one vector type)");
  unsigned n = args.size(), m = t->rows;
  if (n > 255)
    return fail(e->loc, name + "() takes at most 255 vectors");
  return cols ? types.mat(m, n, t->scalar) : types.mat(n, m, t->scalar);
}

const Type *LinalgRules::quatRpy() {
  if (!arity(3, 3) || !checkArgs())
    return nullptr;
  const Type *t = floats(0, 3);
  return t ? types.quat(t->scalar) : nullptr;
}

const Type *LinalgRules::quatSlerp() {
  if (!arity(3, 3) || !checkArgs())
    return nullptr;
  const Type *q = args[0]->type;
  if (q->kind != Type::Quat || !isFloat(q->scalar))
    return argError(args[0], "a quaternion");
  if (args[1]->type != q)
    return argError(args[1], q->str());
  if (!s.coerce(args[2], types.scalar(q->scalar), name + "() t"))
    return nullptr;
  return q;
}

const Type *LinalgRules::quatFromMatrix() {
  if (!arity(1, 1) || !checkArgs())
    return nullptr;
  const Type *t = args[0]->type;
  if (t->kind != Type::Mat || !isFloat(t->scalar) || t->rows != t->cols ||
      (t->rows != 3 && t->rows != 4))
    return argError(args[0], "a float 3x3 or 4x4 matrix");
  return types.quat(t->scalar);
}

/// quat_to_axis_angle(q) -> (axis, angle), or quat_to_axis_angle(q, axis,
/// angle) writing into the locals axis and angle.
const Type *LinalgRules::quatToAxisAngle() {
  if (!arity(1, 3) || !checkArgs())
    return nullptr;
  if (args.size() == 2)
    return fail(e->loc, name + "() takes a quaternion, or a quaternion, an axis and an angle");
  const Type *q = args[0]->type;
  if (q->kind != Type::Quat || !isFloat(q->scalar))
    return argError(args[0], "a quaternion");
  const Type *axis = types.vec(3, q->scalar), *angle = types.scalar(q->scalar);
  if (args.size() == 3)
    return outputs(1, {axis, angle}) ? types.voidTy() : nullptr;
  return types.tuple({axis, angle});
}

/// lower_bound(arr, value) or lower_bound(arr, begin, end, value) on a
/// sorted 1-d array of scalars.
const Type *LinalgRules::lowerBound() {
  if (!arity(2, 4) || !checkArgs())
    return nullptr;
  if (args.size() == 3)
    return fail(e->loc, name + "() takes (arr, value) or (arr, arr_begin, arr_end, value)");
  const Type *at = args[0]->type;
  if (at->kind != Type::Array || at->indexed || at->ndim != 1 || !at->dtype->isScalar() ||
      at->dtype->isBool())
    return argError(args[0], "a 1-d array of scalars");
  for (size_t i = 1; i + 1 < args.size(); ++i)
    if (!s.coerce(args[i], types.i32(), name + "() range bound"))
      return nullptr;
  if (!s.coerce(args.back(), at->dtype, name + "() value"))
    return nullptr;
  return types.i32();
}

/// closest_point_edge_edge(p1, q1, p2, q2, epsilon) -> vec3(s, t, distance).
const Type *LinalgRules::closestPointEdgeEdge() {
  if (!arity(5, 5) || !checkArgs())
    return nullptr;
  const Type *v = types.vec(3, Scalar::F32);
  for (size_t i = 0; i < 4; ++i)
    if (args[i]->type != v)
      return argError(args[i], "vec3f points");
  if (!s.coerce(args[4], types.f32(), name + "() epsilon"))
    return nullptr;
  return v;
}

/// intersect_tri_tri(v0, v1, v2, u0, u1, u2): six vec3f or six vec3d.
const Type *LinalgRules::intersectTriTri() {
  if (!arity(6, 6) || !checkArgs())
    return nullptr;
  const Type *v = args[0]->type;
  if (!isFloatVec(v, 3) || v->scalar == Scalar::F16)
    return argError(args[0], "vec3f or vec3d vertices");
  for (Expr *a : llvm::drop_begin(args))
    if (a->type != v)
      return argError(a, v->str());
  return types.i32();
}

/// svd3(A) -> (U, sigma, V), svd2 likewise on 2x2, qr3(A) -> (Q, R),
/// eig3(A) -> (Q, d); or with the results' locals after A (Warp's
/// output-argument form), returning nothing.
const Type *LinalgRules::decomposition(unsigned n, Decomposition kind) {
  unsigned outs = kind == Decomposition::Svd ? 3 : 2;
  if (!arity(1, 1 + outs) || !checkArgs())
    return nullptr;
  if (args.size() != 1 && args.size() != 1 + outs)
    return fail(e->loc,
                name + "() takes a matrix, or a matrix and " + Twine(outs) + " output arguments");
  const Type *t = args[0]->type;
  if (t->kind != Type::Mat || !isFloat(t->scalar) || t->rows != n || t->cols != n)
    return argError(args[0], "a float " + Twine(n) + "x" + Twine(n) + " matrix");
  const Type *m = t, *v = types.vec(n, t->scalar);
  llvm::SmallVector<const Type *, 3> results;
  if (kind == Decomposition::Qr)
    results = {m, m};
  else if (kind == Decomposition::Eig)
    results = {m, v};
  else
    results = {m, v, m};
  if (args.size() > 1)
    return outputs(1, results) ? types.voidTy() : nullptr;
  return types.tuple(results);
}

// The records' rule functions (BuiltinRuleFns.h).
#define KDSL_LINALG_RULE(fn, call)                                                                 \
  const Type *kdsl::rules::fn(Sema &s, CallExpr *e, const BuiltinInfo &info) {                     \
    return LinalgRules(s, e, info).call;                                                           \
  }
KDSL_LINALG_RULE(ddot, ddot())
KDSL_LINALG_RULE(argMinMax, argMinMax())
KDSL_LINALG_RULE(skew, skew())
KDSL_LINALG_RULE(getDiag, getDiag())
KDSL_LINALG_RULE(inverseApprox, inverseApprox())
KDSL_LINALG_RULE(matrixFromRows, matrixFromVecs(false))
KDSL_LINALG_RULE(matrixFromCols, matrixFromVecs(true))
KDSL_LINALG_RULE(quatRpy, quatRpy())
KDSL_LINALG_RULE(quatSlerp, quatSlerp())
KDSL_LINALG_RULE(quatFromMatrix, quatFromMatrix())
KDSL_LINALG_RULE(quatToAxisAngle, quatToAxisAngle())
KDSL_LINALG_RULE(lowerBound, lowerBound())
KDSL_LINALG_RULE(closestPointEdgeEdge, closestPointEdgeEdge())
KDSL_LINALG_RULE(intersectTriTri, intersectTriTri())
KDSL_LINALG_RULE(svd3, decomposition(3, LinalgRules::Decomposition::Svd))
KDSL_LINALG_RULE(svd2, decomposition(2, LinalgRules::Decomposition::Svd))
KDSL_LINALG_RULE(qr3, decomposition(3, LinalgRules::Decomposition::Qr))
KDSL_LINALG_RULE(eig3, decomposition(3, LinalgRules::Decomposition::Eig))
#undef KDSL_LINALG_RULE
