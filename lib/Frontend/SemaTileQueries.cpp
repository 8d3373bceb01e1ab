//===- SemaTileQueries.cpp - the rounds of thread-block BVH queries -------===//
//
// Warp 1.16's thread-block queries (wp.tile_bvh_query_aabb / _ray,
// wp.tile_mesh_query_aabb and their *_tiled names) are prelude funcs that
// make a bvh_query_tiled_t (Prelude/bvh.py). Their `next` builtins give a
// tile of one int per lane of the block; here
//
//   wp.tile_bvh_query_next(query)
//
// becomes the call
//
//   wp.tile_map(_tile_query_hit, <0, 1, ..., block_dim - 1>,
//               _tile_query_round(query, wp.block_dim()))
//
// (the middle one a wp.tile_arange marked laneIndices). _tile_query_round
// advances `query` (a wp.ref[T] parameter: the caller's local) past the
// round and gives the round's start; element k of the map walks from there
// to the round's hit k. The tile is the block's: every lane computes it
// alike, so no lane reads another's value and every target lowers it
// (docs/design/tiles.md, "Lanes"); wp.untile gives lane k its hit.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Frontend/Sema.h"

using namespace kdsl;
using llvm::SMLoc;
using llvm::StringRef;

bool Sema::isTileQueryNext(StringRef name) {
  return name == "tile_bvh_query_next" || name == "bvh_query_next_tiled" ||
         name == "tile_mesh_query_aabb_next" || name == "mesh_query_aabb_next_tiled";
}

/// A callee naming the Warp builtin `name` the way `like` (the user's
/// callee) names its builtin: `wp.name` through the same module, else the
/// bare name (which Warp resolves in the warp module).
static Expr *warpCallee(ModuleAST &mod, Expr *like, StringRef name) {
  if (auto *a = llvm::dyn_cast<AttributeExpr>(like))
    return mod.make<AttributeExpr>(a->loc, a->base, name, a->attrLoc);
  return mod.make<NameExpr>(like->loc, name);
}

const Type *Sema::checkTileQueryNext(CallExpr *e, StringRef name) {
  Expr *query = nullptr;
  if (e->args.size() == 1 && e->kwargs.empty())
    query = e->args[0];
  else if (e->args.empty() && e->kwargs.size() == 1 && e->kwargs[0].name == "query")
    query = e->kwargs[0].value;
  if (!query) {
    error(e->loc, "wp." + name + "() takes one argument, the thread-block query");
    return nullptr;
  }
  const Type *qt = check(query);
  if (!qt)
    return nullptr;
  const Type *tiled = preludeStructType("bvh_query_tiled_t", e->loc);
  if (!tiled)
    return nullptr;
  if (qt != tiled) {
    std::string hint = qt == preludeStructType("bvh_query_t", e->loc)
                           ? " (a per-thread query advances with wp.bvh_query_next(query, index))"
                           : "";
    error(query->loc, "wp." + name +
                          "() takes a thread-block query (of wp.tile_bvh_query_aabb, "
                          "tile_bvh_query_ray or tile_mesh_query_aabb), got " +
                          qt->str() + hint);
    return nullptr;
  }
  FuncDef *round = preludeFunc("_tile_query_round", e->loc);
  FuncDef *hit = preludeFunc("_tile_query_hit", e->loc);
  if (!round || !hit)
    return nullptr;
  SMLoc l = e->loc;
  auto *blockDim = mod.make<CallExpr>(l, warpCallee(mod, e->callee, "block_dim"));
  auto *roundName = mod.make<NameExpr>(l, "_tile_query_round");
  roundName->staticFunc = round;
  auto *roundCall = mod.make<CallExpr>(l, roundName);
  roundCall->args = {query, blockDim};
  auto *lanes = mod.make<CallExpr>(l, warpCallee(mod, e->callee, "tile_arange"));
  lanes->laneIndices = true;
  auto *hitName = mod.make<NameExpr>(l, "_tile_query_hit");
  hitName->staticFunc = hit;
  e->callee = warpCallee(mod, e->callee, "tile_map");
  e->args = {hitName, lanes, roundCall};
  e->kwargs.clear();
  return checkBuiltin(e, Builtin::TileMap);
}
