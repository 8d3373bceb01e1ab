//===- GridLoop.cpp - the outline passes' side of the lowered launch ------===//
#include "GridLoop.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;
using namespace kdsl;

/// memref.alloca_scope (autodiff's loop tapes) becomes an explicit
/// stacksave/stackrestore pair now: once inside the grid loop, which is an
/// AutomaticAllocationScope, the canonicalizer would inline the scope, but
/// scf-to-cf never frees a loop body's allocas, so every thread (and every
/// reversed iteration) would keep its tape on the stack.
void kdsl::lowerAllocaScopes(Operation *root) {
  SmallVector<memref::AllocaScopeOp> scopes;
  root->walk([&](memref::AllocaScopeOp s) { scopes.push_back(s); }); // inner first
  for (memref::AllocaScopeOp scope : scopes) {
    OpBuilder b(scope);
    Value sp =
        LLVM::StackSaveOp::create(b, scope.getLoc(), LLVM::LLVMPointerType::get(b.getContext()));
    Block &body = scope.getBodyRegion().front();
    auto ret = cast<memref::AllocaScopeReturnOp>(body.getTerminator());
    SmallVector<Value> results(ret.getResults());
    ret.erase();
    scope->getBlock()->getOperations().splice(Block::iterator(scope), body.getOperations());
    LLVM::StackRestoreOp::create(b, scope.getLoc(), sp);
    scope->replaceAllUsesWith(results);
    scope.erase();
  }
}

FailureOr<LoweredLaunch> kdsl::getLoweredLaunch(KernelOp kernel, StringRef outliner) {
  LoweredLaunch launch;
  for (Operation &op : kernel.getBody().front()) {
    if (auto r = dyn_cast<ThreadRangeOp>(op))
      launch.range = r;
    else if (auto loop = dyn_cast<scf::ForOp>(op);
             loop && launch.range && loop.getLowerBound() == launch.range.getBegin())
      launch.loop = loop;
  }
  if (!launch.range || !launch.loop)
    return kernel.emitError() << outliner << ": the launch of kernel '" << kernel.getSymName()
                              << "' is not lowered: run kdsl-lower-launch first";
  return launch;
}

void kdsl::inlineLoweredKernel(KernelOp kernel, const LoweredLaunch &launch, Operation *before,
                               ValueRange args, ValueRange range,
                               function_ref<Value(OpBuilder &, unsigned)> extent) {
  Block &body = kernel.getBody().front();
  SmallVector<LaunchDimOp> dims(body.getOps<LaunchDimOp>());
  for (LaunchDimOp d : dims) {
    OpBuilder b(d);
    d.replaceAllUsesWith(extent(b, d.getDim()));
    d.erase();
  }
  launch.range->replaceAllUsesWith(range);
  launch.range->erase();
  for (auto [arg, v] : llvm::zip(body.getArguments(), args))
    arg.replaceAllUsesWith(v);
  body.getTerminator()->erase();
  before->getBlock()->getOperations().splice(Block::iterator(before), body.getOperations());
}
