//===- LowerTileOps.cpp - each tile op as a loop nest over its elements ---===//
//
// Part of kdsl-lower-tiles (LowerTiles.h, docs/design/tiles.md): the loops
// one tile op becomes, reading and writing the flat row-major buffers of its
// operands and result. Loop counters are i32, as the kernels' own loops
// (ExpandMatrixLoops.cpp: cf block arguments of index type would meet
// convert-gpu-to-nvvm half converted); buffer indices are index_casts.
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

Value TileBuffers::allocate(Location loc, TileType t) {
  OpBuilder b(t.getContext());
  if (lastAlloca)
    b.setInsertionPointAfter(lastAlloca);
  else
    b.setInsertionPointToStart(allocaBlock);
  // A dynamic extent (wp.tile(x)'s block dimension) gets the largest block
  // Warp launches; the loops stop at the block's dimension.
  int64_t n = 1;
  for (int64_t d : t.getShape())
    n *= ShapedType::isDynamic(d) ? kMaxBlockDim : d;
  auto type = MemRefType::get({n}, t.getElementType());
  auto alloca = memref::AllocaOp::create(b, loc, type, b.getI64IntegerAttr(16));
  // The C++ emitter declares it as a local array (T name[N]).
  alloca->setAttr("kdsl.tile_buffer", b.getUnitAttr());
  lastAlloca = alloca;
  return alloca;
}

void kdsl::tiles::copyBuffer(OpBuilder &b, Location loc, Value from, Value to) {
  Emitter e{b, loc};
  int64_t n = cast<MemRefType>(to.getType()).getDimSize(0);
  e.loop(e.c32(0), n, {}, [&](Value i, ValueRange) {
    e.store(e.load(from, i), to, i);
    return SmallVector<Value>{};
  });
}

/// A float attribute's value as a constant of `t` (tile_matmul's alpha and
/// beta; integer tiles take only 0 and 1).
static FailureOr<Value> scaleConstant(Emitter &e, Operation *op, double v, Type t) {
  if (isa<FloatType>(t))
    return (Value)arith::ConstantOp::create(e.b, e.loc, e.b.getFloatAttr(t, v));
  if (v != 0 && v != 1)
    return op->emitOpError("integer tile_matmul with alpha/beta ")
           << v << " is not lowered (only 0 and 1)";
  return (Value)arith::ConstantOp::create(e.b, e.loc, e.b.getIntegerAttr(t, (int64_t)v));
}

namespace {
/// An indexed op's indices buffer and axis (buffer null: a plain access).
struct IndexedBy {
  Value indices;
  int64_t axis = -1;
};
} // namespace

/// tile_load(_indexed): each element read from `array` (zero outside it)
/// into `out`.
static LogicalResult loadTile(Emitter &e, Value array, ValueRange offsets, TileType t, Value out,
                              IndexedBy by) {
  SmallVector<Value> n = e.extents(array);
  e.forEach(t.getShape(), [&](ValueRange ivs, Value flat) {
    SmallVector<Value> idx;
    Value ok = e.arrayIndices(offsets, ivs, n, idx, by.indices, by.axis);
    e.storeIfElseZero(
        ok, t.getElementType(),
        [&]() -> Value { return LoadOp::create(e.b, e.loc, t.getElementType(), array, idx); }, out,
        flat);
  });
  return success();
}

/// tile_store(_indexed) and, with `old` (the buffer of the old values),
/// tile_atomic_add(_indexed): each element of `tile` written to `array`
/// unless it falls outside. Shared out over the block's lanes: with one
/// lane, all its own.
static LogicalResult storeTile(Emitter &e, Value tile, TileType t, Value array, ValueRange offsets,
                               Value old, IndexedBy by) {
  SmallVector<Value> n = e.extents(array);
  e.forEach(t.getShape(), [&](ValueRange ivs, Value flat) {
    SmallVector<Value> idx;
    Value ok = e.arrayIndices(offsets, ivs, n, idx, by.indices, by.axis);
    if (old) {
      e.storeIfElseZero(
          ok, t.getElementType(),
          [&]() -> Value { return atomicAddElement(e.b, e.loc, array, idx, e.load(tile, flat)); },
          old, flat);
      return;
    }
    auto ifOp = scf::IfOp::create(e.b, e.loc, TypeRange{}, ok, /*withElse=*/false);
    OpBuilder::InsertionGuard guard(e.b);
    e.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    StoreOp::create(e.b, e.loc, e.load(tile, flat), array, idx);
  });
  return success();
}

/// A tile_view / tile_assign position: the flat index in a tile of `shape`
/// of view element `ivs` (input dimension d at offsets[d] + ivs[k] *
/// steps[d], k counting the dimensions of nonzero step; offsets[d] alone
/// where the step is 0), and whether it is inside.
static Value viewPosition(Emitter &e, ValueRange offsets, ArrayRef<int64_t> steps, ValueRange ivs,
                          ArrayRef<int64_t> shape, Value &flat) {
  SmallVector<Value> pos;
  Value ok;
  size_t k = 0;
  for (auto [d, o] : llvm::enumerate(offsets)) {
    Value p = o;
    if (steps[d] != 0)
      p = arith::AddIOp::create(e.b, e.loc, o,
                                arith::MulIOp::create(e.b, e.loc, ivs[k++], e.c32(steps[d])));
    Value in = arith::CmpIOp::create(e.b, e.loc, arith::CmpIPredicate::ult, p, e.c32(shape[d]));
    ok = ok ? arith::AndIOp::create(e.b, e.loc, ok, in) : in;
    pos.push_back(p);
  }
  flat = e.flatIndex(pos, shape);
  return ok;
}

LogicalResult kdsl::tiles::lowerTileOp(Operation *op, TileBuffers &bufs) {
  OpBuilder b(op);
  Emitter e{b, op->getLoc()};
  // Every tile operand has a buffer, every tile type an element type a
  // buffer can hold.
  for (Type t : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
    if (auto tt = dyn_cast<TileType>(t); tt && !isBufferableElement(tt.getElementType()))
      return op->emitError("tiles of ")
             << tt.getElementType() << " are not lowered yet (docs/design/tiles.md)";
  // The block dimension as an extent (wp.tile(x)'s tiles) goes through the
  // element-wise, reduction, scan, sort, broadcast and memory ops; not yet
  // through matmul and the linear algebra.
  if (isa<TileMatmulOp, TileCholeskyOp, TileTriangularSolveOp, TileCholeskySolveOp, TileDiagAddOp,
          TileFftOp, TileTransposeOp, TileGatherOp, TileViewOp, TileAssignOp>(op))
    for (Type t : llvm::concat<Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto tt = dyn_cast<TileType>(t); tt && llvm::any_of(tt.getShape(), ShapedType::isDynamic))
        return op->emitError("'")
               << op->getName() << "' of a tile of block_dim extent (" << tt
               << ") is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)";
  SmallVector<Value> in;
  for (Value v : op->getOperands()) {
    if (!isa<TileType>(v.getType()))
      continue;
    in.push_back(bufs.lookup(v));
    if (!in.back())
      return op->emitError("tile operand has no buffer (not lowered by kdsl-lower-tiles)");
  }
  auto result = [&]() {
    Value r = op->getResult(0);
    Value buf = bufs.allocate(op->getLoc(), cast<TileType>(r.getType()));
    bufs.map(r, buf);
    return buf;
  };

  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](TileLoadOp o) {
        return loadTile(e, o.getArray(), o.getOffsets(), o.getResult().getType(), result(), {});
      })
      .Case([&](TileLoadIndexedOp o) {
        IndexedBy by{in[0], (int64_t)o.getAxis()};
        return loadTile(e, o.getArray(), o.getOffsets(), o.getResult().getType(), result(), by);
      })
      .Case([&](TileStoreOp o) {
        return storeTile(e, in[0], o.getTile().getType(), o.getArray(), o.getOffsets(), {}, {});
      })
      .Case([&](TileStoreIndexedOp o) {
        IndexedBy by{in[1], (int64_t)o.getAxis()};
        return storeTile(e, in[0], o.getTile().getType(), o.getArray(), o.getOffsets(), {}, by);
      })
      .Case([&](TileAtomicAddOp o) {
        return storeTile(e, in[0], o.getTile().getType(), o.getArray(), o.getOffsets(), result(),
                         {});
      })
      .Case([&](TileAtomicAddIndexedOp o) {
        IndexedBy by{in[1], (int64_t)o.getAxis()};
        return storeTile(e, in[0], o.getTile().getType(), o.getArray(), o.getOffsets(), result(),
                         by);
      })
      .Case([&](TileSplatOp o) {
        Value out = result();
        e.forEach(o.getResult().getType().getShape(),
                  [&](ValueRange, Value flat) { e.store(o.getValue(), out, flat); });
        return success();
      })
      .Case([&](TileArangeOp o) {
        Value out = result();
        Type et = o.getResult().getType().getElementType();
        e.forEach(o.getResult().getType().getShape(), [&](ValueRange ivs, Value flat) {
          Value i = isa<FloatType>(et) ? (Value)arith::SIToFPOp::create(b, e.loc, et, ivs[0])
                                       : e.convert(ivs[0], et);
          e.store(e.add(o.getStart(), e.mul(i, o.getStep())), out, flat);
        });
        return success();
      })
      .Case([&](TileMapOp o) {
        Value out = result();
        e.forEach(o.getResult().getType().getShape(), [&](ValueRange, Value flat) {
          SmallVector<Value> args;
          for (Value buf : in)
            args.push_back(e.load(buf, flat));
          e.store(e.apply(o.getBody(), args), out, flat);
        });
        return success();
      })
      .Case([&](TileReduceOp o) {
        Value out = result();
        TileType t = o.getInput().getType();
        std::optional<uint64_t> axis = o.getAxis();
        if (!axis || t.getRank() == 1) {
          // Over every element, in order: f(f(e0, e1), e2) ...
          Value first = e.load(in[0], e.c32(0));
          Value r = e.loop(e.c32(1), e.count(t.getShape()), first, [&](Value i, ValueRange acc) {
            return SmallVector<Value>{e.apply(o.getBody(), {acc[0], e.load(in[0], i)})};
          })[0];
          e.store(r, out, e.c32(0));
          return success();
        }
        SmallVector<int64_t> outer(t.getShape());
        outer.erase(outer.begin() + *axis);
        e.forEach(outer, [&](ValueRange ivs, Value flat) {
          auto at = [&](Value k) {
            SmallVector<Value> idx(ivs);
            idx.insert(idx.begin() + *axis, k);
            return e.load(in[0], e.flatIndex(idx, t.getShape()));
          };
          Value first = at(e.c32(0));
          Value r = e.loop(e.c32(1), t.getShape()[*axis], first, [&](Value k, ValueRange acc) {
            return SmallVector<Value>{e.apply(o.getBody(), {acc[0], at(k)})};
          })[0];
          e.store(r, out, flat);
        });
        return success();
      })
      .Case([&](TileMatmulOp o) -> LogicalResult {
        // alpha * (sum_k a[i, k] * b[k, j]) + beta * c[i, j], in c's type.
        TileType at = o.getA().getType(), bt = o.getB().getType(), ct = o.getC().getType();
        Type et = ct.getElementType();
        int64_t kk = at.getShape()[1], nn = bt.getShape()[1];
        double alpha = o.getAlpha().convertToDouble(), beta = o.getBeta().convertToDouble();
        FailureOr<Value> alphaV = scaleConstant(e, op, alpha, et);
        FailureOr<Value> betaV = scaleConstant(e, op, beta, et);
        if (failed(alphaV) || failed(betaV))
          return failure();
        // i-k-j order: a row of products accumulated in `row` over k, so the
        // innermost loop runs along b's and row's contiguous j and LLVM
        // vectorizes it (a dot product per element, i-j-k, is a chain of
        // dependent adds LLVM cannot reorder: 8x slower on the JIT). Each
        // element still sums its products from 0 in ascending k, as before.
        TileType rowType = TileType::get(b.getContext(), {nn}, et);
        Value row = bufs.allocate(e.loc, rowType);
        Value out = result();
        e.loop(e.c32(0), ct.getShape()[0], {}, [&](Value i, ValueRange) {
          e.forEach(rowType.getShape(), [&](ValueRange, Value j) { e.store(e.zero(et), row, j); });
          Value rowA = arith::MulIOp::create(b, e.loc, i, e.c32(kk));
          e.loop(e.c32(0), kk, {}, [&](Value k, ValueRange) {
            Value x = e.convert(e.load(in[0], arith::AddIOp::create(b, e.loc, rowA, k)), et);
            Value rowB = arith::MulIOp::create(b, e.loc, k, e.c32(nn));
            e.forEach(rowType.getShape(), [&](ValueRange, Value j) {
              Value y = e.convert(e.load(in[1], arith::AddIOp::create(b, e.loc, rowB, j)), et);
              e.store(e.add(e.load(row, j), e.mul(x, y)), row, j);
            });
            return SmallVector<Value>{};
          });
          Value rowC = arith::MulIOp::create(b, e.loc, i, e.c32(nn));
          e.forEach(rowType.getShape(), [&](ValueRange, Value j) {
            Value flat = arith::AddIOp::create(b, e.loc, rowC, j);
            Value sum = e.load(row, j);
            if (alpha != 1)
              sum = e.mul(sum, *alphaV);
            if (beta != 0) {
              Value c = e.load(in[2], flat);
              sum = e.add(sum, beta == 1 ? c : e.mul(c, *betaV));
            }
            e.store(sum, out, flat);
          });
          return SmallVector<Value>{};
        });
        return success();
      })
      .Case([&](TileTransposeOp o) {
        Value out = result();
        ArrayRef<int64_t> s = o.getInput().getType().getShape();
        e.forEach(o.getResult().getType().getShape(), [&](ValueRange ivs, Value flat) {
          e.store(e.load(in[0], e.flatIndex({ivs[1], ivs[0]}, s)), out, flat);
        });
        return success();
      })
      .Case([&](TileBroadcastOp o) {
        Value out = result();
        ArrayRef<int64_t> is = o.getInput().getType().getShape();
        ArrayRef<int64_t> os = o.getResult().getType().getShape();
        size_t skip = os.size() - is.size();
        e.forEach(os, [&](ValueRange ivs, Value flat) {
          SmallVector<Value> idx;
          for (size_t k = 0; k < is.size(); ++k)
            idx.push_back(is[k] == 1 ? e.c32(0) : ivs[skip + k]);
          e.store(e.load(in[0], e.flatIndex(idx, is)), out, flat);
        });
        return success();
      })
      .Case([&](TileGatherOp o) {
        // Along the axis, the input's element at indices[c[axis]] (negative:
        // from the end; outside after that: zero, never a read outside).
        Value out = result();
        TileType it = o.getInput().getType();
        int64_t axis = o.getAxis(), extent = it.getShape()[axis];
        Type et = it.getElementType();
        e.forEach(o.getResult().getType().getShape(), [&](ValueRange ivs, Value flat) {
          Value k = e.load(in[1], ivs[axis]);
          Value neg = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::slt, k, e.c32(0));
          k = arith::SelectOp::create(b, e.loc, neg,
                                      arith::AddIOp::create(b, e.loc, k, e.c32(extent)), k);
          Value ok = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::ult, k, e.c32(extent));
          Value v = e.ifElseZero(ok, et, [&]() -> Value {
            SmallVector<Value> pos(ivs);
            pos[axis] = k;
            return e.load(in[0], e.flatIndex(pos, it.getShape()));
          });
          e.store(v, out, flat);
        });
        return success();
      })
      .Case([&](TileViewOp o) {
        Value out = result();
        TileType it = o.getInput().getType();
        e.forEach(o.getResult().getType().getShape(), [&](ValueRange ivs, Value flat) {
          Value pos;
          Value ok = viewPosition(e, o.getOffsets(), o.getSteps(), ivs, it.getShape(), pos);
          Value v = e.ifElseZero(ok, it.getElementType(), [&] { return e.load(in[0], pos); });
          e.store(v, out, flat);
        });
        return success();
      })
      .Case([&](TileAssignOp o) {
        // dest, then the source's elements where the view puts them.
        Value out = result();
        TileType dt = o.getDest().getType();
        Value dest = bufs.lookup(o.getDest()), source = bufs.lookup(o.getSource());
        copyBuffer(b, e.loc, dest, out);
        e.forEach(o.getSource().getType().getShape(), [&](ValueRange ivs, Value flat) {
          Value pos;
          Value ok = viewPosition(e, o.getOffsets(), o.getSteps(), ivs, dt.getShape(), pos);
          auto ifOp = scf::IfOp::create(b, e.loc, TypeRange{}, ok, /*withElse=*/false);
          OpBuilder::InsertionGuard guard(b);
          b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
          e.store(e.load(source, flat), out, pos);
        });
        return success();
      })
      .Case([&](TileReshapeOp o) {
        // The same row-major elements: a copy (the adjoints of reductions
        // and broadcasts reshape).
        copyBuffer(b, e.loc, in[0], result());
        return success();
      })
      .Case([&](TileExtractOp o) {
        Value v = e.load(in[0], e.flatIndex(o.getIndices(), o.getTile().getType().getShape()));
        o.getResult().replaceAllUsesWith(v);
        return success();
      })
      .Case<TileArgReduceOp, TileScanOp, TileSortOp>(
          [&](Operation *) { return lowerTileOrderOp(op, in, bufs); })
      .Case<TileCholeskyOp, TileTriangularSolveOp, TileCholeskySolveOp, TileDiagAddOp, TileFftOp>(
          [&](Operation *) { return lowerTileLinalgOp(op, in, bufs); })
      .Case<TileFromLanesOp, TileToLanesOp, TileFromThreadOp, TileScatterOp, TileStackAllocOp,
            TileStackPushOp, TileStackPopOp, TileStackCountOp, TileStackClearOp>(
          [&](Operation *) -> LogicalResult {
            for (Value v : op->getOperands())
              if (isa<TileStackType>(v.getType()) && !bufs.lookupCount(v))
                return op->emitError("a tile stack not made by wp.tile_stack in this function "
                                     "is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)");
            return lowerTileLaneOp(op, in, bufs);
          })
      .Default(
          [&](Operation *) {
            return op->emitError("'")
                   << op->getName()
                   << "' is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)";
          });
}
