//===- LowerTileFuncs.cpp - @wp.funcs with tile parameters or results ----===//
//
// Part of kdsl-lower-tiles (LowerTiles.h, docs/design/tiles.md): a func
// whose signature holds a tile (or a tile stack, which Warp passes by
// reference) is inlined into its callers before the tiles
// become buffers, so that its tiles are the caller's values (Warp's
// register tiles are values too; in-place forms in the callee rebind the
// callee's local, as the front end lowers them everywhere). The adjoint
// funcs kdsl-autodiff made of them (adj_<f>, tile adjoints in and out) are
// inlined the same way. Callees first: a tile func calling another is
// inlined with its own calls already expanded. Funcs are never recursive
// (Sema rejects it).
//
//===----------------------------------------------------------------------===//
#include "LowerTiles.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/Inliner.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace kdsl;

/// A tile, or a tile stack: a stack value is a handle of the caller's
/// stack, so the inlined pushes and pops are the caller's.
static bool isTile(Type t) { return isa<TileType, TileStackType>(t); }

static bool hasTileSignature(func::FuncOp f) {
  return llvm::any_of(f.getArgumentTypes(), isTile) || llvm::any_of(f.getResultTypes(), isTile);
}

LogicalResult kdsl::tiles::inlineTileFuncs(ModuleOp module) {
  SymbolTable symbols(module);
  InlinerInterface interface(module.getContext());
  InlinerConfig config;
  // Inlines every call to a tile func inside `op`, the callee's own calls
  // first (`done`: the funcs whose calls are inlined already).
  llvm::DenseSet<Operation *> done, active;
  std::function<LogicalResult(Operation *)> expand = [&](Operation *op) -> LogicalResult {
    SmallVector<func::CallOp> calls;
    op->walk([&](func::CallOp c) {
      auto callee = symbols.lookup<func::FuncOp>(c.getCallee());
      if (callee && hasTileSignature(callee))
        calls.push_back(c);
    });
    for (func::CallOp call : calls) {
      auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
      if (callee.isExternal())
        return call.emitError("a call of '")
               << callee.getName() << "', which takes or returns tiles and has no body";
      if (!active.insert(callee).second)
        return call.emitError("a recursive call of '")
               << callee.getName() << "', which takes or returns tiles";
      if (!done.contains(callee) && failed(expand(callee)))
        return failure();
      active.erase(callee);
      done.insert(callee);
      if (failed(inlineCall(interface, config.getCloneCallback(), call, callee, &callee.getBody())))
        return call.emitError("a call of '")
               << callee.getName()
               << "', which takes or returns tiles, could not be inlined (kdsl-lower-tiles)";
      call.erase();
    }
    return success();
  };
  for (Operation &op : module.getBody()->getOperations())
    if (!isa<func::FuncOp>(op) || !hasTileSignature(cast<func::FuncOp>(op)))
      if (failed(expand(&op)))
        return failure();
  // The tile funcs have no callers left but other unused tile funcs, which
  // go first.
  for (bool erased = true; erased;) {
    erased = false;
    for (auto f : llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
      if (hasTileSignature(f) && SymbolTable::symbolKnownUseEmpty(f, module)) {
        symbols.erase(f);
        erased = true;
      }
  }
  return success();
}
