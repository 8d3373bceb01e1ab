//===- LowerTiles.cpp - tiles as stack buffers (kdsl-lower-tiles) ---------===//
//
// The pass of docs/design/tiles.md's slice 2 (Passes.td): in every kernel
// and function that holds tiles, each tile value gets a buffer and each tile
// op its loops (LowerTileOps.cpp); tiles carried by scf.for or yielded by
// scf.if get a buffer of their own, which the iterations and branches copy
// into. A kernel's body moves into a memref.alloca_scope first, so that the
// buffers are freed per thread once kdsl-lower-launch has put the body in
// the loop over threads. The tile ops, and the tile operands and results of
// the scf ops, are removed last.
//
//===----------------------------------------------------------------------===//
#include "LowerTiles.h"
#include "kdsl/Transforms/Lanes.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

namespace kdsl {
#define GEN_PASS_DEF_LOWERTILES
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

static bool isTile(Type t) { return isa<TileType>(t); }
static bool isTileOp(Operation *op) {
  return isa<KdslDialect>(op->getDialect()) &&
         op->getName().getStringRef().starts_with("kdsl.tile_");
}

static bool holdsTiles(Operation *fn) {
  return fn
      ->walk([](Operation *op) {
        bool tiles = isTileOp(op) || llvm::any_of(op->getOperandTypes(), isTile) ||
                     llvm::any_of(op->getResultTypes(), isTile);
        return tiles ? WalkResult::interrupt() : WalkResult::advance();
      })
      .wasInterrupted();
}

/// "... is not lowered yet" at `op`.
static InFlightDiagnostic notLowered(Operation *op, const Twine &what) {
  return op->emitError(what) << " is not lowered yet (kdsl-lower-tiles, docs/design/tiles.md)";
}

namespace {

/// One function's tiles.
class FunctionLowering {
public:
  FunctionLowering(Block *allocaBlock, bool lanes) : bufs(allocaBlock), lanes(lanes) {}

  LogicalResult lowerRegion(Region &region) {
    for (Block &block : region)
      for (Operation &op : llvm::make_early_inc_range(block))
        if (failed(lowerOp(&op)))
          return failure();
    return success();
  }

  /// Removes the tile ops, then the tile values of the scf ops.
  void finish() {
    for (Operation *op : llvm::reverse(tileOps)) {
      for (Value r : op->getResults())
        r.dropAllUses();
      op->erase();
    }
    for (Operation *op : carriers) {
      if (auto f = dyn_cast<scf::ForOp>(op))
        rebuildFor(f);
      else
        rebuildIf(cast<scf::IfOp>(op));
    }
  }

private:
  TileBuffers bufs;
  bool lanes;                        // a lane-dependent kernel (kdsl/Transforms/Lanes.h)
  SmallVector<Operation *> tileOps;  // in program order
  SmallVector<Operation *> carriers; // scf ops with tile values, inner first

  LogicalResult lowerOp(Operation *op) {
    if (isTileOp(op)) {
      Operation *prev = op->getPrevNode();
      if (failed(lowerTileOp(op, bufs)))
        return failure();
      if (lanes &&
          isa<TileStoreOp, TileAtomicAddOp, TileStoreIndexedOp, TileAtomicAddIndexedOp>(op))
        markBlockWrite(op, prev);
      tileOps.push_back(op);
      return success();
    }
    // The terminators of the scf ops that carry tiles: their copies are
    // lowerFor's and lowerIf's.
    if (isa<scf::YieldOp>(op) && isa<scf::ForOp, scf::IfOp>(op->getParentOp()))
      return success();
    if (isa<BlockDimOp>(op) && lanes)
      return success(); // the launch's block dimension (kdsl-lower-lanes)
    if (isa<BlockDimOp>(op))
      return notLowered(op, "wp.block_dim() in a @wp.func with tiles (its caller's lanes)");
    if (auto f = dyn_cast<scf::ForOp>(op); f && llvm::any_of(f.getInitArgs().getTypes(), isTile))
      return lowerFor(f);
    if (auto i = dyn_cast<scf::IfOp>(op); i && llvm::any_of(i.getResultTypes(), isTile))
      return lowerIf(i);
    if (llvm::any_of(op->getOperandTypes(), isTile) || llvm::any_of(op->getResultTypes(), isTile))
      return notLowered(op, "'" + op->getName().getStringRef() + "' of a tile");
    for (Region &r : op->getRegions()) {
      for (Block &block : r)
        if (llvm::any_of(block.getArgumentTypes(), isTile))
          return notLowered(op, "a tile argument of '" + op->getName().getStringRef() + "'");
      if (failed(lowerRegion(r)))
        return failure();
    }
    return success();
  }

  /// kBlockWriteAttr on the ops lowerTileOp emitted for write `op` (after
  /// `prev`).
  static void markBlockWrite(Operation *op, Operation *prev) {
    bool oldRead = op->getNumResults() && !op->getResult(0).use_empty();
    auto mark = BoolAttr::get(op->getContext(), oldRead);
    for (Operation *o = prev ? prev->getNextNode() : &op->getBlock()->front(); o != op;
         o = o->getNextNode())
      o->setAttr(kBlockWriteAttr, mark);
  }

  Value bufferOf(Operation *user, Value tile) {
    Value buf = bufs.lookup(tile);
    if (!buf)
      notLowered(user, "a tile defined outside kdsl-lower-tiles' reach");
    return buf;
  }

  /// A tile carried by the loop lives in one buffer: the initial value is
  /// copied in before the loop, each iteration's yield copies the next value
  /// in (through temporaries where the yield permutes the carried tiles).
  LogicalResult lowerFor(scf::ForOp loop) {
    OpBuilder b(loop);
    Location loc = loop.getLoc();
    DenseMap<unsigned, Value> carried;
    for (auto [i, init] : llvm::enumerate(loop.getInitArgs())) {
      auto t = dyn_cast<TileType>(init.getType());
      if (!t)
        continue;
      Value from = bufferOf(loop, init);
      if (!from)
        return failure();
      Value buf = bufs.allocate(loc, t);
      copyBuffer(b, loc, from, buf);
      carried[i] = buf;
      bufs.map(loop.getRegionIterArgs()[i], buf);
      bufs.map(loop.getResult(i), buf);
    }
    if (failed(lowerRegion(loop.getRegion())))
      return failure();
    auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
    b.setInsertionPoint(yield);
    SmallVector<std::pair<Value, Value>> copies; // (from, to)
    for (auto [i, to] : carried) {
      Value from = bufferOf(yield, yield.getOperand(i));
      if (!from)
        return failure();
      if (from != to)
        copies.push_back({from, to});
    }
    DenseSet<Value> targets;
    for (auto &c : copies)
      targets.insert(c.second);
    for (auto &c : copies)
      if (targets.contains(c.first)) {
        auto m = cast<MemRefType>(c.first.getType());
        Value tmp =
            bufs.allocate(loc, TileType::get(loop.getContext(), m.getShape(), m.getElementType()));
        copyBuffer(b, loc, c.first, tmp);
        c.first = tmp;
      }
    for (auto &c : copies)
      copyBuffer(b, loc, c.first, c.second);
    carriers.push_back(loop);
    return success();
  }

  /// A tile result of an scf.if lives in a buffer each branch copies into.
  LogicalResult lowerIf(scf::IfOp ifOp) {
    DenseMap<unsigned, Value> results;
    for (auto [i, r] : llvm::enumerate(ifOp.getResults()))
      if (auto t = dyn_cast<TileType>(r.getType())) {
        results[i] = bufs.allocate(ifOp.getLoc(), t);
        bufs.map(r, results[i]);
      }
    for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()}) {
      if (failed(lowerRegion(*region)))
        return failure();
      auto yield = cast<scf::YieldOp>(region->front().getTerminator());
      OpBuilder b(yield);
      for (auto [i, to] : results) {
        Value from = bufferOf(yield, yield.getOperand(i));
        if (!from)
          return failure();
        copyBuffer(b, yield.getLoc(), from, to);
      }
    }
    carriers.push_back(ifOp);
    return success();
  }

  static SmallVector<Value> nonTile(ValueRange values) {
    SmallVector<Value> kept;
    for (Value v : values)
      if (!isTile(v.getType()))
        kept.push_back(v);
    return kept;
  }

  /// The terminator `yield` without its tile operands.
  static void dropTileOperands(scf::YieldOp yield, ArrayRef<bool> tile) {
    SmallVector<Value> kept;
    for (auto [i, v] : llvm::enumerate(yield.getOperands()))
      if (!tile[i])
        kept.push_back(v);
    OpBuilder b(yield);
    scf::YieldOp::create(b, yield.getLoc(), kept);
    yield.erase();
  }

  /// Replaces the op's non-tile results by `next`'s, in order; the tile
  /// ones lose their uses (tile ops erased already, or terminators of
  /// enclosing scf ops that are rebuilt after this one).
  static void replaceResults(Operation *old, Operation *next) {
    unsigned j = 0;
    for (Value r : old->getResults()) {
      if (isTile(r.getType()))
        r.dropAllUses();
      else
        r.replaceAllUsesWith(next->getResult(j++));
    }
    next->setDiscardableAttrs(old->getDiscardableAttrDictionary());
    old->erase();
  }

  static void rebuildFor(scf::ForOp loop) {
    // (From the results: the tile operands are null by now.)
    SmallVector<bool> tile;
    for (Type t : loop.getResultTypes())
      tile.push_back(isTile(t));
    OpBuilder b(loop);
    SmallVector<Value> inits;
    for (auto [i, v] : llvm::enumerate(loop.getInitArgs()))
      if (!tile[i])
        inits.push_back(v);
    auto next = scf::ForOp::create(b, loop.getLoc(), loop.getLowerBound(), loop.getUpperBound(),
                                   loop.getStep(), inits, nullptr, loop.getUnsignedCmp());
    Block *from = loop.getBody(), *to = next.getBody();
    to->clear();
    dropTileOperands(cast<scf::YieldOp>(from->getTerminator()), tile);
    from->getArgument(0).replaceAllUsesWith(next.getInductionVar());
    unsigned j = 0;
    for (auto [i, arg] : llvm::enumerate(loop.getRegionIterArgs())) {
      if (tile[i])
        arg.dropAllUses();
      else
        arg.replaceAllUsesWith(next.getRegionIterArgs()[j++]);
    }
    to->getOperations().splice(to->end(), from->getOperations());
    replaceResults(loop, next);
  }

  static void rebuildIf(scf::IfOp ifOp) {
    SmallVector<bool> tile;
    SmallVector<Type> types;
    for (Type t : ifOp.getResultTypes()) {
      tile.push_back(isTile(t));
      if (!tile.back())
        types.push_back(t);
    }
    OpBuilder b(ifOp);
    auto next = scf::IfOp::create(b, ifOp.getLoc(), types, ifOp.getCondition(), /*withElse=*/true);
    next.getThenRegion().takeBody(ifOp.getThenRegion());
    next.getElseRegion().takeBody(ifOp.getElseRegion());
    for (Region *r : {&next.getThenRegion(), &next.getElseRegion()})
      dropTileOperands(cast<scf::YieldOp>(r->front().getTerminator()), tile);
    replaceResults(ifOp, next);
  }
};

/// Moves the kernel's body (but its terminator) into a memref.alloca_scope,
/// whose block the buffers are allocated in.
Block *wrapInAllocaScope(KernelOp kernel) {
  Block &body = kernel.getBody().front();
  Operation *terminator = body.getTerminator();
  OpBuilder b(terminator);
  auto scope = memref::AllocaScopeOp::create(b, kernel.getLoc(), TypeRange{});
  Block *inner = new Block;
  scope.getBodyRegion().push_back(inner);
  inner->getOperations().splice(inner->end(), body.getOperations(), body.begin(),
                                Block::iterator(scope));
  b.setInsertionPointToEnd(inner);
  memref::AllocaScopeReturnOp::create(b, kernel.getLoc());
  return inner;
}

/// A lane-dependent kernel before its tiles are lowered: which of its
/// wp.tid() indices are the block's (the same in every lane: they reach a
/// tile op's operands) and which vary over its lanes
/// (kLaneUniformTidAttrName on each kdsl.tid), and the scalar atomics,
/// which every lane performs (kPerLaneAttr).
static void prepareLaneKernel(KernelOp kernel) {
  kernel->setAttr(kLaneKernelAttrName, UnitAttr::get(kernel.getContext()));
  kernel.walk([&](Operation *op) {
    // (The adjoint of a lane kernel has its forward kernel's marks.)
    if (auto tid = dyn_cast<TidOp>(op); tid && !tid->hasAttr(kLaneUniformTidAttrName)) {
      SmallVector<bool> uniform;
      for (Value r : tid.getResults())
        uniform.push_back(reachesBlockTileOperand(r));
      tid->setAttr(kLaneUniformTidAttrName, DenseBoolArrayAttr::get(kernel.getContext(), uniform));
    }
    if (isa<AtomicOp, PrintOp>(op))
      op->setAttr(kPerLaneAttr, UnitAttr::get(kernel.getContext()));
  });
}

struct LowerTilesPass : public kdsl::impl::LowerTilesBase<LowerTilesPass> {
  void runOnOperation() override {
    if (failed(inlineTileFuncs(getOperation())))
      return signalPassFailure();
    for (Operation &fn : getOperation().getOps()) {
      auto f = dyn_cast<FunctionOpInterface>(fn);
      if (!f || f.isExternal() || !holdsTiles(f))
        continue;
      if (llvm::any_of(f.getArgumentTypes(), isTile) || llvm::any_of(f.getResultTypes(), isTile)) {
        notLowered(f, "a @wp.func that takes or returns tiles");
        return signalPassFailure();
      }
      Block *allocaBlock = &f.getFunctionBody().front();
      auto kernel = dyn_cast<KernelOp>(fn);
      bool lanes = kernel && isLaneKernel(kernel);
      if (lanes) {
        prepareLaneKernel(kernel);
        foldLaneUntiles(kernel);
        uniformLaneLoops(kernel);
      }
      if (kernel)
        allocaBlock = wrapInAllocaScope(kernel);
      FunctionLowering lowering(allocaBlock, lanes);
      if (failed(lowering.lowerRegion(f.getFunctionBody())))
        return signalPassFailure();
      lowering.finish();
    }
  }
};

} // namespace
