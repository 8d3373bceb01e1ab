//===- CustomGradCalls.cpp - calls of funcs with @wp.func_grad / replay ---===//
//
// The front end marks a func.func f with `kdsl.grad = @g` when the source
// gives it a custom gradient (@wp.func_grad(f) def g) and `kdsl.replay = @r`
// for a custom replay (lib/Frontend/CustomGrad.cpp). Before the adjoint is
// built, calls of other funcs are inlined; a call of f instead
//  - is redirected to r when f has a replay function (the recomputation
//    runs r instead of f), and
//  - is kept whole when f has a custom gradient: it is marked with
//    `kdsl.grad = @g`, recomputed as a call, and reversed by a call of g with
//    the call's operands, the adjoints of its results and the adjoint arrays
//    of its array operands; g's results are added into the adjoints of the
//    operands its `kdsl.adjoint_params` name.
// A replay function without a custom gradient is inlined, so the adjoint
// differentiates the replay's body.
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"

#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/SourceNames.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;
using namespace kdsl;

bool kdsl::keepCustomCall(func::CallOp call, SymbolTable &symbols) {
  auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
  if (!callee)
    return false;
  if (callee->hasAttr(kGradOfAttr) || callee->hasAttr(kForwardOnlyAttr)) {
    call->setAttr(kForwardOnlyAttr, UnitAttr::get(call.getContext()));
    return true;
  }
  auto grad = callee->getAttrOfType<FlatSymbolRefAttr>(kCustomGradAttr);
  if (auto replay = callee->getAttrOfType<FlatSymbolRefAttr>(kCustomReplayAttr))
    call.setCalleeAttr(replay);
  if (!grad)
    return false;
  call->setAttr(kCustomGradAttr, grad);
  return true;
}

bool kdsl::isForwardOnlyCall(Operation *op) {
  return isa<func::CallOp>(op) && op->hasAttr(kForwardOnlyAttr);
}

bool kdsl::isCustomGradCall(Operation *op) {
  return isa<func::CallOp>(op) && op->hasAttr(kCustomGradAttr);
}

LogicalResult Reverser::reverseCustomCall(func::CallOp call) {
  auto grad = SymbolTable::lookupNearestSymbolFrom<func::FuncOp>(
      call, call->getAttrOfType<FlatSymbolRefAttr>(kCustomGradAttr));
  auto values = grad ? grad->getAttrOfType<DenseI64ArrayAttr>(kAdjointParamsAttr) : nullptr;
  auto arrays = grad ? grad->getAttrOfType<DenseI64ArrayAttr>(kAdjointArraysAttr) : nullptr;
  if (!values || !arrays)
    return call.emitOpError("autodiff: the custom gradient of @")
           << call.getCallee() << " is missing or malformed";
  SmallVector<Value> args;
  for (Value v : call.getOperands())
    args.push_back(primal(v));
  for (Value r : call.getResults())
    args.push_back(adjointOrZero(r));
  for (int64_t i : arrays.asArrayRef()) {
    FailureOr<Value> a = adjointArray(call, call.getOperand(i));
    if (failed(a))
      return failure();
    args.push_back(*a);
  }
  auto adjCall = func::CallOp::create(b, call.getLoc(), grad, args);
  // An adjoint function kdsl built that is given no adjoint array has no
  // effect but its results (AdjointFuncs.cpp): unused, it can go.
  if (arrays.empty() && grad->hasAttr(kAdjointFuncOfAttr))
    adjCall->setAttr(kPureCallAttr, b.getUnitAttr());
  // Each result is the adjoint of an operand: adj_<its variable>.
  if (adjCall.getNumResults() > 1) {
    SmallVector<std::string> names;
    for (int64_t i : values.asArrayRef()) {
      StringRef n = variableNameOf(call.getOperand(i));
      names.push_back(n.empty() ? std::string() : ("adj_" + n).str());
    }
    setResultNames(adjCall, names);
  }
  for (auto [i, r] : llvm::zip(values.asArrayRef(), adjCall.getResults()))
    accumulate(call.getOperand(i), r);
  return success();
}

void kdsl::dropCustomGradAttrs(ModuleOp module) {
  SmallVector<func::FuncOp> custom;
  for (auto f : module.getOps<func::FuncOp>())
    for (StringRef attr : {kCustomGradAttr, kCustomReplayAttr})
      if (auto sym = f->getAttrOfType<FlatSymbolRefAttr>(attr)) {
        f->removeAttr(attr);
        if (auto c = module.lookupSymbol<func::FuncOp>(sym))
          custom.push_back(c);
      }
  // A gradient or replay that no adjoint calls (its func is not called by a
  // differentiated kernel, or the replay was inlined) would be dead code in
  // the emitted C++ (an unused static function).
  for (func::FuncOp c : custom)
    if (c.isPrivate() && SymbolTable::symbolKnownUseEmpty(c, module))
      c.erase();
}
