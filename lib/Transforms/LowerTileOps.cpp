//===- LowerTileOps.cpp - each tile op as a loop nest over its elements ---===//
//
// Part of kdsl-lower-tiles (LowerTiles.h, docs/design/tiles.md): the loops
// one tile op becomes, reading and writing the flat row-major buffers of its
// operands and result. Loop counters are i32, as the kernels' own loops
// (ExpandMatrixLoops.cpp: cf block arguments of index type would meet
// convert-gpu-to-nvvm half converted); buffer indices are index_casts.
//
//===----------------------------------------------------------------------===//
#include "LowerTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

bool kdsl::tiles::isBufferableElement(Type t) {
  if (auto v = dyn_cast<VectorType>(t))
    t = v.getElementType();
  return t.isIntOrFloat();
}

Value TileBuffers::allocate(Location loc, TileType t) {
  OpBuilder b(t.getContext());
  if (lastAlloca)
    b.setInsertionPointAfter(lastAlloca);
  else
    b.setInsertionPointToStart(allocaBlock);
  auto type = MemRefType::get({t.getNumElements()}, t.getElementType());
  auto alloca = memref::AllocaOp::create(b, loc, type, b.getI64IntegerAttr(16));
  // The C++ emitter declares it as a local array (T name[N]).
  alloca->setAttr("kdsl.tile_buffer", b.getUnitAttr());
  lastAlloca = alloca;
  return alloca;
}

namespace {

/// The code of one tile op, emitted before it.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value c32(int64_t i) { return arith::ConstantIntOp::create(b, loc, b.getI32Type(), i); }
  static bool isF(Type t) { return isa<FloatType>(getElementTypeOrSelf(t)); }
  Value add(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::AddFOp::create(b, loc, x, y)
                            : arith::AddIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::MulFOp::create(b, loc, x, y)
                            : arith::MulIOp::create(b, loc, x, y);
  }
  Value zero(Type t) {
    return arith::ConstantOp::create(b, loc, cast<TypedAttr>(b.getZeroAttr(t)));
  }

  Value load(Value buf, Value flat) {
    Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), flat);
    return memref::LoadOp::create(b, loc, buf, ValueRange{i});
  }
  void store(Value v, Value buf, Value flat) {
    Value i = arith::IndexCastOp::create(b, loc, b.getIndexType(), flat);
    memref::StoreOp::create(b, loc, v, buf, ValueRange{i});
  }

  /// The row-major flat index of `ivs` (i32) in `shape`.
  Value flatIndex(ValueRange ivs, ArrayRef<int64_t> shape) {
    Value flat = ivs[0];
    for (size_t d = 1; d < ivs.size(); ++d)
      flat =
          arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, flat, c32(shape[d])), ivs[d]);
    return flat;
  }

  /// for i in range(lo, hi): body(i) (i32), carrying `init`; returns the
  /// carried values.
  ValueRange loop(Value lo, int64_t hi, ValueRange init,
                  function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    auto f = scf::ForOp::create(b, loc, lo, c32(hi), c32(1), init,
                                [&](OpBuilder &, Location, Value i, ValueRange carried) {
                                  scf::YieldOp::create(b, loc, body(i, carried));
                                });
    return f.getResults();
  }

  /// A loop nest over every index of `shape` (the last dimension innermost):
  /// body(indices, flat index), all i32.
  void forEach(ArrayRef<int64_t> shape, function_ref<void(ValueRange, Value)> body) {
    SmallVector<Value> ivs;
    std::function<void(size_t)> nest = [&](size_t d) {
      if (d == shape.size())
        return body(ivs, flatIndex(ivs, shape));
      loop(c32(0), shape[d], {}, [&](Value i, ValueRange) {
        ivs.push_back(i);
        nest(d + 1);
        ivs.pop_back();
        return SmallVector<Value>{};
      });
    };
    nest(0);
  }

  /// A scalar converted to `to` (tile_matmul's operands into c's type).
  Value convert(Value v, Type to) {
    Type from = v.getType();
    if (from == to)
      return v;
    auto ff = dyn_cast<FloatType>(from), tf = dyn_cast<FloatType>(to);
    if (ff && tf) {
      if (ff.getWidth() == tf.getWidth()) // f16 <-> bf16
        return convert(convert(v, b.getF32Type()), to);
      return ff.getWidth() < tf.getWidth() ? (Value)arith::ExtFOp::create(b, loc, to, v)
                                           : arith::TruncFOp::create(b, loc, to, v);
    }
    if (tf)
      return arith::SIToFPOp::create(b, loc, to, v);
    if (ff)
      return arith::FPToSIOp::create(b, loc, to, v);
    return from.getIntOrFloatBitWidth() < to.getIntOrFloatBitWidth()
               ? (Value)arith::ExtSIOp::create(b, loc, to, v)
               : arith::TruncIOp::create(b, loc, to, v);
  }

  /// The region of a tile_map / tile_reduce applied to `args`: its ops
  /// cloned here, the value it yields.
  Value apply(Region &region, ValueRange args) {
    Block &block = region.front();
    IRMapping m;
    m.map(block.getArguments(), args);
    for (Operation &op : block.without_terminator())
      b.clone(op, m);
    return m.lookupOrDefault(cast<TileYieldOp>(block.getTerminator()).getValue());
  }

  /// The array indices of tile element `ivs` at `offsets`, and whether every
  /// one is inside its extent (`extents`, i32). Negative ones are outside.
  /// With `gather` (the buffer of an indexed op's indices), the position
  /// along `axis` is that buffer's element at ivs[axis].
  Value arrayIndices(ValueRange offsets, ValueRange ivs, ValueRange extents,
                     SmallVectorImpl<Value> &indices, Value gather = {}, int64_t axis = -1) {
    Value ok;
    for (auto [d, o, i, n] : llvm::enumerate(offsets, ivs, extents)) {
      Value pos = gather && (int64_t)d == axis ? load(gather, i) : i;
      Value index = arith::AddIOp::create(b, loc, o, pos);
      indices.push_back(index);
      Value in = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, index, n);
      ok = ok ? arith::AndIOp::create(b, loc, ok, in) : in;
    }
    return ok;
  }

  SmallVector<Value> extents(Value array) {
    SmallVector<Value> n;
    for (int64_t d = 0; d < cast<ArrayType>(array.getType()).getNdim(); ++d)
      n.push_back(ShapeOp::create(b, loc, b.getI32Type(), array, b.getI64IntegerAttr(d)));
    return n;
  }

  /// if (ok) then() else zero: a value of type `t`.
  Value ifElseZero(Value ok, Type t, function_ref<Value()> then) {
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{t}, ok, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    scf::YieldOp::create(b, loc, then());
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, zero(t));
    return ifOp.getResult(0);
  }
};

} // namespace

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
    Value v = e.ifElseZero(ok, t.getElementType(), [&]() -> Value {
      return LoadOp::create(e.b, e.loc, t.getElementType(), array, idx);
    });
    e.store(v, out, flat);
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
      Value v = e.ifElseZero(ok, t.getElementType(), [&]() -> Value {
        return AtomicOp::create(e.b, e.loc, AtomicKind::add, array, idx, e.load(tile, flat));
      });
      e.store(v, old, flat);
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
          Value r = e.loop(e.c32(1), t.getNumElements(), first, [&](Value i, ValueRange acc) {
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
        Value out = result();
        e.forEach(ct.getShape(), [&](ValueRange ivs, Value flat) {
          Value rowA = arith::MulIOp::create(b, e.loc, ivs[0], e.c32(kk));
          Value sum = e.loop(e.c32(0), kk, e.zero(et), [&](Value k, ValueRange acc) {
            Value x = e.convert(e.load(in[0], arith::AddIOp::create(b, e.loc, rowA, k)), et);
            Value kb = arith::MulIOp::create(b, e.loc, k, e.c32(nn));
            Value y = e.convert(e.load(in[1], arith::AddIOp::create(b, e.loc, kb, ivs[1])), et);
            return SmallVector<Value>{e.add(acc[0], e.mul(x, y))};
          })[0];
          if (alpha != 1)
            sum = e.mul(sum, *alphaV);
          if (beta != 0) {
            Value c = e.load(in[2], flat);
            sum = e.add(sum, beta == 1 ? c : e.mul(c, *betaV));
          }
          e.store(sum, out, flat);
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
      .Default(
          [&](Operation *) {
            return op->emitError("'")
                   << op->getName()
                   << "' is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)";
          });
}
