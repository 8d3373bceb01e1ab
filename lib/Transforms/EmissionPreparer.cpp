//===- EmissionPreparer.cpp - kdsl-prepare-emission, built once -----------===//

#include "kdsl/Transforms/EmissionPreparer.h"
#include "kdsl/Transforms/Passes.h"

using namespace mlir;

kdsl::EmissionPreparer::EmissionPreparer(MLIRContext *ctx, bool verify) : pm(ctx) {
  pm.enableVerifier(verify);
  buildPrepareEmissionPipeline(pm);
}
