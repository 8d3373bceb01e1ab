//===- Bundle.h - launch plans as files for a GPU host -----------*- C++ -*-===//
//
// A GPU machine has the CUDA driver and toolkit but no LLVM/MLIR. A *bundle*
// carries a LaunchPlan there as plain bytes: the arrays' initial contents,
// every launch's arguments in the C layout the GPU entry points take by value
// (docs/gpu-abi.md), where each array descriptor sits in them, and the
// outputs' expected bytes from a CPU run. utils/gpu/kdsl-gpu-run.cpp reads it.
// The format is documented in docs/gpu-suite.md; all integers little-endian.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_RUNTIME_BUNDLE_H
#define KDSL_RUNTIME_BUNDLE_H

#include "kdsl/Runtime/LaunchSpec.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

namespace kdsl {

/// Writes the plan as it is now (call before running it): "KDSLBND5", the
/// arrays (then, with "backward", the gradients, seeded), the objects (built
/// here from the arrays' current values, as the run's first launch sees them:
/// each one's header and buffers, and where its pointers point), the
/// launches (the forward ones, then the adjoint ones, each with its block
/// dimension), the outputs (the
/// printed arrays, then the gradients) and the gradients to zero after the
/// launches. A plan that rebuilds or refits an object between launches
/// ({"rebuild": name}) is a "spec" error: a bundle carries the structures
/// as built once, and the GPU runner has no builder; so is a tiled launch of
/// a lane-dependent tile kernel whose wp.tid() gives only the block's
/// coordinates (dims[5] > 1: a GPU thread is one lane and knows no other).
llvm::Error writeBundleInputs(LaunchPlan &plan, llvm::raw_ostream &os);

/// Why a GPU cannot run one of `plan`'s launches as kdsl lowers it (a tiled
/// launch of a lane-dependent kernel whose wp.tid() gives only the block's
/// coordinates), or "" if it can. Shared by --write-bundle and the CUDA C
/// run under the host emulation (kdsl-translate --verify-emitted --spec).
std::string gpuLaunchProblem(const LaunchPlan &plan);

/// Writes the outputs' current bytes (call after a successful run):
/// "KDSLEXP1", then for each output its byte count and bytes.
void writeBundleExpected(const LaunchPlan &plan, llvm::raw_ostream &os);

} // namespace kdsl

#endif
