//===- LowerTiles.h - tiles as buffers, tile ops as loops (internal) -----===//
//
// Shared by the two files of kdsl-lower-tiles: LowerTiles.cpp (the pass: the
// buffers, control flow, errors) and LowerTileOps.cpp (one loop nest per
// tile op). docs/design/tiles.md, Passes.td.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_TRANSFORMS_LOWERTILES_H
#define KDSL_TRANSFORMS_LOWERTILES_H

#include "kdsl/Dialect/Kdsl.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseMap.h"

namespace kdsl::tiles {

/// The largest block dimension Warp launches: the capacity of a buffer for
/// a tile whose extent is the block dimension (`?`, wp.tile(x)).
constexpr int64_t kMaxBlockDim = 1024;

/// The marks kdsl-lower-tiles leaves for kdsl-lower-lanes in a
/// lane-dependent kernel: an op every lane performs in turn (an atomic, a
/// print, the `scf.execute_region` of a lane op's step), and a step after
/// which the block's lanes wait for each other.
constexpr llvm::StringLiteral kPerLaneAttr = "kdsl.per_lane";
constexpr llvm::StringLiteral kLaneBarrierAttr = "kdsl.lane_barrier";
/// A workgroup buffer through which the GPU's lanes pass their values to a
/// step (LowerLanesGpu.cpp).
constexpr llvm::StringLiteral kLaneStageAttr = "kdsl.lane_stage";
/// The ops of a tile op's write to an array (tile_store, tile_atomic_add,
/// their indexed forms) in a lane-dependent kernel: the block's write, which
/// each GPU thread would repeat (every thread holds the whole tile), so the
/// GPU's lowering has one thread make it between barriers
/// (writeBlockTilesOnce). The value is true where the write's old values
/// (tile_atomic_add's result) are read.
constexpr llvm::StringLiteral kBlockWriteAttr = "kdsl.block_write";

/// The buffers of one function's tiles: every tile value is a
/// `memref<N x T>` (N the tile's element count, row-major), allocated at
/// the start of `allocaBlock`.
class TileBuffers {
public:
  explicit TileBuffers(mlir::Block *allocaBlock) : allocaBlock(allocaBlock) {}

  /// A new buffer for a tile of type `t`.
  mlir::Value allocate(mlir::Location loc, TileType t);
  /// A new buffer for tile value `tile`, mapped to it.
  mlir::Value allocateFor(mlir::Value tile) {
    mlir::Value buf = allocate(tile.getLoc(), mlir::cast<TileType>(tile.getType()));
    map(tile, buf);
    return buf;
  }
  /// The buffer holding tile value `v` (null if it has none yet).
  mlir::Value lookup(mlir::Value v) const { return buffers.lookup(v); }
  void map(mlir::Value tile, mlir::Value buffer) { buffers[tile] = buffer; }
  /// A tile stack's count (a buffer of one i32; its elements are lookup's).
  mlir::Value lookupCount(mlir::Value stack) const { return counts.lookup(stack); }
  void mapCount(mlir::Value stack, mlir::Value count) { counts[stack] = count; }

private:
  mlir::Block *allocaBlock;
  mlir::Operation *lastAlloca = nullptr;
  llvm::DenseMap<mlir::Value, mlir::Value> buffers;
  llvm::DenseMap<mlir::Value, mlir::Value> counts;
};

/// Whether `t` can live in a buffer: scalars, vectors, matrices and structs
/// of them (LowerTileStructs.cpp).
bool isBufferableElement(mlir::Type t);

/// Whether `t` is an array or a struct with one (nested structs too).
bool holdsArray(mlir::Type t);

/// The zero of a tile element type `t` (a struct: of zero fields, its array
/// fields without data).
mlir::Value zeroElement(mlir::OpBuilder &b, mlir::Location loc, mlir::Type t);

/// Atomically adds `value` to `array[indices]` and returns the old element:
/// a struct one atomic per numeric field (fields without an atomic add, and
/// array fields, are not changed).
mlir::Value atomicAddElement(mlir::OpBuilder &b, mlir::Location loc, mlir::Value array,
                             mlir::ValueRange indices, mlir::Value value);

/// `old` + `v` or `old` - `v` (`subtract`) of two struct values, as Warp
/// 1.16's struct `+=` / `-=`: field by field, nested structs too; the fields
/// without an atomic add (bool, 8/16-bit integers) and array fields keep
/// `old`'s value.
mlir::Value combineStructs(mlir::OpBuilder &b, mlir::Location loc, bool subtract, mlir::Value old,
                           mlir::Value v);

/// Emits, before `op` (a kdsl.tile_* op other than tile_yield), the loops
/// that compute its result into a new buffer (mapped in `bufs`) or perform
/// its effect; a tile_extract's scalar result is replaced. The op itself is
/// left for the caller to erase. Fails with an error at the op for what
/// this lowering does not support.
mlir::LogicalResult lowerTileOp(mlir::Operation *op, TileBuffers &bufs);

/// The op families' parts of lowerTileOp, for the ops they name (`in`: the
/// buffers of the op's tile operands, in order): argmin/argmax, scans and
/// sort (LowerTileOrder.cpp); cholesky, the solves, diag_add and fft
/// (LowerTileLinalg.cpp).
mlir::LogicalResult lowerTileOrderOp(mlir::Operation *op, mlir::ArrayRef<mlir::Value> in,
                                     TileBuffers &bufs);
mlir::LogicalResult lowerTileLinalgOp(mlir::Operation *op, mlir::ArrayRef<mlir::Value> in,
                                      TileBuffers &bufs);

/// Inlines every call of a func that takes or returns tiles (adjoint funcs
/// too) and erases those funcs (LowerTileFuncs.cpp).
mlir::LogicalResult inlineTileFuncs(mlir::ModuleOp module);

/// wp.untile of a lane-extent tile_map or tile_arange in `root` becomes the
/// lane's own element, computed by the lane (LowerTileUntile.cpp).
void foldLaneUntiles(mlir::Operation *root);
/// The loops of a lane-dependent kernel that hold tile operations and whose
/// bounds may vary over the lanes, as loops of the block over the lanes'
/// common trip count (LowerTileLaneLoops.cpp).
void uniformLaneLoops(KernelOp kernel);

/// The lane-dependent ops (LowerTileLanes.cpp): wp.tile(x), wp.untile,
/// tile_from_thread, tile_scatter and the tile stacks.
mlir::LogicalResult lowerTileLaneOp(mlir::Operation *op, mlir::ArrayRef<mlir::Value> in,
                                    TileBuffers &bufs);

/// Copies buffer `from` into buffer `to` (same type), before `b`'s point.
void copyBuffer(mlir::OpBuilder &b, mlir::Location loc, mlir::Value from, mlir::Value to);

/// The GPU's form of a lane-dependent kernel's steps (kdsl-lower-lanes
/// gpu=true): every thread replays every lane's step in lane order, the
/// lanes' values passed through workgroup buffers allocated at the start of
/// `allocaBlock` (LowerLanesGpu.cpp).
mlir::LogicalResult replayLaneStepsOnGpu(KernelOp kernel, mlir::Block *allocaBlock);
/// The GPU's block writes of tiles (kBlockWriteAttr) made by thread 0 only,
/// after a barrier (every thread's reads of the array before it are done)
/// and before another (the reads after it see it) (LowerLanesGpu.cpp).
mlir::LogicalResult writeBlockTilesOnce(KernelOp kernel);

} // namespace kdsl::tiles

#endif // KDSL_TRANSFORMS_LOWERTILES_H
