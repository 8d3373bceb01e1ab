//===- Lanes.h - lane-dependent tile kernels -------------------*- C++ -*-===//
//
// A tile kernel whose result depends on the lanes of its blocks
// (docs/design/tiles.md, "Lanes"): kdsl-lower-tiles marks it, kdsl-lower-lanes
// runs its lanes on the CPU, and a host launching it passes the block
// dimension (include/kdsl/Runtime/KernelABI.h: dims[4] and dims[5]).
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_TRANSFORMS_LANES_H
#define KDSL_TRANSFORMS_LANES_H

#include "kdsl/Dialect/Kdsl.h"

namespace kdsl {

/// Whether `kernel` (before kdsl-lower-tiles) holds tiles and depends on
/// its block's lanes: wp.tile(x), wp.untile, tile_from_thread, t[i] op= v,
/// tile stacks, wp.block_dim() or
/// the last of two or more wp.tid() indices (the lane of a tiled launch)
/// where it does not reach the block's tile operands (there it is a block
/// coordinate, as in `i, j = wp.tid()` of a 2-d tiled launch).
bool isLaneKernel(KernelOp kernel);

/// Whether `v` reaches (through ops' results) an operand of a tile op that
/// every lane passes alike (a block's value): any but the per-lane values
/// of wp.tile(x), tile_from_thread, t[i] op= v, a stack's push and
/// tile_extract.
bool reachesBlockTileOperand(mlir::Value v);

/// kdsl-lower-tiles' marks on a lane-dependent kernel: the kernel itself,
/// and on each kdsl.tid which indices are the same in every lane of a block
/// (a dense bool array).
constexpr llvm::StringLiteral kLaneKernelAttrName = "kdsl.lane_kernel";
constexpr llvm::StringLiteral kLaneUniformTidAttrName = "kdsl.lane_uniform";

} // namespace kdsl

#endif
