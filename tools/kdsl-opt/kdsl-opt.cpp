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

#include "kdsl/Support/InputFiles.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

static int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "kdsl-opt") << message << "\n";
  return 1;
}

/// MlirOptMain reads --irdl-file itself, without a bound: only a regular
/// file within kdsl's input limit (InputFiles.h) is given to it.
static int checkIrdlFile(llvm::StringRef path) {
  llvm::sys::fs::file_status status;
  if (std::error_code ec = llvm::sys::fs::status(path, status))
    return fail("cannot read '" + path + "': " + ec.message());
  if (status.type() != llvm::sys::fs::file_type::regular_file)
    return fail("cannot read '" + path + "': --irdl-file must name a regular file");
  if (status.getSize() > kdsl::kMaxInputFileBytes)
    return fail("cannot read '" + path + "': " + llvm::Twine(status.getSize()) +
                " bytes, more than the limit of 256 MiB for an input file");
  return 0;
}

int main(int argc, char **argv) {
  if (llvm::Error e = kdsl::expandResponseFiles(argc, argv))
    return fail(llvm::toString(std::move(e)));
  mlir::registerTransformsPasses();
  mlir::registerConversionPasses();
  kdsl::registerKdslPassesAndPipelines();
  kdsl::registerKdslAutodiffPasses();
  mlir::DialectRegistry registry;
  kdsl::registerKdslDialects(registry);
  kdsl::registerAutodiffInterfaceModels(registry);
  kdsl::registerGpuTargets(registry);
  mlir::registerGPUPasses();
  auto [inputFilename, outputFilename] =
      mlir::registerAndParseCLIOptions(argc, argv, "kdsl optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFilename, outputFilename, registry));
  // (That MlirOptMain has its own InitLLVM.)
  llvm::InitLLVM init(argc, argv);
  if (!config.getIrdlFile().empty())
    if (int rc = checkIrdlFile(config.getIrdlFile()))
      return rc;
  // The input through kdsl's bounded reader (/dev/zero is an error, not an
  // allocation without end), then MlirOptMain as mlir-opt runs it.
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> input = kdsl::readInputFile(inputFilename);
  if (!input)
    return fail(llvm::toString(input.takeError()));
  std::string message;
  std::unique_ptr<llvm::ToolOutputFile> output = mlir::openOutputFile(outputFilename, &message);
  if (!output)
    return fail(message);
  if (mlir::failed(mlir::MlirOptMain(output->os(), std::move(*input), registry, config)))
    return 1;
  output->keep();
  return 0;
}
