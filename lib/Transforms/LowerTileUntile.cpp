//===- LowerTileUntile.cpp - wp.untile of a lane's own element ------------===//
//
// Part of kdsl-lower-tiles (LowerTiles.h): before a lane-dependent kernel's
// tiles are lowered, `wp.untile` of a tile that is a `kdsl.tile_map` over
// tiles of one element per lane (extent `?`) becomes the map's region
// applied to the lane's elements, and `wp.untile` of a lane-extent
// `kdsl.tile_arange` becomes `start + lane * step`. Element k of the map
// is the region on the inputs' elements k, so lane k computes its own
// element only, where the tile would make every lane compute all of them
// (a thread-block query's round, SemaTileQueries.cpp: each element walks
// the BVH). A map whose tile has other users stays as well.
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

#include "mlir/IR/IRMapping.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

/// Whether `t` is a 1-d tile of one element per lane.
static bool isLaneTile(TileType t) {
  return t.getRank() == 1 && ShapedType::isDynamic(t.getShape()[0]);
}

void kdsl::tiles::foldLaneUntiles(Operation *root) {
  SmallVector<TileToLanesOp> work;
  root->walk([&](TileToLanesOp o) { work.push_back(o); });
  while (!work.empty()) {
    TileToLanesOp o = work.pop_back_val();
    if (!isLaneTile(o.getTile().getType()))
      continue;
    OpBuilder b(o);
    Location loc = o.getLoc();
    Value own;
    if (auto map = o.getTile().getDefiningOp<TileMapOp>()) {
      // The region, on this lane's element of each input.
      IRMapping m;
      Block &body = map.getBody().front();
      for (auto [arg, in] : llvm::zip(body.getArguments(), map.getInputs())) {
        // (At the map's location: the untiled name is the map's result.)
        auto u = TileToLanesOp::create(b, map.getLoc(), arg.getType(), in);
        m.map(arg, u.getResult());
        work.push_back(u);
      }
      for (Operation &op : body.without_terminator())
        b.clone(op, m);
      own = m.lookupOrDefault(cast<TileYieldOp>(body.getTerminator()).getValue());
    } else if (auto range = o.getTile().getDefiningOp<TileArangeOp>()) {
      Emitter e{b, loc};
      Value lane = e.lane();
      Type t = range.getStart().getType();
      if (isa<FloatType>(t))
        lane = arith::SIToFPOp::create(b, loc, t, lane);
      else if (t != lane.getType())
        lane = arith::IndexCastOp::create(
            b, loc, t, arith::IndexCastOp::create(b, loc, b.getIndexType(), lane));
      own = e.add(range.getStart(), e.mul(lane, range.getStep()));
    } else {
      continue;
    }
    Operation *def = o.getTile().getDefiningOp();
    o.getResult().replaceAllUsesWith(own);
    o.erase();
    if (def->use_empty())
      def->erase();
  }
}
