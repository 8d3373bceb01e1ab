//===- KdslTileOps.cpp - verifiers of the tile ops (issue 30) ------------===//
#include "kdsl/Dialect/Kdsl.h"

using namespace mlir;
using namespace kdsl;

/// A tile read from or written to `array` at `offsets`: one offset per array
/// dimension, the tile of the array's rank and element type.
static LogicalResult verifyTileAccess(Operation *op, TileType tile, ArrayType array,
                                      size_t numOffsets) {
  if (numOffsets != array.getNdim())
    return op->emitOpError("expects ")
           << array.getNdim() << " offsets for " << array << ", got " << numOffsets;
  if (tile.getRank() != array.getNdim())
    return op->emitOpError("tile ") << tile << " must have the rank of " << array;
  if (tile.getElementType() != array.getElementType())
    return op->emitOpError("tile ") << tile << " must have the element type of " << array;
  return success();
}

LogicalResult TileLoadOp::verify() {
  return verifyTileAccess(*this, getResult().getType(), getArray().getType(), getOffsets().size());
}

LogicalResult TileStoreOp::verify() {
  return verifyTileAccess(*this, getTile().getType(), getArray().getType(), getOffsets().size());
}

LogicalResult TileAtomicAddOp::verify() {
  if (failed(
          verifyTileAccess(*this, getTile().getType(), getArray().getType(), getOffsets().size())))
    return failure();
  Type e = getElementTypeOrSelf(getTile().getType().getElementType());
  if (e.isInteger(1))
    return emitOpError("cannot add bool elements");
  return success();
}

LogicalResult TileArangeOp::verify() {
  TileType t = getResult().getType();
  if (t.getRank() != 1)
    return emitOpError("result must be a 1-d tile, got ") << t;
  Type e = t.getElementType();
  if (!e.isIntOrFloat() || e.isInteger(1))
    return emitOpError("element type must be an integer or float scalar, got ") << e;
  return success();
}

/// The region of a tile_map / tile_reduce: block arguments of `argTypes`,
/// a kdsl.tile_yield of `yieldType`.
static LogicalResult verifyElementRegion(Operation *op, Region &body, TypeRange argTypes,
                                         Type yieldType) {
  Block &block = body.front();
  if (block.getArgumentTypes() != argTypes) {
    auto diag = op->emitOpError("region arguments must be the element types (");
    llvm::interleaveComma(argTypes, diag);
    return diag << ")";
  }
  auto yield = dyn_cast<TileYieldOp>(block.getTerminator());
  if (!yield)
    return op->emitOpError("region must end with kdsl.tile_yield");
  if (yield.getValue().getType() != yieldType)
    return op->emitOpError("region yields ")
           << yield.getValue().getType() << ", expected " << yieldType;
  return success();
}

LogicalResult TileMapOp::verifyRegions() {
  TileType result = getResult().getType();
  if (getInputs().empty())
    return emitOpError("takes at least one tile");
  SmallVector<Type> elems;
  for (Value v : getInputs()) {
    auto t = cast<TileType>(v.getType());
    if (t.getShape() != result.getShape())
      return emitOpError("input ") << t << " must have the result's shape " << result;
    elems.push_back(t.getElementType());
  }
  return verifyElementRegion(*this, getBody(), elems, result.getElementType());
}

LogicalResult TileReduceOp::verifyRegions() {
  TileType in = getInput().getType(), out = getResult().getType();
  if (out.getElementType() != in.getElementType())
    return emitOpError("result must have the input's element type ") << in.getElementType();
  SmallVector<int64_t> want{1};
  if (std::optional<uint64_t> axis = getAxis()) {
    if (*axis >= in.getRank())
      return emitOpError("axis ") << *axis << " out of range for " << in;
    if (in.getRank() > 1) {
      want.assign(in.getShape().begin(), in.getShape().end());
      want.erase(want.begin() + *axis);
    }
  }
  if (out.getShape() != ArrayRef<int64_t>(want))
    return emitOpError("result must be ") << TileType::get(getContext(), want, in.getElementType());
  Type e = in.getElementType();
  return verifyElementRegion(*this, getBody(), {e, e}, e);
}

LogicalResult TileMatmulOp::verify() {
  TileType a = getA().getType(), b = getB().getType(), c = getC().getType();
  if (a.getRank() != 2 || b.getRank() != 2 || c.getRank() != 2)
    return emitOpError("operands must be 2-d tiles");
  for (TileType t : {a, b, c})
    if (!t.getElementType().isIntOrFloat() || t.getElementType().isInteger(1))
      return emitOpError("operands must have integer or float scalar elements, got ") << t;
  if (a.getShape()[1] != b.getShape()[0] || a.getShape()[0] != c.getShape()[0] ||
      b.getShape()[1] != c.getShape()[1])
    return emitOpError("shapes do not match: ") << a << " @ " << b << " into " << c;
  return success();
}

LogicalResult TileTransposeOp::verify() {
  TileType in = getInput().getType(), out = getResult().getType();
  if (in.getRank() != 2)
    return emitOpError("input must be a 2-d tile, got ") << in;
  if (out != TileType::get(getContext(), {in.getShape()[1], in.getShape()[0]}, in.getElementType()))
    return emitOpError("result must be the transposed shape of ") << in << ", got " << out;
  return success();
}

LogicalResult TileBroadcastOp::verify() {
  TileType in = getInput().getType(), out = getResult().getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result must have the input's element type");
  if (in.getRank() > out.getRank())
    return emitOpError("cannot broadcast ") << in << " to the lower rank of " << out;
  ArrayRef<int64_t> is = in.getShape(), os = out.getShape();
  for (size_t k = 0; k < is.size(); ++k) {
    int64_t i = is[is.size() - 1 - k], o = os[os.size() - 1 - k];
    if (i != o && i != 1)
      return emitOpError("cannot broadcast ") << in << " to " << out;
  }
  return success();
}

LogicalResult TileExtractOp::verify() {
  if (getIndices().size() != getTile().getType().getRank())
    return emitOpError("expects ")
           << getTile().getType().getRank() << " indices, got " << getIndices().size();
  return success();
}
