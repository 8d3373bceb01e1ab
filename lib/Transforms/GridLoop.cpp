//===- GridLoop.cpp - move a kernel body into a loop over threads ---------===//
#include "GridLoop.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

/// memref.alloca_scope (autodiff's loop tapes) becomes an explicit
/// stacksave/stackrestore pair now: once inside the grid loop, which is an
/// AutomaticAllocationScope, the canonicalizer would inline the scope, but
/// scf-to-cf never frees a loop body's allocas, so every thread (and every
/// reversed iteration) would keep its tape on the stack.
static void lowerAllocaScopes(Operation *root) {
  SmallVector<memref::AllocaScopeOp> scopes;
  root->walk([&](memref::AllocaScopeOp s) { scopes.push_back(s); }); // inner first
  for (memref::AllocaScopeOp scope : scopes) {
    OpBuilder b(scope);
    Value sp = LLVM::StackSaveOp::create(b, scope.getLoc(), LLVM::LLVMPointerType::get(b.getContext()));
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

void kdsl::moveKernelBodyIntoGridLoop(KernelOp kernel, scf::ForOp loop, ArrayRef<Value> extents,
                                      ArrayRef<Value> args) {
  Location loc = kernel.getLoc();
  Block *body = loop.getBody();
  OpBuilder b = OpBuilder::atBlockBegin(body);
  Type i32 = b.getI32Type();

  // The thread's coordinates: row-major decomposition of the flat index.
  unsigned nd = extents.size();
  SmallVector<Value> tid(nd);
  Value rest = loop.getInductionVar();
  for (int d = nd - 1; d > 0; --d) {
    tid[d] = arith::RemSIOp::create(b, loc, rest, extents[d]);
    rest = arith::DivSIOp::create(b, loc, rest, extents[d]);
  }
  tid[0] = rest;
  for (Value &t : tid)
    t = arith::TruncIOp::create(b, loc, i32, t);

  Block &kernelBlock = kernel.getBody().front();
  kernelBlock.getTerminator()->erase();
  for (auto [arg, v] : llvm::zip(kernelBlock.getArguments(), args))
    arg.replaceAllUsesWith(v);
  body->getOperations().splice(Block::iterator(body->getTerminator()),
                               kernelBlock.getOperations());
  lowerAllocaScopes(loop);
  SmallVector<TidOp> tids;
  loop.walk([&](TidOp t) { tids.push_back(t); });
  for (TidOp t : tids) {
    for (auto [r, v] : llvm::zip(t.getResults(), tid))
      r.replaceAllUsesWith(v);
    t.erase();
  }
}
