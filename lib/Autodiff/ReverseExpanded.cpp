//===- ReverseExpanded.cpp - reverse of the ops kdsl-expand-builtins rewrites ===//
//
// The primal kernel keeps its builtins (kdsl.dot, kdsl.matmul,
// kdsl.quat_to_matrix, matrix shapes, ...): the forward replay of a backward
// kernel recomputes `m = quat_to_matrix(q)` as that one op, as the forward
// kernel does. Their derivatives are those of their expansions: the reverse
// of such an op expands a private copy of it (kdsl-expand-builtins, the
// formulas of the C++ prelude), recomputes the expansion's scalar math in the
// reverse sweep and reverses it op by op with the ordinary rules, as Warp's
// adj_ functions recompute what they need. Only what the derivative reads of
// the recomputation survives canonicalization.
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"

#include "kdsl/Target/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace kdsl;

LogicalResult Reverser::reverseExpanded(Operation &op) {
  SmallVector<Value> resAdj;
  bool any = false;
  for (Value r : op.getResults()) {
    Value a = isDifferentiableType(r.getType()) ? adj.lookup(r) : Value();
    resAdj.push_back(a);
    any |= (bool)a;
  }
  if (!any || !llvm::any_of(op.getOperandTypes(), isDifferentiableType))
    return success();

  // The op alone in a detached func over its operands, expanded there.
  MLIRContext *ctx = op.getContext();
  Location loc = withoutSourceNames(op.getLoc());
  auto scratch = func::FuncOp::create(
      loc, "kdsl_autodiff_expansion",
      FunctionType::get(ctx, op.getOperandTypes(), op.getResultTypes()));
  llvm::scope_exit eraseScratch([&] { scratch.erase(); });
  Block *body = scratch.addEntryBlock();
  OpBuilder sb = OpBuilder::atBlockEnd(body);
  IRMapping m;
  m.map(op.getOperands(), body->getArguments());
  Operation *copy = sb.clone(op, m);
  func::ReturnOp::create(sb, loc, copy->getResults());
  if (failed(expandBuiltinsIn(scratch)))
    return op.emitOpError("autodiff: cannot expand this op to differentiate it");

  // Recompute the expansion (its values carry no source names: the op's
  // result is named in the forward replay).
  for (auto [a, v] : llvm::zip(body->getArguments(), op.getOperands()))
    map.map(a, primal(v));
  for (Operation &o : body->without_terminator()) {
    o.setLoc(loc);
    if (failed(recomputeOp(b, o)))
      return failure();
  }
  // Reverse it from the op's result adjoints into its operands'.
  for (auto [v, a] : llvm::zip(body->getTerminator()->getOperands(), resAdj))
    if (a)
      accumulate(v, a);
  LogicalResult status = reverse(*body);
  if (succeeded(status))
    for (auto [a, v] : llvm::zip(body->getArguments(), op.getOperands()))
      if (Value d = adj.lookup(a))
        accumulate(v, d);

  // Forget the scratch values before they are freed.
  forget(*body);
  for (BlockArgument a : body->getArguments())
    map.erase(a);
  body->walk([&](Operation *o) {
    for (Value r : o->getResults())
      map.erase(r);
  });
  return status;
}
