//===- Reverser.cpp - the reverse sweep of kdsl-autodiff --------------------===//
#include "Reverser.h"

#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace kdsl;

//===----------------------------------------------------------------------===//
// Helpers
//===----------------------------------------------------------------------===//

static bool isConstantValue(Value v) {
  Operation *d = v.getDefiningOp();
  return d && d->hasTrait<OpTrait::ConstantLike>();
}

/// Whether `array` views a local fixed-size array (wp.zeros in kernel code):
/// a kdsl.local_array or a view of one. Its contents live in the thread's
/// frame, so the adjoint kernel replays its writes and keeps an adjoint
/// local array of its own.
static bool isLocalArray(Value array) {
  while (auto view = array.getDefiningOp<SubArrayOp>())
    array = view.getArray();
  return (bool)array.getDefiningOp<LocalArrayOp>();
}

/// A store or atomic on a local array: the recomputation replays it.
static bool writesLocalArray(Operation *o) {
  if (auto s = dyn_cast<StoreOp>(o))
    return isLocalArray(s.getArray());
  if (auto a = dyn_cast<AtomicOp>(o))
    return isLocalArray(a.getArray());
  return false;
}

/// Whether the reverse of custom-gradient call `o` may write an array: its
/// gradient is given adjoint arrays (kdsl.adjoint_arrays).
static bool writesAdjointArrays(Operation *o) {
  auto grad = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      o, o->getAttrOfType<FlatSymbolRefAttr>(kCustomGradAttr));
  auto arrays = grad ? grad->getAttrOfType<DenseI64ArrayAttr>(kAdjointArraysAttr) : nullptr;
  return !arrays || !arrays.empty();
}

/// Whether `op` (or an op nested in it) writes an array.
static bool writesMemory(Operation *op) {
  return op
      ->walk([](Operation *o) {
        return isa<StoreOp, AtomicOp, TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp,
                   TileAtomicAddIndexedOp>(o) ||
                       (isCustomGradCall(o) && writesAdjointArrays(o))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether `op` (or an op nested in it) writes a differentiable value to an
/// array, or reverses a call that writes adjoint arrays.
static bool writesDifferentiable(Operation *op) {
  return op
      ->walk([](Operation *o) {
        Value v;
        if (auto s = dyn_cast<StoreOp>(o))
          v = s.getValue();
        else if (auto a = dyn_cast<AtomicOp>(o))
          v = a.getValue();
        else if (isa<TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp, TileAtomicAddIndexedOp>(o))
          v = o->getOperand(0);
        return (v && isDifferentiableType(v.getType())) ||
                       (isCustomGradCall(o) && writesAdjointArrays(o))
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

static bool containsLoop(Block &block) {
  for (Operation &op : block)
    if (op.walk([](Operation *o) {
            return isa<scf::ForOp, scf::WhileOp>(o) ? WalkResult::interrupt()
                                                    : WalkResult::advance();
          }).wasInterrupted())
      return true;
  return false;
}

/// Whether the reverse of loop `op` has anything to do: it carries a
/// differentiable value out, or writes arrays.
static bool needsReverse(Operation *op) {
  return llvm::any_of(op->getResultTypes(), isDifferentiableType) || writesMemory(op);
}

/// The differentiable values defined outside `op` and used inside it: the
/// reverse of `op` carries their adjoints.
static SmallVector<Value> outerActive(Operation *op) {
  llvm::SetVector<Value> out;
  op->walk([&](Operation *inner) {
    if (inner == op)
      return;
    for (Value v : inner->getOperands())
      if (isDifferentiableType(v.getType()) && !isConstantValue(v) &&
          !op->isAncestor(v.getParentRegion()->getParentOp()))
        out.insert(v);
  });
  return out.takeVector();
}

/// The recomputation replays no side effects: stores, atomics and asserts
/// ran in the forward kernel. An atomic's returned old value is replaced by
/// the element's current value (see docs/autodiff.md, limitations).
static void stripEffects(OpBuilder &b, Operation *root) {
  SmallVector<Operation *> dead;
  root->walk([&](Operation *o) {
    if (writesLocalArray(o))
      return; // thread-private memory: the replay needs its contents
    if (isa<StoreOp, AssertOp, TileStoreOp, TileStoreIndexedOp>(o)) {
      dead.push_back(o);
    } else if (auto a = dyn_cast<TileAtomicAddIndexedOp>(o)) {
      if (!a.getResult().use_empty()) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(a);
        a.getResult().replaceAllUsesWith(
            TileLoadIndexedOp::create(b, a.getLoc(), a.getType(), a.getArray(), a.getIndices(),
                                      a.getOffsets(), a.getAxisAttr()));
      }
      dead.push_back(o);
    } else if (auto a = dyn_cast<TileAtomicAddOp>(o)) {
      if (!a.getResult().use_empty()) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(a);
        a.getResult().replaceAllUsesWith(
            TileLoadOp::create(b, a.getLoc(), a.getType(), a.getArray(), a.getOffsets()));
      }
      dead.push_back(o);
    } else if (auto a = dyn_cast<AtomicOp>(o)) {
      if (!a.getResult().use_empty()) {
        OpBuilder::InsertionGuard g(b);
        b.setInsertionPoint(a);
        a.getResult().replaceAllUsesWith(
            LoadOp::create(b, a.getLoc(), a.getArray(), a.getIndices()));
      }
      dead.push_back(o);
    }
  });
  for (Operation *o : dead)
    o->erase();
}

/// Region cloning keeps block arguments that the mapper already maps out of
/// the clone: forget the arguments a previous clone of `op` mapped.
static void unmapBlockArguments(IRMapping &map, Operation *op) {
  op->walk([&](Block *block) {
    for (BlockArgument a : block->getArguments())
      map.erase(a);
  });
}

/// Iteration counters and tape positions are i64, not index: index-typed
/// loop block arguments do not survive the GPU lowering (gpu-to-nvvm converts
/// block arguments before the index arithmetic feeding them).
/// Run-time positions into, and broadcasts of a scalar to, a large matrix
/// take their vector rules (a run-time vector.insert / extract of the
/// adjoint, a reduction of it), which the lowerings turn into a store, a load
/// and a loop: the expansions' select chains and row-by-row sums would be
/// straight-line code as long as the matrix (issue 26, finding 18).
static bool reversedByRule(Operation &op) {
  if (auto e = dyn_cast<vector::ExtractOp>(op))
    return isLargeMatrixType(e.getSourceVectorType());
  if (auto i = dyn_cast<vector::InsertOp>(op))
    return isLargeMatrixType(i.getDestVectorType());
  if (auto b = dyn_cast<vector::BroadcastOp>(op))
    return isLargeMatrixType(b.getResultVectorType()) && !isa<VectorType>(b.getSourceType());
  return false;
}

static Value counterConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIntOp::create(b, loc, b.getI64Type(), v);
}

static Value toIndex(OpBuilder &b, Location loc, Value v) {
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

/// Adjoints of n-D vectors (matrices) cross region boundaries flattened to
/// 1-D: convert-gpu-to-nvvm converts matrix-typed block arguments but not the
/// n-D vector arithmetic feeding them.
static Type carriedType(Type t) {
  if (auto v = dyn_cast<VectorType>(t); v && v.getRank() > 1)
    return VectorType::get({v.getNumElements()}, v.getElementType());
  return t;
}

static Value toCarried(OpBuilder &b, Location loc, Value v) {
  Type t = carriedType(v.getType());
  return t == v.getType() ? v : (Value)vector::ShapeCastOp::create(b, loc, t, v);
}

static Value fromCarried(OpBuilder &b, Location loc, Value v, Type original) {
  return v.getType() == original ? v : (Value)vector::ShapeCastOp::create(b, loc, original, v);
}

/// Tiles carried by a loop have no tape: the reversed loop replays the
/// forward loop up to each iteration (Reverser::reverseFor). Nor has
/// anything a for loop carries in a lane-dependent kernel: a tape is a
/// buffer of the block's on the CPU (kdsl-lower-lanes), which each lane's
/// iterations would overwrite (a while loop, which has no replay, is refused
/// where it is reversed: Reverser::reverseWhile).
static LogicalResult checkTapeable(Operation *op, TypeRange types) {
  for (Type t : types) {
    if (!t.isIntOrIndexOrFloat() && !isa<VectorType, TileType>(t))
      return op->emitOpError("autodiff: a loop carrying a value of type ")
             << t << " is not differentiable yet";
  }
  return success();
}

/// One memref<?xT> tape per carried type, `n` entries each (null for a
/// tile, and for every type with `replay`).
static SmallVector<Value> allocTapes(OpBuilder &b, Location loc, TypeRange types, Value n,
                                     bool replay = false) {
  SmallVector<Value> slots;
  for (Type t : types)
    slots.push_back(replay || isa<TileType>(t)
                        ? Value()
                        : memref::AllocaOp::create(b, loc,
                                                   MemRefType::get({ShapedType::kDynamic}, t),
                                                   ValueRange{toIndex(b, loc, n)}));
  return slots;
}

//===----------------------------------------------------------------------===//
// AdjointBuilder
//===----------------------------------------------------------------------===//

/// Whether `op`'s rule is the block's in a lane-dependent kernel: a tile
/// op's, whose adjoints are the block's (every lane's share summed), but for
/// the collectives that read each lane's value (wp.tile(x), t[i] op= v):
/// their rules give each lane its own share.
static bool isBlockRule(Operation *op) {
  return op && isa<KdslDialect>(op->getDialect()) &&
         op->getName().getStringRef().starts_with("kdsl.tile_") &&
         !isa<TileFromLanesOp, TileScatterOp>(op);
}

Value Reverser::laneIndex() {
  if (lane)
    return lane;
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(laneEntry);
  Location loc = laneEntry->getParentOp()->getLoc();
  Type i32 = b.getI32Type();
  // wp.untile of the block's lane indices (kdsl-lower-tiles folds it into
  // the lane's own index, LowerTileUntile.cpp).
  Value all = TileArangeOp::create(
      b, loc, TileType::get(b.getContext(), {ShapedType::kDynamic}, i32),
      arith::ConstantIntOp::create(b, loc, i32, 0), arith::ConstantIntOp::create(b, loc, i32, 1));
  return lane = TileToLanesOp::create(b, loc, i32, all);
}

Value Reverser::toFirstLane(Value v, Value contribution) {
  if (!laneKernel() || !isBlockRule(ruleOf) || isa<TileType>(v.getType()))
    return contribution;
  Location loc = contribution.getLoc();
  Type t = contribution.getType();
  Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, laneIndex(),
                                      arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0));
  Value zero = buildZero(b, loc, t);
  if (t.isIntOrFloat() || isa<VectorType>(t))
    return arith::SelectOp::create(b, loc, first, contribution, zero);
  auto pick = scf::IfOp::create(b, loc, TypeRange{t}, first, /*withElse=*/true);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(&pick.getThenRegion().front());
  scf::YieldOp::create(b, loc, contribution);
  b.setInsertionPointToStart(&pick.getElseRegion().front());
  scf::YieldOp::create(b, loc, zero);
  return pick.getResult(0);
}

void Reverser::accumulate(Value v, Value contribution) {
  if (!contribution || !isDifferentiableType(v.getType()) || isConstantValue(v))
    return;
  assert(contribution.getType() == v.getType() && "adjoint of another type");
  contribution = toFirstLane(v, contribution);
  Value &slot = adj[v];
  slot = slot ? buildAdd(b, contribution.getLoc(), slot, contribution) : contribution;
  nameAdjoint(v, slot);
}

StringRef Reverser::variableNameOf(Value v) {
  StringRef n = sourceNameOf(v);
  // A local carried out of a loop or an if: the name of what carries it.
  if (n.empty())
    if (auto r = dyn_cast<OpResult>(v)) {
      unsigned i = r.getResultNumber();
      Operation *op = r.getOwner();
      if (auto f = dyn_cast<scf::ForOp>(op))
        n = sourceNameOf(f.getRegionIterArgs()[i]);
      else if (auto w = dyn_cast<scf::WhileOp>(op))
        n = sourceNameOf(w.getAfterArguments()[i]);
      else if (auto f = dyn_cast<scf::IfOp>(op))
        n = sourceNameOf(f.thenYield().getOperand(i));
    }
  if (n.empty())
    if (auto it = argNames.find(v); it != argNames.end())
      n = it->second;
  if (n.starts_with("adj_"))
    return {};
  return n;
}

void Reverser::nameAdjoint(Value v, Value a) {
  if (!a)
    return;
  StringRef n = variableNameOf(v);
  if (n.empty())
    return;
  // A name the rule's op took over from the primal op is replaced.
  if (Operation *d = a.getDefiningOp();
      d && d->getNumResults() == 1 && !sourceNameOf(a).starts_with("adj_"))
    d->setLoc(withoutSourceNames(d->getLoc()));
  std::string name = ("adj_" + n).str();
  setSourceName(a, name);
  // The value is already the adjoint of another variable (adj_rel, and now
  // adj_o for rel = o - c): adj_o becomes a second name of it.
  if (Operation *d = a.getDefiningOp(); d && d->getNumResults() == 1 && sourceNameOf(a) != name &&
                                        !d->hasTrait<OpTrait::ConstantLike>()) {
    SmallVector<StringRef> aliases;
    sourceAliasesOf(d->getLoc(), aliases);
    if (!llvm::is_contained(aliases, name))
      addSourceAlias(d, name);
  }
  // A value with a second source name: the caller's for what an inlined
  // func returns under its own (`v_sm = smooth(a, i)` returning s).
  if (auto it = argNames.find(v); it != argNames.end() && it->second != n)
    if (Operation *d = a.getDefiningOp();
        d && d->getNumResults() == 1 && !d->hasTrait<OpTrait::ConstantLike>()) {
      std::string other = "adj_" + it->second;
      SmallVector<StringRef> aliases;
      sourceAliasesOf(d->getLoc(), aliases);
      if (sourceNameOf(a) != other && !llvm::is_contained(aliases, other))
        addSourceAlias(d, other);
    }
}

void Reverser::accumulateAt(Value v, ArrayRef<OpFoldResult> position, Value contribution) {
  if (!contribution || !isDifferentiableType(v.getType()) || isConstantValue(v))
    return;
  Location loc = contribution.getLoc();
  contribution = toFirstLane(v, contribution);
  Value old = adj.lookup(v);
  if (!old)
    old = buildZero(b, loc, v.getType());
  auto constantPosition = getConstantIntValues(position);
  Value sum =
      constantPosition && isKnownZeroAt(old, *constantPosition)
          ? contribution
          : buildAdd(b, loc, vector::ExtractOp::create(b, loc, old, position), contribution);
  adj[v] = vector::InsertOp::create(b, loc, sum, old, position);
  nameAdjoint(v, adj[v]);
}

/// The adjoint of an array value or of a struct holding arrays: kernel
/// arguments map to their adj_ arguments, and, as in Warp, the adjoint of a
/// struct argument holds the adjoint arrays of its array fields, so a field
/// of a struct (argument, or built in the kernel from arrays, also field by
/// field) maps to the same field of the struct's adjoint.
static Value adjointOfHolder(OpBuilder &b, const llvm::DenseMap<Value, Value> &args, Value v) {
  if (Value a = args.lookup(v))
    return a;
  // A null array's adjoint is a null array.
  if (auto null = v.getDefiningOp<NullArrayOp>())
    return NullArrayOp::create(b, null.getLoc(), null.getType());
  auto extract = v.getDefiningOp<StructExtractOp>();
  if (!extract)
    return {};
  auto st = cast<StructType>(extract.getInput().getType());
  // The array a local struct's field was last set to (`h.data = x`).
  Value holder = extract.getInput();
  while (auto insert = holder.getDefiningOp<StructInsertOp>()) {
    if (insert.getField() == extract.getField())
      return adjointOfHolder(b, args, insert.getValue());
    holder = insert.getInput();
  }
  if (auto create = holder.getDefiningOp<StructCreateOp>())
    return adjointOfHolder(b, args, create.getFields()[st.getFieldIndex(extract.getField())]);
  Value base = adjointOfHolder(b, args, holder);
  if (!base)
    return {};
  return StructExtractOp::create(b, extract.getLoc(), extract.getType(), base,
                                 extract.getFieldAttr());
}

FailureOr<Value> Reverser::adjointArray(Operation *user, Value array) {
  if (Value a = adjointOfHolder(b, arrayAdj, array))
    return a;
  // A local array: the adjoint local array made where it was recomputed.
  if (Value a = localAdj.lookup(array))
    return a;
  // A view a[i]: the same view of the adjoint array.
  if (auto view = array.getDefiningOp<SubArrayOp>()) {
    FailureOr<Value> base = adjointArray(user, view.getArray());
    if (failed(base))
      return failure();
    SmallVector<Value> idx;
    for (Value i : view.getIndices())
      idx.push_back(primal(i));
    return SubArrayOp::create(b, view.getLoc(), view.getType(), *base, idx).getResult();
  }
  // A view with slices a[1:3, i]: the same view of the adjoint array.
  if (auto view = array.getDefiningOp<ArraySliceOp>()) {
    FailureOr<Value> base = adjointArray(user, view.getArray());
    if (failed(base))
      return failure();
    SmallVector<Value> bounds;
    for (Value v : view.getBounds())
      bounds.push_back(primal(v));
    return ArraySliceOp::create(b, view.getLoc(), view.getType(), *base, bounds,
                                view.getIndexedAttr())
        .getResult();
  }
  // A field of a struct read from an array (`p = payloads[i]; p.data`).
  Value holder = array;
  while (auto extract = holder.getDefiningOp<StructExtractOp>())
    holder = extract.getInput();
  if (holder != array && holder.getDefiningOp<LoadOp>())
    return user->emitOpError(
        "autodiff: the adjoint of an array held in a struct read from an array is not known "
        "(Warp accumulates it into the inner array's own .grad, which kdsl's arrays do not "
        "carry)");
  return user->emitOpError("autodiff: the adjoint of this array is not known (an array that is "
                           "neither a kernel argument nor a field of one)");
}

bool Reverser::readsOwnElementOnly(Value array) {
  return ownElement.contains(array) || isLocalArray(array);
}

Value Reverser::adjointOrZero(Value v) {
  if (Value a = adj.lookup(v))
    return a;
  return buildZero(b, v.getLoc(), v.getType());
}

void Reverser::forget(Block &block) {
  for (BlockArgument a : block.getArguments())
    adj.erase(a);
  block.walk([&](Operation *o) {
    for (Value r : o->getResults())
      adj.erase(r);
    for (Region &region : o->getRegions())
      for (Block &inner : region)
        for (BlockArgument a : inner.getArguments())
          adj.erase(a);
  });
}

//===----------------------------------------------------------------------===//
// Recomputation
//===----------------------------------------------------------------------===//

LogicalResult Reverser::differentiateBlock(Block &block) {
  return differentiateBlock(block, [] {});
}

LogicalResult Reverser::differentiateBlock(Block &block, llvm::function_ref<void()> seed) {
  if (failed(recompute(block)))
    return failure();
  seed();
  return reverse(block);
}

LogicalResult Reverser::recompute(Block &block) {
  for (Operation &op : block.without_terminator()) {
    LogicalResult r = success();
    if (auto f = dyn_cast<scf::ForOp>(op); f && needsReverse(f))
      r = recordFor(f);
    else if (auto w = dyn_cast<scf::WhileOp>(op); w && needsReverse(w))
      r = recordWhile(w);
    else
      r = recomputeOp(b, op);
    if (failed(r))
      return failure();
  }
  return success();
}

LogicalResult Reverser::recomputeOp(OpBuilder &ob, Operation &op) {
  // Writes of local arrays are replayed, after reading the element they
  // overwrite: the reverse sweep puts it back (undoing the write), so that
  // what comes before reads the array as the forward pass did.
  if (auto st = dyn_cast<StoreOp>(op); st && isLocalArray(st.getArray())) {
    SmallVector<Value> idx;
    for (Value i : st.getIndices())
      idx.push_back(primal(i));
    Value array = primal(st.getArray());
    overwritten[&op] = LoadOp::create(ob, st.getLoc(), array, idx);
    StoreOp::create(ob, st.getLoc(), primal(st.getValue()), array, idx);
    return success();
  }
  if (auto a = dyn_cast<AtomicOp>(op); a && isLocalArray(a.getArray())) {
    overwritten[&op] = ob.clone(op, map)->getResult(0); // the old value
    return success();
  }
  // A local array gets a zeroed adjoint array, made next to it.
  if (auto la = dyn_cast<LocalArrayOp>(op)) {
    // (Lanes run on the CPU as loops sharing the block's memory: the replay
    // and undo of each lane's writes would meet the other lanes'.)
    if (laneKernel())
      return op.emitOpError("autodiff: a local array in a kernel that depends on its block's "
                            "lanes is not differentiated yet (docs/design/tiles.md)");
    ob.clone(op, map);
    localAdj[la.getResult()] = LocalArrayOp::create(ob, la.getLoc(), la.getType(), la.getShape());
    return success();
  }
  if (isa<StoreOp, AssertOp, TileStoreOp, TileStoreIndexedOp>(op))
    return success();
  if (auto a = dyn_cast<TileAtomicAddIndexedOp>(op)) {
    if (!a.getResult().use_empty())
      map.map(a.getResult(),
              TileLoadIndexedOp::create(
                  ob, a.getLoc(), a.getType(), primal(a.getArray()), primal(a.getIndices()),
                  llvm::map_to_vector(a.getOffsets(), [&](Value v) { return primal(v); }),
                  a.getAxisAttr())
                  .getResult());
    return success();
  }
  if (auto a = dyn_cast<TileAtomicAddOp>(op)) {
    if (!a.getResult().use_empty())
      map.map(a.getResult(),
              TileLoadOp::create(
                  ob, a.getLoc(), a.getType(), primal(a.getArray()),
                  llvm::map_to_vector(a.getOffsets(), [&](Value v) { return primal(v); }))
                  .getResult());
    return success();
  }
  if (auto a = dyn_cast<AtomicOp>(op)) {
    if (!a.getResult().use_empty()) {
      SmallVector<Value> idx;
      for (Value i : a.getIndices())
        idx.push_back(primal(i));
      map.map(a.getResult(), LoadOp::create(ob, a.getLoc(), primal(a.getArray()), idx).getResult());
    }
    return success();
  }
  if (isa<func::CallOp>(op) && !isCustomGradCall(&op) && !isForwardOnlyCall(&op))
    return op.emitOpError("autodiff: calls must be inlined first");
  unmapBlockArguments(map, &op);
  Operation *c = ob.clone(op, map);
  stripEffects(ob, c);
  return success();
}

LogicalResult Reverser::recordFor(scf::ForOp op) {
  if (failed(checkTapeable(op, op.getInitArgs().getTypes())))
    return failure();
  // A replay (reverseFor) would write the local arrays again.
  if (llvm::any_of(op.getInitArgs().getTypes(), [](Type t) { return isa<TileType>(t); }) &&
      op->walk([](Operation *o) {
          return writesLocalArray(o) ? WalkResult::interrupt() : WalkResult::advance();
        }).wasInterrupted())
    return op.emitOpError("autodiff: a loop carrying a tile and writing a local array is not "
                          "differentiated yet (docs/design/tiles.md)");
  Location loc = op.getLoc();
  Value lb = primal(op.getLowerBound()), ub = primal(op.getUpperBound()),
        step = primal(op.getStep());
  Type ivT = lb.getType();
  // Trip count max(0, ceildiv(ub - lb, step)); scf.for steps are positive.
  Value one = arith::ConstantOp::create(b, loc, ivT, b.getIntegerAttr(ivT, 1));
  Value zero = arith::ConstantOp::create(b, loc, ivT, b.getIntegerAttr(ivT, 0));
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value n = arith::DivSIOp::create(
      b, loc, arith::AddIOp::create(b, loc, span, arith::SubIOp::create(b, loc, step, one)), step);
  n = arith::MaxSIOp::create(b, loc, n, zero);
  if (n.getType() != b.getI64Type())
    n = arith::ExtSIOp::create(b, loc, b.getI64Type(), n);
  SmallVector<Value> slots = allocTapes(b, loc, op.getInitArgs().getTypes(), n, laneKernel());

  unmapBlockArguments(map, op);
  auto c = cast<scf::ForOp>(b.clone(*op, map));
  stripEffects(b, c);
  OpBuilder::InsertionGuard g(b);
  b.setInsertionPointToStart(c.getBody());
  Value k =
      arith::DivSIOp::create(b, loc, arith::SubIOp::create(b, loc, c.getInductionVar(), lb), step);
  k = getValueOrCreateCastToIndexLike(b, loc, b.getIndexType(), k);
  for (auto [v, slot] : llvm::zip(c.getRegionIterArgs(), slots))
    if (slot)
      memref::StoreOp::create(b, loc, v, slot, ValueRange{k});
  tapes[op] = Tape{n, slots};
  return success();
}

FailureOr<scf::WhileOp> Reverser::cloneWhileCounting(scf::WhileOp op, ArrayRef<Value> tape) {
  Location loc = op.getLoc();
  SmallVector<Value> inits;
  for (Value v : op.getInits())
    inits.push_back(primal(v));
  inits.push_back(counterConst(b, loc, 0));
  SmallVector<Type> types(op.getResultTypes());
  types.push_back(b.getI64Type());
  LogicalResult status = success();
  auto w = scf::WhileOp::create(
      b, loc, types, inits,
      [&](OpBuilder &ob, Location l, ValueRange args) {
        Block &before = op.getBefore().front();
        for (auto [from, to] : llvm::zip(before.getArguments(), args)) {
          map.map(from, to);
          // The loop's state keeps its source names (the emitters' `run`,
          // not a fresh `s_2`).
          cast<BlockArgument>(to).setLoc(from.getLoc());
        }
        Value counter = args.back();
        setSourceName(counter, "trips");
        if (!tape.empty()) {
          Value at = toIndex(ob, l, counter);
          for (auto [v, slot] : llvm::zip(args, tape))
            memref::StoreOp::create(ob, l, v, slot, ValueRange{at});
        }
        for (Operation &o : before.without_terminator())
          if (failed(recomputeOp(ob, o)))
            status = failure();
        scf::ConditionOp cond = op.getConditionOp();
        SmallVector<Value> fwd;
        for (Value v : cond.getArgs())
          fwd.push_back(primal(v));
        fwd.push_back(counter);
        scf::ConditionOp::create(ob, l, primal(cond.getCondition()), fwd);
      },
      [&](OpBuilder &ob, Location l, ValueRange args) {
        Block &after = op.getAfter().front();
        for (auto [from, to] : llvm::zip(after.getArguments(), args)) {
          map.map(from, to);
          cast<BlockArgument>(to).setLoc(from.getLoc());
        }
        setSourceName(args.back(), "trips");
        for (Operation &o : after.without_terminator())
          if (failed(recomputeOp(ob, o)))
            status = failure();
        SmallVector<Value> next;
        for (Value v : op.getYieldOp().getOperands())
          next.push_back(primal(v));
        next.push_back(arith::AddIOp::create(ob, l, args.back(), counterConst(ob, l, 1)));
        scf::YieldOp::create(ob, l, next);
      });
  if (failed(status))
    return failure();
  for (auto [from, to] : llvm::zip(op.getResults(), w.getResults()))
    map.map(from, to);
  return w;
}

LogicalResult Reverser::recordWhile(scf::WhileOp op) {
  if (failed(checkTapeable(op, op.getInits().getTypes())))
    return failure();
  if (llvm::any_of(op.getInits().getTypes(), [](Type t) { return isa<TileType>(t); }))
    return op.emitOpError("autodiff: a while loop carrying a tile is not differentiated yet "
                          "(docs/design/tiles.md)");
  // Run once to count the iterations, then again to record the values
  // entering every evaluation of the condition (count + 1 of them).
  FailureOr<scf::WhileOp> counting = cloneWhileCounting(op, {});
  if (failed(counting))
    return failure();
  Location loc = op.getLoc();
  Value count = counting->getResults().back();
  Value entries = arith::AddIOp::create(b, loc, count, counterConst(b, loc, 1));
  SmallVector<Value> slots = allocTapes(b, loc, op.getInits().getTypes(), entries);
  if (failed(cloneWhileCounting(op, slots)))
    return failure();
  tapes[op] = Tape{count, slots};
  return success();
}

//===----------------------------------------------------------------------===//
// Reverse sweep
//===----------------------------------------------------------------------===//

LogicalResult Reverser::reverse(Block &block) {
  for (Operation &op : llvm::reverse(block.without_terminator())) {
    // The ops the reversal adds at this level are tagged as the reverse
    // sweep (readable emission: `// adj: <statement>` comments).
    Block *at = b.getInsertionBlock();
    Block::iterator ip = b.getInsertionPoint();
    Operation *prev = at && ip != at->begin() ? &*std::prev(ip) : nullptr;
    if (failed(reverseOp(op)))
      return failure();
    if (!at || b.getInsertionBlock() != at)
      continue;
    for (auto it = prev ? std::next(prev->getIterator()) : at->begin(); it != b.getInsertionPoint();
         ++it)
      if (!isAdjointLoc(it->getLoc())) {
        // Rules build their ops at the primal op's location: its source
        // name is not the adjoint's.
        Location l = it->getLoc();
        if (!sourceNameOf(l).starts_with("adj_"))
          l = withoutSourceNames(l);
        it->setLoc(FusedLoc::get(b.getContext(), {l}, b.getStringAttr(kAdjointLocTag)));
      }
  }
  return success();
}

LogicalResult Reverser::reverseOp(Operation &op) {
  if (auto o = dyn_cast<scf::IfOp>(op))
    return reverseIf(o);
  if (auto o = dyn_cast<scf::ForOp>(op))
    return reverseFor(o);
  if (auto o = dyn_cast<scf::WhileOp>(op))
    return reverseWhile(o);
  if (writesLocalArray(&op))
    return reverseLocalWrite(op);
  if (needsBuiltinExpansion(&op) && !reversedByRule(op))
    return reverseExpanded(op);
  if (auto rule = dyn_cast<AutodiffOpInterface>(op)) {
    Operation *outerRule = ruleOf;
    ruleOf = &op;
    LogicalResult built = rule.buildAdjoint(*this);
    ruleOf = outerRule;
    return built;
  }
  if (isCustomGradCall(&op))
    return reverseCustomCall(cast<func::CallOp>(op));
  if (isForwardOnlyCall(&op))
    return success(); // a constant to the adjoint (GradFuncs.cpp)
  // A tile op without a rule (TileRules.cpp) that a gradient flows through:
  // never a silent zero.
  if (isa<KdslDialect>(op.getDialect()) && op.getName().getStringRef().starts_with("kdsl.tile_")) {
    if (llvm::none_of(op.getResults(), [&](Value r) { return (bool)adj.lookup(r); }))
      return success();
    return op.emitOpError("autodiff: no derivative rule for '")
           << op.getName() << "' yet (docs/design/tiles.md)";
  }
  // Only float operands take adjoints: int-to-float conversions, constants
  // and the like end the chain.
  bool needed = llvm::any_of(op.getResults(), [&](Value r) { return (bool)adj.lookup(r); }) &&
                llvm::any_of(op.getOperandTypes(), isDifferentiableType);
  if (!needed && !(op.getNumRegions() && writesMemory(&op)))
    return success(); // constants, integer math, comparisons, tid, shape, assert
  return op.emitOpError("autodiff: no derivative rule for this op");
}

LogicalResult Reverser::reverseElementRegion(Block &body, ValueRange args, Value resultAdjoint,
                                             ArrayRef<Value> outer,
                                             SmallVectorImpl<Value> &argAdjoints,
                                             SmallVectorImpl<Value> &outerAdjoints) {
  // A reverse sweep of its own over the region, at this insertion point:
  // the region's values are per element, the values from above this
  // sweep's.
  Reverser inner(b, arrayAdj, ownElement);
  inner.localAdj = localAdj;
  for (auto [a, v] : llvm::zip_equal(body.getArguments(), args))
    inner.mapPrimal(a, v);
  for (Value o : outer)
    inner.mapPrimal(o, primal(o));
  Value yielded = body.getTerminator()->getOperand(0);
  if (failed(inner.differentiateBlock(body, [&] { inner.accumulate(yielded, resultAdjoint); })))
    return failure();
  for (BlockArgument a : body.getArguments())
    argAdjoints.push_back(inner.adjoint(a));
  for (Value o : outer)
    outerAdjoints.push_back(inner.adjoint(o));
  return success();
}

/// A store or atomic on a local array. A store's value takes the element's
/// adjoint, which is then zero: the overwritten value influenced nothing
/// through this element (Warp keeps it, which double-counts an element
/// written twice). An atomic keeps its rule. Then the write is undone.
LogicalResult Reverser::reverseLocalWrite(Operation &op) {
  Location loc = op.getLoc();
  Value array = op.getOperand(isa<StoreOp>(op) ? 1 : 0);
  ValueRange indices =
      isa<StoreOp>(op) ? cast<StoreOp>(op).getIndices() : cast<AtomicOp>(op).getIndices();
  SmallVector<Value> idx;
  for (Value i : indices)
    idx.push_back(primal(i));
  if (auto st = dyn_cast<StoreOp>(op)) {
    if (isDifferentiableType(st.getValue().getType())) {
      FailureOr<Value> adjArray = adjointArray(&op, array);
      if (failed(adjArray))
        return failure();
      Value a = LoadOp::create(b, loc, *adjArray, idx);
      accumulate(st.getValue(), a);
      StoreOp::create(b, loc, buildZero(b, loc, a.getType()), *adjArray, idx);
    }
  } else if (failed(cast<AutodiffOpInterface>(op).buildAdjoint(*this))) {
    return failure();
  }
  if (Value old = overwritten.lookup(&op))
    StoreOp::create(b, loc, old, primal(array), idx);
  return success();
}

/// Results whose adjoint is known (null entries: zero), and whether any is.
static bool collectResultAdjoints(Operation *op, llvm::DenseMap<Value, Value> &adj,
                                  SmallVectorImpl<Value> &out) {
  bool any = false;
  for (Value r : op->getResults()) {
    Value a = isDifferentiableType(r.getType()) ? adj.lookup(r) : Value();
    out.push_back(a);
    any |= (bool)a;
  }
  return any;
}

LogicalResult Reverser::reverseIf(scf::IfOp op) {
  SmallVector<Value> resAdj;
  if (!collectResultAdjoints(op, adj, resAdj) && !writesMemory(op))
    return success();
  Location loc = op.getLoc();
  SmallVector<Value> outer = outerActive(op);
  SmallVector<Type> types;
  SmallVector<Value> saved;
  for (Value o : outer) {
    types.push_back(carriedType(o.getType()));
    saved.push_back(adj.lookup(o));
  }
  auto rev = scf::IfOp::create(b, loc, types, primal(op.getCondition()), /*withElse=*/true);
  for (unsigned i = 0; i < 2; ++i) {
    Region &primalRegion = i == 0 ? op.getThenRegion() : op.getElseRegion();
    Block *block = i == 0 ? rev.thenBlock() : rev.elseBlock();
    if (!block->empty())
      block->back().erase(); // the implicit empty yield
    OpBuilder::InsertionGuard g(b);
    b.setInsertionPointToEnd(block);
    for (auto [o, s] : llvm::zip(outer, saved)) {
      if (s)
        adj[o] = s;
      else
        adj.erase(o);
    }
    if (!primalRegion.empty()) {
      Block &pb = primalRegion.front();
      forget(pb);
      if (failed(recompute(pb)))
        return failure();
      auto yield = cast<scf::YieldOp>(pb.getTerminator());
      for (auto [v, a] : llvm::zip(yield.getOperands(), resAdj))
        accumulate(v, a);
      if (failed(reverse(pb)))
        return failure();
    }
    SmallVector<Value> yields;
    for (Value o : outer)
      yields.push_back(toCarried(b, loc, adjointOrZero(o)));
    scf::YieldOp::create(b, loc, yields);
  }
  // The results are the adjoints of the outer values: adj_<name> (in the
  // location of a multi-result if, as result names), not the names of what
  // the branches yield (adj_t_near for the adjoint of `hit` in `if hit <
  // t_near: t_near = hit`).
  SmallVector<std::string> names;
  for (auto [o, r] : llvm::zip(outer, rev.getResults())) {
    adj[o] = fromCarried(b, loc, r, o.getType());
    StringRef n = variableNameOf(o);
    names.push_back(n.empty() || adj[o] != r ? std::string() : ("adj_" + n).str());
  }
  if (rev.getNumResults() == 1)
    nameAdjoint(outer[0], adj[outer[0]]);
  else if (llvm::any_of(names, [](const std::string &n) { return !n.empty(); }))
    setResultNames(rev, names);
  return success();
}

LogicalResult Reverser::buildReversedLoop(Location loc, Value count, ValueRange carriedInit,
                                          ArrayRef<Value> outer, bool scoped,
                                          function_ref<LogicalResult(Value, ValueRange)> iteration,
                                          function_ref<void(SmallVectorImpl<Value> &)> carriedOut,
                                          SmallVectorImpl<Value> &results) {
  SmallVector<Type> types; // of the adjoints, before flattening
  SmallVector<Value> inits;
  for (Value v : carriedInit) {
    types.push_back(v.getType());
    inits.push_back(toCarried(b, loc, v));
  }
  for (Value o : outer) {
    types.push_back(o.getType());
    inits.push_back(toCarried(b, loc, adjointOrZero(o)));
  }
  // kdsl-lower-tiles gives tiles buffers of the function, not of a scope.
  if (scoped && llvm::any_of(types, [](Type t) { return isa<TileType>(t); }))
    return emitError(loc, "autodiff: a loop with an inner loop that carries tile adjoints is not "
                          "differentiated yet (docs/design/tiles.md)");
  auto rev =
      scf::ForOp::create(b, loc, counterConst(b, loc, 0), count, counterConst(b, loc, 1), inits);
  // The carried adjoints have their inits' locations, and names (adj_f_2
  // for the adjoint of a loop-carried x initialised from f): they are named
  // below after what they carry.
  for (BlockArgument a : rev.getRegionIterArgs())
    a.setLoc(withoutSourceNames(a.getLoc()));
  {
    OpBuilder::InsertionGuard g(b);
    if (!rev.getBody()->empty())
      rev.getBody()->back().erase(); // the implicit yield of a loop without iter_args
    b.setInsertionPointToStart(rev.getBody());
    Value k =
        arith::SubIOp::create(b, loc, arith::SubIOp::create(b, loc, count, counterConst(b, loc, 1)),
                              rev.getInductionVar());
    // A scope frees the tapes of inner loops at the end of each iteration.
    memref::AllocaScopeOp scope;
    if (scoped) {
      scope = memref::AllocaScopeOp::create(b, loc, TypeRange(ValueRange(inits)));
      b.setInsertionPointToStart(&scope.getBodyRegion().emplaceBlock());
    }
    SmallVector<Value> args;
    for (auto [a, t] : llvm::zip(rev.getRegionIterArgs(), types))
      args.push_back(fromCarried(b, loc, a, t));
    for (auto [n, o] : llvm::enumerate(outer)) {
      adj[o] = args[carriedInit.size() + n];
      nameAdjoint(o, adj[o]);
    }
    if (failed(iteration(k, ValueRange(args).take_front(carriedInit.size()))))
      return failure();
    SmallVector<Value> yields;
    carriedOut(yields);
    for (Value o : outer)
      yields.push_back(adjointOrZero(o));
    for (Value &y : yields)
      y = toCarried(b, loc, y);
    if (scope) {
      memref::AllocaScopeReturnOp::create(b, loc, yields);
      b.setInsertionPointAfter(scope);
      yields.assign(scope.getResults().begin(), scope.getResults().end());
    }
    scf::YieldOp::create(b, loc, yields);
  }
  results.clear();
  for (auto [r, t] : llvm::zip(rev.getResults(), types))
    results.push_back(fromCarried(b, loc, r, t));
  for (auto [n, o] : llvm::enumerate(outer))
    adj[o] = results[carriedInit.size() + n];
  return success();
}

FailureOr<const Reverser::Tape *> Reverser::tapeToReverse(Operation *loop,
                                                          SmallVectorImpl<Value> &resAdj) {
  // (In a lane-dependent kernel, writes of integers, a query's hits counted
  // in an array, give the reverse nothing to do either.)
  if (!collectResultAdjoints(loop, adj, resAdj) &&
      !(laneKernel() ? writesDifferentiable(loop) : writesMemory(loop)))
    return static_cast<const Tape *>(nullptr); // nothing depends on the loop
  auto tape = tapes.find(loop);
  if (tape == tapes.end())
    return loop->emitOpError("autodiff: internal error: loop not recorded");
  return &tape->second;
}

LogicalResult Reverser::reverseFor(scf::ForOp op) {
  SmallVector<Value> resAdj;
  FailureOr<const Tape *> tape = tapeToReverse(op, resAdj);
  if (failed(tape) || !*tape)
    return failure(failed(tape));
  Location loc = op.getLoc();
  Block &body = *op.getBody();
  SmallVector<unsigned> carried; // differentiable iteration arguments
  SmallVector<Value> carriedInit;
  for (auto [j, t] : llvm::enumerate(op.getInitArgs().getTypes()))
    if (isDifferentiableType(t)) {
      carried.push_back(j);
      carriedInit.push_back(adjointOrZero(op.getResult(j)));
    }
  SmallVector<Value> slots = (*tape)->slots;
  auto iteration = [&](Value k, ValueRange dCarried) -> LogicalResult {
    forget(body);
    Value lb = primal(op.getLowerBound());
    Value kk = getValueOrCreateCastToIndexLike(b, loc, lb.getType(), k);
    Value iv =
        arith::AddIOp::create(b, loc, lb, arith::MulIOp::create(b, loc, kk, primal(op.getStep())));
    // Carried tiles (every carried value, in a lane-dependent kernel) have
    // no tape: the forward loop replayed up to iteration k gives them
    // (quadratic in the trip count; docs/design/tiles.md).
    scf::ForOp replay;
    if (llvm::is_contained(slots, Value())) {
      IRMapping m = map;
      unmapBlockArguments(m, op);
      replay = cast<scf::ForOp>(b.clone(*op, m));
      replay.getUpperBoundMutable().assign(iv);
      stripEffects(b, replay);
    }
    map.map(op.getInductionVar(), iv);
    Value at = toIndex(b, loc, k);
    for (auto [j, arg, slot] : llvm::enumerate(op.getRegionIterArgs(), slots))
      map.map(arg, slot ? memref::LoadOp::create(b, loc, slot, ValueRange{at}).getResult()
                        : replay.getResult(j));
    if (failed(recompute(body)))
      return failure();
    auto yield = cast<scf::YieldOp>(body.getTerminator());
    for (auto [n, j] : llvm::enumerate(carried)) {
      nameAdjoint(op.getRegionIterArgs()[j], dCarried[n]);
      accumulate(yield.getOperand(j), dCarried[n]);
    }
    return reverse(body);
  };
  auto carriedOut = [&](SmallVectorImpl<Value> &out) {
    for (unsigned j : carried)
      out.push_back(adjointOrZero(op.getRegionIterArgs()[j]));
  };
  SmallVector<Value> results;
  if (failed(buildReversedLoop(loc, (*tape)->count, carriedInit, outerActive(op),
                               containsLoop(body), iteration, carriedOut, results)))
    return failure();
  for (auto [n, j] : llvm::enumerate(carried))
    accumulate(op.getInitArgs()[j], results[n]);
  return success();
}

LogicalResult Reverser::reverseWhile(scf::WhileOp op) {
  SmallVector<Value> resAdj;
  FailureOr<const Tape *> tape = tapeToReverse(op, resAdj);
  if (failed(tape) || !*tape)
    return failure(failed(tape));
  // Its tape is a buffer of the block's on the CPU, which each lane's
  // iterations overwrite (a for loop is replayed instead).
  if (laneKernel() && !(*tape)->slots.empty())
    return op.emitOpError("autodiff: a while loop carrying a value in a kernel that depends on "
                          "its block's lanes is not differentiated yet (docs/design/tiles.md)");
  Location loc = op.getLoc();
  Block &before = op.getBefore().front(), &after = op.getAfter().front();
  scf::ConditionOp cond = op.getConditionOp();
  scf::YieldOp yield = op.getYieldOp();
  Value count = (*tape)->count;
  SmallVector<Value> slots = (*tape)->slots;
  auto loadCarried = [&](Value k) {
    Value at = toIndex(b, loc, k);
    for (auto [arg, slot] : llvm::zip(before.getArguments(), slots))
      map.map(arg, memref::LoadOp::create(b, loc, slot, ValueRange{at}).getResult());
  };
  SmallVector<unsigned> carried;
  for (auto [j, t] : llvm::enumerate(op.getInits().getTypes()))
    if (isDifferentiableType(t))
      carried.push_back(j);

  // The last evaluation of the condition (the one that left the loop).
  forget(before);
  loadCarried(count);
  if (failed(recompute(before)))
    return failure();
  for (auto [v, a] : llvm::zip(cond.getArgs(), resAdj))
    accumulate(v, a);
  if (failed(reverse(before)))
    return failure();

  SmallVector<Value> carriedInit;
  for (unsigned j : carried)
    carriedInit.push_back(adjointOrZero(before.getArgument(j)));
  // Iteration k: condition, then body; reversed: body, then condition.
  auto iteration = [&](Value k, ValueRange dCarried) -> LogicalResult {
    forget(before);
    forget(after);
    loadCarried(k);
    if (failed(recompute(before)))
      return failure();
    for (auto [a, v] : llvm::zip(after.getArguments(), cond.getArgs()))
      map.map(a, primal(v));
    if (failed(recompute(after)))
      return failure();
    for (auto [n, j] : llvm::enumerate(carried)) {
      nameAdjoint(before.getArgument(j), dCarried[n]);
      accumulate(yield.getOperand(j), dCarried[n]);
    }
    if (failed(reverse(after)))
      return failure();
    for (auto [a, v] : llvm::zip(after.getArguments(), cond.getArgs()))
      if (Value x = adj.lookup(a))
        accumulate(v, x);
    return reverse(before);
  };
  auto carriedOut = [&](SmallVectorImpl<Value> &out) {
    for (unsigned j : carried)
      out.push_back(adjointOrZero(before.getArgument(j)));
  };
  SmallVector<Value> results;
  if (failed(buildReversedLoop(loc, count, carriedInit, outerActive(op),
                               containsLoop(before) || containsLoop(after), iteration, carriedOut,
                               results)))
    return failure();
  for (auto [n, j] : llvm::enumerate(carried))
    accumulate(op.getInits()[j], results[n]);
  return success();
}
