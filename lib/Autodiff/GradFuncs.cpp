//===- GradFuncs.cpp - bodies of wp.grad(f) funcs -------------------------===//
//
// The front end turns `wp.grad(f)(args)` into a call of a declaration
// `@<f>__grad` marked `kdsl.grad_of = @<f>` (lib/Frontend/SemaGrad.cpp). Its
// body is f's adjoint, as Warp's add_grad_call runs it in forward code: the
// adjoints of f's parameters, zero at first, after reversing f for adjoint
// returns of Warp's T(1) (kdsl.grad_seeds). It is built here as the adjoint
// kernels are: a primal func calling f is inlined (a call of a func with a
// custom gradient stays a call and is reversed by that gradient), then
// recomputed and reversed by the Reverser, seeded with those adjoints.
//
// As in Warp, the call is forward-only: the adjoint kernel recomputes it and
// no gradient flows through it; the same holds for a func that calls one
// (kdsl.forward_only; inlineCalls keeps their calls, Reverser::reverseOp
// takes them as constants).
//
//===----------------------------------------------------------------------===//
#include "Reverser.h"
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Autodiff/Passes.h"
#include "kdsl/Dialect/CustomGradAttrs.h"
#include "kdsl/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "llvm/ADT/ScopeExit.h"

#include <functional>

namespace kdsl {
#define GEN_PASS_DEF_BUILDGRADFUNCS
#include "kdsl/Autodiff/Passes.h.inc"
} // namespace kdsl

using namespace mlir;
using namespace kdsl;

/// Warp's T(1) for a result of type `t`: `seed` is "ones", "first" or "zero".
static Value seedValue(OpBuilder &b, Location loc, Type t, StringRef seed) {
  if (seed == "zero")
    return buildZero(b, loc, t);
  auto vt = dyn_cast<VectorType>(t);
  Type elem = vt ? vt.getElementType() : t;
  Attribute one = b.getFloatAttr(elem, 1.0);
  if (!vt)
    return arith::ConstantOp::create(b, loc, t, cast<TypedAttr>(one));
  if (seed == "ones")
    return arith::ConstantOp::create(b, loc, t, DenseElementsAttr::get(vt, one));
  SmallVector<Attribute> comps(vt.getNumElements(), b.getFloatAttr(elem, 0.0));
  comps[0] = one;
  return arith::ConstantOp::create(b, loc, t, DenseElementsAttr::get(vt, comps));
}

static LogicalResult buildGradFunc(func::FuncOp g, SymbolTable &symbols) {
  Location loc = g.getLoc();
  auto of = g->getAttrOfType<FlatSymbolRefAttr>(kGradOfAttr);
  auto target = of ? symbols.lookup<func::FuncOp>(of.getValue()) : nullptr;
  auto seeds = g->getAttrOfType<ArrayAttr>(kGradSeedsAttr);
  if (!target || !seeds || target.getArgumentTypes() != g.getArgumentTypes() ||
      seeds.size() != target.getNumResults())
    return g.emitOpError("wp.grad: internal error: malformed gradient declaration");
  for (Type t : target.getResultTypes())
    if (!isa<FloatType>(getElementTypeOrSelf(t)))
      return g.emitOpError("wp.grad: internal error: a result that is not float");

  // The primal: a func that calls f, with f (or what it calls) inlined.
  OpBuilder b(g->getContext());
  b.setInsertionPointAfter(g);
  auto primal =
      func::FuncOp::create(b, loc, (g.getName() + "__primal").str(), target.getFunctionType());
  primal.setPrivate();
  llvm::scope_exit erasePrimal([&] { primal.erase(); });
  Block *pb = primal.addEntryBlock();
  b.setInsertionPointToStart(pb);
  auto call = func::CallOp::create(b, loc, target, pb->getArguments());
  func::ReturnOp::create(b, loc, call.getResults());
  if (failed(inlineCalls(primal, symbols)))
    return failure();
  flattenCarriedStructs(primal);

  Block *entry = g.addEntryBlock();
  b.setInsertionPointToStart(entry);
  auto scope = memref::AllocaScopeOp::create(b, loc, g.getResultTypes());
  b.setInsertionPointToStart(&scope.getBodyRegion().emplaceBlock());
  Reverser reverser(b, llvm::DenseMap<Value, Value>(), llvm::DenseSet<Value>());
  auto names = g->getAttrOfType<ArrayAttr>("kdsl.arg_names");
  for (auto [i, a] : llvm::enumerate(pb->getArguments())) {
    reverser.mapPrimal(a, entry->getArgument(i));
    if (names && i < names.size())
      if (auto n = dyn_cast<StringAttr>(names[i]))
        reverser.nameArgument(a, n.getValue());
  }
  auto ret = cast<func::ReturnOp>(pb->getTerminator());
  auto seed = [&] {
    for (auto [v, s] : llvm::zip(ret.getOperands(), seeds))
      reverser.accumulate(v, seedValue(b, loc, v.getType(), cast<StringAttr>(s).getValue()));
  };
  if (failed(reverser.differentiateBlock(*pb, seed)))
    return failure();
  SmallVector<Value> results;
  for (BlockArgument a : pb->getArguments()) {
    Value adj = reverser.adjoint(a);
    results.push_back(adj ? adj : buildZero(b, loc, a.getType()));
  }
  memref::AllocaScopeReturnOp::create(b, loc, results);
  b.setInsertionPointToEnd(entry);
  func::ReturnOp::create(b, loc, scope.getResults());
  eraseDeadCode(g);
  if (failed(verify(g)))
    return g.emitOpError("wp.grad: internal error: the gradient does not verify");
  return success();
}

/// The `<f>__grad` declarations of `module`.
static SmallVector<func::FuncOp> gradDeclarations(ModuleOp module) {
  SmallVector<func::FuncOp> decls;
  for (auto f : module.getOps<func::FuncOp>())
    if (f->hasAttr(kGradOfAttr) && f.isExternal())
      decls.push_back(f);
  return decls;
}

/// buildGradFuncs once the derivative rules, memref and math are in the
/// context.
static LogicalResult buildGradFuncBodies(ModuleOp module, ArrayRef<func::FuncOp> decls) {
  MLIRContext *ctx = module.getContext();
  SymbolTable symbols(module);
  for (func::FuncOp g : decls)
    if (failed(buildGradFunc(g, symbols)))
      return failure();
  // Once built, a gradient names f by a plain string: f and what it calls
  // are erased when nothing else calls them (the builtin wrappers of
  // SemaGrad.cpp, a func used only through wp.grad), as the emitted C++
  // would hold unused functions.
  SmallVector<func::FuncOp> candidates;
  for (func::FuncOp g : decls) {
    auto of = g->getAttrOfType<FlatSymbolRefAttr>(kGradOfAttr);
    g->setAttr(kGradOfAttr, StringAttr::get(ctx, of.getValue()));
    if (auto f = symbols.lookup<func::FuncOp>(of.getValue()))
      candidates.push_back(f);
  }
  for (size_t i = 0; i < candidates.size(); ++i) // and their callees
    candidates[i].walk([&](func::CallOp c) {
      if (auto f = symbols.lookup<func::FuncOp>(c.getCallee());
          f && !llvm::is_contained(candidates, f))
        candidates.push_back(f);
    });
  for (bool erased = true; erased;) {
    erased = false;
    for (func::FuncOp &f : candidates)
      if (f && f.isPrivate() && SymbolTable::symbolKnownUseEmpty(f, module)) {
        symbols.erase(f);
        f = nullptr;
        erased = true;
      }
  }
  // Callees before callers (the C++ and CUDA C emitters declare nothing
  // ahead): a stable topological order of the funcs, before the kernels.
  SmallVector<func::FuncOp> order;
  llvm::DenseSet<Operation *> seen;
  std::function<void(func::FuncOp)> visit = [&](func::FuncOp f) {
    if (!seen.insert(f).second)
      return;
    f.walk([&](func::CallOp c) {
      if (auto callee = symbols.lookup<func::FuncOp>(c.getCallee()))
        visit(callee);
    });
    order.push_back(f);
  };
  for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
    visit(f);
  Operation *firstKernel = nullptr;
  for (Operation &op : module.getBody()->getOperations())
    if (!isa<func::FuncOp>(op)) {
      firstKernel = &op;
      break;
    }
  for (func::FuncOp f : order) {
    if (firstKernel)
      f->moveBefore(firstKernel);
    else
      f->moveBefore(module.getBody(), module.getBody()->end());
  }
  return success();
}

LogicalResult kdsl::buildGradFuncs(ModuleOp module) {
  SmallVector<func::FuncOp> decls = gradDeclarations(module);
  if (decls.empty())
    return success();
  MLIRContext *ctx = module.getContext();
  DialectRegistry registry;
  registerAutodiffInterfaceModels(registry);
  ctx->appendDialectRegistry(registry);
  ctx->loadDialect<memref::MemRefDialect, math::MathDialect>();
  return buildGradFuncBodies(module, decls);
}

namespace {
/// kdsl-build-grad-funcs: buildGradFuncs as a pass (the driver runs it after
/// the front end).
struct BuildGradFuncsPass : public kdsl::impl::BuildGradFuncsBase<BuildGradFuncsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    BuildGradFuncsBase::getDependentDialects(registry);
    registerAutodiffInterfaceModels(registry);
  }

  void runOnOperation() override {
    SmallVector<func::FuncOp> decls = gradDeclarations(getOperation());
    if (!decls.empty() && failed(buildGradFuncBodies(getOperation(), decls)))
      signalPassFailure();
  }
};
} // namespace
