//===- SemaSlices.cpp - negative indices and slices of vectors/matrices ---===//
//
// Warp 1.16 semantics (codegen.py eval_const_slice, builtins.py
// vector/matrix_extract_value_func):
//  - a negative constant index counts from the end: v[-1] is v[len - 1];
//  - slice bounds are compile-time integer constants, resolved against the
//    extent exactly as CPython's slice.indices() does;
//  - v[a:b:c] of a vector or quaternion is a vector of the selected length;
//  - m[s] keeps whole rows (a matrix), m[i, s] / m[s, j] is a vector and
//    m[s, t] a matrix; a plain index in a matrix slice may be dynamic.
// Slices are lvalues where their base is (`v[1:3] = w`, `v[:2] += w`).
// Array slices are not handled here.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;

static llvm::SmallVector<unsigned, 2> extentsOf(const Type *t) {
  if (t->kind == Type::Mat)
    return {t->rows, t->cols};
  return {(unsigned)t->numElements()};
}

void Sema::wrapNegativeIndices(SubscriptExpr *e, const Type *bt) {
  auto extents = extentsOf(bt);
  for (unsigned k = 0; k < e->indices.size() && k < extents.size(); ++k) {
    Expr *idx = e->indices[k];
    if (llvm::isa<SliceExpr>(idx))
      continue;
    auto v = evalConst(idx);
    if (v && v->kind == ConstValue::Int && v->i < 0 && v->i >= -(int64_t)extents[k])
      e->indices[k] = mod.make<IntExpr>(idx->loc, (uint64_t)(v->i + extents[k]), false);
  }
}

/// A slice bound or step: a constant integer.
std::optional<int64_t> Sema::sliceComponent(Expr *c) {
  auto v = evalConst(c);
  if (!v || v->kind != ConstValue::Int) {
    error(c->loc, "slice bounds and steps must be constant integers");
    return std::nullopt;
  }
  return v->i;
}

/// The positions `s` selects in [0, length), as CPython's slice.indices().
bool Sema::slicePositions(SliceExpr *s, int64_t length, llvm::SmallVectorImpl<int64_t> &out) {
  int64_t step = 1;
  if (s->step) {
    auto v = sliceComponent(s->step);
    if (!v)
      return false;
    if (*v == 0)
      return error(s->step->loc, "slice step cannot be zero");
    step = *v;
  }
  int64_t lo = step > 0 ? 0 : -1, hi = step > 0 ? length : length - 1;
  auto resolve = [&](Expr *c, int64_t dflt) -> std::optional<int64_t> {
    if (!c)
      return dflt;
    auto v = sliceComponent(c);
    if (!v)
      return std::nullopt;
    return *v < 0 ? std::max(*v + length, lo) : std::min(*v, hi);
  };
  auto start = resolve(s->lower, step > 0 ? lo : hi);
  if (!start)
    return false;
  auto stop = resolve(s->upper, step > 0 ? hi : lo);
  if (!stop)
    return false;
  for (int64_t i = *start; step > 0 ? i < *stop : i > *stop; i += step)
    out.push_back(i);
  if (out.empty())
    return error(s->loc, "this slice selects no element (kdsl has no empty vectors)");
  return true;
}

const Type *Sema::checkCompositeSlice(SubscriptExpr *e, const Type *bt) {
  auto extents = extentsOf(bt);
  unsigned n = e->indices.size();
  if (n > extents.size()) {
    error(e->loc, bt->str() + " takes at most " + llvm::Twine((unsigned)extents.size()) +
                      " index(es)");
    return nullptr;
  }
  wrapNegativeIndices(e, bt);
  e->sliceSel.assign(extents.size(), {});
  llvm::SmallVector<unsigned, 2> shape; // lengths of the sliced dimensions
  for (unsigned k = 0; k < extents.size(); ++k) {
    if (k >= n) { // m[0:2]: whole rows
      for (unsigned c = 0; c < extents[k]; ++c)
        e->sliceSel[k].push_back(c);
      shape.push_back(extents[k]);
      continue;
    }
    Expr *idx = e->indices[k];
    if (auto *s = llvm::dyn_cast<SliceExpr>(idx)) {
      if (!slicePositions(s, extents[k], e->sliceSel[k]))
        return nullptr;
      shape.push_back(e->sliceSel[k].size());
      continue;
    }
    const Type *t = check(idx);
    if (!t)
      return nullptr;
    if (t->kind == Type::IntLit && !coerce(idx, types.i32(), "index"))
      return nullptr;
    if (!t->isLiteral() && !t->isIntScalar()) {
      error(idx->loc, "indices must be integers, got " + t->str());
      return nullptr;
    }
    if (auto v = evalConst(idx); v && v->kind == ConstValue::Int &&
                                 (v->i < 0 || v->i >= (int64_t)extents[k])) {
      error(idx->loc, "index " + llvm::Twine(v->i) + " is out of range for " + bt->str());
      return nullptr;
    }
  }
  e->skind = SubKind::CompSlice;
  if (shape.size() == 1)
    return types.vec(shape[0], bt->scalar);
  return types.mat(shape[0], shape[1], bt->scalar);
}
