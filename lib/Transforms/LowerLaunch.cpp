//===- LowerLaunch.cpp - a kernel's body as the loop over its threads -----===//
//
// kdsl-lower-launch: the launch lowering every target shares (the CPU and GPU
// outline passes, the C++ and CUDA C emitters). See Passes.td and
// docs/architecture.md.
//
//===----------------------------------------------------------------------===//
#include "GridLoop.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Builders.h"

namespace kdsl {
#define GEN_PASS_DEF_LOWERLAUNCH
#include "kdsl/Transforms/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

/// The name of launch dimension `d` in the source (`i, j = wp.tid()`): the
/// NameLoc of the first kdsl.tid result that has one.
static StringRef tidName(ArrayRef<TidOp> tids, unsigned d) {
  for (TidOp t : tids)
    if (StringRef n = sourceNameOf(t->getResult(d)); !n.empty())
      return n;
  return {};
}

void kdsl::lowerKernelLaunch(KernelOp kernel) {
  Block &body = kernel.getBody().front();
  if (!body.getOps<ThreadRangeOp>().empty())
    return; // lowered already
  Location loc = kernel.getLoc();
  unsigned nd = kernel.getLaunchDims();
  SmallVector<TidOp> tids;
  kernel.walk([&](TidOp t) { tids.push_back(t); });
  // What the kdsl.tid ops said, for KernelOp::getLaunchDims once they are gone.
  if (nd > 1)
    kernel->setAttr("kdsl.launch_dims",
                    IntegerAttr::get(IntegerType::get(kernel.getContext(), 64), nd));

  OpBuilder b = OpBuilder::atBlockBegin(&body);
  Type i32 = b.getI32Type(), i64 = b.getI64Type();
  auto range = ThreadRangeOp::create(b, loc, i64, i64, i64);
  // The extents the split needs (the outermost one never is).
  SmallVector<Value> extents(nd);
  for (unsigned d = 1; d < nd; ++d)
    extents[d] = LaunchDimOp::create(b, loc, i64, d);
  auto loop = scf::ForOp::create(b, loc, range.getBegin(), range.getEnd(), range.getStep());
  Operation *terminator = body.getTerminator();
  Block *loopBody = loop.getBody();
  loopBody->getOperations().splice(Block::iterator(loopBody->getTerminator()), body.getOperations(),
                                   std::next(Block::iterator(loop)), Block::iterator(terminator));

  // The thread's coordinates: the row-major split of the flat index, each
  // named as the source names it (the emitters print `i`, not a temporary).
  if (!tids.empty()) {
    Value flat = loop.getInductionVar();
    Location tidLoc = withoutSourceNames(tids.front().getLoc());
    b.setInsertionPointToStart(loopBody);
    SmallVector<Value> coords(nd);
    Value rest = flat;
    for (int d = nd - 1; d > 0; --d) {
      coords[d] = arith::RemSIOp::create(b, tidLoc, rest, extents[d]);
      rest = arith::DivSIOp::create(b, tidLoc, rest, extents[d]);
    }
    coords[0] = rest;
    for (unsigned d = 0; d < nd; ++d) {
      Location l = tidLoc;
      if (StringRef n = tidName(tids, d); !n.empty())
        l = NameLoc::get(b.getStringAttr(n), tidLoc);
      // A coordinate is below its int32 extent: the truncation loses
      // nothing (nuw nsw), which lets LLVM see x[i] as consecutive in the
      // flat index and vectorize the loop.
      coords[d] = arith::TruncIOp::create(b, l, i32, coords[d],
                                          arith::IntegerOverflowFlags::nsw |
                                              arith::IntegerOverflowFlags::nuw);
    }
    for (TidOp t : tids) {
      t.replaceAllUsesWith(coords);
      t.erase();
    }
  }
  // Reports name the failing thread.
  loop.walk([&](AssertOp a) {
    if (!a.getThread())
      a.getThreadMutable().assign(loop.getInductionVar());
  });
}

namespace {

struct LowerLaunchPass : public kdsl::impl::LowerLaunchBase<LowerLaunchPass> {
  void runOnOperation() override {
    for (KernelOp k : getOperation().getOps<KernelOp>())
      lowerKernelLaunch(k);
  }
};

} // namespace
