//===- LowerLanes.cpp - a block's lanes as loops on the CPU ---------------===//
//
// kdsl-lower-lanes (Passes.td, docs/design/tiles.md "Lanes"): after
// kdsl-lower-tiles, a lane-dependent tile kernel runs each block once, its
// B lanes as loops inside it. The ops whose values are the same in every
// lane (the block's tiles, its coordinates, constants) run once; each run
// of ops that vary over the lanes becomes `scf.for %lane = 0 to B`, and a
// varying value used by a later run is kept per lane in a buffer of
// kMaxBlockDim elements. A run ends after a lane op's step (a barrier: the
// next reader sees every lane's write). A loop or branch whose body holds
// the block's work (tile buffers written, barriers) stays the block's and
// its body is split in turn; one without runs whole in each lane.
//
//===----------------------------------------------------------------------===//
#include "GridLoop.h"
#include "LowerTiles.h"
#include "kdsl/Transforms/Lanes.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace kdsl {
#define GEN_PASS_DEF_LOWERLANES
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

static bool isTileOpName(Operation *op) {
  return isa<KdslDialect>(op->getDialect()) &&
         op->getName().getStringRef().starts_with("kdsl.tile_");
}

/// The block arguments of the iterations that `use` (an scf.for or
/// scf.while init, or the operand of an scf.condition or scf.yield) passes
/// its value to.
static void appendCarried(OpOperand &use, SmallVectorImpl<Value> &out) {
  Operation *user = use.getOwner();
  unsigned n = use.getOperandNumber();
  if (auto f = dyn_cast<scf::ForOp>(user)) {
    if (n >= 3)
      out.push_back(f.getRegionIterArgs()[n - 3]);
  } else if (auto w = dyn_cast<scf::WhileOp>(user)) {
    out.push_back(w.getBeforeArguments()[n]);
  } else if (auto c = dyn_cast<scf::ConditionOp>(user)) {
    auto w = c->getParentOfType<scf::WhileOp>();
    if (n >= 1) {
      out.push_back(w.getAfterArguments()[n - 1]);
      out.push_back(w.getResult(n - 1));
    }
  } else if (auto y = dyn_cast<scf::YieldOp>(user)) {
    // The next iteration's argument, and the loop's or branch's result.
    Operation *parent = y->getParentOp();
    if (auto f = dyn_cast<scf::ForOp>(parent))
      out.push_back(f.getRegionIterArgs()[n]);
    if (auto w = dyn_cast<scf::WhileOp>(parent))
      out.push_back(w.getBeforeArguments()[n]);
    else if (isa<scf::ForOp, scf::IfOp>(parent))
      out.push_back(parent->getResult(n));
  }
}

/// Whether `v` reaches (through ops' results) an operand of a tile op that
/// all lanes must pass alike: any but the per-lane values of wp.tile(x),
/// tile_from_thread, t[i] op= v, the stack's push and tile_extract.
bool kdsl::reachesBlockTileOperand(Value v) {
  SmallVector<Value> work{v};
  DenseSet<Value> seen;
  while (!work.empty()) {
    Value x = work.pop_back_val();
    if (!seen.insert(x).second)
      continue;
    for (OpOperand &use : x.getUses()) {
      Operation *user = use.getOwner();
      // The user's enclosing tile op, for a value used in a tile_map region.
      for (Operation *p = user; p; p = p->getParentOp())
        if (isTileOpName(p) && !isa<TileYieldOp>(p)) {
          user = p;
          break;
        }
      if (isTileOpName(user)) {
        bool perLane = isa<TileFromLanesOp, TileExtractOp, TileStackPushOp>(user) ||
                       (isa<TileFromThreadOp>(user) && use.getOperandNumber() == 0) ||
                       (isa<TileScatterOp>(user) && use.getOperandNumber() > 0);
        perLane = perLane && user == use.getOwner();
        if (!perLane)
          return true;
        continue;
      }
      for (Value r : user->getResults())
        work.push_back(r);
      // A value a loop carries: on into the iterations (a tiled query's
      // state, advanced in a while loop whose body passes it to a tile op).
      appendCarried(use, work);
    }
  }
  return false;
}

bool kdsl::isLaneKernel(KernelOp kernel) {
  // The adjoint of a lane-dependent kernel is one (kdsl-autodiff marks it).
  if (kernel->hasAttr(kLaneKernelAttrName))
    return true;
  bool tiles = false, lanes = false;
  kernel.walk([&](Operation *op) {
    if (isTileOpName(op))
      tiles = true;
    if (isa<TileFromLanesOp, TileToLanesOp, TileFromThreadOp, TileScatterOp, TileStackAllocOp,
            BlockDimOp>(op))
      lanes = true;
    // A tiled launch's lane index, read outside the block's tile operands
    // (there it is a block coordinate: `i, j = wp.tid()` of a 2-d tiling).
    if (auto tid = dyn_cast<TidOp>(op); tid && tid.getNumResults() >= 2) {
      Value last = tid.getResults().back();
      if (!last.use_empty() && !reachesBlockTileOperand(last))
        lanes = true;
    }
  });
  return tiles && lanes;
}

namespace {

/// One lane-dependent kernel.
class LaneLowering {
public:
  LaneLowering(KernelOp kernel) : kernel(kernel) {}

  LogicalResult run();

private:
  KernelOp kernel;
  Value blockDim;               // B, i32
  Block *allocaBlock = nullptr; // where the per-lane buffers go
  DenseSet<Value> varying;
  DenseSet<Operation *> laneOps; // ops that run per lane (moved into lane loops)
  DenseSet<Operation *> mixed;   // region ops kept the block's, their bodies split
  SmallVector<scf::ForOp> laneLoops;

  enum class Kind { Uniform, Lane, Mixed };
  mlir::FailureOr<Kind> classify(Operation *op);
  bool holdsBlockWork(Operation *op);
  LogicalResult splitBlock(Block &block);
  LogicalResult keepAcrossLoops();
};

} // namespace

/// Whether `op`'s regions hold work the block does once: a write of a
/// buffer defined outside `op` outside a per-lane step (a tile op's loops),
/// an atomic not marked per lane (tile_atomic_add), or a per-lane step
/// (its barrier).
bool LaneLowering::holdsBlockWork(Operation *op) {
  return op
      ->walk([&](Operation *inner) {
        if (inner == op)
          return WalkResult::advance();
        if (inner->hasAttr(kPerLaneAttr) && isa<scf::ExecuteRegionOp>(inner))
          return WalkResult::interrupt();
        if (isa<AtomicOp>(inner) && !inner->hasAttr(kPerLaneAttr))
          return WalkResult::interrupt();
        if (auto st = dyn_cast<memref::StoreOp>(inner))
          if (!op->isAncestor(st.getMemRef().getParentBlock()->getParentOp()))
            return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

/// The operands of a region op that decide its control flow (for scf.for
/// its bounds and step, for scf.if its condition; all of an unknown op's).
static OperandRange controlOperands(Operation *op) {
  if (auto f = dyn_cast<scf::ForOp>(op))
    return op->getOperands().take_front(3);
  if (isa<scf::WhileOp>(op))
    return op->getOperands().take_front(0); // its condition is inside
  return op->getOperands();
}

/// Uniform: the same in every lane, run once. Lane: run by each lane (its
/// results vary). Mixed: control flow the block runs once, with lane runs
/// in its body.
FailureOr<LaneLowering::Kind> LaneLowering::classify(Operation *op) {
  auto isVarying = [&](Value v) { return varying.contains(v); };
  bool lane = op->hasAttr(kPerLaneAttr) || isa<gpu::ThreadIdOp>(op) ||
              llvm::any_of(op->getOperands(), isVarying);
  bool regions = op->getNumRegions() != 0 && !op->hasAttr(kPerLaneAttr);
  if (regions && holdsBlockWork(op)) {
    // The block's work under it: the block's control flow.
    if (llvm::any_of(controlOperands(op), isVarying))
      return op->emitError("tile operations under control flow that varies over the block's "
                           "lanes (Warp leaves it undefined) are not lowered "
                           "(kdsl-lower-lanes, docs/design/tiles.md)");
    if (auto f = dyn_cast<scf::ForOp>(op))
      for (auto [init, arg] : llvm::zip(f.getInitArgs(), f.getRegionIterArgs()))
        if (isVarying(init))
          varying.insert(arg);
    if (auto w = dyn_cast<scf::WhileOp>(op))
      for (auto [init, arg] : llvm::zip(w.getInits(), w.getBeforeArguments()))
        if (isVarying(init))
          varying.insert(arg);
    return Kind::Mixed;
  }
  if (!regions || lane) {
    if (!lane)
      return Kind::Uniform;
    for (Value r : op->getResults())
      varying.insert(r);
    return Kind::Lane;
  }
  // Control flow on the block's values without the block's work: a lane
  // runs it whole when anything in it varies.
  bool inner = false;
  op->walk([&](Operation *x) {
    if (x == op)
      return;
    bool v = x->hasAttr(kPerLaneAttr) || isa<gpu::ThreadIdOp>(x) ||
             llvm::any_of(x->getOperands(), isVarying);
    if (v) {
      inner = true;
      for (Value r : x->getResults())
        varying.insert(r);
    }
  });
  if (!inner)
    return Kind::Uniform;
  for (Value r : op->getResults())
    varying.insert(r);
  return Kind::Lane;
}

LogicalResult LaneLowering::splitBlock(Block &block) {
  SmallVector<SmallVector<Operation *>> runs(1);
  for (Operation &op : block.without_terminator()) {
    FailureOr<Kind> kind = classify(&op);
    if (failed(kind))
      return failure();
    Kind k = *kind;
    if (k == Kind::Lane) {
      runs.back().push_back(&op);
      laneOps.insert(&op);
      if (op.hasAttr(kLaneBarrierAttr))
        runs.emplace_back();
      continue;
    }
    if (!runs.back().empty())
      runs.emplace_back();
    if (k == Kind::Mixed) {
      mixed.insert(&op);
      for (Region &r : op.getRegions())
        for (Block &b : r)
          if (failed(splitBlock(b)))
            return failure();
      // Its results and carried values stay the block's.
      for (Region &r : op.getRegions())
        for (Block &b : r)
          for (Value v : b.getTerminator()->getOperands())
            if (varying.contains(v))
              return b.getTerminator()->emitError(
                  "a value that varies over the block's lanes, carried by a loop or branch that "
                  "holds tile operations, is not lowered yet (kdsl-lower-lanes, "
                  "docs/design/tiles.md)");
    }
  }
  // Each run in a loop over the lanes.
  for (auto &run : runs) {
    if (run.empty())
      continue;
    OpBuilder b(run.front());
    Location loc = run.front()->getLoc();
    Value zero = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
    Value one = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 1);
    auto loop = scf::ForOp::create(b, loc, zero, blockDim, one);
    loop->setAttr("kdsl.lane_loop", b.getUnitAttr());
    Operation *yield = loop.getBody()->getTerminator();
    for (Operation *op : run)
      op->moveBefore(yield);
    b.setInsertionPointToStart(loop.getBody());
    Value laneIndex = arith::IndexCastOp::create(b, loc, b.getIndexType(), loop.getInductionVar());
    SmallVector<gpu::ThreadIdOp> ids;
    loop.walk([&](gpu::ThreadIdOp t) { ids.push_back(t); });
    for (gpu::ThreadIdOp t : ids) {
      t.replaceAllUsesWith(laneIndex);
      t.erase();
    }
    laneLoops.push_back(loop);
  }
  return success();
}

/// The innermost lane loop around `op` (null: none).
static scf::ForOp laneLoopOf(Operation *op) {
  for (Operation *p = op->getParentOp(); p; p = p->getParentOp())
    if (p->hasAttr("kdsl.lane_loop"))
      return cast<scf::ForOp>(p);
  return {};
}

/// A varying value used outside the lane loop that made it: stored per lane
/// there, loaded per lane in the loops that use it.
LogicalResult LaneLowering::keepAcrossLoops() {
  for (scf::ForOp loop : laneLoops) {
    SmallVector<Value> defs;
    loop.getBody()->walk([&](Operation *op) {
      if (laneLoopOf(op) == loop)
        for (Value r : op->getResults())
          defs.push_back(r);
    });
    for (Value v : defs) {
      SmallVector<OpOperand *> outside;
      for (OpOperand &use : v.getUses())
        if (!loop->isAncestor(use.getOwner()))
          outside.push_back(&use);
      if (outside.empty())
        continue;
      Type t = v.getType();
      if (!tiles::isBufferableElement(t) && !t.isIndex())
        return v.getDefiningOp()->emitError("a value of type ")
               << t << " that varies over the block's lanes and is used after a tile "
               << "operation is not lowered yet (kdsl-lower-lanes, docs/design/tiles.md)";
      OpBuilder ab = OpBuilder::atBlockBegin(allocaBlock);
      auto buf = memref::AllocaOp::create(ab, v.getLoc(), MemRefType::get({tiles::kMaxBlockDim}, t),
                                          ab.getI64IntegerAttr(16));
      buf->setAttr("kdsl.tile_buffer", ab.getUnitAttr());
      // Store it where it is made, in its lane's slot.
      Operation *def = v.getDefiningOp();
      OpBuilder sb(loop.getBody()->getTerminator());
      if (def && def->getBlock() == loop.getBody())
        sb.setInsertionPointAfter(def);
      Value li =
          arith::IndexCastOp::create(sb, v.getLoc(), sb.getIndexType(), loop.getInductionVar());
      memref::StoreOp::create(sb, v.getLoc(), v, buf, ValueRange{li});
      DenseMap<Operation *, Value> loaded; // per using lane loop
      for (OpOperand *use : outside) {
        scf::ForOp user = laneLoopOf(use->getOwner());
        if (!user)
          return use->getOwner()->emitError(
              "a value that varies over the block's lanes is used where the block's lanes "
              "agree (kdsl-lower-lanes, docs/design/tiles.md)");
        Value &l = loaded[user];
        if (!l) {
          OpBuilder lb = OpBuilder::atBlockBegin(user.getBody());
          Value ui =
              arith::IndexCastOp::create(lb, v.getLoc(), lb.getIndexType(), user.getInductionVar());
          l = memref::LoadOp::create(lb, v.getLoc(), buf, ValueRange{ui});
        }
        use->set(l);
      }
    }
  }
  return success();
}

LogicalResult LaneLowering::run() {
  // Which tid indices vary; those get a placeholder until the launch is
  // lowered.
  unsigned nd = kernel.getLaunchDims();
  SmallVector<std::pair<Operation *, unsigned>> placeholders;
  SmallVector<TidOp> tids;
  kernel.walk([&](TidOp t) { tids.push_back(t); });
  for (TidOp t : tids) {
    auto uniform = t->getAttrOfType<DenseBoolArrayAttr>(kLaneUniformTidAttrName);
    for (auto [d, r] : llvm::enumerate(t.getResults())) {
      if (r.use_empty() || (uniform && d < (size_t)uniform.size() && uniform[d]))
        continue;
      OpBuilder b(t);
      auto p = UnrealizedConversionCastOp::create(b, t.getLoc(), r.getType(), ValueRange{});
      r.replaceAllUsesWith(p.getResult(0));
      placeholders.push_back({p, (unsigned)d});
    }
  }
  lowerKernelLaunch(kernel);
  FailureOr<LoweredLaunch> launch = getLoweredLaunch(kernel, "kdsl-lower-lanes");
  if (failed(launch))
    return failure();
  scf::ForOp grid = launch->loop;
  Location loc = kernel.getLoc();
  OpBuilder b(grid);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  // dims[4]: the block dimension B; dims[5]: the lanes per grid point M
  // (B when wp.tid() gives the block's coordinates only, else 1).
  Value b64 = LaunchDimOp::create(b, loc, i64, 4);
  Value m64 = LaunchDimOp::create(b, loc, i64, 5);
  SmallVector<Value> extents(nd);
  for (unsigned d = 0; d < nd; ++d)
    extents[d] = LaunchDimOp::create(b, loc, i64, d);
  blockDim = arith::TruncIOp::create(b, loc, i32, b64);

  // The block is run at the grid point of its lane 0: thread flat * M.
  Block *body = grid.getBody();
  b.setInsertionPointToStart(body);
  Value flat = grid.getInductionVar();
  Value first = arith::MulIOp::create(b, loc, flat, m64);
  Value rem = arith::RemSIOp::create(b, loc, first, b64);
  Value starts = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, rem,
                                       arith::ConstantIntOp::create(b, loc, i64, 0));
  auto guard = scf::IfOp::create(b, loc, TypeRange{}, starts, /*withElse=*/false);
  Block *inner = guard.thenBlock();
  for (Operation &op : llvm::make_early_inc_range(*body)) {
    if (&op == guard || &op == body->getTerminator() || op.isBeforeInBlock(guard))
      continue;
    op.moveBefore(inner->getTerminator());
  }
  // The alloca scope kdsl-lower-tiles made holds the buffers.
  allocaBlock = inner;
  for (Operation &op : *inner)
    if (auto scope = dyn_cast<memref::AllocaScopeOp>(op))
      allocaBlock = &scope.getBodyRegion().front();

  // A varying index: lane l's point is flat + l / M, split over the extents.
  for (auto [p, d] : placeholders) {
    OpBuilder pb(p);
    Location pl = p->getLoc();
    Value lane =
        arith::IndexCastOp::create(pb, pl, i64, gpu::ThreadIdOp::create(pb, pl, gpu::Dimension::x));
    Value point = arith::AddIOp::create(pb, pl, flat, arith::DivSIOp::create(pb, pl, lane, m64));
    Value rest = point;
    for (unsigned k = nd - 1; k > d; --k)
      rest = arith::DivSIOp::create(pb, pl, rest, extents[k]);
    Value coord = d == 0 ? rest : (Value)arith::RemSIOp::create(pb, pl, rest, extents[d]);
    p->getResult(0).replaceAllUsesWith(arith::TruncIOp::create(pb, pl, i32, coord).getResult());
    p->erase();
  }
  // wp.block_dim() is B.
  SmallVector<BlockDimOp> blockDims;
  kernel.walk([&](BlockDimOp op) { blockDims.push_back(op); });
  for (BlockDimOp op : blockDims) {
    op.replaceAllUsesWith(blockDim);
    op.erase();
  }
  if (failed(splitBlock(*allocaBlock)))
    return failure();
  return keepAcrossLoops();
}

/// Where the GPU's stages go: the block of the kernel's tile buffers (its
/// alloca scope), else the kernel's entry.
static Block *gpuAllocaBlock(KernelOp k) {
  Block *found = nullptr;
  k.walk([&](memref::AllocaOp a) {
    if (!a->hasAttr("kdsl.tile_buffer"))
      return WalkResult::advance();
    found = a->getBlock();
    return WalkResult::interrupt();
  });
  return found ? found : &k.getBody().front();
}

namespace {

struct LowerLanesPass : public kdsl::impl::LowerLanesBase<LowerLanesPass> {
  using Base::Base;
  void runOnOperation() override {
    for (KernelOp k : getOperation().getOps<KernelOp>()) {
      if (!k->hasAttr(kLaneKernelAttrName))
        continue;
      if (gpu) {
        // Each GPU thread is a lane: its tiles are whole (every lane
        // computes them), wp.untile reads its element (threadIdx.x), its
        // atomics are its own; the steps that read other lanes' values go
        // through the block's shared memory (LowerLanesGpu.cpp).
        if (failed(replayLaneStepsOnGpu(k, gpuAllocaBlock(k))) || failed(writeBlockTilesOnce(k)))
          return signalPassFailure();
        k->removeAttr(kLaneKernelAttrName);
        continue;
      }
      // (A block's tile write runs once on the CPU: the block's ops do.)
      k.walk([](Operation *op) { op->removeAttr(kBlockWriteAttr); });
      LaneLowering lowering(k);
      if (failed(lowering.run()))
        return signalPassFailure();
      k->removeAttr(kLaneKernelAttrName);
    }
    if (gpu)
      return;
    // A lane op outside a kernel (a @wp.func's tiles) has no lanes to run.
    WalkResult r = getOperation().walk([](gpu::ThreadIdOp t) {
      if (t->getParentOfType<gpu::GPUModuleOp>())
        return WalkResult::advance();
      t.emitError("a lane-dependent tile op outside a kernel is not lowered yet "
                  "(kdsl-lower-lanes, docs/design/tiles.md)");
      return WalkResult::interrupt();
    });
    if (r.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
