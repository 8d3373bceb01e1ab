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

/// How each ABI spells the launch (docs/architecture.md).
struct Abi {
  bool cuda;
  std::string begin, end, step; // step: empty for the constant 1
  std::string dims;             // `dims` or `launch.dims`
};

Abi abiOf(bool cuda) {
  if (cuda)
    return {true, "(int64_t)blockIdx.x * blockDim.x + threadIdx.x", "launch.total",
            "(int64_t)blockDim.x * gridDim.x", "launch.dims"};
  return {false, "begin", "end", "", "dims"};
}

/// The entry point of `k` in the ABI. `range`, `dims`: whether the body
/// reads the thread range and the launch extents.
EntryPoint entryPoint(KernelOp k, const Abi &abi, bool range, bool dims) {
  EntryPoint e;
  e.target = abi.cuda ? "cuda" : "cpp";
  e.symbol = entryPointName(k, abi.cuda ? "cuda_kernel" : "cpu");
  if (abi.cuda) {
    // By-value arguments after the launch bounds; a grid-stride loop covers the launch.
    e.comment = "a grid-stride loop over launch.total threads";
    e.specifiers = {"extern \"C\"", "__global__", "void"};
    llvm::SmallVector<int64_t, 2> lb = kernelLaunchBounds(k);
    if (!lb.empty())
      e.specifiers.push_back("__launch_bounds__(" + std::to_string(lb[0]) +
                             (lb.size() > 1 ? ", " + std::to_string(lb[1]) : "") + ")");
    e.params = {{"kdsl_launch", "launch"}};
    if (!range && !dims)
      e.unused = {"launch"};
    return e;
  }
  e.comment = "thread indices [begin, end) of the launch grid";
  e.specifiers = {"extern \"C\"", "void"};
  e.params = {
      {"const int64_t *", "dims"}, {"int64_t", "begin"}, {"int64_t", "end"}, {"void **", "args"}};
  e.argsFrom = "args";
  // The CPU ABI symbol stays <kernel>_cpu_forward, as the JIT's (ELF and
  // LLVM take any name): a mangled C++ identifier gets an asm label.
  e.asmLabel = true;
  if (k.getBody().front().getNumArguments() == 0)
    e.unused.push_back("args");
  if (!dims)
    e.unused.push_back("dims");
  if (!range)
    e.unused.append({"begin", "end"});
  return e;
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
LogicalResult retarget(KernelOp k, const Abi &from, const Abi &to) {
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
    } else if (text.starts_with(from.dims + "[")) {
      l.setValue(to.dims + text.drop_front(from.dims.size()).str());
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
  k->setAttr(kEntryPointAttrName, entryPoint(k, to, hasRange, hasDims).toAttr(k.getContext()));
  return success();
}

LogicalResult buildEntryPoint(KernelOp k, const Abi &abi) {
  if (auto built = k->getAttr(kEntryPointAttrName)) {
    FailureOr<EntryPoint> e = EntryPoint::fromAttr(k, built);
    if (failed(e))
      return failure();
    if (e->target == (abi.cuda ? "cuda" : "cpp"))
      return success();
    return retarget(k, abiOf(e->target == "cuda"), abi);
  }
  if (k.walk([](TidOp) { return WalkResult::interrupt(); }).wasInterrupted())
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
  unsigned nd = k.getLaunchDims();
  k.walk([&](Operation *op) {
    if (isa<arith::RemSIOp, arith::DivSIOp>(op) && threadSplitDim(op->getResult(0)) >= 0)
      op->setAttr(kThreadSplitAttrName, UnitAttr::get(k.getContext()));
    if (auto t = dyn_cast<arith::TruncIOp>(op))
      if (int d = threadSplitDim(t.getIn()); d >= 0)
        t->setAttr(kThreadCoordAttrName,
                   StringAttr::get(k.getContext(), nd == 1 ? "tid" : dimNames[std::min(d, 3)]));
  });

  // The launch's values as the entry point's.
  OpBuilder b(k.getContext());
  auto literal = [&](Location loc, Type t, StringRef text) -> Value {
    return emitc::LiteralOp::create(b, loc, t, text);
  };
  SmallVector<Operation *> launchOps;
  k.walk([&](Operation *op) {
    if (isa<ThreadRangeOp, LaunchDimOp>(op))
      launchOps.push_back(op);
  });
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
          literal(d.getLoc(), d.getType(), abi.dims + "[" + std::to_string(d.getDim()) + "]"));
    }
    op->erase();
  }
  k->setAttr(kEntryPointAttrName, entryPoint(k, abi, hasRange, hasDims).toAttr(k.getContext()));
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
  Abi abi = abiOf(target == "cuda");
  for (KernelOp k : module.getOps<KernelOp>())
    if (failed(buildEntryPoint(k, abi)))
      return failure();
  return success();
}
