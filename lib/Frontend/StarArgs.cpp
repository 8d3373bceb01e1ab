//===- StarArgs.cpp - argument unpacking f(*v) ------------------------------===//
//
// Warp unpacks a vector, quaternion or transform into its components and a
// matrix into its rows at a call site: `wp.vec4(*v, 1.0)`, `f(*m)`, and a
// 1-d array slice with constant bounds into its elements (`*a[0:3]`). The
// parser keeps the unpacked expression beside the call; Sema replaces the
// argument by `v[0], v[1], ...` once v's type is known. Any other type is an
// error at the `*`.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;

bool Sema::expandStarredArgs(CallExpr *e) {
  auto starred = std::move(e->starred);
  e->starred.clear();
  // Back to front: expanding one shifts the positions of those after it.
  for (auto it = starred.rbegin(); it != starred.rend(); ++it) {
    auto [pos, value] = *it;
    // *a[0:3] of a 1-d array: its elements (SemaSlices.cpp).
    if (auto *sub = llvm::dyn_cast<SubscriptExpr>(value);
        sub && llvm::any_of(sub->indices, [](Expr *i) { return llvm::isa<SliceExpr>(i); })) {
      const Type *bt = check(sub->base);
      if (!bt)
        return false;
      if (bt->kind == Type::Array) {
        llvm::SmallVector<Expr *, 4> parts;
        if (!starredArraySlice(value, bt, parts))
          return false;
        e->args.erase(e->args.begin() + pos);
        e->args.insert(e->args.begin() + pos, parts.begin(), parts.end());
        continue;
      }
    }
    const Type *t = check(value);
    if (!t)
      return false;
    if (t->kind == Type::Array)
      return error(e->args[pos]->loc,
                   "'*' unpacks an array only through a slice with constant bounds "
                   "(*a[0:3])");
    unsigned n = t->kind == Type::Vec || t->kind == Type::Mat ? t->rows
                 : t->kind == Type::Quat                      ? 4
                                                              : 0;
    if (n == 0)
      return error(e->args[pos]->loc, "only vectors, quaternions, transforms and matrices can be "
                                      "unpacked with '*' (got " +
                                          t->str() + ")");
    llvm::SmallVector<Expr *, 4> parts;
    for (unsigned j = 0; j < n; ++j) {
      auto *sub = mod.make<SubscriptExpr>(value->loc, value);
      sub->indices.push_back(mod.make<IntExpr>(value->loc, j, false));
      parts.push_back(sub);
    }
    e->args.erase(e->args.begin() + pos);
    e->args.insert(e->args.begin() + pos, parts.begin(), parts.end());
  }
  return true;
}
