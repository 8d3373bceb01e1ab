//===- BuiltinLoweringTile.cpp - the tile builtins' kdsl tile ops --------===//
//
// The expansions of BuiltinsTile.h's records: each creates its kdsl tile op
// (dialects/kdsl/KdslTileOps.td) from the values BuiltinRulesTile.cpp left
// in boundArgs.
//
//===----------------------------------------------------------------------===//
#include "BuiltinLowering.h"
#include "BuiltinsTile.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

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

// The _indexed forms: the indices tile after the array, e->axis the axis.
Value kdsl::lowerTileLoadIndexed(LowerCtx &c) {
  unsigned ndim = cast<ArrayType>(c.a[0].getType()).getNdim();
  return TileLoadIndexedOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], tileOffsets(c, 2, ndim),
                                   c.e->axis);
}

Value kdsl::lowerTileStoreIndexed(LowerCtx &c) {
  unsigned ndim = cast<ArrayType>(c.a[1].getType()).getNdim();
  TileStoreIndexedOp::create(c.b, c.l, c.a[0], c.a[1], c.a[2], tileOffsets(c, 3, ndim), c.e->axis);
  return {};
}

Value kdsl::lowerTileAtomicAddIndexed(LowerCtx &c) {
  unsigned ndim = cast<ArrayType>(c.a[1].getType()).getNdim();
  return TileAtomicAddIndexedOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], c.a[2],
                                        tileOffsets(c, 3, ndim), c.e->axis);
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
  // (No argument: the block's lane indices, SemaTileQueries.cpp.)
  mlir::Value start = c.a.size() <= 1 ? c.scalarConst(c.t->dtype, 0) : c.a[0];
  mlir::Value step = c.a.size() == 3 ? c.a[2] : c.scalarConst(c.t->dtype, 1);
  return TileArangeOp::create(c.b, c.l, c.rty, start, step);
}

/// c = a @ b: accumulated into a zero tile of the result's type; the
/// output form `tile_matmul(a, b, out)` assigns out + a @ b to `out`.
Value kdsl::lowerTileMatmul(LowerCtx &c) {
  if (c.e->outputArgsFrom) {
    mlir::Value r =
        TileMatmulOp::create(c.b, c.l, c.a[2].getType(), c.a[0], c.a[1], c.a[2],
                             c.b.getF64FloatAttr(c.e->alpha), c.b.getF64FloatAttr(c.e->beta));
    c.g.assignTo(c.e->boundArgs[2], r);
    return {};
  }
  mlir::Value zero = TileSplatOp::create(c.b, c.l, c.rty, c.scalarConst(c.t->dtype, 0));
  return TileMatmulOp::create(c.b, c.l, c.rty, c.a[0], c.a[1], zero,
                              c.b.getF64FloatAttr(c.e->alpha), c.b.getF64FloatAttr(1.0));
}

/// A kdsl.tile_reduce of c.a[0] (along c.e->axis when set) whose region
/// combines two elements with `combine`.
static Value tileReduce(LowerCtx &c, llvm::function_ref<Value(Value, Value)> combine) {
  auto op = TileReduceOp::create(c.b, c.l, c.rty, c.a[0],
                                 c.e->axis >= 0 ? c.b.getI64IntegerAttr(c.e->axis) : IntegerAttr());
  mlir::Type et = cast<TileType>(c.rty).getElementType();
  OpBuilder::InsertionGuard guard(c.b);
  Block *body = c.b.createBlock(&op.getBody(), {}, {et, et}, {c.l, c.l});
  c.b.setInsertionPointToStart(body);
  TileYieldOp::create(c.b, c.l, combine(body->getArgument(0), body->getArgument(1)));
  return op;
}

/// A reduce whose region adds.
Value kdsl::lowerTileSum(LowerCtx &c) {
  if (const kdsl::Type *d = c.t0->dtype; d->kind == kdsl::Type::Struct)
    return tileReduce(c,
                      [&](Value x, Value y) { return c.g.structArith(BinOp::Add, x, y, d, c.l); });
  return tileReduce(c, [&](Value x, Value y) {
    return isa<FloatType>(getElementTypeOrSelf(x.getType()))
               ? (mlir::Value)arith::AddFOp::create(c.b, c.l, x, y)
               : (mlir::Value)arith::AddIOp::create(c.b, c.l, x, y);
  });
}

/// Reduces with Warp's min / max (MLIRGen::minMax: NaN-ignoring for floats,
/// unsigned for unsigned dtypes).
Value kdsl::lowerTileMin(LowerCtx &c) {
  return tileReduce(c, [&](Value x, Value y) { return c.g.minMax(false, x, y, c.t->dtype, c.l); });
}
Value kdsl::lowerTileMax(LowerCtx &c) {
  return tileReduce(c, [&](Value x, Value y) { return c.g.minMax(true, x, y, c.t->dtype, c.l); });
}

Value kdsl::lowerTileArgmin(LowerCtx &c) {
  return TileArgReduceOp::create(c.b, c.l, c.rty, c.a[0], /*max=*/false);
}
Value kdsl::lowerTileArgmax(LowerCtx &c) {
  return TileArgReduceOp::create(c.b, c.l, c.rty, c.a[0], /*max=*/true);
}

/// tile_reduce(op, a): the element call (Sema's, on two placeholders) in
/// the region.
Value kdsl::lowerTileReduce(LowerCtx &c) {
  const CallExpr *call = c.e->elementCall;
  return tileReduce(c, [&](Value x, Value y) {
    c.g.tileElements[call->args[0]] = x;
    c.g.tileElements[call->args[1]] = y;
    return c.g.genExpr(call);
  });
}

/// The sub-tile (Sema's TileView subscript over the tile argument).
Value kdsl::lowerTileView(LowerCtx &c) { return c.g.genExpr(c.e->view); }

/// dst with the sub-tile replaced, assigned to dst's local.
Value kdsl::lowerTileAssign(LowerCtx &c) {
  SmallVector<int64_t> steps;
  SmallVector<mlir::Value> starts = c.g.genTileViewStarts(c.e->view, steps, c.l);
  if (c.g.failed)
    return {};
  mlir::Value r =
      TileAssignOp::create(c.b, c.l, c.a[1], c.a[0], starts, c.b.getDenseI64ArrayAttr(steps));
  c.g.assignTo(c.e->boundArgs[0], r);
  return {};
}

/// tile_scatter_add / tile_scatter_masked: a kdsl.tile_scatter (add or
/// exch) of every lane's value at its indices, assigned to the tile; a lane
/// without a value moves its first index past the tile's extent, where the
/// update is skipped.
Value kdsl::lowerTileScatter(LowerCtx &c) {
  auto tt = cast<TileType>(c.a[0].getType());
  unsigned n = tt.getRank();
  mlir::Value has = c.a[n + 2];
  SmallVector<mlir::Value> idx;
  for (unsigned d = 0; d < n; ++d)
    idx.push_back(c.g.toI32(c.a[1 + d], c.e->boundArgs[1 + d]->type, c.l));
  mlir::Value outside = arith::ConstantIntOp::create(c.b, c.l, tt.getShape()[0], 32);
  idx[0] = arith::SelectOp::create(c.b, c.l, has, idx[0], outside);
  AtomicKind kind =
      c.e->builtin == (int)Builtin::TileScatterAdd ? AtomicKind::add : AtomicKind::exch;
  mlir::Value r = TileScatterOp::create(c.b, c.l, kind, c.a[0], idx, c.a[n + 1]);
  c.g.assignTo(c.e->boundArgs[0], r);
  return {};
}

/// Warp's rand_pcg (native/rand.h; Prelude/random.py's _pcg).
static Value pcg(LowerCtx &c, Value s) {
  auto k = [&](uint32_t v) { return arith::ConstantIntOp::create(c.b, c.l, v, 32); };
  Value b = arith::AddIOp::create(c.b, c.l, arith::MulIOp::create(c.b, c.l, s, k(747796405u)),
                                  k(2891336453u));
  Value sh = arith::AddIOp::create(c.b, c.l, arith::ShRUIOp::create(c.b, c.l, b, k(28)), k(4));
  Value x = arith::XOrIOp::create(c.b, c.l, arith::ShRUIOp::create(c.b, c.l, b, sh), b);
  Value m = arith::MulIOp::create(c.b, c.l, x, k(277803737u));
  return arith::XOrIOp::create(c.b, c.l, arith::ShRUIOp::create(c.b, c.l, m, k(22)), m);
}

/// tile_randi / tile_randf as Warp 1.16's tile.h makes them: lane t of a
/// block of B starts from rand_pcg(t + rng) and draws, in order, the
/// elements t, t + B, t + 2B, ... of the tile (row-major): element e is the
/// (e / B + 1)-th draw of lane e % B, each draw randi / randf (Prelude's).
/// A tile_map over the row-major indices, reshaped to the tile's shape.
Value kdsl::lowerTileRand(LowerCtx &c) {
  auto rty = cast<TileType>(c.rty);
  int64_t n = rty.getNumElements();
  bool ints = c.e->builtin == (int)Builtin::TileRandi;
  mlir::Type i32 = c.b.getI32Type();
  auto flatIdx = TileType::get(c.b.getContext(), {n}, i32);
  auto flat = TileType::get(c.b.getContext(), {n}, rty.getElementType());
  Value idx = TileArangeOp::create(c.b, c.l, flatIdx, arith::ConstantIntOp::create(c.b, c.l, 0, 32),
                                   arith::ConstantIntOp::create(c.b, c.l, 1, 32));
  Value rng = c.a[0], lo = c.a.size() > 1 ? c.a[1] : Value(),
        hi = c.a.size() > 2 ? c.a[2] : Value();
  Value blockDim = BlockDimOp::create(c.b, c.l);
  auto map = TileMapOp::create(c.b, c.l, flat, ValueRange{idx});
  {
    OpBuilder::InsertionGuard guard(c.b);
    Block *body = c.b.createBlock(&map.getBody(), {}, {i32}, {c.l});
    c.b.setInsertionPointToStart(body);
    Value e = body->getArgument(0);
    Value lane = arith::RemUIOp::create(c.b, c.l, e, blockDim);
    Value draws = arith::AddIOp::create(c.b, c.l, arith::DivUIOp::create(c.b, c.l, e, blockDim),
                                        arith::ConstantIntOp::create(c.b, c.l, 1, 32));
    Value s0 = pcg(c, arith::AddIOp::create(c.b, c.l, lane, rng));
    auto loop = scf::ForOp::create(c.b, c.l, arith::ConstantIntOp::create(c.b, c.l, 0, 32), draws,
                                   arith::ConstantIntOp::create(c.b, c.l, 1, 32), ValueRange{s0});
    {
      OpBuilder::InsertionGuard g2(c.b);
      c.b.setInsertionPointToStart(loop.getBody());
      scf::YieldOp::create(c.b, c.l, ValueRange{pcg(c, loop.getRegionIterArg(0))});
    }
    Value s = loop.getResult(0);
    Value v;
    if (ints && !lo) {
      v = s;           // randi: the state as int32
    } else if (ints) { // randi(state, min, max): C's unsigned arithmetic
      Value range = arith::SubIOp::create(c.b, c.l, hi, lo);
      v = arith::AddIOp::create(c.b, c.l, arith::RemUIOp::create(c.b, c.l, s, range), lo);
    } else {
      Value top =
          arith::ShRUIOp::create(c.b, c.l, s, arith::ConstantIntOp::create(c.b, c.l, 8, 32));
      Value u = arith::MulFOp::create(
          c.b, c.l, arith::UIToFPOp::create(c.b, c.l, c.b.getF32Type(), top),
          arith::ConstantFloatOp::create(c.b, c.l, c.b.getF32Type(), APFloat(1.0f / 16777216.0f)));
      v = lo ? (Value)arith::AddFOp::create(
                   c.b, c.l,
                   arith::MulFOp::create(c.b, c.l, arith::SubFOp::create(c.b, c.l, hi, lo), u), lo)
             : u;
    }
    TileYieldOp::create(c.b, c.l, v);
  }
  if (rty.getRank() == 1)
    return map;
  return TileReshapeOp::create(c.b, c.l, rty, map);
}

Value kdsl::lowerTileReshape(LowerCtx &c) { return TileReshapeOp::create(c.b, c.l, c.rty, c.a[0]); }

/// A tile_map converting each element as the scalar cast does.
Value kdsl::lowerTileAstype(LowerCtx &c) {
  const kdsl::Type *from = c.t0->dtype, *to = c.t->dtype;
  return c.g.genTileMap(c.a, c.t, c.l,
                        [&](ValueRange e) { return c.g.convert(e[0], from, to, c.l); });
}

/// tile_cholesky returns the factor; the _inplace form assigns it to A.
Value kdsl::lowerTileCholesky(LowerCtx &c) {
  mlir::Value r = TileCholeskyOp::create(c.b, c.l, c.a[0].getType(), c.a[0], c.e->upperFill);
  if (!c.e->firstOutputs)
    return r;
  c.g.assignTo(c.e->boundArgs[0], r);
  return {};
}

/// The triangular and Cholesky solves; the _inplace forms assign x to y.
Value kdsl::lowerTileSolve(LowerCtx &c) {
  Builtin id = (Builtin)c.e->builtin;
  bool chol = id == Builtin::TileCholeskySolve || id == Builtin::TileCholeskySolveInplace;
  mlir::Value r = chol ? (mlir::Value)TileCholeskySolveOp::create(c.b, c.l, c.a[1].getType(),
                                                                  c.a[0], c.a[1], c.e->upperFill)
                       : (mlir::Value)TileTriangularSolveOp::create(c.b, c.l, c.a[1].getType(),
                                                                    c.a[0], c.a[1], c.e->upperFill);
  if (!c.e->outputArgsFrom)
    return r;
  c.g.assignTo(c.e->boundArgs[1], r);
  return {};
}

Value kdsl::lowerTileDiagAdd(LowerCtx &c) {
  return TileDiagAddOp::create(c.b, c.l, c.rty, c.a[0], c.a[1]);
}

/// In place: the transform assigned to the argument's local.
Value kdsl::lowerTileFft(LowerCtx &c) {
  mlir::Value r = TileFftOp::create(c.b, c.l, c.a[0].getType(), c.a[0],
                                    (Builtin)c.e->builtin == Builtin::TileIfft);
  c.g.assignTo(c.e->boundArgs[0], r);
  return {};
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
  SmallVector<mlir::Value> tiles;
  for (mlir::Value v : c.a)
    if (isa<TileType>(v.getType()))
      tiles.push_back(v);
  return c.g.genTileMap(tiles, c.t, c.l, [&](ValueRange elems) {
    size_t k = 0; // values that are no tile are used from above
    for (auto [placeholder, v] : llvm::zip(call->args, c.a))
      c.g.tileElements[placeholder] = isa<TileType>(v.getType()) ? elems[k++] : v;
    return c.g.genExpr(call);
  });
}

Value kdsl::lowerTileFromLanes(LowerCtx &c) {
  return TileFromLanesOp::create(c.b, c.l, c.rty, c.a[0]);
}

Value kdsl::lowerUntile(LowerCtx &c) { return TileToLanesOp::create(c.b, c.l, c.rty, c.a[0]); }

/// The scan's kind from the builtin (umin / umax for unsigned dtypes).
Value kdsl::lowerTileScan(LowerCtx &c) {
  Builtin id = (Builtin)c.e->builtin;
  bool uns = isInt(c.t->dtype->scalar) && !isSigned(c.t->dtype->scalar);
  AtomicKind kind = id == Builtin::TileScanMaxInclusive ? (uns ? AtomicKind::umax : AtomicKind::max)
                    : id == Builtin::TileScanMinInclusive
                        ? (uns ? AtomicKind::umin : AtomicKind::min)
                        : AtomicKind::add;
  return TileScanOp::create(c.b, c.l, c.rty, kind, c.a[0], id == Builtin::TileScanExclusive);
}

/// Both tiles sorted, assigned to the arguments' locals.
Value kdsl::lowerTileSort(LowerCtx &c) {
  auto op = TileSortOp::create(c.b, c.l, c.a[0].getType(), c.a[1].getType(), c.a[0], c.a[1]);
  c.g.assignTo(c.e->boundArgs[0], op.getSortedKeys());
  c.g.assignTo(c.e->boundArgs[1], op.getSortedValues());
  return {};
}

Value kdsl::lowerTileFromThread(LowerCtx &c) {
  mlir::Value lane = c.g.toI32(c.a[1], c.e->boundArgs[1]->type, c.l);
  return TileFromThreadOp::create(c.b, c.l, c.rty, c.a[0], lane);
}

/// sum(a * b): a tile_map of the products reduced by addition.
Value kdsl::lowerTileDot(LowerCtx &c) {
  const kdsl::Type *elem = c.t0->dtype;
  mlir::Value prod = c.g.genTileMap(c.a, c.t0, c.l, [&](ValueRange e) {
    return c.g.genBinaryOp(BinOp::Mul, e[0], elem, e[1], elem, elem, c.l);
  });
  c.a.assign({prod});
  return lowerTileSum(c);
}

/// dest + alpha * src, element-wise, assigned to dest.
Value kdsl::lowerTileAxpy(LowerCtx &c) {
  const kdsl::Type *d = c.e->boundArgs[2]->type;
  const kdsl::Type *alpha = c.e->boundArgs[0]->type;
  mlir::Value r = c.g.genTileMap({c.a[1], c.a[2]}, d, c.l, [&](ValueRange e) {
    mlir::Value ax = c.g.genBinaryOp(BinOp::Mul, c.a[0], alpha, e[0], d->dtype, d->dtype, c.l);
    return c.g.genBinaryOp(BinOp::Add, e[1], d->dtype, ax, d->dtype, d->dtype, c.l);
  });
  c.g.assignTo(c.e->boundArgs[2], r);
  return {};
}

Value kdsl::lowerTileStack(LowerCtx &c) { return TileStackAllocOp::create(c.b, c.l, c.rty); }

/// push (the slot), count, clear.
Value kdsl::lowerTileStackOp(LowerCtx &c) {
  switch ((Builtin)c.e->builtin) {
  case Builtin::TileStackPush:
    return TileStackPushOp::create(c.b, c.l, c.b.getI32Type(), c.a[0], c.a[1], c.a[2]);
  case Builtin::TileStackCount:
    return TileStackCountOp::create(c.b, c.l, c.b.getI32Type(), c.a[0]);
  default:
    TileStackClearOp::create(c.b, c.l, c.a[0]);
    return {};
  }
}

/// (value, slot).
SmallVector<mlir::Value> kdsl::lowerTileStackPop(LowerCtx &c) {
  mlir::Type et = cast<TileStackType>(c.a[0].getType()).getElementType();
  auto op = TileStackPopOp::create(c.b, c.l, et, c.b.getI32Type(), c.a[0]);
  return {op.getValue(), op.getSlot()};
}
