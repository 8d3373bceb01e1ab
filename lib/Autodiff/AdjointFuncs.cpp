//===- AdjointFuncs.cpp - adj_<f>: the adjoint of a @wp.func, once ---------===//
//
// A call of a pure func stays a call in an adjoint (as in Warp, which emits
// `adj_f` next to every `f`): the recomputation calls f, and the reverse
// sweep calls adj_f, built once per func:
//
//   adj_f(operands of f..., adjoints of f's results..., adjoint arrays of
//         f's array operands...) -> adjoints of f's differentiable operands
//
// It recomputes f's body and reverses it (its loops keep their tapes, inside
// the call), its own calls of pure funcs again calls of f and adj_g. The call
// site is marked as a custom gradient call (kdsl.grad = @adj_f, with
// kdsl.adjoint_params / kdsl.adjoint_arrays on adj_f), so the Reverser
// handles it as it handles @wp.func_grad (CustomGradCalls.cpp).
//
// A func stays a call when it writes no array (a local one aside), asserts
// and prints nothing, calls only such funcs, and takes no struct holding
// arrays; and at a call site, when the kernel writes none of the arrays the
// call reads (the adjoint would then need them as they were before the
// launch: InPlaceReads.cpp sees only the kernel's own reads). Other calls are
// inlined as before. Reads inside adj_f add into the adjoint arrays with
// atomics: a func does not know whose element it reads.
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"

#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Dialect/SourceNames.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;
using namespace kdsl;

static bool isLocal(Value array) { return (bool)baseArrayOf(array).getDefiningOp<LocalArrayOp>(); }

/// A struct type with an array somewhere among its fields.
static bool holdsArrays(Type t) {
  auto s = dyn_cast<StructType>(t);
  return s && llvm::any_of(s.getFieldTypes(),
                           [](Type f) { return isa<ArrayType>(f) || holdsArrays(f); });
}

bool kdsl::canKeepCall(func::FuncOp f, SymbolTable &symbols) {
  llvm::DenseMap<Operation *, bool> memo;
  std::function<bool(func::FuncOp)> pure = [&](func::FuncOp g) -> bool {
    if (!g || g.isExternal() || !g.getBody().hasOneBlock())
      return false;
    if (auto it = memo.find(g); it != memo.end())
      return it->second;
    memo[g] = false; // recursion (which Sema rejects) is not kept
    if (llvm::any_of(g.getArgumentTypes(), holdsArrays))
      return false;
    WalkResult r = g.walk([&](Operation *op) {
      if (auto st = dyn_cast<StoreOp>(op); st && !isLocal(st.getArray()))
        return WalkResult::interrupt();
      if (auto at = dyn_cast<AtomicOp>(op); at && !isLocal(at.getArray()))
        return WalkResult::interrupt();
      if (isa<AssertOp, PrintOp>(op))
        return WalkResult::interrupt();
      if (auto call = dyn_cast<func::CallOp>(op)) {
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        // A call of a func with a custom gradient stays a custom call inside.
        if (!callee || (!callee->hasAttr(kCustomGradAttr) && !pure(callee)))
          return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return memo[g] = !r.wasInterrupted();
  };
  return !f->hasAttr(kCustomGradAttr) && !f->hasAttr(kCustomReplayAttr) &&
         !f->hasAttr(kGradOfAttr) && !f->hasAttr(kForwardOnlyAttr) && pure(f);
}

llvm::DenseSet<Value> kdsl::arraysWrittenIn(Operation *root, SymbolTable &symbols) {
  llvm::DenseSet<Value> written;
  root->walk([&](Operation *op) {
    if (auto st = dyn_cast<StoreOp>(op))
      written.insert(baseArrayOf(st.getArray()));
    else if (auto at = dyn_cast<AtomicOp>(op))
      written.insert(baseArrayOf(at.getArray()));
    else if (auto call = dyn_cast<func::CallOp>(op)) {
      // A call that will be inlined may write the arrays it is given.
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (!callee || !canKeepCall(callee, symbols))
        for (Value v : call.getOperands())
          if (isa<ArrayType>(v.getType()) || holdsArrays(v.getType()))
            written.insert(baseArrayOf(v));
    }
  });
  return written;
}

/// One sweep of eraseDeadCode over `block`, innermost ops first; with
/// `derived`, only ops that compute from a kdsl.pure call's results.
static bool eraseDeadIn(Block &block, const llvm::DenseSet<Value> *derived) {
  bool changed = false;
  for (Operation &op : llvm::make_early_inc_range(llvm::reverse(block))) {
    for (Region &r : op.getRegions())
      for (Block &b : r)
        changed |= eraseDeadIn(b, derived);
    // (A kdsl.pure call has no effect: lib/Dialect/PureCalls.cpp.)
    bool pureCall = isa<func::CallOp>(op) && op.hasAttr(kPureCallAttr);
    bool inScope = !derived || pureCall ||
                   llvm::any_of(op.getOperands(), [&](Value v) { return derived->contains(v); });
    if (inScope && isOpTriviallyDead(&op)) {
      op.erase();
      changed = true;
    }
  }
  return changed;
}

void kdsl::eraseDeadCode(Operation *root, bool onlyFromPureCalls) {
  // The values computed from pure calls' results (a forward slice).
  llvm::DenseSet<Value> derived;
  if (onlyFromPureCalls)
    root->walk([&](Operation *op) {
      bool from = (isa<func::CallOp>(op) && op->hasAttr(kPureCallAttr)) ||
                  llvm::any_of(op->getOperands(), [&](Value v) { return derived.contains(v); });
      if (from)
        derived.insert(op->result_begin(), op->result_end());
    });
  // To a fixed point: an erased op can leave the ops that fed it unused.
  for (bool changed = true; changed;) {
    changed = false;
    for (Region &r : root->getRegions())
      for (Block &b : r)
        changed |= eraseDeadIn(b, onlyFromPureCalls ? &derived : nullptr);
  }
}

/// The source names of f's arguments ("a<i>" where it has none).
static SmallVector<std::string> argNamesOf(func::FuncOp f) {
  SmallVector<std::string> names;
  auto attr = f->getAttrOfType<ArrayAttr>("kdsl.arg_names");
  for (unsigned i = 0; i < f.getNumArguments(); ++i)
    names.push_back(attr && i < attr.size() ? cast<StringAttr>(attr[i]).getValue().str()
                                            : "a" + std::to_string(i));
  return names;
}

FailureOr<func::FuncOp> kdsl::adjointFunc(func::FuncOp f, SymbolTable &symbols) {
  std::string name = ("adj_" + f.getSymName()).str();
  if (auto existing = symbols.lookup<func::FuncOp>(name)) {
    if (existing->getAttr(kAdjointFuncOfAttr) == f.getSymNameAttr())
      return existing;
  }
  MLIRContext *ctx = f.getContext();
  // A private copy of f with the calls it cannot keep inlined, in the
  // module while the adjoint is built (the calls it keeps look their
  // adjoints up from there).
  OpBuilder pb(f);
  auto primal = cast<func::FuncOp>(pb.clone(*f));
  primal.setPrivate();
  symbols.insert(primal); // under a name of its own
  llvm::scope_exit erasePrimal([&] { symbols.erase(primal); });
  llvm::DenseMap<Value, std::string> unnamed;
  if (failed(inlineCalls(primal, symbols, &unnamed)))
    return failure();
  flattenCarriedStructs(primal);
  Block &body = primal.getBody().front();
  auto ret = cast<func::ReturnOp>(body.getTerminator());

  // The signature.
  FunctionType fType = f.getFunctionType();
  SmallVector<Type> inputs(fType.getInputs());
  inputs.append(fType.getResults().begin(), fType.getResults().end());
  SmallVector<int64_t> params, arrays;
  SmallVector<Type> results;
  for (auto [i, t] : llvm::enumerate(fType.getInputs())) {
    if (isa<ArrayType>(t)) {
      arrays.push_back(int64_t(i));
      inputs.push_back(t);
    } else if (isDifferentiableType(t)) {
      params.push_back(int64_t(i));
      results.push_back(t);
    }
  }
  SmallVector<std::string> names = argNamesOf(f);
  SmallVector<Attribute> argNames;
  for (const std::string &n : names)
    argNames.push_back(StringAttr::get(ctx, n));
  for (unsigned r = 0; r < fType.getNumResults(); ++r)
    argNames.push_back(StringAttr::get(
        ctx, fType.getNumResults() == 1 ? std::string("adj_ret") : "adj_ret" + std::to_string(r)));
  for (int64_t a : arrays)
    argNames.push_back(StringAttr::get(ctx, "adj_" + names[a]));

  OpBuilder b(f);
  b.setInsertionPointAfter(f);
  auto adj = func::FuncOp::create(b, f.getLoc(), name, b.getFunctionType(inputs, results));
  adj.setPrivate();
  adj->setAttr(kAdjointFuncOfAttr, f.getSymNameAttr());
  adj->setAttr(kAdjointParamsAttr, DenseI64ArrayAttr::get(ctx, params));
  adj->setAttr(kAdjointArraysAttr, DenseI64ArrayAttr::get(ctx, arrays));
  adj->setAttr("kdsl.arg_names", ArrayAttr::get(ctx, argNames));
  symbols.insert(adj); // renames it if `name` is taken
  SmallVector<Location> locs(inputs.size(), f.getLoc());
  Block *entry = b.createBlock(&adj.getBody(), {}, inputs, locs);

  unsigned n = f.getNumArguments(), m = fType.getNumResults();
  llvm::DenseMap<Value, Value> arrayAdjoints;
  for (auto [k, a] : llvm::enumerate(arrays))
    arrayAdjoints[body.getArgument(a)] = entry->getArgument(n + m + k);
  b.setInsertionPointToStart(entry);
  Reverser reverser(b, std::move(arrayAdjoints), /*ownElementOnly=*/{});
  for (unsigned i = 0; i < n; ++i) {
    reverser.mapPrimal(body.getArgument(i), entry->getArgument(i));
    reverser.nameArgument(body.getArgument(i), names[i]);
  }
  for (auto &[v, nm] : unnamed)
    reverser.nameValue(v, nm);
  auto seed = [&] {
    for (unsigned r = 0; r < m; ++r)
      if (isDifferentiableType(ret.getOperand(r).getType()))
        reverser.accumulate(ret.getOperand(r), entry->getArgument(n + r));
  };
  if (failed(reverser.differentiateBlock(body, seed))) {
    adj.erase();
    return failure();
  }
  SmallVector<Value> out;
  for (int64_t p : params) {
    Value a = reverser.adjoint(body.getArgument(p));
    out.push_back(a ? a : buildZero(b, f.getLoc(), body.getArgument(p).getType()));
  }
  func::ReturnOp::create(b, f.getLoc(), out);
  eraseDeadCode(adj);
  if (failed(verify(adj))) {
    adj.erase();
    return f.emitOpError("autodiff: internal error: adj_") << f.getSymName() << " does not verify";
  }
  return adj;
}
