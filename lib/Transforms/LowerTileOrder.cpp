//===- LowerTileOrder.cpp - argmin/argmax, scans, sort as loops -----------===//
//
// Part of kdsl-lower-tiles (LowerTiles.h): the tile ops that order or scan
// a tile's elements in row-major order. kdsl.tile_arg_reduce is one loop
// keeping the best element and its index; kdsl.tile_scan one loop carrying
// the running value; kdsl.tile_sort a stable insertion sort of the keys
// that moves the values with them (tiles are small: at most a few thousand
// elements, and insertion sort needs no scratch buffer).
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

/// Whether float `x` is NaN.
static Value isNaN(Emitter &e, Value x) {
  return arith::CmpFOp::create(e.b, e.loc, arith::CmpFPredicate::UNO, x, x);
}

/// Whether `x` comes before `y`: x < y (x > y with `greater`); for floats,
/// a NaN comes after every number (never chosen by argmin/argmax while a
/// number is left, sorted last).
static Value before(Emitter &e, Value x, Value y, bool greater) {
  if (Emitter::isF(x.getType())) {
    Value cmp = arith::CmpFOp::create(
        e.b, e.loc, greater ? arith::CmpFPredicate::OGT : arith::CmpFPredicate::OLT, x, y);
    Value nanY = arith::AndIOp::create(
        e.b, e.loc, isNaN(e, y),
        arith::XOrIOp::create(e.b, e.loc, isNaN(e, x),
                              arith::ConstantIntOp::create(e.b, e.loc, e.b.getI1Type(), 1)));
    return arith::OrIOp::create(e.b, e.loc, cmp, nanY);
  }
  return arith::CmpIOp::create(
      e.b, e.loc, greater ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::slt, x, y);
}

/// The scan's combination of the running value and the next element.
static Value combine(Emitter &e, AtomicKind kind, Value acc, Value x) {
  bool f = Emitter::isF(x.getType());
  switch (kind) {
  case AtomicKind::min:
    return f ? (Value)arith::MinNumFOp::create(e.b, e.loc, acc, x)
             : arith::MinSIOp::create(e.b, e.loc, acc, x);
  case AtomicKind::max:
    return f ? (Value)arith::MaxNumFOp::create(e.b, e.loc, acc, x)
             : arith::MaxSIOp::create(e.b, e.loc, acc, x);
  case AtomicKind::umin:
    return f ? (Value)arith::MinNumFOp::create(e.b, e.loc, acc, x)
             : arith::MinUIOp::create(e.b, e.loc, acc, x);
  case AtomicKind::umax:
    return f ? (Value)arith::MaxNumFOp::create(e.b, e.loc, acc, x)
             : arith::MaxUIOp::create(e.b, e.loc, acc, x);
  default:
    return e.add(acc, x);
  }
}

/// keys[j + 1] = keys[j] (and the values), for the insertion sort.
static void shiftUp(Emitter &e, ArrayRef<Value> bufs, Value j) {
  Value next = arith::AddIOp::create(e.b, e.loc, j, e.c32(1));
  for (Value buf : bufs)
    e.store(e.load(buf, j), buf, next);
}

LogicalResult kdsl::tiles::lowerTileOrderOp(Operation *op, ArrayRef<Value> in, TileBuffers &bufs) {
  OpBuilder b(op);
  Emitter e{b, op->getLoc()};
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](TileArgReduceOp o) {
        // The first best element's row-major index.
        Value out = bufs.allocateFor(o.getResult());
        Value n = e.count(o.getInput().getType().getShape());
        Value first = e.load(in[0], e.c32(0));
        ValueRange best = e.loop(e.c32(1), n, {first, e.c32(0)}, [&](Value i, ValueRange acc) {
          Value x = e.load(in[0], i);
          Value take = before(e, x, acc[0], o.getMax());
          return SmallVector<Value>{arith::SelectOp::create(b, e.loc, take, x, acc[0]),
                                    arith::SelectOp::create(b, e.loc, take, i, acc[1])};
        });
        e.store(best[1], out, e.c32(0));
        return success();
      })
      .Case([&](TileScanOp o) {
        // Inclusive: out[i] = x[0] op ... op x[i]; exclusive (add):
        // out[i] = x[0] + ... + x[i - 1], out[0] = 0.
        Value out = bufs.allocateFor(o.getResult());
        TileType t = o.getInput().getType();
        Value init = o.getExclusive() ? e.zero(t.getElementType()) : e.load(in[0], e.c32(0));
        e.store(init, out, e.c32(0));
        e.loop(e.c32(1), e.count(t.getShape()), init, [&](Value i, ValueRange acc) {
          Value prev = o.getExclusive() ? arith::SubIOp::create(b, e.loc, i, e.c32(1)) : i;
          Value next = combine(e, o.getKind(), acc[0], e.load(in[0], prev));
          e.store(next, out, i);
          return SmallVector<Value>{next};
        });
        return success();
      })
      .Case([&](TileSortOp o) {
        // Stable insertion sort: each key moves down past the keys that
        // come after it (equal keys keep their order).
        Value keys = bufs.allocateFor(o.getSortedKeys());
        Value vals = bufs.allocateFor(o.getSortedValues());
        copyBuffer(b, e.loc, in[0], keys);
        copyBuffer(b, e.loc, in[1], vals);
        Value n = e.count(o.getKeys().getType().getShape());
        e.loop(e.c32(1), n, {}, [&](Value i, ValueRange) {
          Value key = e.load(keys, i), val = e.load(vals, i);
          // j = i - 1; while j >= 0 and key before keys[j]: shift, j -= 1.
          Value start = arith::SubIOp::create(b, e.loc, i, e.c32(1));
          auto w = scf::WhileOp::create(b, e.loc, TypeRange{b.getI32Type()}, ValueRange{start});
          {
            OpBuilder::InsertionGuard g(b);
            Block *cond = b.createBlock(&w.getBefore(), {}, {b.getI32Type()}, {e.loc});
            Value j = cond->getArgument(0);
            Value inRange = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::sge, j, e.c32(0));
            auto test = scf::IfOp::create(b, e.loc, TypeRange{b.getI1Type()}, inRange,
                                          /*withElse=*/true);
            b.setInsertionPointToStart(&test.getThenRegion().front());
            scf::YieldOp::create(b, e.loc, before(e, key, e.load(keys, j), /*greater=*/false));
            b.setInsertionPointToStart(&test.getElseRegion().front());
            scf::YieldOp::create(b, e.loc, inRange);
            b.setInsertionPointAfter(test);
            scf::ConditionOp::create(b, e.loc, test.getResult(0), ValueRange{j});
            Block *body = b.createBlock(&w.getAfter(), {}, {b.getI32Type()}, {e.loc});
            j = body->getArgument(0);
            shiftUp(e, {keys, vals}, j);
            scf::YieldOp::create(b, e.loc,
                                 ValueRange{arith::SubIOp::create(b, e.loc, j, e.c32(1))});
          }
          Value slot = arith::AddIOp::create(b, e.loc, w.getResult(0), e.c32(1));
          e.store(key, keys, slot);
          e.store(val, vals, slot);
          return SmallVector<Value>{};
        });
        return success();
      })
      .Default(
          [&](Operation *) { return op->emitError("not an ordering tile op (kdsl-lower-tiles)"); });
}
