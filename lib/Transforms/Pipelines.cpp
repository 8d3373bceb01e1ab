//===- Pipelines.cpp - named kdsl pipelines --------------------------------===//
#include "kdsl/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void kdsl::buildLowerToCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  OutlineCpuKernelsOptions outline;
  outline.checkBounds = options.checkBounds;
  pm.addPass(createOutlineCpuKernels(outline));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // After canonicalization, which would fold the row-by-row matrices back
  // into n-D vector.from_elements (not convertible to LLVM).
  pm.addPass(createExpandBuiltins());
  // math.ipowi has no LLVM counterpart: a software implementation.
  pm.addPass(createConvertMathToFuncs());
  // LLVM intrinsics where LLVM has them, libm calls (cbrtf, ...) otherwise;
  // float32 math stays float32.
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertKdslToLLVM());
  pm.addPass(createReconcileUnrealizedCastsPass());
}

void kdsl::registerKdslPassesAndPipelines() {
  registerKdslPasses();
  PassPipelineRegistration<CpuPipelineOptions>(
      "kdsl-lower-to-cpu",
      "Lower kdsl kernels to the LLVM dialect for the host CPU (the JIT's pipeline)",
      buildLowerToCpuPipeline);
}
