//===- kdsl-opt.cpp - mlir-opt for the kdsl dialect -----------------------===//
//
// Runs pass pipelines on .mlir files: the kdsl dialect, the upstream dialects
// its lowerings use, and every kdsl pass are registered.
//
//===----------------------------------------------------------------------===//
#include "kdsl/Autodiff/Autodiff.h"
#include "kdsl/Autodiff/Passes.h"
#include "kdsl/Dialect/Kdsl.h"
#include "kdsl/Runtime/CpuBackend.h"
#include "kdsl/Transforms/Passes.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"

#include "mlir/Conversion/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  kdsl::registerKdslPassesAndPipelines();
  kdsl::registerKdslAutodiffPasses();
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  kdsl::registerAutodiffInterfaceModels(registry);
  kdsl::registerGpuTargets(registry);
  mlir::registerGPUPasses();
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "kdsl optimizer driver\n", registry));
}
