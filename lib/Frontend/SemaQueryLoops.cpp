//===- SemaQueryLoops.cpp - `for index in <query>` ------------------------===//
//
// Warp iterates a hash grid query with a for loop as well as with
// `while wp.hash_grid_query_next(query, index):` (and a BVH or mesh AABB
// query the same way, with bvh_query_next: Prelude/bvh.py):
//
//   for index in wp.hash_grid_query(grid, p, radius):   (or `in query`)
//       body
//
// is, as in Warp's generated code (a copy of the query advanced by
// iter_cmp / iter_next), the statements
//
//   index.query = wp.hash_grid_query(grid, p, radius)
//   index = int(0)
//   while hash_grid_query_next(index.query, index):
//       body
//
// made here before the loop is checked, with the prelude's func as the
// callee (Prelude/hashgrid.py). `index.query` cannot clash with a user's
// name; a `continue` in the body goes on to the next neighbour.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::StringRef;

bool Sema::isQueryType(const Type *t) {
  return t && t->kind == Type::Struct && prelude && t->structDef &&
         prelude->lookupStruct(t->structDef->name) == t->structDef;
}

/// The prelude func that advances a query of struct `name`, or empty.
static StringRef nextFuncOf(StringRef name) {
  if (name == "hash_grid_query_t")
    return "hash_grid_query_next";
  if (name == "bvh_query_t")
    return "bvh_query_next";
  return StringRef();
}

bool Sema::desugarQueryLoop(Body &body, size_t i) {
  auto *f = llvm::dyn_cast<ForStmt>(body[i]);
  if (!f)
    return true;
  StringRef nextName;
  if (auto *c = llvm::dyn_cast<CallExpr>(f->iter)) {
    std::optional<StringRef> name = warpNameOf(c->callee, fn->scope);
    if (name && *name == "hash_grid_query")
      nextName = "hash_grid_query_next";
    else if (name &&
             (*name == "bvh_query_aabb" || *name == "bvh_query_ray" || *name == "mesh_query_aabb"))
      nextName = "bvh_query_next";
  } else if (auto *n = llvm::dyn_cast<NameExpr>(f->iter)) {
    auto it = fn->locals.find(n->name);
    if (it != fn->locals.end() && isQueryType(it->second))
      nextName = nextFuncOf(it->second->structDef->name);
  }
  if (nextName.empty())
    return true;
  if (f->hasElse)
    return error(f->loc, "for-else is not supported");
  auto *target = llvm::dyn_cast_or_null<NameExpr>(f->target);
  if (!target)
    return error(f->target->loc,
                 "the target of a loop over a " +
                     StringRef(nextName == "bvh_query_next" ? "BVH or mesh AABB" : "hash grid") +
                     " query must be a single name");
  FuncDef *next = preludeFunc(nextName, f->loc);
  if (!next)
    return false;
  llvm::SMLoc l = f->loc;
  rebindNames.push_back((target->name + ".query").str());
  StringRef qname = rebindNames.back();

  auto *copy = mod.make<AssignStmt>(l);
  copy->targets.push_back(mod.make<NameExpr>(f->iter->loc, qname));
  copy->value = f->iter;

  auto *zero = mod.make<CallExpr>(target->loc, mod.make<NameExpr>(target->loc, "int"));
  zero->args.push_back(mod.make<IntExpr>(target->loc, 0, false));
  auto *init = mod.make<AssignStmt>(target->loc);
  init->targets.push_back(mod.make<NameExpr>(target->loc, target->name));
  init->value = zero;

  auto *callee = mod.make<NameExpr>(l, nextName);
  callee->staticFunc = next;
  auto *cond = mod.make<CallExpr>(l, callee);
  cond->args.push_back(mod.make<NameExpr>(f->iter->loc, qname));
  cond->args.push_back(mod.make<NameExpr>(target->loc, target->name));
  auto *loop = mod.make<WhileStmt>(l, cond);
  loop->body = std::move(f->body);

  body[i] = copy;
  body.insert(body.begin() + i + 1, {init, loop});
  return true;
}
