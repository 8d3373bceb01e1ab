//===- EmissionPreparer.h - kdsl-prepare-emission, built once ---*- C++ -*-===//
//
// kdsl-prepare-emission (buildPrepareEmissionPipeline) in a pass manager that
// is built once and run on many modules, for callers that emit many small
// modules in one MLIRContext (kdsl-synth). Building the pass manager freezes
// the canonicalization patterns of every loaded dialect; on kdsl-synth's
// samples that cost more than canonicalizing the sample itself (0.5 of 1.3 ms
// per sample, kdsl-bench-synth-codegen). It runs the part both emitters share
// (no target): kdsl::buildEntryPoints then builds each emitter's entry points.
//
//===----------------------------------------------------------------------===//
#ifndef KDSL_TRANSFORMS_EMISSIONPREPARER_H
#define KDSL_TRANSFORMS_EMISSIONPREPARER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace kdsl {

class EmissionPreparer {
public:
  /// `verify`: verify the module after each pass, as prepareForEmission does.
  /// kdsl-synth turns it off: every text it emits is compiled, executed and
  /// compared with the JIT reference anyway.
  explicit EmissionPreparer(mlir::MLIRContext *ctx, bool verify = true);
  /// Runs the pipeline on `module` in place.
  llvm::LogicalResult run(mlir::ModuleOp module) { return pm.run(module); }

private:
  mlir::PassManager pm;
};

} // namespace kdsl

#endif
