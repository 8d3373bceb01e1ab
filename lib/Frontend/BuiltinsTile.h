//===- BuiltinsTile.h - Warp's tile builtins (issue 30) --------*- C++ -*-===//
//
// BuiltinTable.def's tile block: wp.tile_load / tile_store / tile_atomic_add
// (and their _indexed forms),
// tile_zeros / ones / full / arange, tile_matmul, tile_sum, tile_transpose,
// tile_broadcast, tile_extract, tile_map; tile_empty, tile_min / max / argmin /
// argmax / reduce, tile_view / assign / reshape / squeeze / astype, the
// Cholesky and triangular solvers, tile_diag_add, tile_fft / ifft
// (docs/design/tiles.md, slice 1: front end and
// dialect; kdsl-lower-tiles lowers the ops of slice 1, slice 2). Tile shapes are compile-time
// constants (literals and module constants), as in Warp.
//
// Rules: BuiltinRulesTile.cpp; expansions: BuiltinLoweringTile.cpp. The
// element-wise operators on tiles are Sema::checkBinary / checkUnary's
// (SemaExpr.cpp) and MLIRGen::genTileMap's.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_FRONTEND_BUILTINSTILE_H
#define KDSL_LIB_FRONTEND_BUILTINSTILE_H

#include "kdsl/Frontend/AST.h"
#include "kdsl/Frontend/Builtins.h"
#include "mlir/IR/Value.h"

namespace kdsl {
struct LowerCtx;

mlir::Value lowerTileLoad(LowerCtx &c);
mlir::Value lowerTileStore(LowerCtx &c);
mlir::Value lowerTileAtomicAdd(LowerCtx &c);
mlir::Value lowerTileLoadIndexed(LowerCtx &c);
mlir::Value lowerTileStoreIndexed(LowerCtx &c);
mlir::Value lowerTileAtomicAddIndexed(LowerCtx &c);
mlir::Value lowerTileZeros(LowerCtx &c);
mlir::Value lowerTileOnes(LowerCtx &c);
mlir::Value lowerTileFull(LowerCtx &c);
mlir::Value lowerTileArange(LowerCtx &c);
mlir::Value lowerTileMatmul(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerTileMatmulInto(LowerCtx &c);
mlir::Value lowerTileSum(LowerCtx &c);
mlir::Value lowerTileTranspose(LowerCtx &c);
mlir::Value lowerTileBroadcast(LowerCtx &c);
mlir::Value lowerTileExtract(LowerCtx &c);
mlir::Value lowerTileMap(LowerCtx &c);
mlir::Value lowerTileMin(LowerCtx &c);
mlir::Value lowerTileMax(LowerCtx &c);
mlir::Value lowerTileArgmin(LowerCtx &c);
mlir::Value lowerTileArgmax(LowerCtx &c);
mlir::Value lowerTileReduce(LowerCtx &c);
mlir::Value lowerTileView(LowerCtx &c);
mlir::Value lowerTileAssign(LowerCtx &c);
mlir::Value lowerTileScatter(LowerCtx &c);
mlir::Value lowerTileRand(LowerCtx &c);
mlir::Value lowerTileReshape(LowerCtx &c);
mlir::Value lowerTileAstype(LowerCtx &c);
mlir::Value lowerTileCholesky(LowerCtx &c);
mlir::Value lowerTileSolve(LowerCtx &c);
mlir::Value lowerTileDiagAdd(LowerCtx &c);
mlir::Value lowerTileFft(LowerCtx &c);
mlir::Value lowerTileFromLanes(LowerCtx &c);
mlir::Value lowerUntile(LowerCtx &c);
mlir::Value lowerTileScan(LowerCtx &c);
mlir::Value lowerTileSort(LowerCtx &c);
mlir::Value lowerTileFromThread(LowerCtx &c);
mlir::Value lowerTileDot(LowerCtx &c);
mlir::Value lowerTileAxpy(LowerCtx &c);
mlir::Value lowerTileStack(LowerCtx &c);
mlir::Value lowerTileStackOp(LowerCtx &c);
llvm::SmallVector<mlir::Value> lowerTileStackPop(LowerCtx &c);

} // namespace kdsl

#endif
