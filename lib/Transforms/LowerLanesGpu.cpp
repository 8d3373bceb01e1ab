//===- LowerLanesGpu.cpp - a block's lane steps through shared memory -----===//
//
// kdsl-lower-lanes for the GPU (docs/design/tiles.md, "Lanes"): each thread
// is a lane and holds whole copies of the block's tiles. A step that reads
// other lanes' values (wp.tile(x), tile_from_thread, t[i] op= v, a stack's
// push or pop: an `scf.execute_region {kdsl.per_lane, kdsl.lane_barrier}`)
// becomes, in every thread:
//
//   for each chunk of 256 lanes:
//     barrier; stage[k][threadIdx.x - chunk] = live-in k (the chunk's threads)
//     barrier; for lane in the chunk: the step with lane's live-ins, as lane
//
// so every thread replays all the lanes' steps in lane order, as the CPU's
// kdsl-lower-lanes runs them, and its copies of the tiles stay equal to the
// other threads'. The step's results are the thread's own lane's. The
// stages are `memref.alloca`s in workgroup memory (kStageLanes elements
// each, shared by the steps: the first barrier keeps a step or chunk from
// overwriting what the previous one still reads); kdsl-outline-gpu-kernels
// makes them workgroup attributions, the CUDA C emitter `__shared__` arrays.
// A struct passes as its fields (one stage each).
//
//===----------------------------------------------------------------------===//
#include "LowerTiles.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace kdsl;
using namespace kdsl::tiles;

/// The lanes a stage holds: a block of up to 1024 lanes goes through in
/// chunks, so that a kernel's stages fit in the 48 KiB of static shared
/// memory (a mat33 of float32 takes 9 KiB).
constexpr int64_t kStageLanes = 256;

namespace {

/// The workgroup buffers of one kernel, by element type and position among
/// a step's live-ins of that type.
class Stages {
public:
  explicit Stages(Block *allocaBlock) : allocaBlock(allocaBlock) {}

  Value get(Location loc, Type elem, unsigned ordinal) {
    Value &slot = buffers[{elem, ordinal}];
    if (slot)
      return slot;
    OpBuilder b = OpBuilder::atBlockBegin(allocaBlock);
    auto space = gpu::AddressSpaceAttr::get(b.getContext(), gpu::AddressSpace::Workgroup);
    auto type = MemRefType::get({kStageLanes}, elem, MemRefLayoutAttrInterface{}, space);
    auto alloca = memref::AllocaOp::create(b, loc, type);
    alloca->setAttr(kLaneStageAttr, b.getUnitAttr());
    return slot = alloca;
  }

private:
  Block *allocaBlock;
  llvm::DenseMap<std::pair<Type, unsigned>, Value> buffers;
};

} // namespace

/// The leaves of a struct value (its fields, nested structs' fields in
/// turn), or the value itself: a stage holds numbers, vectors and matrices
/// (convert-gpu-to-nvvm converts no workgroup buffer of kdsl structs).
static void flatten(OpBuilder &b, Location loc, Value v, SmallVectorImpl<Value> &leaves) {
  auto s = dyn_cast<StructType>(v.getType());
  if (!s)
    return leaves.push_back(v);
  for (auto [name, type] : llvm::zip(s.getFieldNames(), s.getFieldTypes()))
    flatten(b, loc, StructExtractOp::create(b, loc, type, v, name), leaves);
}

/// A value of type `t` from the leaves flatten() made of one, taken from the
/// front of `leaves`.
static Value rebuild(OpBuilder &b, Location loc, Type t, ArrayRef<Value> &leaves) {
  auto s = dyn_cast<StructType>(t);
  if (!s) {
    Value v = leaves.front();
    leaves = leaves.drop_front();
    return v;
  }
  SmallVector<Value> fields;
  for (Type f : s.getFieldTypes())
    fields.push_back(rebuild(b, loc, f, leaves));
  return StructCreateOp::create(b, loc, s, fields);
}

/// The replay of one step (see the file comment).
static LogicalResult replayStep(scf::ExecuteRegionOp step, Stages &stages, Block *allocaBlock) {
  Location loc = step.getLoc();
  OpBuilder b(step);
  // The thread's copies of the block's buffers are alike in every thread:
  // only values pass through the stage.
  llvm::SetVector<Value> liveIns;
  getUsedValuesDefinedAbove(step.getRegion(), liveIns);
  SmallVector<Value> exchanged;
  // (Constants are the same in every lane: read where they are.)
  for (Value v : liveIns)
    if (!isa<MemRefType>(v.getType()) && !matchPattern(v, m_Constant()))
      exchanged.push_back(v);
  for (Value v : exchanged)
    if ((!isBufferableElement(v.getType()) && !v.getType().isIndex()) || holdsArray(v.getType()))
      return step.emitError("a lane step reads a value of type ")
             << v.getType() << ", which the GPU's shared stage cannot hold (kdsl-lower-lanes)";
  // Structs pass field by field.
  SmallVector<Value> leaves;
  for (Value v : exchanged)
    flatten(b, loc, v, leaves);

  // Lanes are counted in i32, as the tile loops are (convert-gpu-to-nvvm
  // leaves index-typed block arguments of the loops' branches mismatched).
  Type i32 = b.getI32Type();
  auto c32 = [&](OpBuilder &ob, int64_t v) {
    return arith::ConstantIntOp::create(ob, loc, i32, v);
  };
  Value selfIndex = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value self = arith::IndexCastOp::create(b, loc, i32, selfIndex);
  Value lanes =
      arith::IndexCastOp::create(b, loc, i32, gpu::BlockDimOp::create(b, loc, gpu::Dimension::x));

  // The thread's own lane's results, kept in private buffers of one element.
  SmallVector<Value> own;
  Value c0 = arith::ConstantIndexOp::create(b, loc, 0);
  for (Type t : step.getResultTypes()) {
    OpBuilder ab = OpBuilder::atBlockBegin(allocaBlock);
    own.push_back(memref::AllocaOp::create(ab, loc, MemRefType::get({1}, t)));
  }

  // The lanes in chunks of kStageLanes (a stage holds one chunk's values):
  // the threads of the chunk store theirs, then every thread replays them.
  auto loop = scf::ForOp::create(b, loc, c32(b, 0), lanes, c32(b, kStageLanes));
  {
    OpBuilder cb = OpBuilder::atBlockBegin(loop.getBody());
    Value first = loop.getInductionVar();
    Value rel = arith::SubIOp::create(cb, loc, self, first);
    Value relIndex = arith::IndexCastOp::create(cb, loc, cb.getIndexType(), rel);
    gpu::BarrierOp::create(cb, loc);
    Value inChunk =
        arith::CmpIOp::create(cb, loc, arith::CmpIPredicate::ult, rel, c32(cb, kStageLanes));
    auto store = scf::IfOp::create(cb, loc, TypeRange{}, inChunk, /*withElse=*/false);
    llvm::DenseMap<Type, unsigned> perType;
    SmallVector<Value> stageOf;
    {
      OpBuilder sb = OpBuilder::atBlockTerminator(store.thenBlock());
      for (Value v : leaves) {
        Value stage = stages.get(loc, v.getType(), perType[v.getType()]++);
        memref::StoreOp::create(sb, loc, v, stage, ValueRange{relIndex});
        stageOf.push_back(stage);
      }
    }
    gpu::BarrierOp::create(cb, loc);
    Value end = arith::MinSIOp::create(cb, loc, lanes,
                                       arith::AddIOp::create(cb, loc, first, c32(cb, kStageLanes)));
    auto replayLoop = scf::ForOp::create(cb, loc, first, end, c32(cb, 1));
    OpBuilder lb = OpBuilder::atBlockBegin(replayLoop.getBody());
    Value lane = replayLoop.getInductionVar();
    Value laneIndex = arith::IndexCastOp::create(lb, loc, lb.getIndexType(), lane);
    Value slot = arith::IndexCastOp::create(lb, loc, lb.getIndexType(),
                                            arith::SubIOp::create(lb, loc, lane, first));
    SmallVector<Value> loaded;
    for (Value stage : stageOf)
      loaded.push_back(memref::LoadOp::create(lb, loc, stage, ValueRange{slot}));
    IRMapping map;
    ArrayRef<Value> rest = loaded;
    for (Value v : exchanged)
      map.map(v, rebuild(lb, loc, v.getType(), rest));
    auto replay = cast<scf::ExecuteRegionOp>(lb.clone(*step, map));
    replay->removeAttr(kPerLaneAttr);
    replay->removeAttr(kLaneBarrierAttr);
    // Inside the replay, the lane is the loop's, not the thread's.
    replay.walk([&](gpu::ThreadIdOp t) {
      if (t.getDimension() == gpu::Dimension::x)
        t.replaceAllUsesWith(laneIndex);
    });
    replay.walk([](gpu::ThreadIdOp t) {
      if (t.use_empty())
        t.erase();
    });
    if (!own.empty()) {
      Value mine = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, lane, self);
      auto keep = scf::IfOp::create(lb, loc, TypeRange{}, mine, /*withElse=*/false);
      OpBuilder kb = OpBuilder::atBlockTerminator(keep.thenBlock());
      for (auto [r, buf] : llvm::zip(replay.getResults(), own))
        memref::StoreOp::create(kb, loc, r, buf, ValueRange{c0});
    }
  }
  b.setInsertionPointAfter(loop);
  for (auto [r, buf] : llvm::zip(step.getResults(), own))
    r.replaceAllUsesWith(memref::LoadOp::create(b, loc, buf, ValueRange{c0}).getResult());
  step.erase();
  return success();
}

LogicalResult kdsl::tiles::replayLaneStepsOnGpu(KernelOp kernel, Block *allocaBlock) {
  SmallVector<scf::ExecuteRegionOp> steps;
  kernel.walk([&](scf::ExecuteRegionOp r) {
    if (r->hasAttr(kPerLaneAttr))
      steps.push_back(r);
  });
  Stages stages(allocaBlock);
  for (scf::ExecuteRegionOp step : steps)
    if (failed(replayStep(step, stages, allocaBlock)))
      return failure();
  return success();
}

LogicalResult kdsl::tiles::writeBlockTilesOnce(KernelOp kernel) {
  // Runs of consecutive marked ops (one write's, or several writes').
  SmallVector<SmallVector<Operation *>> runs;
  kernel.walk([&](Operation *op) {
    if (!op->hasAttr(kBlockWriteAttr))
      return;
    if (!runs.empty() && runs.back().back()->getNextNode() == op)
      runs.back().push_back(op);
    else
      runs.push_back({op});
  });
  for (ArrayRef<Operation *> run : runs) {
    DenseSet<Operation *> inRun(run.begin(), run.end());
    for (Operation *op : run) {
      if (op->getAttrOfType<BoolAttr>(kBlockWriteAttr).getValue())
        return op->emitError("the old values of a tile_atomic_add in a kernel that depends on its "
                             "block's lanes are not lowered for the GPU yet (kdsl-lower-lanes, "
                             "docs/design/tiles.md)");
      for (Value r : op->getResults())
        for (Operation *user : r.getUsers())
          if (!inRun.contains(run.front()->getBlock()->findAncestorOpInBlock(*user)))
            return op->emitError("kdsl-lower-lanes: internal error: a tile write's value is "
                                 "used after it");
      op->removeAttr(kBlockWriteAttr);
    }
    Location loc = run.front()->getLoc();
    OpBuilder b(run.front());
    gpu::BarrierOp::create(b, loc);
    Value self = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value first = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, self,
                                        arith::ConstantIndexOp::create(b, loc, 0));
    auto once = scf::IfOp::create(b, loc, TypeRange{}, first, /*withElse=*/false);
    for (Operation *op : run)
      op->moveBefore(once.thenBlock()->getTerminator());
    b.setInsertionPointAfter(once);
    gpu::BarrierOp::create(b, loc);
  }
  return success();
}
