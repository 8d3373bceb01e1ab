//===- TileRulesScatter.cpp - the derivative rule of t[i] op= v -----------===//
//
// kdsl.tile_scatter (t[i] = v, t[i] += v, t[i] -= v, tile_scatter_add and
// tile_scatter_masked; docs/design/tiles.md): every lane updates one element
// of the block's tile with its own value. Warp 1.16's adjoints
// (adj_tile_scatter_add, adj_tile_add_inplace / adj_sub_inplace, the tile
// adj_assign), per lane:
//
//   add    adj_v += adj_r[i]    adj_t += adj_r
//   sub    adj_v -= adj_r[i]    adj_t += adj_r
//   exch   adj_v += adj_r[i]    adj_t += adj_r with element i zeroed
//
// A lane whose index lies outside the tile (tile_scatter_add without a
// value) updated nothing and gets nothing. Warp's adj_assign leaves the
// overwritten element's adjoint in adj_t; it is zeroed here, the input's
// element having no effect on the result. Lanes storing different values to
// one element (exch) each get the element's adjoint, as in Warp, although
// only the value kept has an effect. Structs: field by field (their integer
// and array fields carry no adjoint). The bitwise kinds act on integers,
// which carry none.
//
//===----------------------------------------------------------------------===//
#include "OpRule.h"
#include "TileRuleBuild.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tile_ad;

/// `ok ? x : zero` of an adjoint value (structs field by field).
static Value selectOrZero(OpBuilder &b, Location loc, Value ok, Value x) {
  Type t = x.getType();
  if (auto s = dyn_cast<StructType>(t)) {
    SmallVector<Value> fields;
    for (auto [name, f] : llvm::zip(s.getFieldNames(), s.getFieldTypes())) {
      Value field = StructExtractOp::create(b, loc, f, x, name);
      fields.push_back(isDifferentiableType(f) ? selectOrZero(b, loc, ok, field) : field);
    }
    return StructCreateOp::create(b, loc, s, fields);
  }
  return arith::SelectOp::create(b, loc, ok, x, buildZero(b, loc, t));
}

/// -x of an adjoint value (structs field by field).
static Value negate(OpBuilder &b, Location loc, Value x) {
  if (auto s = dyn_cast<StructType>(x.getType())) {
    SmallVector<Value> fields;
    for (auto [name, f] : llvm::zip(s.getFieldNames(), s.getFieldTypes())) {
      Value field = StructExtractOp::create(b, loc, f, x, name);
      fields.push_back(isDifferentiableType(f) ? negate(b, loc, field) : field);
    }
    return StructCreateOp::create(b, loc, s, fields);
  }
  return arith::NegFOp::create(b, loc, x);
}

static LogicalResult tileScatterRule(TileScatterOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType t = op.getTile().getType();
  AtomicKind kind = op.getKind();
  if (kind != AtomicKind::add && kind != AtomicKind::sub && kind != AtomicKind::exch)
    return success(); // bitwise: integers, no adjoint
  SmallVector<Value> idx = primals(ab, op.getIndices());

  // The lane's value: the result's adjoint at its element, when in range.
  if (isDifferentiableType(op.getValue().getType())) {
    auto i32 = b.getI32Type();
    Value ok;
    for (auto [i, n] : llvm::zip(idx, t.getShape())) {
      // (A wp.tile(x) tile's extent `?` is the block dimension.)
      Value extent = ShapedType::isDynamic(n) ? (Value)BlockDimOp::create(b, loc)
                                              : arith::ConstantIntOp::create(b, loc, i32, n);
      Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, extent);
      ok = ok ? arith::AndIOp::create(b, loc, ok, inside) : inside;
    }
    // (A lane outside the tile reads element 0, masked.)
    Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
    SmallVector<Value> safe;
    for (Value i : idx)
      safe.push_back(arith::SelectOp::create(b, loc, ok, i, zero));
    Value elem = TileExtractOp::create(b, loc, t.getElementType(), adj, safe);
    Value mine = selectOrZero(b, loc, ok, elem);
    ab.accumulate(op.getValue(), kind == AtomicKind::sub ? negate(b, loc, mine) : mine);
  }

  // The tile: the result's adjoint, less the overwritten elements.
  if (kind == AtomicKind::exch)
    adj = TileScatterOp::create(b, loc, AtomicKind::exch, adj, idx,
                                buildZero(b, loc, t.getElementType()));
  ab.accumulate(op.getTile(), adj);
  return success();
}

void kdsl::tile_ad::attachTileScatterRule(MLIRContext *ctx) {
  TileScatterOp::attachInterface<OpRule<TileScatterOp, tileScatterRule>>(*ctx);
}
