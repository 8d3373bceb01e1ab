//===- BuiltinLoweringTile.cpp - the tile builtins' kdsl tile ops --------===//
//
// The expansions of BuiltinsTile.h's records: each creates its kdsl tile op
// (dialects/kdsl/KdslTileOps.td) from the values BuiltinRulesTile.cpp left
// in boundArgs.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinsTile.h"

using namespace kdsl;
using namespace mlir;

/// The offsets after the first `from` values: int32, or all zero when the
/// call gave none.
static SmallVector<mlir::Value> tileOffsets(LowerCtx &c, size_t from, unsigned ndim) {
  SmallVector<mlir::Value> offs;
  for (size_t i = from; i < c.a.size(); ++i)
    offs.push_back(c.g.toI32(c.a[i], c.e->boundArgs[i]->type, c.l));
  if (offs.empty())
    offs.assign(ndim, c.g.constant(c.b.getI32IntegerAttr(0), c.l));
  return offs;
}

Value kdsl::lowerTileLoad(LowerCtx &c) {
  auto array = c.a[0];
  unsigned ndim = cast<ArrayType>(array.getType()).getNdim();
  return TileLoadOp::create(c.b, c.l, c.rty, array, tileOffsets(c, 1, ndim));
}

Value kdsl::lowerTileStore(LowerCtx &c) {
  unsigned ndim = cast<ArrayType>(c.a[1].getType()).getNdim();
  TileStoreOp::create(c.b, c.l, c.a[0], c.a[1], tileOffsets(c, 2, ndim));
  return {};
}

Value kdsl::lowerTileAtomicAdd(LowerCtx &c) {
  unsigned ndim = cast<ArrayType>(c.a[1].getType()).getNdim();
  return TileAtomicAddOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], tileOffsets(c, 2, ndim));
}

Value kdsl::lowerTileZeros(LowerCtx &c) {
  return TileSplatOp::create(c.b, c.l, c.rty, c.g.zeroValue(c.t->dtype, c.l)); // structs too
}

Value kdsl::lowerTileOnes(LowerCtx &c) {
  return TileSplatOp::create(c.b, c.l, c.rty, c.scalarConst(c.t->dtype, 1));
}

Value kdsl::lowerTileFull(LowerCtx &c) { return TileSplatOp::create(c.b, c.l, c.rty, c.a[0]); }

/// (stop), (start, stop) or (start, stop, step), of the tile's dtype.
Value kdsl::lowerTileArange(LowerCtx &c) {
  mlir::Value start = c.a.size() == 1 ? c.scalarConst(c.t->dtype, 0) : c.a[0];
  mlir::Value step = c.a.size() == 3 ? c.a[2] : c.scalarConst(c.t->dtype, 1);
  return TileArangeOp::create(c.b, c.l, c.rty, start, step);
}

/// c = a @ b: accumulated into a zero tile of the result's type; the
/// output form `tile_matmul(a, b, out)` assigns out + a @ b to `out`.
Value kdsl::lowerTileMatmul(LowerCtx &c) {
  if (c.e->outputArgsFrom) {
    mlir::Value r = TileMatmulOp::create(c.b, c.l, c.a[2].getType(), c.a[0], c.a[1], c.a[2],
                                         c.b.getF64FloatAttr(1.0), c.b.getF64FloatAttr(1.0));
    c.g.assignTo(c.e->boundArgs[2], r);
    return {};
  }
  mlir::Value zero = TileSplatOp::create(c.b, c.l, c.rty, c.scalarConst(c.t->dtype, 0));
  return TileMatmulOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], zero, c.b.getF64FloatAttr(1.0),
                              c.b.getF64FloatAttr(1.0));
}

/// A reduce whose region adds.
Value kdsl::lowerTileSum(LowerCtx &c) {
  auto op = TileReduceOp::create(c.b, c.l, c.rty, c.a[0],
                                 c.e->axis >= 0 ? c.b.getI64IntegerAttr(c.e->axis) : IntegerAttr());
  mlir::Type et = cast<TileType>(c.rty).getElementType();
  OpBuilder::InsertionGuard guard(c.b);
  Block *body = c.b.createBlock(&op.getBody(), {}, {et, et}, {c.l, c.l});
  c.b.setInsertionPointToStart(body);
  mlir::Value x = body->getArgument(0), y = body->getArgument(1);
  mlir::Value s = isa<FloatType>(getElementTypeOrSelf(et))
                      ? (mlir::Value)arith::AddFOp::create(c.b, c.l, x, y)
                      : (mlir::Value)arith::AddIOp::create(c.b, c.l, x, y);
  TileYieldOp::create(c.b, c.l, s);
  return op;
}

Value kdsl::lowerTileTranspose(LowerCtx &c) {
  return TileTransposeOp::create(c.b, c.l, c.rty, c.a[0]);
}

Value kdsl::lowerTileBroadcast(LowerCtx &c) {
  return TileBroadcastOp::create(c.b, c.l, c.rty, c.a[0]);
}

Value kdsl::lowerTileExtract(LowerCtx &c) {
  SmallVector<mlir::Value> idx;
  for (size_t i = 1; i < c.a.size(); ++i)
    idx.push_back(c.g.toI32(c.a[i], c.e->boundArgs[i]->type, c.l));
  return TileExtractOp::create(c.b, c.l, c.rty, c.a[0], idx);
}

/// The element call (Sema's, on placeholders) in a kdsl.tile_map region.
Value kdsl::lowerTileMap(LowerCtx &c) {
  const CallExpr *call = c.e->elementCall;
  return c.g.genTileMap(c.a, c.t, c.l, [&](ValueRange elems) {
    for (auto [placeholder, v] : llvm::zip(call->args, elems))
      c.g.tileElements[placeholder] = v;
    return c.g.genExpr(call);
  });
}
