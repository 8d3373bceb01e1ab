//===- AdjointKernel.cpp - build <kernel>_backward for a kdsl kernel --------===//
#include "InPlaceReads.h"
#include "LaneAdjoints.h"
#include "Reverser.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Lanes.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace kdsl;

/// Inlines every @wp.func call in `root` with the upstream inliner (the
/// dialects' inliner interfaces; funcs are single-block: the front end lowers
/// early returns to flags; recursion is rejected by Sema). A value the callee
/// returns takes the caller's name for the call's result (`f = spring(...)`
/// keeps `f`, so its adjoint reads adj_f).
LogicalResult kdsl::inlineCalls(Operation *root, SymbolTable &symbols,
                                llvm::DenseMap<Value, std::string> *unnamed) {
  InlinerInterface interface(root->getContext());
  InlinerConfig config;
  for (unsigned round = 0;; ++round) {
    SmallVector<func::CallOp> calls;
    root->walk([&](func::CallOp c) {
      if (!isCustomGradCall(c) && !isForwardOnlyCall(c))
        calls.push_back(c);
    });
    if (calls.empty())
      return success();
    if (round > 256)
      return root->emitOpError("autodiff: calls nested too deeply to inline");
    llvm::DenseSet<Value> written = arraysWrittenIn(root, symbols);
    for (func::CallOp call : calls) {
      // Calls of funcs with a custom gradient stay (CustomGradCalls.cpp).
      if (keepCustomCall(call, symbols))
        continue;
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      // So do calls of pure funcs, reversed by adj_<callee> (AdjointFuncs.cpp).
      if (callee && canKeepCall(callee, symbols) && llvm::none_of(call.getOperands(), [&](Value v) {
            return isa<ArrayType>(v.getType()) && written.contains(baseArrayOf(v));
          })) {
        // Nothing differentiable goes in (integers: a random state, cell
        // indices): its results are constants to the adjoint.
        if (llvm::none_of(callee.getArgumentTypes(),
                          [](Type t) { return isa<ArrayType>(t) || isDifferentiableType(t); })) {
          call->setAttr(kForwardOnlyAttr, UnitAttr::get(call.getContext()));
          call->setAttr(kPureCallAttr, UnitAttr::get(call.getContext()));
          continue;
        }
        FailureOr<func::FuncOp> adj = adjointFunc(callee, symbols);
        if (failed(adj))
          return failure();
        call->setAttr(kCustomGradAttr, FlatSymbolRefAttr::get(adj->getSymNameAttr()));
        call->setAttr(kPureCallAttr, UnitAttr::get(call.getContext()));
        continue;
      }
      if (!callee || callee.isExternal() || !callee.getBody().hasOneBlock())
        return call.emitOpError("autodiff: cannot inline the call of @") << call.getCallee();
      // One use per result: after inlining it holds the value returned.
      SmallVector<std::pair<OpOperand *, std::string>> named;
      for (OpResult r : call->getResults())
        if (!r.use_empty())
          named.push_back({&*r.getUses().begin(), sourceNameOf(r).str()});
      if (failed(inlineCall(interface, config.getCloneCallback(), call, callee, &callee.getBody())))
        return call.emitOpError("autodiff: cannot inline the call of @") << call.getCallee();
      for (auto &[use, name] : named) {
        Value v = use->get();
        setSourceName(v, name);
        // Unnamed, or named in the callee (`return s`): the caller's name
        // is kept aside (adj_v_sm is adj_s's alias for v_sm = smooth(...)).
        if (unnamed && !name.empty() && sourceNameOf(v) != name)
          unnamed->try_emplace(v, name);
      }
      call.erase();
    }
  }
}

/// Whether `indices` are the thread's own coordinates: the results of a
/// kdsl.tid, all of them, in order.
static bool isThreadIndex(ValueRange indices) {
  auto tid = indices.empty() ? TidOp() : indices[0].getDefiningOp<TidOp>();
  if (!tid || tid.getNumResults() != indices.size())
    return false;
  for (auto [i, v] : llvm::enumerate(indices))
    if (v != tid.getResult(i))
      return false;
  return true;
}

/// The array arguments of `body` that are read only at the thread's own
/// element (their adjoints need no atomics).
static llvm::DenseSet<Value> arraysReadAtOwnElement(Block &body) {
  llvm::DenseSet<Value> own, shared;
  for (BlockArgument a : body.getArguments())
    if (isa<ArrayType>(a.getType()))
      own.insert(a);
  body.getParentOp()->walk([&](LoadOp load) {
    if (!isThreadIndex(load.getIndices()))
      shared.insert(load.getArray());
  });
  // A call reversed by an adjoint function adds into the adjoint arrays of
  // what it is given with atomics: the kernel's own adds must be atomic too.
  body.getParentOp()->walk([&](func::CallOp call) {
    if (isCustomGradCall(call))
      for (Value v : call.getOperands())
        if (isa<ArrayType>(v.getType()))
          shared.insert(baseArrayOf(v));
  });
  for (Value v : shared)
    own.erase(v);
  return own;
}

FailureOr<KernelOp> kdsl::buildAdjointKernel(KernelOp k) {
  auto module = k->getParentOfType<ModuleOp>();
  SymbolTable symbols(module);
  std::string name = (k.getSymName() + "_backward").str();
  if (symbols.lookup(name))
    return k.emitOpError("autodiff: a symbol named '") << name << "' exists already";

  // A private copy with the calls inlined. Builtins stay (the forward replay
  // reads as the forward kernel); the reverse differentiates their
  // expansions (Reverser::reverseExpanded).
  OpBuilder b(k->getContext());
  b.setInsertionPointAfter(k);
  auto primal = cast<KernelOp>(b.clone(*k));
  llvm::scope_exit erasePrimal([&] { primal.erase(); });
  llvm::DenseMap<Value, std::string> unnamed;
  if (failed(inlineCalls(primal, symbols, &unnamed)))
    return failure();
  flattenCarriedStructs(primal);
  bool inPlace = tagInPlaceReads(primal);
  bool lanes = isLaneKernel(primal);
  if (lanes && failed(prepareLanePrimal(primal, symbols)))
    return failure();

  SmallVector<Type> types(k.getArgumentTypes());
  types.append(k.getArgumentTypes().begin(), k.getArgumentTypes().end());
  SmallVector<std::string> names;
  for (Attribute a : k.getArgNames())
    names.push_back(cast<StringAttr>(a).getValue().str());
  for (Attribute a : k.getArgNames())
    names.push_back("adj_" + cast<StringAttr>(a).getValue().str());
  SmallVector<StringRef> nameRefs(names.begin(), names.end());
  auto adjoint = KernelOp::create(b, k.getLoc(), name, b.getFunctionType(types, {}), nameRefs);
  adjoint.setEnableBackward(false);
  if (lanes)
    adjoint->setAttr(kLaneKernelAttrName, b.getUnitAttr());
  adjoint->setAttr(kAdjointOfAttrName, b.getStringAttr(k.getSymName()));
  if (auto opts = k.getOptionsAttr())
    adjoint.setOptionsAttr(opts);
  SmallVector<Location> locs(types.size(), k.getLoc());
  Block *entry = b.createBlock(&adjoint.getBody(), {}, types, locs);

  unsigned n = k.getNumArguments();
  Block &primalBody = primal.getBody().front();
  llvm::DenseMap<Value, Value> arrayAdjoints;
  // Arrays and structs (which may hold arrays) map to their adj_ arguments.
  for (unsigned i = 0; i < n; ++i)
    if (isa<ArrayType, StructType>(types[i]))
      arrayAdjoints[primalBody.getArgument(i)] = entry->getArgument(n + i);
  // The whole body in one allocation scope: loop tapes are freed per thread.
  b.setInsertionPointToStart(entry);
  auto scope = memref::AllocaScopeOp::create(b, k.getLoc(), TypeRange{});
  b.setInsertionPointToStart(&scope.getBodyRegion().emplaceBlock());
  // A lane-dependent kernel's lanes may read one element through their own
  // tid (a tiled launch whose wp.tid() is the block's): atomics throughout.
  Reverser reverser(b, std::move(arrayAdjoints),
                    lanes ? llvm::DenseSet<Value>() : arraysReadAtOwnElement(primalBody));
  if (lanes)
    reverser.setLaneKernel(b.getInsertionBlock());
  for (unsigned i = 0; i < n; ++i) {
    reverser.mapPrimal(primalBody.getArgument(i), entry->getArgument(i));
    reverser.nameArgument(primalBody.getArgument(i),
                          cast<StringAttr>(k.getArgNames()[i]).getValue());
  }
  for (auto &[v, name] : unnamed)
    reverser.nameValue(v, name);
  if (failed(reverser.differentiateBlock(primalBody))) {
    adjoint.erase();
    return failure();
  }
  memref::AllocaScopeReturnOp::create(b, k.getLoc(), ValueRange{});
  b.setInsertionPointToEnd(entry);
  ReturnOp::create(b, k.getLoc());
  eraseDeadCode(adjoint, /*onlyFromPureCalls=*/true);
  // An invalid adjoint is a bug of this pass: say so instead of running it.
  if (failed(verify(adjoint))) {
    adjoint.erase();
    return k.emitOpError("autodiff: internal error: the adjoint kernel does not verify");
  }
  if (lanes && failed(checkLanesLower(k, adjoint))) {
    adjoint.erase();
    return failure();
  }
  if (inPlace)
    checkInPlaceReads(primal, adjoint, k.getArgNames().getValue());
  return adjoint;
}
