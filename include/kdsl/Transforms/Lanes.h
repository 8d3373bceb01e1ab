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
/// tile stacks, wp.block_dim(), a scalar atomic (each lane performs it) or
/// the last of two or more wp.tid() indices (the lane of a tiled launch).
bool isLaneKernel(KernelOp kernel);

/// kdsl-lower-tiles' marks on a lane-dependent kernel: the kernel itself,
/// and on each kdsl.tid which indices are the same in every lane of a block
/// (a dense bool array).
constexpr llvm::StringLiteral kLaneKernelAttrName = "kdsl.lane_kernel";
constexpr llvm::StringLiteral kLaneUniformTidAttrName = "kdsl.lane_uniform";

} // namespace kdsl

#endif
