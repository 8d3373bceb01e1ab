//===- LaneAdjoints.h - adjoints of lane-dependent tile kernels -*- C++ -*-===//
//
// What buildAdjointKernel (AdjointKernel.cpp) does besides the reverse sweep
// for a kernel that depends on its block's lanes (kdsl/Transforms/Lanes.h;
// docs/design/tiles.md, "Adjoints of lane-dependent kernels").
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_LIB_AUTODIFF_LANEADJOINTS_H
#define KDSL_LIB_AUTODIFF_LANEADJOINTS_H

#include "kdsl/Dialect/Kdsl.h"

namespace mlir {
class SymbolTable;
}

namespace kdsl {

/// Prepares the inlined primal copy of a lane-dependent kernel: refuses
/// calls kept as calls whose funcs hold tiles; moves reads of a tile that
/// every lane may make (wp.untile, t[i] at constant indices) out of the
/// branches and loops that hold them, so that their adjoints (collectives)
/// run where every lane does; marks which wp.tid() indices are the block's
/// (kdsl.lane_uniform), as kdsl-lower-tiles would for the forward kernel,
/// so that the adjoint's copies keep the forward's marks.
mlir::LogicalResult prepareLanePrimal(KernelOp primal, mlir::SymbolTable &symbols);

/// Whether kdsl-lower-tiles and kdsl-lower-lanes (for the CPU and for the
/// GPU) lower `adjoint`, tried on a copy; else an error on `primal` with
/// the lowering's first one.
mlir::LogicalResult checkLanesLower(KernelOp primal, KernelOp adjoint);

} // namespace kdsl

#endif
