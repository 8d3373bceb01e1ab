//===- TileRules.cpp - derivative rules of the tile ops ---------------------===//
//
// External models of AutodiffOpInterface on the kdsl tile ops that
// kdsl-lower-tiles lowers (docs/design/tiles.md, slice 3), registered by
// registerAutodiffInterfaceModels. A tile's adjoint is a tile of its shape
// (buildZero: a tile_splat of zero; buildAdd: a tile_map that adds), and
// every rule builds tile ops, so the adjoint kernel is lowered by
// kdsl-lower-tiles as the forward one is, for every target. Warp's rules:
//
//   tile_load(A, o)          adj_A[o + idx] += adj_t          (tile_atomic_add)
//   tile_store(A, t, o)      adj_t += adj_A[o + idx], then adj_A[o + idx] = 0
//   tile_atomic_add(A, t, o) adj_t += adj_A[o + idx]          (old values: none)
//   the _indexed forms       the same at the indexed positions; a store
//                            through repeated indices gives the gradient to
//                            the element written last (the one kept)
//   tile_splat(v)            adj_v += sum(adj_t)
//   tile_arange(s, d)        adj_s += sum(adj_t), adj_d += sum(adj_t * i)
//   tile_map(f, a, b, ...)   adj_a += f's derivative per element (the
//                            region's own ops' rules, AdjointBuilder::
//                            reverseElementRegion), one map per input; a
//                            value from above gets the sum over the elements
//   tile_reduce (sum)        adj_in += broadcast(adj_r)
//   tile_min / tile_max      adj_in[first extreme element] += adj_r (no axis)
//   tile_matmul              adj_a += alpha adj_r b^T, adj_b += alpha a^T adj_r,
//                            adj_c += beta adj_r
//   tile_transpose           adj_in += transpose(adj_r)
//   tile_broadcast           adj_in += adj_r summed over the broadcast axes
//   tile_reshape             adj_in += reshape(adj_r)
//   tile_extract(t, i)       adj_t[i] += adj_x (a one-hot tile_map; in a
//                            lane-dependent kernel t[i] += adj_x of every lane)
//   tile_from_lanes(x)       adj_x += untile(adj_t)      (wp.tile, lane kernels)
//   tile_to_lanes(t)         adj_t += wp.tile(adj_x)     (wp.untile)
//   tile_scatter (t[i] op= v) per lane (TileRulesScatter.cpp)
//
// The other tile ops have no rule: the reverse sweep refuses them where a
// gradient flows through them (Reverser::reverseOp), never a silent zero.
//
//===----------------------------------------------------------------------===//
#include "OpRule.h"
#include "TileRuleBuild.h"
#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Transforms/Lanes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tile_ad;

SmallVector<Value> kdsl::tile_ad::primals(AdjointBuilder &ab, ValueRange vs) {
  SmallVector<Value> out;
  for (Value v : vs)
    out.push_back(ab.primal(v));
  return out;
}

/// Whether `array` is (a view of) an array made from a pointer: no gradient,
/// as in KdslRules.cpp.
static bool fromPointer(Value array) {
  while (Operation *d = array.getDefiningOp()) {
    if (isa<ArrayFromPtrOp>(d))
      return true;
    if (auto v = dyn_cast<SubArrayOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<ArraySliceOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<FieldViewOp>(d))
      array = v.getArray();
    else if (auto v = dyn_cast<AssumeDenseOp>(d))
      array = v.getArray();
    else
      return false;
  }
  return false;
}

/// f applied to every element of `inputs` (a tile of `result`'s type).
Value kdsl::tile_ad::buildMap(OpBuilder &b, Location loc, TileType result, ValueRange inputs,
                              function_ref<Value(ValueRange)> f) {
  auto map = TileMapOp::create(b, loc, result, inputs);
  SmallVector<Type> elems;
  for (Value v : inputs)
    elems.push_back(cast<TileType>(v.getType()).getElementType());
  fillRegion(b, loc, map, elems, f);
  return map;
}

/// `t` reduced by `combine` along `axis` (to a tile of shape (1,) without).
Value kdsl::tile_ad::buildReduce(OpBuilder &b, Location loc, Value t, std::optional<int64_t> axis,
                                 function_ref<Value(Value, Value)> combine) {
  auto tt = cast<TileType>(t.getType());
  SmallVector<int64_t> shape{1};
  if (axis && tt.getRank() > 1) {
    shape.assign(tt.getShape().begin(), tt.getShape().end());
    shape.erase(shape.begin() + *axis);
  }
  auto type = TileType::get(b.getContext(), shape, tt.getElementType());
  auto reduce =
      TileReduceOp::create(b, loc, type, t, axis ? b.getI64IntegerAttr(*axis) : IntegerAttr());
  Type e = tt.getElementType();
  fillRegion(b, loc, reduce, {e, e}, [&](ValueRange xy) { return combine(xy[0], xy[1]); });
  return reduce;
}

/// The sum of `t` along `axis` (tile_sum's tile of shape (1,) without).
Value kdsl::tile_ad::buildSum(OpBuilder &b, Location loc, Value t, std::optional<int64_t> axis) {
  return buildReduce(b, loc, t, axis, [&](Value x, Value y) { return buildAdd(b, loc, x, y); });
}

/// The single element of a tile of shape (1,).
Value kdsl::tile_ad::buildOnlyElement(OpBuilder &b, Location loc, Value t) {
  Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
  return TileExtractOp::create(b, loc, t, ValueRange{zero});
}

Value kdsl::tile_ad::reshape(OpBuilder &b, Location loc, Value t, TileType to) {
  return t.getType() == to ? t : (Value)TileReshapeOp::create(b, loc, to, t);
}

/// The sum of `t` over every element: a scalar (or a vector, for a tile of
/// vectors).
Value kdsl::tile_ad::buildTotal(OpBuilder &b, Location loc, Value t) {
  return buildOnlyElement(b, loc, buildSum(b, loc, t, std::nullopt));
}

//===----------------------------------------------------------------------===//
// Memory
//===----------------------------------------------------------------------===//

static LogicalResult tileLoadRule(TileLoadOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || fromPointer(op.getArray()))
    return success();
  FailureOr<Value> adjArray = ab.adjointArray(op, op.getArray());
  if (failed(adjArray))
    return failure();
  // Blocks may load overlapping tiles: atomic, as Warp's adj_tile_load.
  TileAtomicAddOp::create(ab.builder(), op.getLoc(), adj.getType(), adj, *adjArray,
                          primals(ab, op.getOffsets()));
  return success();
}

/// The tile of the adjoint array that a write to `array` at `offsets` reads
/// back (elements outside the array read 0), as a tile of `type`.
static FailureOr<Value> readAdjointTile(AdjointBuilder &ab, Operation *op, Value array,
                                        ValueRange offsets, TileType type, Value &adjArray) {
  FailureOr<Value> a = ab.adjointArray(op, array);
  if (failed(a))
    return failure();
  adjArray = *a;
  return (Value)TileLoadOp::create(ab.builder(), op->getLoc(), type, *a, primals(ab, offsets));
}

static LogicalResult tileStoreRule(TileStoreOp op, AdjointBuilder &ab) {
  TileType t = op.getTile().getType();
  if (!isDifferentiableType(t) || fromPointer(op.getArray()))
    return success();
  Value adjArray;
  FailureOr<Value> adj = readAdjointTile(ab, op, op.getArray(), op.getOffsets(), t, adjArray);
  if (failed(adj))
    return failure();
  ab.accumulate(op.getTile(), *adj);
  // Warp 1.16's adj_tile_store zeroes the gradient it consumed
  // (grad_zero_global): what comes before the store does not see it again.
  OpBuilder &b = ab.builder();
  TileStoreOp::create(b, op.getLoc(), buildZero(b, op.getLoc(), t), adjArray,
                      primals(ab, op.getOffsets()));
  return success();
}

static LogicalResult tileAtomicAddRule(TileAtomicAddOp op, AdjointBuilder &ab) {
  // The old values it returns are not differentiated (Warp does the same).
  TileType t = op.getTile().getType();
  if (!isDifferentiableType(t) || fromPointer(op.getArray()))
    return success();
  Value adjArray;
  FailureOr<Value> adj = readAdjointTile(ab, op, op.getArray(), op.getOffsets(), t, adjArray);
  if (failed(adj))
    return failure();
  ab.accumulate(op.getTile(), *adj);
  return success();
}

// The indexed forms (wp.tile_load_indexed, ...): the same rules at the
// positions the indices tile selects, as Warp's adj_tile_*_indexed.
static LogicalResult tileLoadIndexedRule(TileLoadIndexedOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || fromPointer(op.getArray()))
    return success();
  FailureOr<Value> adjArray = ab.adjointArray(op, op.getArray());
  if (failed(adjArray))
    return failure();
  TileAtomicAddIndexedOp::create(ab.builder(), op.getLoc(), adj.getType(), adj, *adjArray,
                                 ab.primal(op.getIndices()), primals(ab, op.getOffsets()),
                                 op.getAxisAttr());
  return success();
}

/// The adjoint tile a write through `indices` reads back.
template <typename Op>
static FailureOr<Value> readAdjointIndexed(AdjointBuilder &ab, Op op, Value &adjArray) {
  FailureOr<Value> a = ab.adjointArray(op, op.getArray());
  if (failed(a))
    return failure();
  adjArray = *a;
  return (Value)TileLoadIndexedOp::create(ab.builder(), op.getLoc(), op.getTile().getType(), *a,
                                          ab.primal(op.getIndices()), primals(ab, op.getOffsets()),
                                          op.getAxisAttr());
}

/// `adj` (a tile stored through `indices` along `axis`) with zeros where a
/// later index along the axis repeats the element's: of the elements a
/// store sends to one array element, the one written last in row-major
/// order (kdsl-lower-tiles' order) is the value kept and gets the
/// gradient; the others none.
static Value keepLastWriter(OpBuilder &b, Location loc, Value adj, Value indices, int64_t axis) {
  auto t = cast<TileType>(adj.getType());
  int64_t k = cast<TileType>(indices.getType()).getNumElements();
  auto i32 = b.getI32Type();
  auto pair = TileType::get(b.getContext(), {k, k}, i32);
  // repeated[r] = max over c > r of (indices[c] == indices[r]).
  Value rows = TileBroadcastOp::create(
      b, loc, pair, reshape(b, loc, indices, TileType::get(b.getContext(), {k, 1}, i32)));
  Value cols = TileBroadcastOp::create(
      b, loc, pair, reshape(b, loc, indices, TileType::get(b.getContext(), {1, k}, i32)));
  Value later = buildMap(
      b, loc, pair, {buildIndices(b, loc, {k, k}), rows, cols}, [&](ValueRange e) -> Value {
        Value kk = arith::ConstantIntOp::create(b, loc, i32, k);
        Value r = arith::DivSIOp::create(b, loc, e[0], kk);
        Value c = arith::RemSIOp::create(b, loc, e[0], kk);
        Value after = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, c, r);
        Value same = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, e[1], e[2]);
        Value both = arith::AndIOp::create(b, loc, after, same);
        return arith::ExtUIOp::create(b, loc, i32, both);
      });
  Value repeated = buildReduce(b, loc, later, 1, [&](Value x, Value y) {
    return (Value)arith::MaxSIOp::create(b, loc, x, y);
  });
  // Spread along the other dimensions of the tile.
  SmallVector<int64_t> along(t.getRank(), 1);
  along[axis] = k;
  Value mask = reshape(b, loc, repeated, TileType::get(b.getContext(), along, i32));
  if (t.getRank() > 1)
    mask = TileBroadcastOp::create(b, loc, t.withElementType(i32), mask);
  return buildMap(b, loc, t, {adj, mask}, [&](ValueRange e) -> Value {
    Value zero = arith::ConstantIntOp::create(b, loc, i32, 0);
    Value keep = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, e[1], zero);
    return arith::SelectOp::create(b, loc, keep, e[0], buildZero(b, loc, e[0].getType()));
  });
}

static LogicalResult tileStoreIndexedRule(TileStoreIndexedOp op, AdjointBuilder &ab) {
  TileType t = op.getTile().getType();
  if (!isDifferentiableType(t) || fromPointer(op.getArray()))
    return success();
  Value adjArray;
  FailureOr<Value> adj = readAdjointIndexed(ab, op, adjArray);
  if (failed(adj))
    return failure();
  ab.accumulate(op.getTile(), keepLastWriter(ab.builder(), op.getLoc(), *adj,
                                             ab.primal(op.getIndices()), op.getAxis()));
  OpBuilder &b = ab.builder();
  TileStoreIndexedOp::create(b, op.getLoc(), buildZero(b, op.getLoc(), t), adjArray,
                             ab.primal(op.getIndices()), primals(ab, op.getOffsets()),
                             op.getAxisAttr());
  return success();
}

static LogicalResult tileAtomicAddIndexedRule(TileAtomicAddIndexedOp op, AdjointBuilder &ab) {
  if (!isDifferentiableType(op.getTile().getType()) || fromPointer(op.getArray()))
    return success();
  Value adjArray;
  FailureOr<Value> adj = readAdjointIndexed(ab, op, adjArray);
  if (failed(adj))
    return failure();
  ab.accumulate(op.getTile(), *adj);
  return success();
}

//===----------------------------------------------------------------------===//
// Creation
//===----------------------------------------------------------------------===//

static LogicalResult tileSplatRule(TileSplatOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj || !isDifferentiableType(op.getValue().getType()))
    return success();
  ab.accumulate(op.getValue(), buildTotal(ab.builder(), op.getLoc(), adj));
  return success();
}

static LogicalResult tileArangeRule(TileArangeOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  auto isConstant = [](Value v) {
    return v.getDefiningOp() && v.getDefiningOp()->hasTrait<OpTrait::ConstantLike>();
  };
  if (!adj || (isConstant(op.getStart()) && isConstant(op.getStep())))
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  ab.accumulate(op.getStart(), buildTotal(b, loc, adj));
  // Element i is start + i * step: step's adjoint is sum(adj_i * i).
  TileType t = op.getResult().getType();
  Type e = t.getElementType();
  Value index = TileArangeOp::create(b, loc, t, buildZero(b, loc, e),
                                     arith::ConstantOp::create(b, loc, b.getFloatAttr(e, 1.0)));
  Value weighted = buildMap(b, loc, t, {adj, index}, [&](ValueRange xy) {
    return (Value)arith::MulFOp::create(b, loc, xy[0], xy[1]);
  });
  ab.accumulate(op.getStep(), buildTotal(b, loc, weighted));
  return success();
}

//===----------------------------------------------------------------------===//
// Element-wise maps and reductions
//===----------------------------------------------------------------------===//

static LogicalResult tileMapRule(TileMapOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  Block &body = op.getBody().front();
  // The values from above the region uses (`t * s`: s).
  llvm::SetVector<Value> outer;
  op.getBody().walk([&](Operation *inner) {
    for (Value v : inner->getOperands())
      if (!op->isAncestor(v.getParentRegion()->getParentOp()))
        outer.insert(v);
  });
  SmallVector<Value> inputs = primals(ab, op.getInputs());
  inputs.push_back(adj);
  SmallVector<Type> elems;
  for (Value v : inputs)
    elems.push_back(cast<TileType>(v.getType()).getElementType());
  // One map per adjoint wanted: the region recomputed and reversed per
  // element, yielding that adjoint (its element, or a value from above's
  // contribution of the element, summed after).
  auto adjointMap = [&](TileType type, unsigned which) -> FailureOr<Value> {
    auto map = TileMapOp::create(b, loc, type, inputs);
    OpBuilder::InsertionGuard g(b);
    SmallVector<Location> locs(elems.size(), loc);
    Block *block = b.createBlock(&map.getBody(), {}, elems, locs);
    SmallVector<Value> argAdj, outerAdj;
    if (failed(ab.reverseElementRegion(body, block->getArguments().drop_back(),
                                       block->getArguments().back(), outer.getArrayRef(), argAdj,
                                       outerAdj)))
      return failure();
    unsigned n = body.getNumArguments();
    Value r = which < n ? argAdj[which] : outerAdj[which - n];
    TileYieldOp::create(b, loc, r ? r : buildZero(b, loc, type.getElementType()));
    // Inputs the reversed region does not read (`t * 3`: t) are dropped:
    // the adjoint then needs no tile it does not use (InPlaceReads.cpp).
    SmallVector<Operation *> ops;
    for (Operation &inner : block->without_terminator())
      ops.push_back(&inner);
    for (Operation *inner : llvm::reverse(ops))
      if (isOpTriviallyDead(inner))
        inner->erase();
    llvm::BitVector unused(block->getNumArguments());
    for (BlockArgument a : block->getArguments())
      if (a.use_empty())
        unused.set(a.getArgNumber());
    unused.reset(block->getNumArguments() - 1); // a map takes a tile: keep adj
    block->eraseArguments(unused);
    map->eraseOperands(unused);
    return (Value)map;
  };
  for (auto [i, in] : llvm::enumerate(op.getInputs())) {
    auto t = cast<TileType>(in.getType());
    if (!isDifferentiableType(t))
      continue;
    FailureOr<Value> a = adjointMap(t, i);
    if (failed(a))
      return failure();
    ab.accumulate(in, *a);
  }
  TileType shape = op.getResult().getType();
  for (auto [j, v] : llvm::enumerate(outer)) {
    if (!isDifferentiableType(v.getType()) || isa<TileType>(v.getType()) ||
        (v.getDefiningOp() && v.getDefiningOp()->hasTrait<OpTrait::ConstantLike>()))
      continue;
    FailureOr<Value> a = adjointMap(shape.withElementType(v.getType()), body.getNumArguments() + j);
    if (failed(a))
      return failure();
    ab.accumulate(v, buildTotal(b, loc, *a));
  }
  return success();
}

/// The one op of `op`'s region when it combines the two arguments and
/// is yielded (`arith.addf` for tile_sum, `arith.maxnumf` for tile_max).
static Operation *combiningOp(TileReduceOp op) {
  Block &body = op.getBody().front();
  auto yield = cast<TileYieldOp>(body.getTerminator());
  Operation *c = yield.getValue().getDefiningOp();
  if (!c || &body.front() != c || c->getNextNode() != yield || c->getNumOperands() != 2)
    return nullptr;
  Value x = body.getArgument(0), y = body.getArgument(1);
  bool args = (c->getOperand(0) == x && c->getOperand(1) == y) ||
              (c->getOperand(0) == y && c->getOperand(1) == x);
  return args ? c : nullptr;
}

/// tile_min / tile_max over every element: the adjoint goes to the first
/// element (row-major) equal to the result, the subgradient Warp's
/// MISSINGADJOINT note names. Built from lowered tile ops: the indices of
/// the elements equal to the result, their minimum, a one-hot map.
static LogicalResult extremeRule(TileReduceOp op, AdjointBuilder &ab, Value adj) {
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType in = op.getInput().getType();
  auto i32 = b.getI32Type();
  Value result = buildOnlyElement(b, loc, ab.primal(op.getResult()));
  Value all = buildIndices(b, loc, in.getShape());
  // (Past every index: a tile of wp.tile(x) has a block dimension's.)
  Value none = arith::ConstantIntOp::create(b, loc, i32,
                                            !ShapedType::isDynamicShape(in.getShape())
                                                ? in.getNumElements()
                                                : std::numeric_limits<int32_t>::max());
  Value hits = buildMap(
      b, loc, in.withElementType(i32), {ab.primal(op.getInput()), all}, [&](ValueRange xk) {
        Value eq = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, xk[0], result);
        return (Value)arith::SelectOp::create(b, loc, eq, xk[1], none);
      });
  Value first =
      buildOnlyElement(b, loc, buildReduce(b, loc, hits, std::nullopt, [&](Value x, Value y) {
                         return (Value)arith::MinSIOp::create(b, loc, x, y);
                       }));
  Value d = buildOnlyElement(b, loc, adj);
  Value zero = buildZero(b, loc, d.getType());
  ab.accumulate(op.getInput(), buildMap(b, loc, in, {all}, [&](ValueRange k) {
                  Value at = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k[0], first);
                  return (Value)arith::SelectOp::create(b, loc, at, d, zero);
                }));
  return success();
}

/// Whether `v` is field path `path` of `root` (a chain of struct_extract).
static bool isFieldOf(Value v, Value root, ArrayRef<StringRef> path) {
  for (StringRef f : llvm::reverse(path)) {
    auto e = v.getDefiningOp<StructExtractOp>();
    if (!e || e.getField() != f)
      return false;
    v = e.getInput();
  }
  return v == root;
}

/// Whether `v`, at field path `path` of the yielded struct, is the sum of
/// that field of the two arguments `x` and `y` (struct_create of such sums,
/// nested structs too); fields without an adjoint (ints, bools) may be
/// anything.
static bool isFieldSum(Value v, Value x, Value y, SmallVectorImpl<StringRef> &path) {
  if (!isDifferentiableType(v.getType()))
    return true;
  if (auto create = v.getDefiningOp<StructCreateOp>()) {
    auto t = cast<StructType>(create.getType());
    for (auto [name, field] : llvm::zip(t.getFieldNames(), create.getFields())) {
      path.push_back(name.getValue());
      bool ok = isFieldSum(field, x, y, path);
      path.pop_back();
      if (!ok)
        return false;
    }
    return true;
  }
  auto add = v.getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value l = add.getLhs(), r = add.getRhs();
  return (isFieldOf(l, x, path) && isFieldOf(r, y, path)) ||
         (isFieldOf(l, y, path) && isFieldOf(r, x, path));
}

/// A tile_sum of structs: the region adds every differentiable field of its
/// two arguments (the front end's struct +).
static bool isStructSum(TileReduceOp op) {
  Block &body = op.getBody().front();
  if (!isa<StructType>(body.getArgument(0).getType()))
    return false;
  SmallVector<StringRef> path;
  return isFieldSum(cast<TileYieldOp>(body.getTerminator()).getValue(), body.getArgument(0),
                    body.getArgument(1), path);
}

static LogicalResult tileReduceRule(TileReduceOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  TileType in = op.getInput().getType();
  std::optional<uint64_t> axis = op.getAxis();
  Operation *combine = combiningOp(op);
  if (combine &&
      isa<arith::MaxNumFOp, arith::MinNumFOp, arith::MaximumFOp, arith::MinimumFOp>(combine) &&
      (!axis || in.getRank() == 1))
    return extremeRule(op, ab, adj);
  if ((!combine || !isa<arith::AddFOp>(combine)) && !isStructSum(op))
    return op.emitOpError("autodiff: no derivative rule for this tile reduction yet (only "
                          "tile_sum, and tile_min / tile_max over every element; "
                          "docs/design/tiles.md)");
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  Value spread = adj; // shape (1,): broadcast to every element
  if (axis && in.getRank() > 1) {
    // The result dropped `axis`: put it back as an extent of 1.
    SmallVector<int64_t> kept(in.getShape());
    kept[*axis] = 1;
    spread = reshape(b, loc, adj, TileType::get(b.getContext(), kept, in.getElementType()));
  }
  ab.accumulate(op.getInput(), TileBroadcastOp::create(b, loc, in, spread));
  return success();
}

//===----------------------------------------------------------------------===//
// Linear algebra and layout
//===----------------------------------------------------------------------===//

Value kdsl::tile_ad::transpose(OpBuilder &b, Location loc, Value t) {
  auto tt = cast<TileType>(t.getType());
  auto type =
      TileType::get(b.getContext(), {tt.getShape()[1], tt.getShape()[0]}, tt.getElementType());
  return TileTransposeOp::create(b, loc, type, t);
}

Value kdsl::tile_ad::buildIndices(OpBuilder &b, Location loc, ArrayRef<int64_t> shape) {
  auto i32 = b.getI32Type();
  auto t = TileType::get(b.getContext(), shape, i32);
  auto c32 = [&](int64_t v) { return arith::ConstantIntOp::create(b, loc, i32, v); };
  if (!ShapedType::isDynamicShape(shape)) {
    Value all = TileArangeOp::create(
        b, loc, TileType::get(b.getContext(), {t.getNumElements()}, i32), c32(0), c32(1));
    return reshape(b, loc, all, t);
  }
  // An extent `?` (the block dimension, of wp.tile(x)'s tiles) is known at
  // launch only: each dimension's index, an arange broadcast along the
  // others, times the extents after it, summed.
  SmallVector<Value> axes, strides;
  Value stride = c32(1);
  for (int64_t d = shape.size() - 1; d >= 0; --d) {
    Value a = TileArangeOp::create(b, loc, TileType::get(b.getContext(), {shape[d]}, i32), c32(0),
                                   c32(1));
    // (n, 1, ..., 1): the broadcast adds the leading dimensions.
    if (d + 1 < (int64_t)shape.size()) {
      SmallVector<int64_t> along(shape.size() - d, 1);
      along[0] = shape[d];
      a = reshape(b, loc, a, TileType::get(b.getContext(), along, i32));
    }
    if (cast<TileType>(a.getType()) != t)
      a = TileBroadcastOp::create(b, loc, t, a);
    axes.insert(axes.begin(), a);
    strides.insert(strides.begin(), stride);
    Value extent =
        ShapedType::isDynamic(shape[d]) ? (Value)BlockDimOp::create(b, loc) : c32(shape[d]);
    stride = arith::MulIOp::create(b, loc, stride, extent);
  }
  return buildMap(b, loc, t, axes, [&](ValueRange idx) {
    Value flat = c32(0);
    for (auto [i, st] : llvm::zip(idx, strides))
      flat = arith::AddIOp::create(b, loc, flat, arith::MulIOp::create(b, loc, i, st));
    return flat;
  });
}

static LogicalResult tileMatmulRule(TileMatmulOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  APFloat alpha = op.getAlphaAttr().getValue();
  APFloat zero(0.0);
  // r = alpha a b + beta c: adj_a = alpha adj_r b^T (in a's type), adj_b =
  // alpha a^T adj_r (in b's type), adj_c = beta adj_r.
  TileType at = op.getA().getType(), bt = op.getB().getType();
  if (isDifferentiableType(at))
    ab.accumulate(op.getA(),
                  TileMatmulOp::create(b, loc, at, adj, transpose(b, loc, ab.primal(op.getB())),
                                       buildZero(b, loc, at), alpha, zero));
  if (isDifferentiableType(bt))
    ab.accumulate(op.getB(),
                  TileMatmulOp::create(b, loc, bt, transpose(b, loc, ab.primal(op.getA())), adj,
                                       buildZero(b, loc, bt), alpha, zero));
  double beta = op.getBeta().convertToDouble();
  if (beta == 1) {
    ab.accumulate(op.getC(), adj);
  } else if (beta != 0) {
    Type e = op.getC().getType().getElementType();
    Value s = arith::ConstantOp::create(b, loc, b.getFloatAttr(e, beta));
    ab.accumulate(op.getC(), buildMap(b, loc, op.getC().getType(), {adj}, [&](ValueRange x) {
                    return (Value)arith::MulFOp::create(b, loc, x[0], s);
                  }));
  }
  return success();
}

static LogicalResult tileTransposeRule(TileTransposeOp op, AdjointBuilder &ab) {
  if (Value adj = ab.adjoint(op.getResult()))
    ab.accumulate(op.getInput(), transpose(ab.builder(), op.getLoc(), adj));
  return success();
}

static LogicalResult tileReshapeRule(TileReshapeOp op, AdjointBuilder &ab) {
  if (Value adj = ab.adjoint(op.getResult()))
    ab.accumulate(op.getInput(), reshape(ab.builder(), op.getLoc(), adj, op.getInput().getType()));
  return success();
}

static LogicalResult tileBroadcastRule(TileBroadcastOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType in = op.getInput().getType(), out = op.getResult().getType();
  ArrayRef<int64_t> is = in.getShape(), os = out.getShape();
  size_t skip = os.size() - is.size();
  // The axes the input was repeated along: the leading ones it lacks, and
  // its extents of 1 the result widens. Summed from the last, so that the
  // axes still to sum keep their numbers.
  Value sum = adj;
  for (size_t d = os.size(); d-- > 0;)
    if (d < skip || (is[d - skip] == 1 && os[d] != 1))
      sum = buildSum(b, loc, sum, d);
  ab.accumulate(op.getInput(), reshape(b, loc, sum, in));
  return success();
}

static LogicalResult tileExtractRule(TileExtractOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  OpBuilder &b = ab.builder();
  Location loc = op.getLoc();
  TileType t = op.getTile().getType();
  if (ab.laneKernel()) {
    // Each lane's value is its own copy, its adjoint the lane's share: the
    // tile's adjoint is every lane's share added at its index (t[i] += v of
    // every lane; the index may vary over the lanes).
    Value zero = buildZero(b, loc, t);
    ab.accumulate(op.getTile(), TileScatterOp::create(b, loc, AtomicKind::add, zero,
                                                      primals(ab, op.getIndices()), adj));
    return success();
  }
  // A one-hot tile: the element's row-major index compared with an arange
  // of every index (the adjoint is uniform over the block's lanes, as the
  // extracted value is, or the kernel's threads each hold their own copy of
  // the tiles; no per-lane scatter, which would add every lane's part to
  // each copy).
  auto i32 = b.getI32Type();
  SmallVector<Value> idx = primals(ab, op.getIndices());
  Value flat = idx[0];
  for (size_t d = 1; d < idx.size(); ++d)
    flat = arith::AddIOp::create(
        b, loc,
        arith::MulIOp::create(b, loc, flat,
                              arith::ConstantIntOp::create(b, loc, i32, t.getShape()[d])),
        idx[d]);
  auto flatType = TileType::get(b.getContext(), {t.getNumElements()}, i32);
  Value all = TileArangeOp::create(b, loc, flatType, arith::ConstantIntOp::create(b, loc, i32, 0),
                                   arith::ConstantIntOp::create(b, loc, i32, 1));
  all = reshape(b, loc, all, t.withElementType(i32));
  Value zero = buildZero(b, loc, adj.getType());
  ab.accumulate(op.getTile(), buildMap(b, loc, t, {all}, [&](ValueRange k) {
                  Value at = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, k[0], flat);
                  return (Value)arith::SelectOp::create(b, loc, at, adj, zero);
                }));
  return success();
}

/// wp.tile(x) and wp.untile(t), in lane-dependent kernels (the only ones
/// that hold them): the tile's adjoint is the block's, so lane k's share of
/// x's adjoint is its element k, and the adjoint of t that untile gives is
/// the tile of every lane's share (tile_from_lanes gathers them; no sum: each
/// element has one lane's).
static LogicalResult tileFromLanesRule(TileFromLanesOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  if (!ab.laneKernel())
    return op.emitOpError("autodiff: wp.tile(x) outside a kernel is not differentiated");
  ab.accumulate(op.getValue(),
                TileToLanesOp::create(ab.builder(), op.getLoc(), op.getValue().getType(), adj));
  return success();
}

static LogicalResult tileToLanesRule(TileToLanesOp op, AdjointBuilder &ab) {
  Value adj = ab.adjoint(op.getResult());
  if (!adj)
    return success();
  if (!ab.laneKernel())
    return op.emitOpError("autodiff: wp.untile outside a kernel is not differentiated");
  ab.accumulate(op.getTile(),
                TileFromLanesOp::create(ab.builder(), op.getLoc(), op.getTile().getType(), adj));
  return success();
}

void kdsl::registerTileOpRules(DialectRegistry &registry) {
  registry.addExtension(+[](MLIRContext *ctx, KdslDialect *) {
    TileLoadOp::attachInterface<OpRule<TileLoadOp, tileLoadRule>>(*ctx);
    TileStoreOp::attachInterface<OpRule<TileStoreOp, tileStoreRule>>(*ctx);
    TileAtomicAddOp::attachInterface<OpRule<TileAtomicAddOp, tileAtomicAddRule>>(*ctx);
    TileLoadIndexedOp::attachInterface<OpRule<TileLoadIndexedOp, tileLoadIndexedRule>>(*ctx);
    TileStoreIndexedOp::attachInterface<OpRule<TileStoreIndexedOp, tileStoreIndexedRule>>(*ctx);
    TileAtomicAddIndexedOp::attachInterface<
        OpRule<TileAtomicAddIndexedOp, tileAtomicAddIndexedRule>>(*ctx);
    TileSplatOp::attachInterface<OpRule<TileSplatOp, tileSplatRule>>(*ctx);
    TileArangeOp::attachInterface<OpRule<TileArangeOp, tileArangeRule>>(*ctx);
    TileMapOp::attachInterface<OpRule<TileMapOp, tileMapRule>>(*ctx);
    TileReduceOp::attachInterface<OpRule<TileReduceOp, tileReduceRule>>(*ctx);
    TileMatmulOp::attachInterface<OpRule<TileMatmulOp, tileMatmulRule>>(*ctx);
    TileTransposeOp::attachInterface<OpRule<TileTransposeOp, tileTransposeRule>>(*ctx);
    TileReshapeOp::attachInterface<OpRule<TileReshapeOp, tileReshapeRule>>(*ctx);
    TileBroadcastOp::attachInterface<OpRule<TileBroadcastOp, tileBroadcastRule>>(*ctx);
    TileExtractOp::attachInterface<OpRule<TileExtractOp, tileExtractRule>>(*ctx);
    TileFromLanesOp::attachInterface<OpRule<TileFromLanesOp, tileFromLanesRule>>(*ctx);
    TileToLanesOp::attachInterface<OpRule<TileToLanesOp, tileToLanesRule>>(*ctx);
    attachTileLinalgRules(ctx);
    attachTileScatterRule(ctx);
  });
}
