//===- BuildEntryPoints.cpp - the C++/CUDA C entry points, in the IR -------===//
//
// kdsl-build-entry-points: the ABI of the C++ and CUDA C emitters written
// into the IR (Passes.td, kdsl/Dialect/EntryPoints.h), so that the printer
// (lib/Target/Cpp) only prints. The CPU and GPU outline passes map the same
// launch to the same two ABIs as LLVM IR.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Dialect/EntryPoints.h"
#include "kdsl/Dialect/LaunchBounds.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/EmitC/IR/EmitC.h"
#include "mlir/IR/Builders.h"

namespace kdsl {
#define GEN_PASS_DEF_BUILDENTRYPOINTS
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

namespace {

/// The entry point of `k` for `target`. `range`, `dims`: whether the body
/// reads the thread range and the launch extents.
EntryPointAttr entryPoint(KernelOp k, EntryTarget target, bool range, bool dims) {
  const EntryAbi &abi = entryAbi(target);
  bool cuda = target == EntryTarget::cuda;
  // The parameters nothing reads, in the order the printer casts them to void.
  SmallVector<unsigned, 4> unused;
  auto unread = [&](StringRef name) { unused.push_back(*abi.paramIndex(name)); };
  if (cuda) {
    if (!range && !dims)
      unread("launch");
  } else {
    if (k.getBody().front().getNumArguments() == 0)
      unread("args");
    if (!dims)
      unread("dims");
    if (!range) {
      unread("begin");
      unread("end");
    }
  }
  SmallVector<int64_t, 2> bounds;
  if (cuda)
    bounds = kernelLaunchBounds(k);
  return EntryPointAttr::get(k.getContext(), target,
                             entryPointName(k, cuda ? "cuda_kernel" : "cpu"), bounds, unused);
}

/// The launch dimension whose thread coordinate `v` is (the flat index: 0;
/// `x % dims[d]`: d; `x / dims[d]`: d - 1) when `v` is the index of a loop
/// over threads or a step of its split over the kdsl.launch_dim extents; -1
/// for any other value.
int threadSplitDim(Value v) {
  if (auto arg = dyn_cast<BlockArgument>(v)) {
    Operation *loop = arg.getOwner()->getParentOp();
    return isa<scf::ForOp>(loop) && loop->hasAttr(kGridLoopAttrName) ? 0 : -1;
  }
  Operation *op = v.getDefiningOp();
  if (!isa<arith::RemSIOp, arith::DivSIOp>(op))
    return -1;
  auto extent = op->getOperand(1).getDefiningOp<LaunchDimOp>();
  Value rest = op->getOperand(0);
  // The flat index, or what the extents after this one left of it.
  if (!extent || extent.getDim() == 0 || threadSplitDim(rest) < 0 ||
      !(isa<BlockArgument>(rest) || rest.getDefiningOp<arith::DivSIOp>()))
    return -1;
  return isa<arith::RemSIOp>(op) ? extent.getDim() : extent.getDim() - 1;
}

/// Rebuilds for `to` the entry point of `k`, built for `from`: each of its
/// values (the emitc.literals at the top of the body, and the CPU's constant
/// step of the loop over threads) is changed in place into the same value of
/// `to`. kdsl-synth emits one prepared module as C++ and then as CUDA C.
LogicalResult retarget(KernelOp k, EntryTarget fromTarget, EntryTarget toTarget) {
  const EntryAbi &from = entryAbi(fromTarget), &to = entryAbi(toTarget);
  Block &body = k.getBody().front();
  OpBuilder b(k.getContext());
  bool hasRange = false, hasDims = false;
  for (auto l : llvm::make_early_inc_range(body.getOps<emitc::LiteralOp>())) {
    StringRef text = l.getValue();
    if (text == from.begin) {
      l.setValue(to.begin);
      hasRange = true;
    } else if (text == from.end) {
      l.setValue(to.end);
    } else if (!from.step.empty() && text == from.step) {
      b.setInsertionPoint(l);
      Value one = arith::ConstantOp::create(b, l.getLoc(), b.getI64IntegerAttr(1));
      l.getResult().replaceAllUsesWith(one);
      l.erase();
    } else if (text.starts_with(from.dims) && text.drop_front(from.dims.size()).starts_with("[")) {
      l.setValue((to.dims + text.drop_front(from.dims.size())).str());
      hasDims = true;
    } else {
      return l.emitOpError("is not a value of the entry point kdsl-build-entry-points built");
    }
  }
  if (!to.step.empty())
    for (auto loop : body.getOps<scf::ForOp>()) {
      auto one = loop.getStep().getDefiningOp<arith::ConstantOp>();
      if (!loop->hasAttr(kGridLoopAttrName) || !one)
        continue;
      b.setInsertionPoint(one);
      loop.getStepMutable().assign(
          emitc::LiteralOp::create(b, one.getLoc(), one.getType(), to.step));
      if (one->use_empty())
        one->erase();
    }
  k->setAttr(kEntryPointAttrName, entryPoint(k, toTarget, hasRange, hasDims));
  return success();
}

LogicalResult buildEntryPoint(KernelOp k, EntryTarget target) {
  if (auto built = k->getAttrOfType<EntryPointAttr>(kEntryPointAttrName)) {
    if (built.getTarget() == target)
      return success();
    return retarget(k, built.getTarget(), target);
  }

  // One walk over the kernel: the launch ops, the candidates of the thread
  // split, and whether the launch is still unlowered.
  bool unlowered = false;
  SmallVector<Operation *> launchOps, splitOps;
  k.walk([&](Operation *op) {
    if (isa<TidOp>(op))
      unlowered = true;
    else if (isa<ThreadRangeOp, LaunchDimOp>(op))
      launchOps.push_back(op);
    else if (isa<arith::RemSIOp, arith::DivSIOp, arith::TruncIOp>(op))
      splitOps.push_back(op);
  });
  if (unlowered)
    return k.emitOpError("the C++/CUDA C entry points take the lowered launch: run "
                         "kdsl-lower-launch (kdsl-prepare-emission runs it) first");
  Block &body = k.getBody().front();
  auto ranges = body.getOps<ThreadRangeOp>();
  bool hasRange = !ranges.empty(), hasDims = !body.getOps<LaunchDimOp>().empty();

  // The loop over threads: an scf.for over the thread range, in the kernel.
  if (hasRange) {
    ThreadRangeOp range = *ranges.begin();
    for (auto loop : body.getOps<scf::ForOp>())
      if (loop.getLowerBound() == range.getBegin() && loop.getUpperBound() == range.getEnd() &&
          loop.getStep() == range.getStep()) {
        if (loop.getNumResults())
          return loop.emitOpError("C++ emitter: the loop over threads carries no values");
        loop->setAttr(kGridLoopAttrName, UnitAttr::get(k.getContext()));
      }
  }
  // The split of its index into the thread coordinates.
  static const char *dimNames[] = {"i", "j", "k", "l"};
  std::optional<unsigned> nd; // the launch's dimensions, once a coordinate needs them
  for (Operation *op : splitOps) {
    if (isa<arith::RemSIOp, arith::DivSIOp>(op) && threadSplitDim(op->getResult(0)) >= 0)
      op->setAttr(kThreadSplitAttrName, UnitAttr::get(k.getContext()));
    if (auto t = dyn_cast<arith::TruncIOp>(op))
      if (int d = threadSplitDim(t.getIn()); d >= 0) {
        if (!nd)
          nd = k.getLaunchDims();
        t->setAttr(kThreadCoordAttrName,
                   StringAttr::get(k.getContext(), *nd == 1 ? "tid" : dimNames[std::min(d, 3)]));
      }
  }

  // The launch's values as the entry point's.
  const EntryAbi &abi = entryAbi(target);
  OpBuilder b(k.getContext());
  auto literal = [&](Location loc, Type t, StringRef text) -> Value {
    return emitc::LiteralOp::create(b, loc, t, text);
  };
  for (Operation *op : launchOps) {
    b.setInsertionPoint(op);
    if (auto r = dyn_cast<ThreadRangeOp>(op)) {
      Value begin = literal(r.getLoc(), r.getBegin().getType(), abi.begin);
      Value end = literal(r.getLoc(), r.getEnd().getType(), abi.end);
      Value step = abi.step.empty()
                       ? arith::ConstantOp::create(b, r.getLoc(), b.getI64IntegerAttr(1))
                       : literal(r.getLoc(), r.getStep().getType(), abi.step);
      r->replaceAllUsesWith(ValueRange{begin, end, step});
    } else {
      auto d = cast<LaunchDimOp>(op);
      d.replaceAllUsesWith(
          literal(d.getLoc(), d.getType(), (abi.dims + "[" + Twine(d.getDim()) + "]").str()));
    }
    op->erase();
  }
  k->setAttr(kEntryPointAttrName, entryPoint(k, target, hasRange, hasDims));
  return success();
}

struct BuildEntryPointsPass : public kdsl::impl::BuildEntryPointsBase<BuildEntryPointsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(buildEntryPoints(getOperation(), target)))
      signalPassFailure();
  }
};

} // namespace

LogicalResult kdsl::buildEntryPoints(ModuleOp module, StringRef target) {
  if (target != "cpp" && target != "cuda")
    return module.emitError("kdsl-build-entry-points: target must be cpp or cuda; got '")
           << target << "'";
  EntryTarget t = target == "cuda" ? EntryTarget::cuda : EntryTarget::cpp;
  for (KernelOp k : module.getOps<KernelOp>())
    if (failed(buildEntryPoint(k, t)))
      return failure();
  return success();
}
