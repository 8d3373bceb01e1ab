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

/// The indexed forms: the access of the plain ones, and a 1-d i32 tile of
/// one index per element of the tile along `axis`.
static LogicalResult verifyIndexedTileAccess(Operation *op, TileType tile, ArrayType array,
                                             size_t numOffsets, TileType indices, uint64_t axis) {
  if (failed(verifyTileAccess(op, tile, array, numOffsets)))
    return failure();
  if (axis >= (uint64_t)tile.getRank())
    return op->emitOpError("axis ") << axis << " is not a dimension of " << tile;
  if (indices.getRank() != 1 || !indices.getElementType().isInteger(32))
    return op->emitOpError("indices must be a 1-d tile of i32, got ") << indices;
  if (indices.getShape()[0] != tile.getShape()[axis])
    return op->emitOpError("indices ")
           << indices << " must have one element per index of " << tile << " along axis " << axis;
  return success();
}

LogicalResult TileLoadIndexedOp::verify() {
  return verifyIndexedTileAccess(*this, getResult().getType(), getArray().getType(),
                                 getOffsets().size(), getIndices().getType(), getAxis());
}

LogicalResult TileStoreIndexedOp::verify() {
  return verifyIndexedTileAccess(*this, getTile().getType(), getArray().getType(),
                                 getOffsets().size(), getIndices().getType(), getAxis());
}

LogicalResult TileAtomicAddIndexedOp::verify() {
  if (failed(verifyIndexedTileAccess(*this, getTile().getType(), getArray().getType(),
                                     getOffsets().size(), getIndices().getType(), getAxis())))
    return failure();
  if (getElementTypeOrSelf(getTile().getType().getElementType()).isInteger(1))
    return emitOpError("cannot add bool elements");
  return success();
}

LogicalResult TileGatherOp::verify() {
  TileType in = getInput().getType(), out = getResult().getType(), idx = getIndices().getType();
  uint64_t axis = getAxis();
  if (axis >= (uint64_t)in.getRank())
    return emitOpError("axis ") << axis << " is not a dimension of " << in;
  if (idx.getRank() != 1 || !idx.getElementType().isInteger(32))
    return emitOpError("indices must be a 1-d tile of i32, got ") << idx;
  SmallVector<int64_t> shape(in.getShape());
  shape[axis] = idx.getShape()[0];
  if (out.getShape() != ArrayRef<int64_t>(shape) || out.getElementType() != in.getElementType())
    return emitOpError("result ") << out << " must be " << in << " with " << idx.getShape()[0]
                                  << " elements along axis " << axis;
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

/// The shape of the strided sub-tile of `in` that `steps` selects, with the
/// extents of `view` (the view's rank: one per non-zero step).
static LogicalResult verifyViewSteps(Operation *op, TileType in, TileType view,
                                     ArrayRef<int64_t> steps, size_t numOffsets) {
  if (numOffsets != in.getRank())
    return op->emitOpError("expects ")
           << in.getRank() << " offsets for " << in << ", got " << numOffsets;
  if (steps.size() != in.getRank())
    return op->emitOpError("expects ")
           << in.getRank() << " steps for " << in << ", got " << steps.size();
  if ((int64_t)llvm::count_if(steps, [](int64_t s) { return s != 0; }) != view.getRank())
    return op->emitOpError("the non-zero steps must be one per dimension of ") << view;
  if (in.getElementType() != view.getElementType())
    return op->emitOpError("element types differ: ") << in << " and " << view;
  return success();
}

LogicalResult TileViewOp::verify() {
  return verifyViewSteps(*this, getInput().getType(), getResult().getType(), getSteps(),
                         getOffsets().size());
}

LogicalResult TileAssignOp::verify() {
  return verifyViewSteps(*this, getDest().getType(), getSource().getType(), getSteps(),
                         getOffsets().size());
}

LogicalResult TileScatterOp::verify() {
  TileType t = getTile().getType();
  if (getIndices().size() != t.getRank())
    return emitOpError("expects ") << t.getRank() << " indices, got " << getIndices().size();
  Type e = getElementTypeOrSelf(t.getElementType());
  switch (getKind()) {
  case AtomicKind::exch:
    return success();
  case AtomicKind::add:
  case AtomicKind::sub:
    // Structs (wp.tile_scatter_add, t[i] += v, t[i] -= v): their number
    // fields (Warp 1.16).
    if (isa<StructType>(e))
      return success();
    if (!isa<FloatType, IntegerType>(e) || e.isInteger(1))
      return emitOpError("adds numbers, vectors or matrices, not ") << t.getElementType();
    return success();
  case AtomicKind::bit_and:
  case AtomicKind::bit_or:
  case AtomicKind::bit_xor:
    if (!isa<IntegerType>(e))
      return emitOpError("bitwise updates need integer elements, got ") << t.getElementType();
    return success();
  default:
    return emitOpError("kind must be exch, add, sub, bit_and, bit_or or bit_xor");
  }
}

LogicalResult TileReshapeOp::verify() {
  TileType in = getInput().getType(), out = getResult().getType();
  if (in.getElementType() != out.getElementType())
    return emitOpError("result must have the input's element type");
  if (in.getNumElements() != out.getNumElements())
    return emitOpError("cannot reshape ") << in << " to " << out << ": element counts differ";
  return success();
}

LogicalResult TileArgReduceOp::verify() {
  TileType in = getInput().getType(), out = getResult().getType();
  if (!in.getElementType().isIntOrFloat() || in.getElementType().isInteger(1))
    return emitOpError("input must have integer or float scalar elements, got ") << in;
  if (out != TileType::get(getContext(), {1}, IntegerType::get(getContext(), 32)))
    return emitOpError("result must be !kdsl.tile<1xi32>, got ") << out;
  return success();
}

/// A square 2-d tile of f32 or f64.
static LogicalResult verifySquareFloat(Operation *op, TileType t, StringRef what) {
  if (t.getRank() != 2 || t.getShape()[0] != t.getShape()[1])
    return op->emitOpError(what) << " must be a square 2-d tile, got " << t;
  if (!t.getElementType().isF32() && !t.getElementType().isF64())
    return op->emitOpError(what) << " must have f32 or f64 elements, got " << t;
  return success();
}

/// `y` of M or M x N elements of `t`'s element type, `t` M x M.
static LogicalResult verifySolve(Operation *op, TileType t, TileType y) {
  if (failed(verifySquareFloat(op, t, "the matrix")))
    return failure();
  if (y.getRank() > 2 || y.getShape()[0] != t.getShape()[0])
    return op->emitOpError("right-hand side ")
           << y << " must have " << t.getShape()[0] << " rows (1-d or 2-d)";
  if (y.getElementType() != t.getElementType())
    return op->emitOpError("right-hand side ") << y << " must have the element type of " << t;
  return success();
}

LogicalResult TileCholeskyOp::verify() {
  return verifySquareFloat(*this, getA().getType(), "input");
}

LogicalResult TileTriangularSolveOp::verify() {
  return verifySolve(*this, getT().getType(), getY().getType());
}

LogicalResult TileCholeskySolveOp::verify() {
  return verifySolve(*this, getL().getType(), getY().getType());
}

LogicalResult TileDiagAddOp::verify() {
  TileType a = getA().getType(), d = getD().getType();
  if (a.getRank() != 2 || a.getShape()[0] != a.getShape()[1])
    return emitOpError("input must be a square 2-d tile, got ") << a;
  if (d != TileType::get(getContext(), {a.getShape()[0]}, a.getElementType()))
    return emitOpError("diagonal must be a 1-d tile of ")
           << a.getShape()[0] << " elements of " << a.getElementType() << ", got " << d;
  return success();
}

LogicalResult TileFftOp::verify() {
  TileType t = getInput().getType();
  if (t.getRank() < 2)
    return emitOpError("input must have rank 2 or more, got ") << t;
  auto v = dyn_cast<VectorType>(t.getElementType());
  if (!v || v.getRank() != 1 || v.getShape()[0] != 2 ||
      !(v.getElementType().isF32() || v.getElementType().isF64()))
    return emitOpError("elements must be complex numbers (vector<2xf32> or vector<2xf64>), got ")
           << t.getElementType();
  return success();
}

/// The lane-value type a tile of `t`'s shape gathers: the element type for
/// (?), a vector for (n, ?) or (r, c, ?) of a scalar element type.
static Type laneValueType(TileType t) {
  ArrayRef<int64_t> s = t.getShape();
  if (!ShapedType::isDynamic(s.back()))
    return {};
  if (s.size() == 1)
    return t.getElementType();
  if (!t.getElementType().isIntOrFloat() || llvm::any_of(s.drop_back(), ShapedType::isDynamic))
    return {};
  return VectorType::get(s.drop_back(), t.getElementType());
}

LogicalResult TileFromLanesOp::verify() {
  TileType t = getResult().getType();
  if (laneValueType(t) != getValue().getType())
    return emitOpError("result ") << t << " does not hold the lanes' values of "
                                  << getValue().getType();
  return success();
}

LogicalResult TileToLanesOp::verify() {
  TileType t = getTile().getType();
  if (laneValueType(t) != getResult().getType())
    return emitOpError("tile ") << t << " does not give each lane a value of "
                                << getResult().getType() << " (its last extent must be ?)";
  return success();
}

LogicalResult TileScanOp::verify() {
  Type e = getInput().getType().getElementType();
  if (!e.isIntOrFloat() || e.isInteger(1))
    return emitOpError("scans numbers, not ") << e;
  switch (getKind()) {
  case AtomicKind::add:
    return success();
  case AtomicKind::min:
  case AtomicKind::max:
  case AtomicKind::umin:
  case AtomicKind::umax:
    if (getExclusive())
      return emitOpError("an exclusive scan only adds");
    return success();
  default:
    return emitOpError("kind must be add, min, max, umin or umax");
  }
}

LogicalResult TileSortOp::verify() {
  TileType k = getKeys().getType(), v = getValues().getType();
  if (k.getRank() != 1 || v.getRank() != 1 || k.getShape() != v.getShape())
    return emitOpError("keys and values must be 1-d tiles of one length, got ")
           << k << " and " << v;
  if (!k.getElementType().isIntOrFloat() || k.getElementType().isInteger(1))
    return emitOpError("keys must be integers or floats, got ") << k.getElementType();
  return success();
}

LogicalResult TileFromThreadOp::verify() {
  if (getResult().getType().getElementType() != getValue().getType())
    return emitOpError("result must be a tile of ") << getValue().getType();
  return success();
}
