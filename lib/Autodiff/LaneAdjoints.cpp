//===- LaneAdjoints.cpp - adjoints of lane-dependent tile kernels ---------===//
//
// The adjoint of a kernel that depends on its block's lanes keeps the lane
// structure of the forward kernel: the block's values (tiles) have the
// block's adjoints, each lane's scalars that lane's share (the rules:
// TileRules.cpp, Reverser::toFirstLane, KdslRules.cpp's takeAdjoint). This
// file prepares the primal copy it is built from and checks that the
// result is one kdsl-lower-lanes lowers (docs/design/tiles.md,
// "Adjoints of lane-dependent kernels").
//
//===----------------------------------------------------------------------===//
#include "LaneAdjoints.h"
#include "Reverser.h"
#include "kdsl/Transforms/Lanes.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace kdsl;

/// Whether `f` holds tiles or the block's lanes (a @wp.func kept as a call).
static bool holdsTilesOrLanes(func::FuncOp f) {
  auto isTile = [](Type t) { return isa<TileType>(t); };
  return f
      .walk([&](Operation *op) {
        return isa<BlockDimOp>(op) || llvm::any_of(op->getOperandTypes(), isTile) ||
                       llvm::any_of(op->getResultTypes(), isTile)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// The calls kept as calls (reversed by a gradient or adj_<f>) run in each
/// lane: refused where the func holds tiles, whose adjoints would not be
/// the block's.
static LogicalResult checkLaneCalls(KernelOp primal, SymbolTable &symbols) {
  WalkResult r = primal.walk([&](func::CallOp call) {
    if (isForwardOnlyCall(call))
      return WalkResult::advance();
    auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
    if (callee && !holdsTilesOrLanes(callee))
      return WalkResult::advance();
    call.emitOpError("autodiff: a call of a @wp.func with tiles in a kernel that depends on its "
                     "block's lanes is not differentiated yet (docs/design/tiles.md)");
    return WalkResult::interrupt();
  });
  return failure(r.wasInterrupted());
}

/// Moves wp.untile and t[i] at constant indices out of the region ops
/// around them while their operands are defined outside (constants are
/// copied out): they read the block's tile, which every lane holds, so
/// they may run in every lane. Their adjoints are collectives (wp.tile,
/// t[i] += v of every lane): under a branch that varies over the lanes
/// those could not run.
static void hoistLaneReads(KernelOp primal) {
  SmallVector<Operation *> reads;
  primal.walk([&](Operation *op) {
    auto extract = dyn_cast<TileExtractOp>(op);
    if (isa<TileToLanesOp>(op) || (extract && llvm::all_of(extract.getIndices(), [](Value i) {
                                     return matchPattern(i, m_Constant());
                                   })))
      reads.push_back(op);
  });
  for (Operation *op : reads) {
    for (Operation *parent = op->getParentOp(); parent != primal.getOperation();
         parent = op->getParentOp()) {
      bool inside = false;
      for (OpOperand &use : op->getOpOperands()) {
        Value v = use.get();
        if (!parent->isAncestor(v.getParentBlock()->getParentOp()))
          continue;
        Operation *def = v.getDefiningOp();
        if (!def || !matchPattern(v, m_Constant())) {
          inside = true;
          break;
        }
        OpBuilder b(parent);
        use.set(b.clone(*def)->getResult(0));
      }
      if (inside)
        break;
      op->moveBefore(parent);
    }
  }
}

/// kdsl.lane_uniform on each wp.tid() of the primal copy, as kdsl-lower-tiles
/// marks the forward kernel's: the adjoint's copies of the tids keep them,
/// where its own uses would tell otherwise (an adjoint tile yielded by a
/// branch on the lane index reaches the block's tile operands).
static void markLaneUniformTids(KernelOp primal) {
  primal.walk([&](TidOp tid) {
    SmallVector<bool> uniform;
    for (Value r : tid.getResults())
      uniform.push_back(reachesBlockTileOperand(r));
    tid->setAttr(kLaneUniformTidAttrName, DenseBoolArrayAttr::get(tid.getContext(), uniform));
  });
}

LogicalResult kdsl::prepareLanePrimal(KernelOp primal, SymbolTable &symbols) {
  if (failed(checkLaneCalls(primal, symbols)))
    return failure();
  hoistLaneReads(primal);
  markLaneUniformTids(primal);
  return success();
}

/// The adjoint must be one kdsl-lower-lanes runs: its lanes as loops on the
/// CPU (a value varying over the lanes carried by a loop that holds tile
/// operations, or tile operations under control flow that varies, are
/// refused there), its steps replayed on the GPU. Both lowerings are tried
/// on a copy; what they refuse is the adjoint's error.
LogicalResult kdsl::checkLanesLower(KernelOp primal, KernelOp adjoint) {
  auto module = adjoint->getParentOfType<ModuleOp>();
  for (bool gpu : {false, true}) {
    OwningOpRef<ModuleOp> scratch = ModuleOp::create(adjoint.getLoc());
    // The funcs the adjoint may call, and the adjoint.
    for (Operation &op : module.getBody()->getOperations())
      if (isa<func::FuncOp>(op) || &op == adjoint.getOperation())
        scratch->push_back(op.clone());
    PassManager pm(adjoint.getContext());
    pm.addPass(createLowerTiles());
    pm.addPass(createLowerLanes(LowerLanesOptions{gpu}));
    std::string first;
    std::optional<Location> at;
    LogicalResult lowered = success();
    {
      ScopedDiagnosticHandler capture(adjoint.getContext(), [&](Diagnostic &d) {
        if (d.getSeverity() == DiagnosticSeverity::Error && !at) {
          first = d.str();
          at = d.getLocation();
        }
        return success();
      });
      lowered = pm.run(*scratch);
    }
    if (failed(lowered))
      return emitError(at.value_or(primal.getLoc()))
             << "autodiff: the adjoint of kernel '" << primal.getSymName()
             << "', which depends on its block's lanes, is not lowered"
             << (gpu ? " for the GPU" : "") << ": " << first;
  }
  return success();
}
