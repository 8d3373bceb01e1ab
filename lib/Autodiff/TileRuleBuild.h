//===- TileRuleBuild.h - tile ops the derivative rules build ----*- C++ -*-===//
//
// Shared by the tile ops' derivative rules (TileRules.cpp, TileRulesLinalg.cpp):
// the tile values an adjoint is made of (maps, reductions, transposes,
// reshapes, index tiles), each one op kdsl-lower-tiles lowers.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_AUTODIFF_TILERULEBUILD_H
#define KDSL_LIB_AUTODIFF_TILERULEBUILD_H

#include "kdsl/Autodiff/AdjointBuilder.h"
#include "kdsl/Dialect/Kdsl.h"

#include "mlir/IR/Builders.h"

#include <optional>

namespace kdsl::tile_ad {

/// The primal values of `vs`.
llvm::SmallVector<mlir::Value> primals(AdjointBuilder &ab, mlir::ValueRange vs);

/// A tile_map (or tile_reduce) region of `elems` arguments yielding what
/// `body` builds from them.
template <typename Op>
void fillRegion(mlir::OpBuilder &b, mlir::Location loc, Op op, mlir::TypeRange elems,
                llvm::function_ref<mlir::Value(mlir::ValueRange)> body) {
  mlir::OpBuilder::InsertionGuard g(b);
  llvm::SmallVector<mlir::Location> locs(elems.size(), loc);
  mlir::Block *block = b.createBlock(&op.getBody(), {}, elems, locs);
  TileYieldOp::create(b, loc, body(block->getArguments()));
}

/// f applied to every element of `inputs` (tiles of `result`'s shape).
mlir::Value buildMap(mlir::OpBuilder &b, mlir::Location loc, TileType result,
                     mlir::ValueRange inputs, llvm::function_ref<mlir::Value(mlir::ValueRange)> f);
/// `t` reduced by `combine` along `axis` (to a tile of shape (1,) without).
mlir::Value buildReduce(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t,
                        std::optional<int64_t> axis,
                        llvm::function_ref<mlir::Value(mlir::Value, mlir::Value)> combine);
/// The sum of `t` along `axis` (tile_sum's tile of shape (1,) without).
mlir::Value buildSum(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t,
                     std::optional<int64_t> axis);
/// The single element of a tile of shape (1,).
mlir::Value buildOnlyElement(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t);
/// The sum of every element of `t`: a scalar (a vector, for vector tiles).
mlir::Value buildTotal(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t);
/// `t` as a tile of type `to` (same elements, row-major).
mlir::Value reshape(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t, TileType to);
/// The transpose of a 2-d tile.
mlir::Value transpose(mlir::OpBuilder &b, mlir::Location loc, mlir::Value t);
/// The i32 tile of `shape` whose element is its row-major index.
mlir::Value buildIndices(mlir::OpBuilder &b, mlir::Location loc, llvm::ArrayRef<int64_t> shape);

/// Attaches TileRulesLinalg.cpp's rules (scans, cholesky, the solves,
/// diag_add, fft, views, assign); called by registerTileOpRules.
void attachTileLinalgRules(mlir::MLIRContext *ctx);

/// Attaches TileRulesScatter.cpp's rule (t[i] op= v, tile_scatter_*);
/// called by registerTileOpRules.
void attachTileScatterRule(mlir::MLIRContext *ctx);

} // namespace kdsl::tile_ad

#endif
