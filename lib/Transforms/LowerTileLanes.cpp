//===- LowerTileLanes.cpp - the tile ops that read or write one lane ------===//
//
// Part of kdsl-lower-tiles (LowerTiles.h, docs/design/tiles.md): the ops
// whose result depends on the block's lanes. Each lane's part is written
// for the current lane (Emitter::lane(), a gpu.thread_id): wp.untile reads
// the lane's element; the others (wp.tile(x), tile_from_thread, t[i] op= v,
// the stack's push and pop) are one `scf.execute_region` marked
// `kdsl.per_lane` and `kdsl.lane_barrier`, which every lane executes in
// lane order before any lane goes on (kdsl-lower-lanes runs them in a loop
// over the lanes on the CPU). The tile buffers stay the block's.
//
//===----------------------------------------------------------------------===//
#include "LowerTileEmitter.h"

#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

/// An `scf.execute_region` of `results` at the builder's point, marked as a
/// per-lane step followed by the block's barrier; `body` builds its ops and
/// returns what it yields.
static scf::ExecuteRegionOp perLane(Emitter &e, TypeRange results,
                                    function_ref<SmallVector<Value>()> body) {
  auto region = scf::ExecuteRegionOp::create(e.b, e.loc, results);
  region->setAttr(kPerLaneAttr, e.b.getUnitAttr());
  region->setAttr(kLaneBarrierAttr, e.b.getUnitAttr());
  OpBuilder::InsertionGuard guard(e.b);
  e.b.createBlock(&region.getRegion());
  scf::YieldOp::create(e.b, e.loc, body());
  return region;
}

/// The row-major positions of `shape` without its last (lane) extent:
/// body(flat index of (prefix, lane), prefix) for each prefix.
static void forEachLaneElement(Emitter &e, TileType t, Value lane,
                               function_ref<void(Value, ArrayRef<int64_t>)> body) {
  ArrayRef<int64_t> s = t.getShape();
  SmallVector<int64_t> prefix(s.size() - 1, 0);
  std::function<void(size_t)> nest = [&](size_t d) {
    if (d == prefix.size()) {
      SmallVector<Value> ivs;
      for (int64_t p : prefix)
        ivs.push_back(e.c32(p));
      ivs.push_back(lane);
      return body(e.flatIndex(ivs, s), prefix);
    }
    for (int64_t i = 0; i < s[d]; ++i) {
      prefix[d] = i;
      nest(d + 1);
    }
  };
  nest(0);
}

/// `old` combined with `v` as tile_scatter's `kind`.
static Value combine(Emitter &e, AtomicKind kind, Value old, Value v) {
  if (isa<StructType>(v.getType())) // add or sub (the verifier's kinds)
    return combineStructs(e.b, e.loc, kind == AtomicKind::sub, old, v);
  bool f = Emitter::isF(v.getType());
  switch (kind) {
  case AtomicKind::add:
    return e.add(old, v);
  case AtomicKind::sub:
    return f ? (Value)arith::SubFOp::create(e.b, e.loc, old, v)
             : arith::SubIOp::create(e.b, e.loc, old, v);
  case AtomicKind::bit_and:
    return arith::AndIOp::create(e.b, e.loc, old, v);
  case AtomicKind::bit_or:
    return arith::OrIOp::create(e.b, e.loc, old, v);
  case AtomicKind::bit_xor:
    return arith::XOrIOp::create(e.b, e.loc, old, v);
  default:
    return v;
  }
}

static void thenDo(Emitter &e, Value cond, function_ref<void()> body) {
  auto ifOp = scf::IfOp::create(e.b, e.loc, TypeRange{}, cond, /*withElse=*/false);
  OpBuilder::InsertionGuard guard(e.b);
  e.b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
  body();
}

LogicalResult kdsl::tiles::lowerTileLaneOp(Operation *op, ArrayRef<Value> in, TileBuffers &bufs) {
  OpBuilder b(op);
  Emitter e{b, op->getLoc()};
  return llvm::TypeSwitch<Operation *, LogicalResult>(op)
      .Case([&](TileFromLanesOp o) {
        // Element (p, lane) of the block's tile is this lane's value (its
        // component p).
        TileType t = o.getResult().getType();
        Value out = bufs.allocateFor(o.getResult());
        perLane(e, {}, [&] {
          forEachLaneElement(e, t, e.lane(), [&](Value flat, ArrayRef<int64_t> p) {
            Value v = o.getValue();
            if (!p.empty())
              v = vector::ExtractOp::create(b, e.loc, v, p);
            e.store(v, out, flat);
          });
          return SmallVector<Value>{};
        });
        return success();
      })
      .Case([&](TileToLanesOp o) {
        TileType t = o.getTile().getType();
        Value lane = e.lane();
        Value r;
        if (t.getRank() == 1) {
          r = e.load(in[0], lane);
        } else {
          r = arith::ConstantOp::create(b, e.loc, cast<TypedAttr>(b.getZeroAttr(o.getType())));
          forEachLaneElement(e, t, lane, [&](Value flat, ArrayRef<int64_t> p) {
            r = vector::InsertOp::create(b, e.loc, e.load(in[0], flat), r, p);
          });
        }
        o.getResult().replaceAllUsesWith(r);
        return success();
      })
      .Case([&](TileFromThreadOp o) {
        // Lane `lane` fills the tile with its value.
        TileType t = o.getResult().getType();
        Value out = bufs.allocateFor(o.getResult());
        perLane(e, {}, [&] {
          Value mine =
              arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::eq, e.lane(), o.getLane());
          thenDo(e, mine, [&] {
            e.forEach(t.getShape(),
                      [&](ValueRange, Value flat) { e.store(o.getValue(), out, flat); });
          });
          return SmallVector<Value>{};
        });
        return success();
      })
      .Case([&](TileScatterOp o) -> LogicalResult {
        // The tile, then each lane's update of its element (in range).
        TileType t = o.getTile().getType();
        Value out = bufs.allocateFor(o.getResult());
        copyBuffer(b, e.loc, in[0], out);
        perLane(e, {}, [&] {
          Value ok;
          for (auto [i, n] : llvm::zip(o.getIndices(), t.getShape())) {
            Value inside = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::ult, i, e.ext(n));
            ok = ok ? arith::AndIOp::create(b, e.loc, ok, inside) : inside;
          }
          thenDo(e, ok, [&] {
            Value flat = e.flatIndex(o.getIndices(), t.getShape());
            Value v = o.getValue();
            if (o.getKind() != AtomicKind::exch)
              v = combine(e, o.getKind(), e.load(out, flat), v);
            e.store(v, out, flat);
          });
          return SmallVector<Value>{};
        });
        return success();
      })
      .Case([&](TileStackAllocOp o) -> LogicalResult {
        auto st = o.getStack().getType();
        // Structs are pushed and popped whole (a pop of an empty stack gives
        // the struct of zero fields). One holding an array would be a value
        // of the pop's region and branch on the GPU, which
        // convert-gpu-to-nvvm does not convert (storeIfElseZero): refused.
        if (!isBufferableElement(st.getElementType()) || holdsArray(st.getElementType()))
          return op->emitError("tile stacks of ")
                 << st.getElementType() << " are not lowered yet (docs/design/tiles.md)";
        Value data = bufs.allocate(e.loc, TileType::get(b.getContext(),
                                                        {std::max<int64_t>(st.getCapacity(), 1)},
                                                        st.getElementType()));
        Value count = bufs.allocate(e.loc, TileType::get(b.getContext(), {1}, b.getI32Type()));
        bufs.map(o.getStack(), data);
        bufs.mapCount(o.getStack(), count);
        e.store(e.c32(0), count, e.c32(0));
        return success();
      })
      .Case([&](TileStackPushOp o) {
        // In lane order: a lane with a value takes slot `count` while the
        // stack has room, else -1.
        int64_t cap = o.getStack().getType().getCapacity();
        Value data = bufs.lookup(o.getStack()), count = bufs.lookupCount(o.getStack());
        auto region = perLane(e, {b.getI32Type()}, [&] {
          Value c = e.load(count, e.c32(0));
          Value room = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::slt, c, e.c32(cap));
          Value ok = arith::AndIOp::create(b, e.loc, o.getHasValue(), room);
          thenDo(e, ok, [&] {
            e.store(o.getValue(), data, c);
            e.store(arith::AddIOp::create(b, e.loc, c, e.c32(1)), count, e.c32(0));
          });
          return SmallVector<Value>{arith::SelectOp::create(b, e.loc, ok, c, e.c32(-1))};
        });
        o.getSlot().replaceAllUsesWith(region.getResult(0));
        return success();
      })
      .Case([&](TileStackPopOp o) {
        // In lane order: the top element and its slot, or zero and -1.
        Value data = bufs.lookup(o.getStack()), count = bufs.lookupCount(o.getStack());
        Type et = o.getValue().getType();
        auto region = perLane(e, {et, b.getI32Type()}, [&] {
          Value c = e.load(count, e.c32(0));
          Value ok = arith::CmpIOp::create(b, e.loc, arith::CmpIPredicate::sgt, c, e.c32(0));
          Value top = arith::SubIOp::create(b, e.loc, c, e.c32(1));
          Value v = e.ifElseZero(ok, et, [&]() -> Value {
            e.store(top, count, e.c32(0));
            return e.load(data, top);
          });
          return SmallVector<Value>{v, arith::SelectOp::create(b, e.loc, ok, top, e.c32(-1))};
        });
        o.getValue().replaceAllUsesWith(region.getResult(0));
        o.getSlot().replaceAllUsesWith(region.getResult(1));
        return success();
      })
      .Case([&](TileStackCountOp o) {
        o.getCount().replaceAllUsesWith(e.load(bufs.lookupCount(o.getStack()), e.c32(0)));
        return success();
      })
      .Case([&](TileStackClearOp o) {
        e.store(e.c32(0), bufs.lookupCount(o.getStack()), e.c32(0));
        return success();
      })
      .Default([&](Operation *) { return op->emitError("not a lane tile op (kdsl-lower-tiles)"); });
}
