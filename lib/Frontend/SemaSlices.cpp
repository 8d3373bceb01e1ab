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
//
// Array slices (codegen.py emit_indexing/emit_Slice, array.h view(array_t,
// slice_t...)): `a[1:3]`, `a[:, i]`, `a[i, ::2]` of a wp.array are views
// (kdsl.array_slice): each slice keeps its dimension, each plain index drops
// it; bounds and steps are any integers (run-time values too). `*a[0:3]`
// unpacks a 1-d array's elements (constant bounds, an explicit stop).
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
    error(e->loc,
          bt->str() + " takes at most " + llvm::Twine((unsigned)extents.size()) + " index(es)");
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
    if (!checkIndex(idx))
      return nullptr;
    if (auto v = evalConst(idx);
        v && v->kind == ConstValue::Int && (v->i < 0 || v->i >= (int64_t)extents[k])) {
      error(idx->loc, "index " + llvm::Twine(v->i) + " is out of range for " + bt->str());
      return nullptr;
    }
  }
  e->skind = SubKind::CompSlice;
  if (shape.size() == 1)
    return types.vec(shape[0], bt->scalar);
  return types.mat(shape[0], shape[1], bt->scalar);
}

/// A slice bound or step of an array slice: an integer value (a literal
/// becomes int32). A constant step of 0 is an error, as in Warp.
/// t[i] of a 2-d tile, t[a:b, :], t[::-1], t[5, ::2]: constant slices
/// (the view's shape is static) and integer indices (collapsed dimensions;
/// constant ones range-checked and wrapped when negative, run-time ones
/// wrapped when negative by MLIRGen); the dimensions after the last index
/// are kept whole.
const Type *Sema::checkTileView(SubscriptExpr *e, const Type *bt) {
  // An index expression is checked more than once (check, then checkIndex):
  // a view inside it must not collect its starts twice.
  e->viewStart.clear();
  e->viewConstStart.clear();
  e->viewStep.clear();
  llvm::ArrayRef<int64_t> shape = bt->fixedShape;
  llvm::SmallVector<int64_t, 2> extents;
  for (size_t d = 0; d < shape.size(); ++d) {
    Expr *idx = d < e->indices.size() ? e->indices[d] : nullptr;
    e->viewStart.push_back(nullptr);
    if (!idx) {
      e->viewConstStart.push_back(0);
      e->viewStep.push_back(1);
      extents.push_back(shape[d]);
      continue;
    }
    if (auto *sl = llvm::dyn_cast<SliceExpr>(idx)) {
      llvm::SmallVector<int64_t, 4> pos;
      if (!slicePositions(sl, shape[d], pos))
        return nullptr;
      e->viewConstStart.push_back(pos[0]);
      e->viewStep.push_back(pos.size() > 1 ? pos[1] - pos[0] : 1);
      extents.push_back(pos.size());
      continue;
    }
    if (!check(idx))
      return nullptr;
    if (idx->type->isTile())
      return checkTileGather(e, bt, d);
    if (!checkIndex(idx))
      return nullptr;
    e->viewStep.push_back(0);
    if (auto v = evalConst(idx); v && v->kind == ConstValue::Int) {
      if (v->i < -shape[d] || v->i >= shape[d]) {
        error(idx->loc, "index " + llvm::Twine(v->i) + " is out of range for dimension " +
                            llvm::Twine(d) + " of " + bt->str());
        return nullptr;
      }
      e->viewConstStart.push_back(v->i < 0 ? v->i + shape[d] : v->i);
      continue;
    }
    e->viewStart.back() = idx;
    e->viewConstStart.push_back(0);
  }
  if (extents.empty()) {
    error(e->loc, "this subscript selects one element: index every dimension with an integer");
    return nullptr;
  }
  e->skind = SubKind::TileView;
  e->viewWrapNegative = true;
  return types.tile(bt->dtype, extents);
}

/// t[idx, :], t[:, idx], t[idx] (Warp's tile_slice_indexed): idx a 1-d int32
/// tile at position `axis`, every other position a whole `:` (trailing ones
/// may be left out). The result has t's shape with idx's extent along the
/// axis; a negative index counts from the end.
const Type *Sema::checkTileGather(SubscriptExpr *e, const Type *bt, size_t axis) {
  Expr *idx = e->indices[axis];
  for (size_t d = 0; d < e->indices.size(); ++d) {
    auto *sl = llvm::dyn_cast<SliceExpr>(e->indices[d]);
    if (d != axis && !(sl && !sl->lower && !sl->upper && !sl->step))
      return error(e->indices[d]->loc,
                   "indexing a tile with a tile of indices needs ':' in every other dimension "
                   "(t[idx, :], t[:, idx])"),
             nullptr;
  }
  const Type *it = idx->type;
  if (it->fixedShape.size() != 1 || it->dtype != types.i32())
    return error(idx->loc, "a tile of indices must be a 1-d tile of int32, got " + it->str()),
           nullptr;
  llvm::SmallVector<int64_t, 2> shape(bt->fixedShape.begin(), bt->fixedShape.end());
  shape[axis] = it->fixedShape[0];
  e->skind = SubKind::TileGather;
  e->constIndex = axis;
  return types.tile(bt->dtype, shape);
}

const Type *Sema::fillTileView(SubscriptExpr *view, const Type *bt, llvm::ArrayRef<Expr *> starts,
                               size_t keepFrom, const llvm::SmallVector<int64_t, 2> *extents,
                               llvm::StringRef what) {
  llvm::ArrayRef<int64_t> shape = bt->fixedShape;
  llvm::SmallVector<int64_t, 2> out;
  for (size_t d = 0; d < shape.size(); ++d) {
    Expr *st = d < starts.size() ? starts[d] : nullptr;
    int64_t c = 0;
    view->viewStart.push_back(nullptr);
    if (st) {
      if (auto v = evalConst(st); v && v->kind == ConstValue::Int)
        c = v->i;
      else
        view->viewStart.back() = st;
    }
    view->viewConstStart.push_back(c);
    bool keep = d >= keepFrom;
    view->viewStep.push_back(keep ? 1 : 0);
    int64_t n = !keep ? 1 : extents ? (*extents)[d - keepFrom] : shape[d] - c;
    if (c < 0 || n <= 0 || c + n > shape[d]) {
      error(view->loc, what + " does not fit in dimension " + llvm::Twine(d) + " of " + bt->str() +
                           " (start " + llvm::Twine(c) + ", extent " + llvm::Twine(n) + ")");
      return nullptr;
    }
    if (keep)
      out.push_back(n);
  }
  view->skind = SubKind::TileView;
  return types.tile(bt->dtype, out);
}

bool Sema::refuseTileViewWrite(Expr *target) {
  Expr *root = target;
  while (true) {
    if (auto *s = llvm::dyn_cast<SubscriptExpr>(root))
      root = s->base;
    else if (auto *a = llvm::dyn_cast<AttributeExpr>(root))
      root = a->base;
    else
      break;
  }
  auto *n = llvm::dyn_cast<NameExpr>(root);
  if (!n || !fn->tileViewLocals.count(n->name))
    return true;
  return error(target->loc,
               "'" + n->name +
                   "' is a view of another tile: Warp writes through a view into its source, and "
                   "kdsl tiles are values; write the source instead (t[i] = row, t[a:b, :] = u, "
                   "wp.tile_assign(t, u, offset=...))");
}

bool Sema::checkArraySliceComponent(Expr *c, bool isStep) {
  const Type *t = check(c);
  if (!t)
    return false;
  if (t->kind == Type::IntLit && !coerce(c, types.i32(), "slice bound"))
    return false;
  if (!t->isLiteral() && !t->isIntScalar())
    return error(c->loc, "slice bounds and steps must be integers, got " + t->str());
  if (isStep)
    if (auto v = evalConst(c); v && v->kind == ConstValue::Int && v->i == 0)
      return error(c->loc, "slice step cannot be zero");
  return true;
}

/// `a[1:3]`, `a[:, i]` of a wp.array: a view of the array (SubKind::ArrayView
/// with SliceExpr indices; MLIRGen builds kdsl.array_slice).
const Type *Sema::checkArraySlice(SubscriptExpr *e, const Type *bt) {
  unsigned n = e->indices.size();
  if (bt->indexed) {
    error(e->loc,
          "slices of indexed arrays are not supported (Warp's view of a wp.indexedarray takes "
          "plain indices)");
    return nullptr;
  }
  if (n > bt->ndim) {
    error(e->loc, "too many indices (" + llvm::Twine(n) + ") for a " +
                      llvm::Twine((unsigned)bt->ndim) + "-d array");
    return nullptr;
  }
  unsigned dropped = 0;
  for (Expr *idx : e->indices) {
    if (auto *s = llvm::dyn_cast<SliceExpr>(idx)) {
      for (Expr *c : {s->lower, s->upper, s->step})
        if (c && !checkArraySliceComponent(c, c == s->step))
          return nullptr;
      continue;
    }
    if (!checkIndex(idx))
      return nullptr;
    ++dropped;
  }
  e->skind = SubKind::ArrayView;
  return types.array(bt->dtype, bt->ndim - dropped);
}

/// `*a[lo:hi:step]` of a 1-d array (Warp's unpack_starred): the elements
/// a[lo], a[lo + step], ... below hi. The bounds are constants (the array's
/// length is not known when compiling): an explicit stop, no negative bound
/// or step.
bool Sema::starredArraySlice(Expr *value, const Type *arrayType,
                             llvm::SmallVectorImpl<Expr *> &parts) {
  auto *sub = llvm::cast<SubscriptExpr>(value);
  auto *s =
      llvm::dyn_cast_if_present<SliceExpr>(sub->indices.size() == 1 ? sub->indices[0] : nullptr);
  if (!s)
    return error(value->loc,
                 "'*' unpacks an array only through a slice with constant bounds (*a[0:3])");
  if (arrayType->ndim != 1)
    return error(value->loc, "'*' unpacks slices of 1-d arrays only, got a " +
                                 llvm::Twine((unsigned)arrayType->ndim) + "-d array");
  auto component = [&](Expr *c, int64_t dflt) -> std::optional<int64_t> {
    if (!c)
      return dflt;
    if (!check(c))
      return std::nullopt;
    auto v = evalConst(c);
    if (!v || v->kind != ConstValue::Int) {
      error(
          c->loc,
          "the bounds and step of an unpacked array slice must be compile-time integer constants");
      return std::nullopt;
    }
    return v->i;
  };
  if (!s->upper)
    return error(s->loc, "'*' on an array slice needs an explicit stop (*a[0:3], not *a[0:]): the "
                         "array's length is not known when compiling");
  auto lo = component(s->lower, 0), hi = component(s->upper, 0), step = component(s->step, 1);
  if (!lo || !hi || !step)
    return false;
  if (*step == 0)
    return error(s->step->loc, "slice step cannot be zero");
  if (*lo < 0 || *hi < 0)
    return error(s->loc, "the bounds of an unpacked array slice cannot be negative (the array's "
                         "length is not known when compiling)");
  if (*step < 0)
    return error(s->step->loc, "the step of an unpacked array slice cannot be negative");
  for (int64_t k = *lo; k < *hi; k += *step) {
    auto *elem = mod.make<SubscriptExpr>(value->loc, sub->base);
    elem->indices.push_back(mod.make<IntExpr>(value->loc, (uint64_t)k, false));
    parts.push_back(elem);
  }
  if (parts.empty())
    return error(s->loc, "this unpacked array slice selects no element");
  return true;
}
