//===- LowerTileEmitter.h - loop-building helpers of kdsl-lower-tiles ----===//
//
// The builder every tile op's lowering uses (LowerTileOps.cpp and the op
// families' files, LowerTileOrder.cpp, LowerTileLinalg.cpp): i32 loop
// nests over a tile's elements, loads and stores of flat row-major buffers,
// scalar conversions. Loop counters are i32, as the kernels' own loops
// (ExpandMatrixLoops.cpp); buffer indices are index_casts.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_TRANSFORMS_LOWERTILEEMITTER_H
#define KDSL_TRANSFORMS_LOWERTILEEMITTER_H

#include "LowerTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"

namespace kdsl::tiles {

using mlir::ArrayRef;
using mlir::Block;
using mlir::cast;
using mlir::dyn_cast;
using mlir::FloatType;
using mlir::function_ref;
using mlir::getElementTypeOrSelf;
using mlir::IRMapping;
using mlir::isa;
using mlir::Location;
using mlir::OpBuilder;
using mlir::Operation;
using mlir::Region;
using mlir::SmallVector;
using mlir::SmallVectorImpl;
using mlir::Type;
using mlir::TypedAttr;
using mlir::TypeRange;
using mlir::Value;
using mlir::ValueRange;
namespace arith = mlir::arith;
namespace memref = mlir::memref;
namespace scf = mlir::scf;

/// The code of one tile op, emitted before it.
struct Emitter {
  OpBuilder &b;
  Location loc;

  Value c32(int64_t i) { return arith::ConstantIntOp::create(b, loc, b.getI32Type(), i); }
  /// Extent `n` as an i32 value: the dynamic one of a wp.tile(x) tile
  /// (`?`) is the block dimension (kdsl.block_dim; kdsl-lower-lanes and
  /// the GPU outlining give it its value).
  Value ext(int64_t n) {
    if (!mlir::ShapedType::isDynamic(n))
      return c32(n);
    return BlockDimOp::create(b, loc);
  }
  /// The number of elements of a tile of `shape` (i32).
  Value count(ArrayRef<int64_t> shape) {
    Value n = c32(1);
    for (int64_t d : shape)
      n = arith::MulIOp::create(b, loc, n, ext(d));
    return n;
  }
  /// This lane's index in the block (i32): the lane loop's counter on the
  /// CPU (kdsl-lower-lanes), threadIdx.x on the GPU.
  Value lane() {
    Value t = mlir::gpu::ThreadIdOp::create(b, loc, mlir::gpu::Dimension::x);
    return arith::IndexCastOp::create(b, loc, b.getI32Type(), t);
  }
  static bool isF(Type t) { return isa<FloatType>(getElementTypeOrSelf(t)); }
  Value add(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::AddFOp::create(b, loc, x, y)
                            : arith::AddIOp::create(b, loc, x, y);
  }
  Value mul(Value x, Value y) {
    return isF(x.getType()) ? (Value)arith::MulFOp::create(b, loc, x, y)
                            : arith::MulIOp::create(b, loc, x, y);
  }
  Value zero(Type t) { return zeroElement(b, loc, t); }

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
          arith::AddIOp::create(b, loc, arith::MulIOp::create(b, loc, flat, ext(shape[d])), ivs[d]);
    return flat;
  }

  /// for i in range(lo, hi): body(i) (i32), carrying `init`; returns the
  /// carried values.
  ValueRange loop(Value lo, int64_t hi, ValueRange init,
                  function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    return loop(lo, ext(hi), init, body);
  }
  ValueRange loop(Value lo, Value hi, ValueRange init,
                  function_ref<SmallVector<Value>(Value, ValueRange)> body) {
    auto f = scf::ForOp::create(b, loc, lo, hi, c32(1), init,
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

  /// buf[flat] = ok ? then() : zero, for a value of type `t`. A struct is
  /// stored in each branch rather than yielded: convert-gpu-to-nvvm converts
  /// no block argument of a struct type the canonicalizer leaves whole (one
  /// with an array field).
  void storeIfElseZero(Value ok, Type t, function_ref<Value()> then, Value buf, Value flat) {
    if (!isa<StructType>(t))
      return store(ifElseZero(ok, t, then), buf, flat);
    auto ifOp = scf::IfOp::create(b, loc, TypeRange{}, ok, /*withElse=*/true);
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPoint(ifOp.thenBlock()->getTerminator());
    store(then(), buf, flat);
    b.setInsertionPoint(ifOp.elseBlock()->getTerminator());
    store(zero(t), buf, flat);
  }
};

} // namespace kdsl::tiles

#endif // KDSL_TRANSFORMS_LOWERTILEEMITTER_H
